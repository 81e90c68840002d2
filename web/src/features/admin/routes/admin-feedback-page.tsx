import { Box, Button, Container, Heading, HStack, Stack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import {
  ADMIN_CONSOLE_MESSAGES,
  ADMIN_FEEDBACK_FILTERS,
  PRODUCT_NAME,
  type AdminFeedbackEntry,
  type AdminFeedbackFilter,
  type AdminReason,
} from '@solutionz/shared';
import { feedbackDate } from '@/entities/feedback/components/feedback-dates';
import { StarRating } from '@/components/ui/star-rating';
import { StatusBadge } from '@/components/ui/status-badge';
import { toastFailure } from '@/components/ui/failure-toast';
import { toaster } from '@/components/ui/toaster';
import { LoadFailed } from '@/components/errors/load-failed';
import { ApiError } from '@/lib/api-client';
import { useDocumentTitle } from '@/lib/use-document-title';
import { useAdminFeedback, useDeleteFeedback, useSetFeedbackApproval } from '../api/admin-api';
import { CursorPager, useCursorPages } from '../components/cursor-pager';
import { FeedbackEditDialog } from '../components/feedback-edit-dialog';
import { EmptyState, LoadingRows } from '../components/load-states';
import { ReasonDialog } from '../components/reason-dialog';

const MESSAGES = ADMIN_CONSOLE_MESSAGES.feedback;
const FILTER_LABELS: Readonly<Record<AdminFeedbackFilter, string>> = { all: 'All', approved: 'Approved', pending: 'Pending' };
const EMPTY_TEXT: Readonly<Record<AdminFeedbackFilter, string>> = {
  all: 'No feedback yet.',
  approved: 'No approved feedback.',
  pending: 'No feedback awaiting approval.',
};

type Dialog = { kind: 'edit' | 'unapprove' | 'delete'; entry: AdminFeedbackEntry };

const failureText = (error: unknown) => (error instanceof ApiError ? error.message : undefined);

function FeedbackItem({
  entry,
  onOpen,
  onApprove,
  approving,
}: {
  entry: AdminFeedbackEntry;
  onOpen: (dialog: Dialog) => void;
  onApprove: () => void;
  approving: boolean;
}) {
  return (
    <Box as="article" aria-label={entry.title} borderWidth="1px" borderRadius="lg" p={{ base: '4', md: '5' }} bg="bg">
      <Stack gap="2">
        <HStack justify="space-between" align="flex-start" gap="3" flexWrap="wrap">
          <Stack gap="0" minW="0">
            <Text fontSize="sm" color="fg.muted" overflowWrap="anywhere">
              For {entry.providerName}
              {entry.businessName ? ` (${entry.businessName})` : ''}
            </Text>
            <Heading as="h2" size="md" overflowWrap="anywhere">
              {entry.title}
            </Heading>
          </Stack>
          <StatusBadge tone={entry.approved ? 'green' : 'orange'}>{entry.approved ? 'Approved' : 'Pending'}</StatusBadge>
        </HStack>
        <StarRating value={entry.rating} size="sm" />
        {entry.description && (
          <Text whiteSpace="pre-line" overflowWrap="anywhere">
            {entry.description}
          </Text>
        )}
        <Text fontSize="sm" color="fg.muted">
          By {entry.authorName} on {feedbackDate(entry.createdAt)}
          {entry.updatedAt ? ` · edited ${feedbackDate(entry.updatedAt)}` : ''}
        </Text>
        <HStack gap="2" flexWrap="wrap" pt="1">
          {entry.approved ? (
            <Button size="sm" variant="outline" onClick={() => onOpen({ kind: 'unapprove', entry })}>
              Unapprove
            </Button>
          ) : (
            <Button size="sm" onClick={onApprove} loading={approving} loadingText="Approving...">
              Approve
            </Button>
          )}
          <Button size="sm" variant="outline" onClick={() => onOpen({ kind: 'edit', entry })}>
            Edit
          </Button>
          <Button size="sm" variant="outline" colorPalette="red" onClick={() => onOpen({ kind: 'delete', entry })}>
            Delete
          </Button>
        </HStack>
      </Stack>
    </Box>
  );
}

/** /admin/feedback (docs/product/admin.md#feedback): every feedback newest first, filtered by status with counts; approve, unapprove, edit, delete. */
export function AdminFeedbackPage() {
  useDocumentTitle(`Feedback Moderation | ${PRODUCT_NAME}`);
  const [status, setStatus] = useState<AdminFeedbackFilter>('all');
  const pages = useCursorPages();
  const feedback = useAdminFeedback(status, pages.cursor);
  const approval = useSetFeedbackApproval();
  const remove = useDeleteFeedback();
  const [dialog, setDialog] = useState<Dialog>();
  const close = () => setDialog(undefined);
  const counts = feedback.data?.counts;

  function setApproved(entry: AdminFeedbackEntry, approved: boolean, reason?: AdminReason) {
    approval.mutate(
      { entry, approved, ...(reason ? { reason } : {}) },
      {
        onSuccess: () => {
          toaster.success({ title: approved ? MESSAGES.approved : MESSAGES.unapproved });
          close();
        },
        onError: (error) => toastFailure(error, { title: MESSAGES.approvalFailed, description: failureText(error) }),
      },
    );
  }

  function deleteEntry(entry: AdminFeedbackEntry, reason: AdminReason) {
    remove.mutate(
      { entry, reason },
      {
        onSuccess: () => {
          toaster.success({ title: MESSAGES.deleted });
          close();
        },
        onError: (error) => toastFailure(error, { title: MESSAGES.deleteFailed, description: failureText(error) }),
      },
    );
  }

  return (
    <Container maxW="4xl" py={{ base: '6', md: '10' }} px={{ base: '4', md: '6' }}>
      <Stack gap="6">
        <Heading as="h1" size="2xl">
          Feedback Moderation
        </Heading>
        <HStack role="group" aria-label="Show feedback" gap="2" flexWrap="wrap">
          {ADMIN_FEEDBACK_FILTERS.map((filter) => (
            <Button
              key={filter}
              size="sm"
              variant={filter === status ? 'solid' : 'outline'}
              aria-pressed={filter === status}
              onClick={() => {
                setStatus(filter);
                pages.reset();
              }}
            >
              {FILTER_LABELS[filter]}
              {counts ? ` (${counts[filter].toLocaleString('en-GB')})` : ''}
            </Button>
          ))}
        </HStack>
        {feedback.isPending ? (
          <LoadingRows label="Loading feedback" />
        ) : feedback.isError ? (
          <LoadFailed message={MESSAGES.loadFailed} error={feedback.error} onRetry={() => void feedback.refetch()} />
        ) : feedback.data.feedback.length === 0 ? (
          <EmptyState>{EMPTY_TEXT[status]}</EmptyState>
        ) : (
          <Stack gap="4" aria-busy={feedback.isFetching}>
            {feedback.data.feedback.map((entry) => (
              <FeedbackItem
                key={entry.id}
                entry={entry}
                onOpen={setDialog}
                onApprove={() => setApproved(entry, true)}
                approving={approval.isPending && approval.variables.entry.id === entry.id}
              />
            ))}
            <CursorPager
              label="Feedback pages"
              page={pages.page}
              nextCursor={feedback.data.nextCursor}
              busy={feedback.isFetching}
              onPrevious={pages.previous}
              onNext={pages.next}
            />
          </Stack>
        )}
      </Stack>
      {dialog?.kind === 'edit' && <FeedbackEditDialog entry={dialog.entry} onClose={close} />}
      {dialog?.kind === 'unapprove' && (
        <ReasonDialog
          title="Unapprove feedback"
          confirmLabel="Unapprove"
          busyLabel="Unapproving..."
          busy={approval.isPending}
          onClose={close}
          onConfirm={(reason) => setApproved(dialog.entry, false, reason)}
        >
          “{dialog.entry.title}” leaves {dialog.entry.providerName}’s page and rating at once. Its author is e-mailed the reason.
        </ReasonDialog>
      )}
      {dialog?.kind === 'delete' && (
        <ReasonDialog
          title="Delete feedback"
          confirmLabel="Delete"
          busyLabel="Deleting..."
          busy={remove.isPending}
          onClose={close}
          onConfirm={(reason) => deleteEntry(dialog.entry, reason)}
        >
          {MESSAGES.deleteConfirm}
        </ReasonDialog>
      )}
    </Container>
  );
}
