import { feedbackRoutes } from '@solutionz/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { FeedbackEntry, FeedbackForm, ReplyForm } from '@solutionz/shared';
import { ApiError, apiRequest } from '@/lib/api-client';
import { PROFILE_KEY } from '@/lib/auth/profile-key';
import { publicFeedbackKey, receivedFeedbackKey } from '@/entities/feedback/api/feedback';
import { providerPageKey } from './provider-page';

/** The signed-in client's own feedback for one provider; null when they have left none (404). */
const myFeedbackKey = (userId: string, providerId: string) => [PROFILE_KEY, userId, 'my-feedback', providerId] as const;

export function useMyFeedbackFor(providerId: string, userId: string | undefined) {
  return useQuery({
    queryKey: myFeedbackKey(userId ?? '', providerId),
    queryFn: async ({ signal }): Promise<FeedbackEntry | null> => {
      try {
        return await apiRequest(feedbackRoutes.getMyFeedbackFor, { params: { providerId }, signal });
      } catch (error) {
        if (error instanceof ApiError && error.status === 404) return null;
        throw error;
      }
    },
    enabled: Boolean(userId),
  });
}

/**
 * After a change to the feedback on a provider: their lists and their rating (on the page and on the
 * directory's cards) are read again.
 */
function useRefreshFeedback(providerId: string) {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: publicFeedbackKey(providerId) }),
      queryClient.invalidateQueries({ queryKey: providerPageKey(providerId) }),
      queryClient.invalidateQueries({ queryKey: ['providers'] }),
    ]);
}

/** The client's feedback: leave it (POST), change it (PATCH) or delete it (DELETE). */
export function useMyFeedbackMutations(providerId: string, userId: string) {
  const queryClient = useQueryClient();
  const refresh = useRefreshFeedback(providerId);
  const key = myFeedbackKey(userId, providerId);
  const settle = (entry: FeedbackEntry | null) => {
    queryClient.setQueryData(key, entry);
    return refresh();
  };
  return {
    create: useMutation({
      mutationFn: (body: FeedbackForm) => apiRequest(feedbackRoutes.createFeedback, { params: { providerId }, body }),
      onSuccess: settle,
      // A second one (left in another tab, say): the one there is read, so the client sees it and can edit it.
      onError: (error) => {
        if (error instanceof ApiError && error.status === 409) void queryClient.invalidateQueries({ queryKey: key });
      },
    }),
    update: useMutation({
      mutationFn: (body: FeedbackForm) => apiRequest(feedbackRoutes.updateMyFeedback, { params: { providerId }, body }),
      onSuccess: settle,
    }),
    remove: useMutation({
      mutationFn: () => apiRequest(feedbackRoutes.deleteMyFeedback, { params: { providerId } }),
      onSuccess: () => settle(null),
    }),
  };
}

/** The owner's reply to one piece of feedback: written or edited (PUT); the answer says which. */
export function useReplyToFeedback(providerId: string, ownerId: string) {
  const queryClient = useQueryClient();
  const refresh = useRefreshFeedback(providerId);
  return useMutation({
    mutationFn: ({ feedbackId, body }: { feedbackId: string; body: ReplyForm }) =>
      apiRequest(feedbackRoutes.replyToFeedback, { params: { providerId, feedbackId }, body }),
    onSuccess: () => Promise.all([queryClient.invalidateQueries({ queryKey: receivedFeedbackKey(ownerId) }), refresh()]),
  });
}
