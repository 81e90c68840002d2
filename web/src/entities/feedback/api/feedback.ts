import { useInfiniteQuery } from '@tanstack/react-query';
import { FEEDBACK_PAGE_SIZE, type FeedbackPage, feedbackRoutes } from '@solutionz/shared';
import { apiRequest } from '@/lib/api-client';
import { PROFILE_KEY } from '@/lib/auth/profile-key';

/**
 * Feedback in the query cache (docs/product/feedback.md). What a provider received lives under
 * the session's key, so a sign-out drops it; the provider's page and the /profile Reviews tab read the
 * same entry, so a reply written on one shows on the other. A listed provider's public feedback is
 * keyed by the provider.
 */
export const receivedFeedbackKey = (userId: string) => [PROFILE_KEY, userId, 'received-feedback'] as const;
export const publicFeedbackKey = (providerId: string) => ['provider-feedback', providerId] as const;

const nextCursor = (page: FeedbackPage) => page.nextCursor;

/** All feedback addressed to the signed-in provider, published or not, newest first, a page at a time. */
export function useReceivedFeedback(userId: string) {
  return useInfiniteQuery({
    queryKey: receivedFeedbackKey(userId),
    queryFn: ({ pageParam, signal }) =>
      apiRequest(feedbackRoutes.listMyProviderFeedback, { query: { limit: FEEDBACK_PAGE_SIZE.default, ...(pageParam ? { cursor: pageParam } : {}) }, signal }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: nextCursor,
  });
}

/** A listed provider's published feedback, newest first, a page at a time. */
export function usePublicFeedback(providerId: string) {
  return useInfiniteQuery({
    queryKey: publicFeedbackKey(providerId),
    queryFn: ({ pageParam, signal }) =>
      apiRequest(feedbackRoutes.listProviderFeedback, {
        params: { providerId },
        query: { limit: FEEDBACK_PAGE_SIZE.default, ...(pageParam ? { cursor: pageParam } : {}) },
        signal,
      }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: nextCursor,
  });
}
