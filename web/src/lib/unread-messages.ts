import { messageRoutes } from '@solutionz/shared';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from './api-client';

/** Every messages query starts with this key, so a send or a read refreshes them together. */
export const MESSAGES_QUERY_KEY = 'messages';
export const unreadMessagesKey = [MESSAGES_QUERY_KEY, 'unread'] as const;

/** How often the header asks for the unread total while the tab is visible (within a minute: docs/product/messages.md#reading-and-sending). */
const UNREAD_POLL_MS = 60_000;

/** The caller's unread messages over all conversations: the header's badge, polled only while the tab is visible. */
export function useUnreadMessages(enabled: boolean) {
  return useQuery({
    queryKey: unreadMessagesKey,
    queryFn: ({ signal }) => apiRequest(messageRoutes.getUnreadMessages, { signal }),
    enabled,
    refetchInterval: UNREAD_POLL_MS,
    refetchIntervalInBackground: false,
  });
}
