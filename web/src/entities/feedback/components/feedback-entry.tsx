import { Box, Heading, HStack, Skeleton, Stack, Text } from '@chakra-ui/react';
import { useId, type ReactNode } from 'react';
import { BadgeCheckIcon } from 'lucide-react';
import type { FeedbackEntry } from '@solutionz/shared';
import { StarRating } from '@/components/ui/star-rating';
import { StatusBadge } from '@/components/ui/status-badge';
import { feedbackDate, replyDate } from './feedback-dates';

export interface FeedbackReplyViewProps {
  reply: NonNullable<FeedbackEntry['reply']>;
  /** Who replied: the provider's name. */
  from: string;
}

/** The provider's reply under the feedback, dated `MMM d, yyyy`; an edited reply says so. */
export function FeedbackReplyView({ reply, from }: FeedbackReplyViewProps) {
  const edited = reply.updatedAt !== reply.createdAt;
  return (
    <Stack gap="1" ps="4" py="2" borderStartWidth="3px" borderColor="brand.300" bg="bg.subtle" borderRadius="sm">
      <Text fontSize="sm" fontWeight="semibold">
        Response from {from}
      </Text>
      <Text whiteSpace="pre-line">{reply.text}</Text>
      <Text fontSize="xs" color="fg.muted">
        {edited ? `Edited ${replyDate(reply.updatedAt)}` : replyDate(reply.createdAt)}
      </Text>
    </Stack>
  );
}

export interface FeedbackEntryViewProps {
  entry: FeedbackEntry;
  /** The provider's name, for the reply. */
  providerName: string;
  headingLevel?: 'h3' | 'h4';
  /** Shows the 'Not published' label on feedback an admin unpublished (the provider's own view). */
  showPublication?: boolean;
  /** Buttons for the one looking (edit and delete for the author). */
  actions?: ReactNode;
  /** In place of the plain reply: the provider's reply editor. */
  reply?: ReactNode;
}

/**
 * One piece of feedback (docs/product/feedback.md#reading-feedback): stars, title, author, `dd MMM yyyy`, the 'Verified
 * job' label for a client hired through a job here, the description and the provider's reply.
 */
export function FeedbackEntryView({ entry, providerName, headingLevel = 'h3', showPublication = false, actions, reply }: FeedbackEntryViewProps) {
  const headingId = useId();
  return (
    <Stack as="article" aria-labelledby={headingId} gap="3" p="5" borderWidth="1px" borderRadius="lg" bg="bg">
      <HStack justify="space-between" align="start" gap="3" flexWrap="wrap">
        <Stack gap="1" minW="0">
          <StarRating value={entry.rating} size="sm" label="Rating" />
          <Heading as={headingLevel} id={headingId} size="md">
            {entry.title}
          </Heading>
          <Text fontSize="sm" color="fg.muted">
            {entry.authorName} · {feedbackDate(entry.createdAt)}
          </Text>
        </Stack>
        <HStack gap="2" flexWrap="wrap">
          {entry.verifiedJob && (
            <StatusBadge tone="green">
              <BadgeCheckIcon aria-hidden="true" />
              <Box as="span" ms="1">
                Verified job
              </Box>
            </StatusBadge>
          )}
          {showPublication && !entry.approved && <StatusBadge tone="orange">Not published</StatusBadge>}
        </HStack>
      </HStack>
      {entry.description && <Text whiteSpace="pre-line">{entry.description}</Text>}
      {reply ?? (entry.reply && <FeedbackReplyView reply={entry.reply} from={providerName} />)}
      {actions}
    </Stack>
  );
}

/** What a feedback list shows while it loads: three rows. */
export function FeedbackSkeleton({ rows = 3 }: { rows?: number }) {
  return (
    <Stack gap="3">
      <Text role="status" color="fg.muted">
        Loading feedback...
      </Text>
      {Array.from({ length: rows }, (_, index) => (
        <Stack key={index} aria-hidden="true" gap="2" p="5" borderWidth="1px" borderRadius="lg">
          <Skeleton height="4" width="25%" />
          <Skeleton height="5" width="55%" />
          <Skeleton height="4" width="35%" />
          <Skeleton height="4" />
        </Stack>
      ))}
    </Stack>
  );
}
