import { Box, Button, Container, Grid, Heading, Stack, Text } from '@chakra-ui/react';
import { Link as RouterLink, useParams } from 'react-router-dom';
import { MESSAGING_MESSAGES } from '@solutionz/shared';
import { LoadFailed } from '@/components/errors/load-failed';
import { paths } from '@/config/paths';
import { useSession } from '@/lib/auth/session';
import { useDocumentTitle } from '@/lib/use-document-title';
import { useInbox } from '../api/messages';
import { ConversationList } from '../components/conversation-list';
import { ThreadView } from '../components/thread-view';

function EmptyInbox({ provider }: { provider: boolean }) {
  return (
    <Stack gap="3" p="6" borderWidth="1px" borderRadius="xl" align="flex-start">
      <Heading as="h2" size="md">
        No messages yet
      </Heading>
      <Text color="fg.muted">
        {provider
          ? 'Clients who write to you appear here. You can also write to the client of a job you revealed, from the job.'
          : 'Write to a professional from their page in the directory: the conversation appears here.'}
      </Text>
      <Button asChild variant="outline">
        <RouterLink to={provider ? paths.jobDirectory : paths.directory}>{provider ? 'Job Directory' : 'Find Professionals'}</RouterLink>
      </Button>
    </Stack>
  );
}

/**
 * /messages and /messages/{id} (docs/product/messages.md#reading-and-sending): the conversations, latest first, and the one chosen. Side by
 * side on a wide screen; on a phone the list, or the conversation with a way back.
 */
export function MessagesPage() {
  const { conversationId } = useParams();
  useDocumentTitle('Messages');
  const session = useSession();
  const provider = session.status === 'signedIn' && session.profile?.accountType === 'provider';
  const inbox = useInbox();
  const conversations = inbox.data?.pages.flatMap((page) => page.conversations) ?? [];

  const list = inbox.isPending ? (
    <Text role="status" color="fg.muted">
      Loading your conversations…
    </Text>
  ) : inbox.isError ? (
    <LoadFailed message={MESSAGING_MESSAGES.inboxLoadFailed} onRetry={() => void inbox.refetch()} retrying={inbox.isRefetching} />
  ) : conversations.length === 0 ? (
    <EmptyInbox provider={provider} />
  ) : (
    <ConversationList
      conversations={conversations}
      selectedId={conversationId}
      hasMore={inbox.hasNextPage}
      loadingMore={inbox.isFetchingNextPage}
      onLoadMore={() => void inbox.fetchNextPage()}
    />
  );

  return (
    <Container maxW="7xl" px={{ base: '4', md: '6' }} py={{ base: '6', md: '10' }}>
      <Stack gap="6">
        <Heading as="h1" size="2xl">
          Messages
        </Heading>
        <Grid templateColumns={{ base: 'minmax(0, 1fr)', lg: '22rem minmax(0, 1fr)' }} gap="6" alignItems="start">
          <Box as="nav" aria-label="Your conversations" display={{ base: conversationId ? 'none' : 'block', lg: 'block' }}>
            {list}
          </Box>
          <Box display={{ base: conversationId ? 'block' : 'none', lg: 'block' }} minW="0">
            {conversationId ? (
              <ThreadView key={conversationId} conversationId={conversationId} />
            ) : (
              conversations.length > 0 && (
                <Text color="fg.muted" p="6" borderWidth="1px" borderRadius="xl">
                  Choose a conversation to read it and answer.
                </Text>
              )
            )}
          </Box>
        </Grid>
      </Stack>
    </Container>
  );
}
