import { Alert, Box, Button, Heading, HStack, Link, Stack, Text } from '@chakra-ui/react';
import { format } from 'date-fns';
import { useEffect, useId, useMemo, useState, type ReactNode } from 'react';
import { ArrowLeftIcon } from 'lucide-react';
import { Link as RouterLink } from 'react-router-dom';
import { MESSAGE_REPORT_MESSAGES, MESSAGING_MESSAGES, type ConversationMessage, type ConversationThread } from '@solutionz/shared';
import { LoadFailed } from '@/components/errors/load-failed';
import { toaster } from '@/components/ui/toaster';
import { UserAvatar } from '@/components/ui/user-avatar';
import { paths } from '@/config/paths';
import { sendFailureText } from '@/entities/messages/api/messages';
import { MessageField } from '@/entities/messages/components/message-field';
import { ApiError } from '@/lib/api-client';
import { useConversationActions, useThread } from '../api/messages';
import { ReportConversation } from './report-dialog';
import { ImageAttachments, useImageAttachments } from './image-attachments';
import { MessageImages } from './message-images';

/** A message of mine on its way: shown at once, then as the server has it. */
interface Outgoing {
  readonly messageId: string;
  readonly text: string;
  readonly imageIds: readonly string[];
  readonly status: 'sending' | 'sent' | 'failed';
  readonly error?: string;
}

const timeOf = (at: string) => format(new Date(at), 'd MMM, HH:mm');

function Bubble({ mine, text, images, children }: { mine: boolean; text: string; images?: ReactNode; children: ReactNode }) {
  return (
    <Stack as="li" gap="1" align={mine ? 'flex-end' : 'flex-start'}>
      {images}
      {text && (
        <Box
          maxW={{ base: '85%', md: '70%' }}
          px="3.5"
          py="2.5"
          borderRadius="xl"
          bg={mine ? 'brand.solid' : 'bg.muted'}
          color={mine ? 'white' : 'fg'}
          whiteSpace="pre-wrap"
          overflowWrap="anywhere"
        >
          {text}
        </Box>
      )}
      <Text fontSize="xs" color="fg.muted">
        {children}
      </Text>
    </Stack>
  );
}

function statusOf(message: ConversationMessage): string {
  if (!message.mine) return timeOf(message.sentAt);
  return `${timeOf(message.sentAt)} · ${message.seen ? 'Seen' : 'Sent'}`;
}

/** Why the message box is not offered: in the API's words when it would refuse the message. */
function composerNotice(summary: ConversationThread['conversation']): string {
  if (summary.messagingStopped) return MESSAGE_REPORT_MESSAGES.messagingBlocked;
  if (summary.other.deleted) return 'This account was deleted: the conversation stays here to read.';
  return summary.blockedByMe ? MESSAGING_MESSAGES.blockedByYou : MESSAGING_MESSAGES.blockedByThem;
}

type ConversationActions = ReturnType<typeof useConversationActions>;
type Summary = ConversationThread['conversation'];
type Delivery = Pick<Outgoing, 'messageId' | 'text' | 'imageIds'>;

/** My messages on their way: each is shown at once, then as the server has it; a failed one can be sent again. */
function useOutgoing(send: ConversationActions['send']) {
  const [outgoing, setOutgoing] = useState<Outgoing[]>([]);
  const deliver = (message: Delivery) => {
    setOutgoing((current) => [...current.filter((item) => item.messageId !== message.messageId), { ...message, status: 'sending' }]);
    send.mutate(
      { messageId: message.messageId, text: message.text, imageIds: [...message.imageIds] },
      {
        onSuccess: () => setOutgoing((current) => current.map((item) => (item.messageId === message.messageId ? { ...item, status: 'sent' } : item))),
        onError: (failure) => {
          const error = sendFailureText(failure, 'Not sent. Check your connection and try again.');
          setOutgoing((current) => current.map((item) => (item.messageId === message.messageId ? { ...item, status: 'failed', error } : item)));
        },
      },
    );
  };
  return { outgoing, deliver };
}

/** The answer being written, its images, and sending it once the text or an image is there and every image is up. */
function useComposer(conversationId: string, deliver: (message: Delivery) => void) {
  const [draft, setDraft] = useState('');
  const [draftError, setDraftError] = useState<string>();
  const attachments = useImageAttachments(conversationId);

  const submit = () => {
    if (attachments.uploading || attachments.failed) {
      setDraftError(attachments.uploading ? 'Wait until the images have uploaded.' : 'Remove the images that could not be uploaded.');
      return;
    }
    if (!draft.trim() && attachments.imageIds.length === 0) {
      setDraftError(MESSAGING_MESSAGES.textRequired);
      return;
    }
    setDraftError(undefined);
    deliver({ messageId: crypto.randomUUID(), text: draft.trim(), imageIds: attachments.imageIds });
    setDraft('');
    attachments.clear();
  };
  return { draft, setDraft, draftError, attachments, submit };
}

function Composer({ composer, otherName }: { composer: ReturnType<typeof useComposer>; otherName: string }) {
  const { draft, setDraft, draftError, attachments, submit } = composer;
  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
    >
      <Stack gap="2">
        <MessageField label={`Message ${otherName}`} value={draft} onChange={setDraft} error={draftError} rows={3} onSubmitShortcut={submit} />
        <HStack justify="space-between" align="flex-start" gap="3" flexWrap="wrap">
          <ImageAttachments state={attachments} />
          <Button type="submit">Send</Button>
        </HStack>
      </Stack>
    </form>
  );
}

/** The other person (their page, when they have one), the job the conversation is about, and reporting and blocking. */
function ThreadHeader({
  conversationId,
  summary,
  headingId,
  setBlocked,
}: {
  conversationId: string;
  summary: Summary;
  headingId: string;
  setBlocked: ConversationActions['setBlocked'];
}) {
  const { other } = summary;
  const toggleBlock = (blocked: boolean) =>
    setBlocked.mutate(blocked, {
      onSuccess: () =>
        toaster.success({
          title: blocked ? 'Blocked' : 'Unblocked',
          description: blocked ? 'Neither of you can send messages in this conversation now.' : 'You can write to each other again.',
        }),
      onError: (failure) => toaster.error({ title: 'Not changed', description: failure.message }),
    });
  return (
    <HStack justify="space-between" gap="3" flexWrap="wrap" borderBottomWidth="1px" pb="3">
      <HStack gap="3" minW="0">
        <Link asChild display={{ base: 'inline-flex', lg: 'none' }} color="brand.fg" aria-label="Back to all conversations">
          <RouterLink to={paths.messages}>
            <ArrowLeftIcon aria-hidden="true" />
          </RouterLink>
        </Link>
        <UserAvatar name={other.name} src={other.avatarUrl} size="md" />
        <Stack gap="0" minW="0">
          <Heading as="h2" id={headingId} size="md" truncate>
            {other.accountType === 'provider' && !other.deleted ? (
              <Link asChild color="fg">
                <RouterLink to={paths.provider(other.userId)}>{other.name}</RouterLink>
              </Link>
            ) : (
              other.name
            )}
          </Heading>
          {summary.job && (
            <Text fontSize="sm" color="fg.muted" truncate>
              About your job: {summary.job.title}
            </Text>
          )}
        </Stack>
      </HStack>
      <HStack gap="2">
        <ReportConversation conversationId={conversationId} otherName={other.name} />
        {!other.deleted && (
          <Button
            size="sm"
            variant="outline"
            colorPalette={summary.blockedByMe ? undefined : 'red'}
            onClick={() => toggleBlock(!summary.blockedByMe)}
            loading={setBlocked.isPending}
          >
            {summary.blockedByMe ? 'Unblock' : 'Block'}
          </Button>
        )}
      </HStack>
    </HStack>
  );
}

export interface ThreadViewProps {
  conversationId: string;
}

/** One conversation: the other person, its messages oldest at the top, and the box to answer. */
export function ThreadView({ conversationId }: ThreadViewProps) {
  const thread = useThread(conversationId);
  const actions = useConversationActions(conversationId);
  const { outgoing, deliver } = useOutgoing(actions.send);
  const composer = useComposer(conversationId, deliver);
  const headingId = useId();

  const pages = thread.data?.pages;
  const summary: Summary | undefined = pages?.[0]?.conversation;
  const stored = useMemo(() => (pages ?? []).flatMap((page) => page.messages).reverse(), [pages]);
  const storedIds = useMemo(() => new Set(stored.map((message) => message.messageId)), [stored]);
  const waiting = outgoing.filter((message) => !storedIds.has(message.messageId));

  // Opening the thread reads it: the badge and the other person's "seen" follow.
  const unread = summary?.unread ?? 0;
  const { mutate: markRead, isPending: marking } = actions.markRead;
  useEffect(() => {
    if (unread > 0 && !marking) markRead();
  }, [unread, marking, markRead]);

  const imagesOf = (imageIds: readonly string[], mine: boolean) =>
    imageIds.length > 0 ? <MessageImages conversationId={conversationId} imageIds={imageIds} from={mine ? 'you' : (summary?.other.name ?? '')} /> : undefined;

  if (thread.isPending) {
    return (
      <Text role="status" color="fg.muted" p="4">
        Loading the conversation…
      </Text>
    );
  }
  if (thread.isError || !summary) {
    return (
      <LoadFailed
        message={thread.error instanceof ApiError && thread.error.status === 404 ? MESSAGING_MESSAGES.notFound : MESSAGING_MESSAGES.threadLoadFailed}
      />
    );
  }

  return (
    <Stack as="section" aria-labelledby={headingId} gap="4" minW="0">
      <ThreadHeader conversationId={conversationId} summary={summary} headingId={headingId} setBlocked={actions.setBlocked} />

      {thread.hasNextPage && (
        <Button variant="ghost" size="sm" alignSelf="center" onClick={() => void thread.fetchNextPage()} loading={thread.isFetchingNextPage}>
          Load older messages
        </Button>
      )}
      <Stack as="ol" gap="3" listStyleType="none" aria-label="Messages" aria-live="polite">
        {stored.map((message) => (
          <Bubble key={message.messageId} mine={message.mine} text={message.text} images={imagesOf(message.imageIds, message.mine)}>
            {statusOf(message)}
          </Bubble>
        ))}
        {waiting.map((message) => (
          <Bubble key={message.messageId} mine text={message.text} images={imagesOf(message.imageIds, true)}>
            {message.status === 'sending' && 'Sending…'}
            {message.status === 'sent' && 'Sent'}
            {message.status === 'failed' && (
              <>
                <Box as="span" color="red.700">
                  {message.error}
                </Box>{' '}
                <Button variant="plain" size="xs" color="brand.fg" textDecoration="underline" px="0" h="auto" onClick={() => deliver(message)}>
                  Retry
                </Button>
              </>
            )}
          </Bubble>
        ))}
      </Stack>

      {summary.canSend ? (
        <Composer composer={composer} otherName={summary.other.name} />
      ) : (
        <Alert.Root status="info">
          <Alert.Indicator />
          <Alert.Title>{composerNotice(summary)}</Alert.Title>
        </Alert.Root>
      )}
    </Stack>
  );
}
