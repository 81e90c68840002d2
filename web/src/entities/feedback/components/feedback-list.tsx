import { Alert, Box, Button, Stack } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { FEEDBACK_MESSAGES } from '@solutionz/shared';

export function FeedbackLoadFailed({ onRetry, retrying }: { onRetry: () => void; retrying: boolean }) {
  return (
    <Alert.Root status="error" alignItems="center">
      <Alert.Indicator />
      <Alert.Title flex="1">{FEEDBACK_MESSAGES.loadFailed}</Alert.Title>
      <Button size="sm" variant="outline" onClick={onRetry} loading={retrying}>
        Try again
      </Button>
    </Alert.Root>
  );
}

export interface FeedbackListProps {
  /** Names the list for assistive tech. */
  label: string;
  children: ReactNode;
  hasMore: boolean;
  loadingMore: boolean;
  loadMoreFailed: boolean;
  onLoadMore: () => void;
}

/** Feedback entries newest first, with 'Load more' while the cursor says there are more. */
export function FeedbackList({ label, children, hasMore, loadingMore, loadMoreFailed, onLoadMore }: FeedbackListProps) {
  return (
    <Stack gap="4">
      <Stack as="ul" gap="3" listStyleType="none" aria-label={label}>
        {children}
      </Stack>
      {loadMoreFailed ? (
        <FeedbackLoadFailed onRetry={onLoadMore} retrying={loadingMore} />
      ) : (
        hasMore && (
          <Box textAlign="center">
            <Button variant="outline" onClick={onLoadMore} loading={loadingMore} loadingText="Loading more...">
              Load more
            </Button>
          </Box>
        )
      )}
    </Stack>
  );
}
