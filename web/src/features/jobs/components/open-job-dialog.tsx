import { Skeleton, Text } from '@chakra-ui/react';
import { JOB_MESSAGES } from '@solutionz/shared';
import { AppDialog } from '@/components/ui/app-dialog';
import { useJob } from '@/entities/jobs/api/jobs';
import { JobCard, type JobViewer } from '@/entities/jobs/components/job-card';
import { useHydrating } from '@/lib/use-hydrating';

export interface OpenJobProps {
  jobId: string;
  signedIn: boolean;
  viewer: JobViewer;
  onClose: () => void;
}

/** A job opened from the board (its id in the address), in full, in a dialog over the board. */
export function OpenJob({ jobId, signedIn, viewer, onClose }: OpenJobProps) {
  // Hydrating, the job the server rendered (a visitor's), even when the session was read before the dialog hydrated.
  const hydrating = useHydrating();
  const job = useJob(jobId, signedIn && !hydrating);
  return (
    <AppDialog open onOpenChange={(open) => !open && onClose()} title={job.data?.title ?? 'Job'} width="3xl">
      {job.isPending && <Skeleton height="32" />}
      {job.isError && <Text>{JOB_MESSAGES.notFound}</Text>}
      {job.data && <JobCard job={job.data} viewer={viewer} full />}
    </AppDialog>
  );
}
