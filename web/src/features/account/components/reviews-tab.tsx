import { Button, Stack, Text } from '@chakra-ui/react';
import { Link as RouterLink } from 'react-router-dom';
import { FEEDBACK_MESSAGES, REVIEWS_SKELETON_ROWS } from '@solutionz/shared';
import { LoadFailed } from '@/components/errors/load-failed';
import { FeedbackEntryView, FeedbackSkeleton } from '@/entities/feedback/components/feedback-entry';
import { FeedbackList } from '@/entities/feedback/components/feedback-list';
import { paths } from '@/config/paths';
import { useReceivedFeedback } from '@/entities/feedback/api/feedback';
import { EmptyState } from './empty-state';

export interface ReviewsTabProps {
  userId: string;
  /** What the provider goes by (business, else person), for their replies. */
  providerName: string;
}

/**
 * The Reviews tab of /profile (docs/product/feedback.md#reading-feedback): the feedback clients left for the provider,
 * newest first, with their replies; three skeleton rows while it loads. Replies are written on the
 * provider's own page, where the feedback is in context.
 */
export function ReviewsTab({ userId, providerName }: ReviewsTabProps) {
  const list = useReceivedFeedback(userId);
  const feedbackTab = `${paths.provider(userId)}?tab=feedback`;

  if (list.isPending) return <FeedbackSkeleton rows={REVIEWS_SKELETON_ROWS} />;
  if (list.isError && !list.isFetchNextPageError)
    return <LoadFailed message={FEEDBACK_MESSAGES.reviewsLoadFailed} onRetry={() => void list.refetch()} retrying={list.isRefetching} />;
  const entries = list.data?.pages.flatMap((page) => page.feedback) ?? [];
  if (entries.length === 0) {
    return <EmptyState title="No reviews yet" description="Reviews that clients leave for you will be listed here, newest first." />;
  }
  const { average, count } = list.data.pages[0]!.rating;
  return (
    <Stack gap="4">
      <Stack direction={{ base: 'column', sm: 'row' }} justify="space-between" align={{ base: 'start', sm: 'center' }} gap="3">
        <Text color="fg.muted">
          {average === null ? 'No published reviews' : `${average.toFixed(1)} out of 5 from ${count} ${count === 1 ? 'review' : 'reviews'}`}
        </Text>
        <Button asChild size="sm" variant="outline">
          <RouterLink to={feedbackTab}>Reply on your public page</RouterLink>
        </Button>
      </Stack>
      <FeedbackList
        label="Reviews"
        hasMore={list.hasNextPage}
        loadingMore={list.isFetchingNextPage}
        loadMoreFailed={list.isFetchNextPageError}
        onLoadMore={() => void list.fetchNextPage()}
      >
        {entries.map((entry) => (
          <li key={entry.id}>
            <FeedbackEntryView entry={entry} providerName={providerName} showPublication />
          </li>
        ))}
      </FeedbackList>
    </Stack>
  );
}
