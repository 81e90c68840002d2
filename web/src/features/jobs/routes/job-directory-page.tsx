import { Box, Button, Container, Heading, HStack, Skeleton, Stack, Text } from '@chakra-ui/react';
import { lazy, Suspense, useMemo, useState } from 'react';
import { Link as RouterLink, useSearchParams } from 'react-router-dom';
import { JOB_MESSAGES, jobBoardTitle, jobListQuery, readJobBoardFilters, type JobBoardFilters, type JobBoardPage } from '@solutionz/shared';
import { LoadFailed } from '@/components/errors/load-failed';
import { FoldingFilters } from '@/components/ui/folding-filters';
import { ApiError } from '@/lib/api-client';
import { paths } from '@/config/paths';
import { useSession } from '@/lib/auth/session';
import { firstPageOf, jobBoardSearch } from '@/lib/job-board-url';
import { useDocumentTitle } from '@/lib/use-document-title';
import { useHydrating } from '@/lib/use-hydrating';
import { useJobBoard } from '@/entities/jobs/api/jobs';
import { JobCard, jobViewerOf, type JobViewer } from '@/entities/jobs/components/job-card';
import { BoardPagination } from '../components/board-pagination';
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
 * How many jobs, where that is known: the kept total the API gives (no place, no budget range), or the jobs of a
 * result that fits on one page; and which page this is.
 */
function countText(data: JobBoardPage): string {
  const total = data.total ?? (data.page === 1 && !data.nextCursor ? data.jobs.length : undefined);
  if (total === undefined) return data.page === 1 ? 'Jobs' : `Page ${data.page}`;
  const pages = data.pageCount ?? 1;
  return `${total === 1 ? '1 job' : `${total} jobs`}${pages > 1 ? `, page ${data.page} of ${pages}` : ''}`;
}

/** How many of the board's filters are set (the radius belongs to the place). */
const filtersSet = (filters: JobBoardFilters) =>
  [filters.category, filters.location, filters.minBudget !== undefined && filters.maxBudget !== undefined, filters.budgetType !== 'any'].filter(Boolean).length;

/**
 * The address of page `target` from the page on screen: the first page has none; a neighbour goes by the page token
 * the answer gave; any other by its number alone (the API reads the last page, and one near either end, cheaply).
 */
function pageFilters(filters: JobBoardFilters, data: JobBoardPage, target: number): JobBoardFilters {
  const first = firstPageOf(filters);
  if (target <= 1) return first;
  const token = target === data.page - 1 ? data.previousCursor : target === data.page + 1 ? data.nextCursor : undefined;
  return { ...first, page: target, ...(token ? { cursor: token } : {}) };
}

/**
 * The job board (docs/product/jobs.md#the-job-board): newest first (nearest first around a place), 5 a page with
 * numbered pages, filters folded behind a button on a phone, the filters, the page and the open job in the address bar.
 */
export function JobDirectoryPage() {
  const session = useSession();
  const [params, setParams] = useSearchParams();
  const filters = readJobBoardFilters(params);
  useDocumentTitle(jobBoardTitle(filters));
  const openJob = params.get('job') ?? undefined;
  const signedIn = session.status === 'signedIn';
  const profile = session.status === 'signedIn' ? session.profile : undefined;
  // While the session is read the board shows as to nobody in particular, when the cache has it (a board the server
  // rendered). The same viewer until what it says changes, so the cards and an open job re-render only then.
  const { role, subscribed, unconfirmedEmail } = jobViewerOf(session);
  const viewer = useMemo<JobViewer>(() => ({ role, subscribed, ...(unconfirmedEmail ? { unconfirmedEmail } : {}) }), [role, subscribed, unconfirmedEmail]);
  // Hydrating, the board the server rendered (a visitor's) even when the session was read before the board hydrated.
  const hydrating = useHydrating();
  const board = useJobBoard(jobListQuery(filters), session.status === 'loading' || hydrating ? undefined : signedIn);

  const go = (next: JobBoardFilters, job?: string) => setParams(new URLSearchParams(jobBoardSearch(next, job)));
  const loadError = board.error instanceof ApiError && board.error.status === 400 ? board.error.message : JOB_MESSAGES.loadFailed;
  const jobHref = (id: string) => `${paths.jobDirectory}${jobBoardSearch(filters, id)}`;

  return (
    <Container maxW="5xl" py={{ base: '6', md: '12' }} px={{ base: '4', md: '6' }}>
      <Stack gap={{ base: '4', md: '6' }}>
        <HStack justify="space-between" flexWrap="wrap">
          <Heading as="h1" size="3xl">
            {JOB_MESSAGES.title}
          </Heading>
          {!hydrating && profile?.accountType === 'client' && (
            <Button asChild>
              <RouterLink to={paths.postJob}>Post a Job</RouterLink>
            </Button>
          )}
        </HStack>
        <FoldingFilters count={filtersSet(filters)}>
          <JobFilters key={jobBoardSearch(firstPageOf(filters))} filters={filters} onChange={(next) => go(next)} />
        </FoldingFilters>
        {board.isPending ? (
          <BoardSkeleton />
        ) : board.isError ? (
          <LoadFailed message={loadError} />
        ) : (
          <Stack gap="4" onPointerOver={prefetchOpenJob} onFocus={prefetchOpenJob}>
            <Text color="fg.muted" aria-live="polite">
              {countText(board.data)}
            </Text>
            {board.data.jobs.length === 0 ? (
              <Box borderWidth="1px" borderRadius="lg" p="8" textAlign="center">
                <Text>{JOB_MESSAGES.empty}</Text>
              </Box>
            ) : (
              board.data.jobs.map((job) => <JobCard key={job.id} job={job} viewer={viewer} openHref={jobHref(job.id)} />)
            )}
            <BoardPagination
              page={board.data.page}
              {...(board.data.pageCount !== undefined ? { pageCount: board.data.pageCount } : {})}
              more={Boolean(board.data.nextCursor)}
              hrefOf={(target) => `${paths.jobDirectory}${jobBoardSearch(pageFilters(filters, board.data, target))}`}
            />
          </Stack>
        )}
      </Stack>
      {openJob && <OpenJobDialog jobId={openJob} signedIn={signedIn} viewer={viewer} onClose={() => go(filters)} />}
    </Container>
  );
}
