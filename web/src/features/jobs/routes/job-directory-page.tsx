import { Box, Button, Container, Heading, HStack, Skeleton, Stack, Text } from '@chakra-ui/react';
import { lazy, Suspense, useMemo, useState } from 'react';
import { Link as RouterLink, useLocation, useSearchParams } from 'react-router-dom';
import { JOB_MESSAGES, JOB_PAGE_SIZE, jobBoardTitle, jobListQuery, readJobBoardFilters, type JobBoardFilters, type JobBoardPage } from '@solutionz/shared';
import { LoadFailed } from '@/components/errors/load-failed';
import { ApiError } from '@/lib/api-client';
import { paths } from '@/config/paths';
import { useSession } from '@/lib/auth/session';
import { firstPageOf, jobBoardSearch } from '@/lib/job-board-url';
import { useDocumentTitle } from '@/lib/use-document-title';
import { useJobBoard } from '@/entities/jobs/api/jobs';
import { JobCard, jobViewerOf } from '@/entities/jobs/components/job-card';
import { JobFilters } from '../components/job-filters';
import { loadedOpenJob, loadOpenJob } from '../components/load-open-job';
import type { OpenJobProps } from '../components/open-job-dialog';

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

const LazyOpenJob = lazy(() => loadOpenJob().then((OpenJob) => ({ default: OpenJob })));

/**
 * The open job's dialog: in place at once when its chunk is in (always on the server; in the browser, the board's
 * route loads it beside the screen when the address opens a job, so a page rendered with a job open hydrates with the
 * very tree the server rendered), else once it arrives.
 */
function OpenJobDialog(props: OpenJobProps) {
  // Chosen once, as the dialog opens: the chunk arriving later must not swap the component under an open dialog.
  const [Loaded] = useState(loadedOpenJob);
  return Loaded ? (
    <Loaded {...props} />
  ) : (
    <Suspense>
      <LazyOpenJob {...props} />
    </Suspense>
  );
}

/** Loads the dialog's chunk ahead of a click: the pointer over the board's jobs, or a job's link focused. */
const prefetchOpenJob = () => void loadOpenJob().catch(() => undefined);

/**
 * How many jobs, where that is known: the kept total the API gives (no place, no budget filter), or the
 * jobs of a result that fits on one page; and which page this is, where the way here tells (a page opened
 * from a shared address does not).
 */
function countText(data: JobBoardPage, pageNumber: number | undefined, firstPage: boolean): string {
  const total = data.total ?? (firstPage && !data.nextCursor ? data.jobs.length : undefined);
  if (total === undefined) return pageNumber === undefined ? 'Jobs' : `Page ${pageNumber}`;
  const pages = Math.max(1, Math.ceil(total / JOB_PAGE_SIZE));
  return `${total === 1 ? '1 job' : `${total} jobs`}${pages > 1 && pageNumber !== undefined ? `, page ${pageNumber} of ${pages}` : ''}`;
}

/** The pages before this one, as the Next button left them in the history entry (none when the address was opened directly). */
interface BoardHistory {
  readonly trail?: readonly string[];
}

/**
 * The job board (docs/product/jobs.md#the-job-board): newest first (nearest first around a place), 5 a page with
 * Previous and Next (the API pages with a cursor; a page number only counts from the first), filters,
 * the page and the open job in the address bar.
 */
export function JobDirectoryPage() {
  const session = useSession();
  const [params, setParams] = useSearchParams();
  const trail = (useLocation().state as BoardHistory | null)?.trail ?? [];
  const filters = readJobBoardFilters(params);
  useDocumentTitle(jobBoardTitle(filters));
  const openJob = params.get('job') ?? undefined;
  const signedIn = session.status === 'signedIn';
  const profile = session.status === 'signedIn' ? session.profile : undefined;
  // While the session is read the board shows as to a visitor, when the cache has it (a board the server rendered).
  const viewer = useMemo(() => jobViewerOf(profile), [profile]);
  const board = useJobBoard(jobListQuery(filters), session.status === 'loading' ? undefined : signedIn);

  const go = (next: JobBoardFilters, job?: string, pages: readonly string[] = []) =>
    setParams(new URLSearchParams(jobBoardSearch(next, job)), { state: { trail: pages } satisfies BoardHistory });
  const firstPage = !filters.cursor;
  // A page opened from a shared address has no trail: Previous goes back to the first page.
  const previous = () =>
    trail.length > 0
      ? go({ ...firstPageOf(filters), ...(trail.at(-1) ? { cursor: trail.at(-1) } : {}) }, undefined, trail.slice(0, -1))
      : go(firstPageOf(filters));
  const loadError = board.error instanceof ApiError && board.error.status === 400 ? board.error.message : JOB_MESSAGES.loadFailed;
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
        <JobFilters key={jobBoardSearch(firstPageOf(filters))} filters={filters} onChange={(next) => go(next)} />
        {board.isPending ? (
          <BoardSkeleton />
        ) : board.isError ? (
          <LoadFailed message={loadError} />
        ) : (
          <Stack gap="4" onPointerOver={prefetchOpenJob} onFocus={prefetchOpenJob}>
            <Text color="fg.muted" aria-live="polite">
              {countText(board.data, firstPage ? 1 : trail.length > 0 ? trail.length + 1 : undefined, firstPage)}
            </Text>
            {board.data.jobs.length === 0 ? (
              <Box borderWidth="1px" borderRadius="lg" p="8" textAlign="center">
                <Text>{JOB_MESSAGES.empty}</Text>
              </Box>
            ) : (
              board.data.jobs.map((job) => <JobCard key={job.id} job={job} viewer={viewer} openHref={jobHref(job.id)} />)
            )}
            {(!firstPage || board.data.nextCursor) && (
              <HStack as="nav" aria-label="Pagination" gap="2" justify="center">
                <Button size="sm" variant="outline" disabled={firstPage} onClick={previous}>
                  Previous
                </Button>
                <Button
                  size="sm"
                  variant="outline"
                  disabled={!board.data.nextCursor}
                  onClick={() => go({ ...filters, cursor: board.data.nextCursor! }, undefined, [...trail, filters.cursor ?? ''])}
                >
                  Next
                </Button>
              </HStack>
            )}
          </Stack>
        )}
      </Stack>
      {openJob && <OpenJobDialog jobId={openJob} signedIn={signedIn} viewer={viewer} onClose={() => go(filters, undefined, trail)} />}
    </Container>
  );
}
