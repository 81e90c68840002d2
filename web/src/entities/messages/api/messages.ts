import { messageRoutes } from '@solutionz/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { StartConversationInput } from '@solutionz/shared';
import { ApiError, apiRequest } from '@/lib/api-client';
import { MESSAGES_QUERY_KEY } from '@/lib/unread-messages';

/** Writes to a provider (a client) or to a job's poster (a provider who revealed it): the pair's one conversation. */
export function useStartConversation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: StartConversationInput) => apiRequest(messageRoutes.startConversation, { body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: [MESSAGES_QUERY_KEY] }),
  });
}

/** Why a message was not sent: the API's words about the text, else its message, else `offline` (no answer came). */
export function sendFailureText(failure: unknown, offline: string): string {
  return failure instanceof ApiError ? (failure.fieldMessage('text') ?? failure.message) : offline;
}
