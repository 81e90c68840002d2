import { Button, Skeleton, Stack } from '@chakra-ui/react';
import { useState, type ReactNode } from 'react';
import { JOB_MESSAGES, type Job } from '@solutionz/shared';
import { LoadFailed } from '@/components/errors/load-failed';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { toastFailure } from '@/components/ui/failure-toast';
import { toaster } from '@/components/ui/toaster';
import { ApiError } from '@/lib/api-client';
import { useSession } from '@/lib/auth/session';
import { useDeleteJob, useMyJobs, useSavedJobs } from '@/entities/jobs/api/my-jobs';
import { JobCard, jobViewerOf, type JobViewer } from './job-card';
import { JobPagination } from './job-pagination';
import { RevealCapControl } from './reveal-cap-control';

function ListSkeleton() {
  return (
    <Stack gap="3" aria-busy="true" aria-label="Loading jobs">
      <Skeleton height="24" />
      <Skeleton height="24" />
    </Stack>
  );
}

function DeleteJobButton({ job }: { job: Job }) {
  const [confirming, setConfirming] = useState(false);
  const remove = useDeleteJob();
  return (
    <>
      <Button size="sm" variant="outline" colorPalette="red" alignSelf="flex-start" onClick={() => setConfirming(true)}>
        Delete job
      </Button>
      {confirming && (
        <ConfirmDialog
          title={`Delete “${job.title}”?`}
          onClose={() => setConfirming(false)}
          busy={remove.isPending}
          confirmLabel="Delete job"
          busyLabel="Deleting…"
          onConfirm={() =>
            remove.mutate(job.id, {
              onSuccess: () => {
                setConfirming(false);
                toaster.success({ title: JOB_MESSAGES.deleted });
              },
              onError: (error) =>
                toastFailure(error, { title: JOB_MESSAGES.deleteFailed, ...(error instanceof ApiError ? { description: error.message } : {}) }),
            })
          }
        >
          {JOB_MESSAGES.deleteConfirm}
        </ConfirmDialog>
      )}
    </>
  );
}

/** My Jobs (docs/product/jobs.md#my-jobs): the client's jobs, newest first, each with its lead count, its reveal limit and a delete. */
export function MyJobsList({ empty }: { empty: ReactNode }) {
  const [page, setPage] = useState(1);
  const jobs = useMyJobs(page);
  if (jobs.isPending) return <ListSkeleton />;
  if (jobs.isError) return <LoadFailed message={JOB_MESSAGES.myJobsLoadFailed} onRetry={() => void jobs.refetch()} retrying={jobs.isRefetching} />;
  if (jobs.data.total === 0) return <>{empty}</>;
  const viewer: JobViewer = { role: 'client', subscribed: false };
  return (
    <Stack gap="4">
      <Stack gap="4" role="list" aria-label="My jobs">
        {jobs.data.jobs.map((job) => (
          <Stack key={job.id} role="listitem" gap="2">
            <JobCard job={job} viewer={viewer} />
            <RevealCapControl key={job.revealCap} job={job} />
            <DeleteJobButton job={job} />
          </Stack>
        ))}
      </Stack>
      <JobPagination page={jobs.data.page} pageCount={jobs.data.pageCount} onPage={setPage} />
    </Stack>
  );
}

/** Saved Jobs (docs/product/jobs.md#saved-jobs): the provider's saved jobs; unsaving one takes it off the list. */
export function SavedJobsList({ empty }: { empty: ReactNode }) {
  const session = useSession();
  const [page, setPage] = useState(1);
  const jobs = useSavedJobs(page);
  if (jobs.isPending) return <ListSkeleton />;
  if (jobs.isError) return <LoadFailed message={JOB_MESSAGES.savedLoadFailed} />;
  if (jobs.data.total === 0) return <>{empty}</>;
  const viewer = jobViewerOf(session);
  return (
    <Stack gap="4">
      <Stack gap="4" role="list" aria-label="Saved jobs">
        {jobs.data.jobs.map((job) => (
          <Stack key={job.id} role="listitem">
            <JobCard job={job} viewer={viewer} />
          </Stack>
        ))}
      </Stack>
      <JobPagination page={jobs.data.page} pageCount={jobs.data.pageCount} onPage={setPage} />
    </Stack>
  );
}
