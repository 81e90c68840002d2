import { Box, Button, HStack, Link, Stack, Text } from '@chakra-ui/react';
import { Link as RouterLink } from 'react-router-dom';
import type { ConversationSummary } from '@solutionz/shared';
import { CountBadge } from '@/components/ui/count-badge';
import { UserAvatar } from '@/components/ui/user-avatar';
import { paths } from '@/config/paths';
import { relativeTimeText } from '@/lib/relative-time';

export interface ConversationListProps {
  conversations: readonly ConversationSummary[];
  selectedId: string | undefined;
  hasMore: boolean;
  loadingMore: boolean;
  onLoadMore: () => void;
}

/** The inbox: each conversation with the other person, the last line, when, and its unread count. */
export function ConversationList({ conversations, selectedId, hasMore, loadingMore, onLoadMore }: ConversationListProps) {
  const now = new Date();
  return (
    <Stack gap="2">
      <Stack as="ul" gap="1" listStyleType="none" aria-label="Conversations">
        {conversations.map((conversation) => {
          const selected = conversation.conversationId === selectedId;
          return (
            <Box as="li" key={conversation.conversationId}>
              <Link
                asChild
                display="flex"
                gap="3"
                p="3"
                borderRadius="lg"
                alignItems="flex-start"
                bg={selected ? 'brand.subtle' : undefined}
                _hover={{ bg: selected ? 'brand.subtle' : 'bg.muted', textDecoration: 'none' }}
                color="fg"
              >
                <RouterLink to={paths.conversation(conversation.conversationId)} aria-current={selected ? 'page' : undefined}>
                  <UserAvatar name={conversation.other.name} src={conversation.other.avatarUrl} size="md" />
                  <Stack gap="0.5" flex="1" minW="0">
                    <HStack justify="space-between" gap="2">
                      <Text fontWeight={conversation.unread > 0 ? 'bold' : 'semibold'} truncate minW="0">
                        {conversation.other.name}
                      </Text>
                      <Text as="span" fontSize="xs" color="fg.muted" flexShrink="0">
                        {relativeTimeText(conversation.lastActivityAt, now)}
                      </Text>
                    </HStack>
                    {conversation.job && (
                      <Text fontSize="xs" color="fg.muted" truncate>
                        About: {conversation.job.title}
                      </Text>
                    )}
                    <HStack justify="space-between" gap="2">
                      {/* minW 0: a flex item shrinks below its text's width only so, and the line is cut with an ellipsis. */}
                      <Text fontSize="sm" color={conversation.unread > 0 ? 'fg' : 'fg.muted'} truncate minW="0">
                        {conversation.lastFromMe ? `You: ${conversation.lastLine}` : conversation.lastLine}
                      </Text>
                      {conversation.unread > 0 && (
                        <>
                          <CountBadge>{conversation.unread}</CountBadge>
                          <Box as="span" srOnly>
                            {`${conversation.unread} unread`}
                          </Box>
                        </>
                      )}
                    </HStack>
                  </Stack>
                </RouterLink>
              </Link>
            </Box>
          );
        })}
      </Stack>
      {hasMore && (
        <Button variant="outline" size="sm" onClick={onLoadMore} loading={loadingMore}>
          Load more conversations
        </Button>
      )}
    </Stack>
  );
}
