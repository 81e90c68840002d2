import { Alert, Box, Button, Container, Heading, HStack, Skeleton, Stack, Text } from '@chakra-ui/react';
import { Link as RouterLink, useSearchParams } from 'react-router-dom';
import { JOB_MESSAGES, PRODUCT_NAME } from '@solutionz/shared';
import { AppDialog } from '@/components/ui/app-dialog';
import { paths } from '@/config/paths';
import { useSession } from '@/lib/auth/session';
import { jobBoardSearch, jobListQuery, readJobBoardFilters, type JobBoardFilters } from '@/lib/job-board-url';
import { useDocumentTitle } from '@/lib/use-document-title';
import { useJob, useJobBoard } from '@/entities/jobs/api/jobs';
import { JobCard, jobViewerOf, type JobViewer } from '@/entities/jobs/components/job-card';
import { JobFilters } from '../components/job-filters';
import { JobPagination } from '@/entities/jobs/components/job-pagination';

function BoardSkeleton() {
  return (
    <Stack gap="4" aria-busy="true" aria-label="Loading jobs">
      {[0, 1, 2].map((row) => (
        <Box key={row} borderWidth="1px" borderRadius="lg" p="5">
          <Skeleton height="5" width="60%" mb="3" />
          <Skeleton height="4" width="40%" mb="3" />
          <Skeleton height="12" />
        </Box>
      ))}
    </Stack>
  );
}

function OpenJob({ jobId, signedIn, viewer, onClose }: { jobId: string; signedIn: boolean; viewer: JobViewer; onClose: () => void }) {
  const job = useJob(jobId, signedIn);
  return (
    <AppDialog open onOpenChange={(open) => !open && onClose()} title={job.data?.title ?? 'Job'} width="3xl">
      {job.isPending && <Skeleton height="32" />}
      {job.isError && <Text>{JOB_MESSAGES.notFound}</Text>}
      {job.data && <JobCard job={job.data} viewer={viewer} full />}
    </AppDialog>
  );
}

/** The job board (spec 02 sections 2, 4, 8, 9): newest first, 5 a page, filters and the open job in the address bar. */
export function JobDirectoryPage() {
  useDocumentTitle(`${JOB_MESSAGES.title} | ${PRODUCT_NAME}`);
  const session = useSession();
  const [params, setParams] = useSearchParams();
  const filters = readJobBoardFilters(params);
  const openJob = params.get('job') ?? undefined;
  const signedIn = session.status === 'signedIn';
  const profile = session.status === 'signedIn' ? session.profile : undefined;
  const viewer = jobViewerOf(profile);
  const board = useJobBoard(jobListQuery(filters), signedIn);

  const go = (next: JobBoardFilters, job?: string) => setParams(new URLSearchParams(jobBoardSearch(next, job)));
  const jobHref = (id: string) => `${paths.jobDirectory}${jobBoardSearch(filters, id)}`;

  return (
    <Container maxW="5xl" py={{ base: '8', md: '12' }} px={{ base: '4', md: '6' }}>
      <Stack gap="6">
        <HStack justify="space-between" flexWrap="wrap">
          <Heading as="h1" size="3xl">
            {JOB_MESSAGES.title}
          </Heading>
          {profile?.accountType === 'client' && (
            <Button asChild>
              <RouterLink to={paths.postJob}>Post a Job</RouterLink>
            </Button>
          )}
        </HStack>
        <JobFilters key={jobBoardSearch({ ...filters, page: 1 })} filters={filters} onChange={(next) => go(next)} />
        {session.status === 'loading' || board.isPending ? (
          <BoardSkeleton />
        ) : board.isError ? (
          <Alert.Root status="error">
            <Alert.Indicator />
            <Alert.Title>{JOB_MESSAGES.loadFailed}</Alert.Title>
          </Alert.Root>
        ) : (
          <Stack gap="4">
            <Text color="fg.muted" aria-live="polite">
              {board.data.total === 1 ? '1 job' : `${board.data.total} jobs`}
            </Text>
            {board.data.jobs.length === 0 ? (
              <Box borderWidth="1px" borderRadius="lg" p="8" textAlign="center">
                <Text>{JOB_MESSAGES.empty}</Text>
              </Box>
            ) : (
              board.data.jobs.map((job) => <JobCard key={job.id} job={job} viewer={viewer} openHref={jobHref(job.id)} />)
            )}
            <JobPagination page={board.data.page} pageCount={board.data.pageCount} onPage={(page) => go({ ...filters, page })} />
          </Stack>
        )}
      </Stack>
      {openJob && <OpenJob jobId={openJob} signedIn={signedIn} viewer={viewer} onClose={() => go(filters)} />}
    </Container>
  );
}
