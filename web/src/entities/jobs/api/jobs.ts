import { RENDERED_QUERY_KEYS } from '@solutionz/shared';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { JobListQuery } from '@solutionz/shared';
import { apiRequest, publicRead } from '@/lib/api-client';

/** Every cached answer about jobs (the board, whose key is shared RENDERED_QUERY_KEYS.jobBoard, My Jobs, saved jobs) starts with this key. */
export const JOBS_KEY = 'jobs';

/** The jobs routes with their schemas, loaded with the first signed-in read or change: the public board reads without them. */
const jobRoutes = async () => (await import('@/lib/lazy-routes/job-routes')).jobRoutes;

/**
 * The board: signed in, from /api/me/job-board (with the caller's flags and contact details); else the public list.
 * Nothing is asked while the session is read (`signedIn` undefined); meanwhile the public list is given if the cache
 * holds it (a server-rendered board brought it along).
 */
export function useJobBoard(query: JobListQuery, signedIn: boolean | undefined) {
  return useQuery({
    queryKey: RENDERED_QUERY_KEYS.jobBoard(query, signedIn ?? false),
    queryFn: async ({ signal }) =>
      signedIn ? apiRequest((await jobRoutes()).listJobBoardForMe, { query, signal }) : publicRead('listJobs', { query, signal }),
    enabled: signedIn !== undefined,
    placeholderData: keepPreviousData,
  });
}

export function useJob(jobId: string | undefined, signedIn: boolean) {
  return useQuery({
    queryKey: RENDERED_QUERY_KEYS.job(jobId, signedIn),
    queryFn: async ({ signal }) =>
      signedIn
        ? apiRequest((await jobRoutes()).getJobForMe, { params: { jobId: jobId ?? '' }, signal })
        : publicRead('getJob', { params: { jobId: jobId ?? '' }, signal }),
    enabled: Boolean(jobId),
    retry: false,
  });
}

export function useRevealJob() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (jobId: string) => apiRequest((await jobRoutes()).revealJob, { params: { jobId } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: [JOBS_KEY] }),
  });
}

export function useSaveJob() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ jobId, save }: { jobId: string; save: boolean }) => {
      const routes = await jobRoutes();
      return save ? apiRequest(routes.saveJob, { params: { jobId } }) : apiRequest(routes.unsaveJob, { params: { jobId } });
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: [JOBS_KEY] }),
  });
}
