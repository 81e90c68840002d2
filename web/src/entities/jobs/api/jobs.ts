import { jobRoutes, RENDERED_QUERY_KEYS } from '@solutionz/shared';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Job, JobListQuery, JobPostInput } from '@solutionz/shared';
import { apiRequest } from '@/lib/api-client';

/** Every cached answer about jobs (the board, whose key is shared RENDERED_QUERY_KEYS.jobBoard, My Jobs, saved jobs) starts with this key. */
const JOBS_KEY = 'jobs';

/** POST /api/jobs; the board and My Jobs are read again so the new job shows at once. */
export function usePostJob() {
  const queryClient = useQueryClient();
  return useMutation<Job, Error, JobPostInput>({
    mutationFn: (body) => apiRequest(jobRoutes.createJob, { body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: [JOBS_KEY] }),
  });
}

/**
 * The board: signed in, from /api/me/job-board (with the caller's flags and contact details); else the public list.
 * Nothing is asked while the session is read (`signedIn` undefined); meanwhile the public list is given if the cache
 * holds it (a board the server drew brought it along).
 */
export function useJobBoard(query: JobListQuery, signedIn: boolean | undefined) {
  return useQuery({
    queryKey: RENDERED_QUERY_KEYS.jobBoard(query, signedIn ?? false),
    queryFn: ({ signal }) => (signedIn ? apiRequest(jobRoutes.listJobBoardForMe, { query, signal }) : apiRequest(jobRoutes.listJobs, { query, signal })),
    enabled: signedIn !== undefined,
    placeholderData: keepPreviousData,
  });
}

export function useJob(jobId: string | undefined, signedIn: boolean) {
  return useQuery({
    queryKey: RENDERED_QUERY_KEYS.job(jobId, signedIn),
    queryFn: ({ signal }) =>
      signedIn ? apiRequest(jobRoutes.getJobForMe, { params: { jobId: jobId ?? '' }, signal }) : apiRequest(jobRoutes.getJob, { params: { jobId: jobId ?? '' }, signal }),
    enabled: Boolean(jobId),
    retry: false,
  });
}

export function useRevealJob() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (jobId: string) => apiRequest(jobRoutes.revealJob, { params: { jobId } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: [JOBS_KEY] }),
  });
}

export function useSaveJob() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ jobId, save }: { jobId: string; save: boolean }) =>
      save ? apiRequest(jobRoutes.saveJob, { params: { jobId } }) : apiRequest(jobRoutes.unsaveJob, { params: { jobId } }),
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
