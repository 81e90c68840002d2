import { jobRoutes } from '@solutionz/shared';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';

/** POST /api/job-alerts/unsubscribe with the token of an alert mail's link; works signed out. */
export function useUnsubscribeJobAlerts() {
  return useMutation({ mutationFn: (token: string) => apiRequest(jobRoutes.unsubscribeJobAlerts, { body: { token } }) });
}
