import { jobRoutes } from '@solutionz/shared';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Job, JobPostInput } from '@solutionz/shared';
import { apiRequest } from '@/lib/api-client';
import { JOBS_KEY } from './jobs';

// The poster's and the saver's own jobs, on their own (signed-in) screens: the route group comes with them.

/** POST /api/jobs; the board and My Jobs are read again so the new job shows at once. */
export function usePostJob() {
  const queryClient = useQueryClient();
  return useMutation<Job, Error, JobPostInput>({
    mutationFn: (body) => apiRequest(jobRoutes.createJob, { body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: [JOBS_KEY] }),
  });
}

/** The client's own jobs, newest first, with their contact details (GET /api/me/jobs). */
export function useMyJobs(page: number) {
  return useQuery({
    queryKey: [JOBS_KEY, 'mine', page],
    queryFn: ({ signal }) => apiRequest(jobRoutes.listMyJobs, { query: { page }, signal }),
    placeholderData: keepPreviousData,
  });
}

/** The provider's saved jobs (GET /api/me/saved-jobs). */
export function useSavedJobs(page: number) {
  return useQuery({
    queryKey: [JOBS_KEY, 'saved', page],
    queryFn: ({ signal }) => apiRequest(jobRoutes.listSavedJobs, { query: { page }, signal }),
    placeholderData: keepPreviousData,
  });
}

export function useDeleteJob() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (jobId: string) => apiRequest(jobRoutes.deleteJob, { params: { jobId } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: [JOBS_KEY] }),
  });
}

/** PATCH /api/me/jobs/{jobId}: a new reveal cap (409 below the reveals so far); My Jobs and the board show it at once. */
export function useUpdateJobRevealCap() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ jobId, revealCap }: { jobId: string; revealCap: number }) =>
      apiRequest(jobRoutes.updateJobRevealCap, { params: { jobId }, body: { revealCap } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: [JOBS_KEY] }),
  });
}
