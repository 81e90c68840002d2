import { messageRoutes } from '@solutionz/shared';
import { useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import type { SendMessageInput } from '@solutionz/shared';
import { apiRequest } from '@/lib/api-client';
import { messagePollMs } from '@/lib/runtime-config';
import { MESSAGES_QUERY_KEY, unreadMessagesKey } from '@/lib/unread-messages';

const inboxKey = [MESSAGES_QUERY_KEY, 'inbox'] as const;
const threadKey = (conversationId: string) => [MESSAGES_QUERY_KEY, 'thread', conversationId] as const;

/** The caller's conversations, latest activity first, a page at a time; polled only while the tab is visible. */
export function useInbox() {
  return useInfiniteQuery({
    queryKey: inboxKey,
    queryFn: ({ pageParam, signal }) => apiRequest(messageRoutes.listConversations, { query: pageParam ? { cursor: pageParam } : {}, signal }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (page) => page.nextCursor,
    // New messages show within the stage's poll interval, here and in an open thread.
    refetchInterval: messagePollMs,
    refetchIntervalInBackground: false,
  });
}

/** One conversation, newest messages first (older ones a page at a time); polled only while the tab is visible. */
export function useThread(conversationId: string) {
  return useInfiniteQuery({
    queryKey: threadKey(conversationId),
    queryFn: ({ pageParam, signal }) =>
      apiRequest(messageRoutes.getConversation, { params: { conversationId }, query: pageParam ? { cursor: pageParam } : {}, signal }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (page) => page.nextCursor,
    refetchInterval: messagePollMs,
    refetchIntervalInBackground: false,
    retry: false,
  });
}

export function useConversationActions(conversationId: string) {
  const queryClient = useQueryClient();
  const refresh = () => queryClient.invalidateQueries({ queryKey: [MESSAGES_QUERY_KEY] });
  return {
    send: useMutation({
      mutationFn: (body: SendMessageInput) => apiRequest(messageRoutes.sendMessage, { params: { conversationId }, body }),
      onSuccess: refresh,
    }),
    markRead: useMutation({
      mutationFn: () => apiRequest(messageRoutes.markConversationRead, { params: { conversationId } }),
      onSuccess: (answer) => {
        queryClient.setQueryData(unreadMessagesKey, answer);
        return queryClient.invalidateQueries({ queryKey: inboxKey });
      },
    }),
    setBlocked: useMutation({
      mutationFn: (blocked: boolean) => apiRequest(messageRoutes.setConversationBlocked, { params: { conversationId }, body: { blocked } }),
      onSuccess: refresh,
    }),
  };
}
