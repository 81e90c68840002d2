import { Box, Button, Stack } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { FEEDBACK_MESSAGES } from '@solutionz/shared';
import { LoadFailed } from '@/components/errors/load-failed';

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
        <LoadFailed message={FEEDBACK_MESSAGES.loadFailed} onRetry={onLoadMore} retrying={loadingMore} />
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
