import { Alert, Button, Heading, HStack, Stack, Text } from '@chakra-ui/react';
import { useEffect, useRef, useState } from 'react';
import { MessageSquarePlusIcon, PencilIcon, TrashIcon } from 'lucide-react';
import { useNavigate } from 'react-router-dom';
import { FEEDBACK_MESSAGES, type FeedbackEntry } from '@solutionz/shared';
import { EmailConfirmationRequired, useUnconfirmedEmail } from '@/components/account/email-confirmation-required';
import { FeedbackEntryView, FeedbackSkeleton } from '@/entities/feedback/components/feedback-entry';
import { LoadFailed } from '@/components/errors/load-failed';
import { FeedbackList } from '@/entities/feedback/components/feedback-list';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { toastFailure } from '@/components/ui/failure-toast';
import { toaster } from '@/components/ui/toaster';
import { ApiError } from '@/lib/api-client';
import { usePublicFeedback, useReceivedFeedback } from '@/entities/feedback/api/feedback';
import { useMyFeedbackFor, useMyFeedbackMutations } from '../../api/feedback';
import type { Viewer } from '../provider-page/viewer';
import { FeedbackFormView } from './feedback-form';
import { ReplyEditor } from './reply-editor';

export interface FeedbackTabProps {
  providerId: string;
  /** What the provider goes by (business, else person), for replies and messages. */
  providerName: string;
  viewer: Viewer;
  /** The form for new feedback is shown. */
  formOpen: boolean;
  onFormOpenChange: (open: boolean) => void;
  /** Where a signed-out visitor logs in to come back to the form. */
  loginPath: string;
}

const failureText = (error: unknown, fallback: string) => (error instanceof ApiError ? error.message : fallback);

function NoFeedbackYet({ owner, providerName }: { owner: boolean; providerName: string }) {
  return (
    <Stack gap="2" align="center" textAlign="center" py="10" px="4" borderWidth="1px" borderStyle="dashed" borderRadius="lg">
      <Heading as="h3" size="md">
        No feedback yet
      </Heading>
      <Text color="fg.muted" maxW="md">
        {owner
          ? 'Feedback that clients leave for you will be listed here, newest first, for you to reply to.'
          : `Be the first to tell others about working with ${providerName}.`}
      </Text>
    </Stack>
  );
}

/** The owner's view: everything addressed to them, published or not, each with the reply editor. */
function OwnerFeedbackList({
  ownerId,
  providerId,
  providerName,
  unconfirmedEmail,
}: {
  ownerId: string;
  providerId: string;
  providerName: string;
  unconfirmedEmail?: string;
}) {
  const list = useReceivedFeedback(ownerId);
  if (list.isPending) return <FeedbackSkeleton />;
  if (list.isError && !list.isFetchNextPageError)
    return <LoadFailed message={FEEDBACK_MESSAGES.loadFailed} onRetry={() => void list.refetch()} retrying={list.isRefetching} />;
  const entries = list.data?.pages.flatMap((page) => page.feedback) ?? [];
  if (entries.length === 0) return <NoFeedbackYet owner providerName={providerName} />;
  return (
    <>
      {unconfirmedEmail && <EmailConfirmationRequired email={unconfirmedEmail} about={FEEDBACK_MESSAGES.reply.needsConfirmedEmail} />}
      <FeedbackList
        label="Feedback"
        hasMore={list.hasNextPage}
        loadingMore={list.isFetchingNextPage}
        loadMoreFailed={list.isFetchNextPageError}
        onLoadMore={() => void list.fetchNextPage()}
      >
        {entries.map((entry) => (
          <li key={entry.id}>
            <FeedbackEntryView
              entry={entry}
              providerName={providerName}
              showPublication
              // Replies are published: they wait for a confirmed address, as the notice above says.
              reply={unconfirmedEmail ? undefined : <ReplyEditor entry={entry} providerId={providerId} ownerId={ownerId} providerName={providerName} />}
            />
          </li>
        ))}
      </FeedbackList>
    </>
  );
}

/** Everyone else: the published feedback; the client's own is shown above the list rather than in it. */
function PublicFeedbackList({ providerId, providerName, ownEntryId }: { providerId: string; providerName: string; ownEntryId?: string }) {
  const list = usePublicFeedback(providerId);
  if (list.isPending) return <FeedbackSkeleton />;
  if (list.isError && !list.isFetchNextPageError)
    return <LoadFailed message={FEEDBACK_MESSAGES.loadFailed} onRetry={() => void list.refetch()} retrying={list.isRefetching} />;
  const all = list.data?.pages.flatMap((page) => page.feedback) ?? [];
  const entries = all.filter((entry) => entry.id !== ownEntryId);
  if (all.length === 0) return <NoFeedbackYet owner={false} providerName={providerName} />;
  if (entries.length === 0) return null;
  return (
    <FeedbackList
      label="Feedback"
      hasMore={list.hasNextPage}
      loadingMore={list.isFetchingNextPage}
      loadMoreFailed={list.isFetchNextPageError}
      onLoadMore={() => void list.fetchNextPage()}
    >
      {entries.map((entry) => (
        <li key={entry.id}>
          <FeedbackEntryView entry={entry} providerName={providerName} />
        </li>
      ))}
    </FeedbackList>
  );
}

interface ClientFeedbackProps {
  providerId: string;
  providerName: string;
  userId: string;
  /** The client's address while it is not confirmed: feedback is published, so it waits for that. */
  unconfirmedEmail?: string;
  mine: FeedbackEntry | null;
  formOpen: boolean;
  onFormOpenChange: (open: boolean) => void;
  /** The form was cancelled or the feedback deleted: the focus goes back to Add Feedback. */
  onBackToAdd: () => void;
}

/**
 * A client's own feedback: the form until they have left some (one each per provider), then theirs
 * with Edit and Delete. A second attempt (from another tab, say) is refused by the API with its
 * message, and the one already there is shown instead of the form.
 */
function ClientFeedback({ providerId, providerName, userId, unconfirmedEmail, mine, formOpen, onFormOpenChange, onBackToAdd }: ClientFeedbackProps) {
  const { create, update, remove } = useMyFeedbackMutations(providerId, userId);
  // Once the form that had the focus is gone (sent, or an edit saved or cancelled), the focus goes to what replaced it.
  const mineHeading = useRef<HTMLHeadingElement>(null);
  const focusMine = useRef(false);
  useEffect(() => {
    if (!focusMine.current || !mineHeading.current) return;
    focusMine.current = false;
    mineHeading.current.focus();
  });
  const [editing, setEditing] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const [formError, setFormError] = useState<string>();
  const [duplicate, setDuplicate] = useState(false);

  const refused = (error: unknown, title: string, fallback: string) => {
    toastFailure(error, { title, description: failureText(error, fallback) });
    const hasFieldMessages = error instanceof ApiError && Object.keys(error.fields).length > 0;
    setFormError(hasFieldMessages ? undefined : failureText(error, fallback));
  };

  if (mine) {
    return (
      <Stack as="section" aria-labelledby="my-feedback-heading" gap="3">
        <Heading as="h3" id="my-feedback-heading" size="md" ref={mineHeading} tabIndex={-1} _focusVisible={{ outline: 'none' }}>
          Your feedback
        </Heading>
        {duplicate && (
          <Alert.Root status="info">
            <Alert.Indicator />
            <Alert.Title>{FEEDBACK_MESSAGES.duplicate}</Alert.Title>
          </Alert.Root>
        )}
        {editing ? (
          <FeedbackFormView
            initial={mine}
            error={formError}
            autoFocus
            onCancel={() => {
              focusMine.current = true;
              setEditing(false);
              setFormError(undefined);
            }}
            onSubmit={async (values) => {
              setFormError(undefined);
              try {
                await update.mutateAsync(values);
              } catch (error) {
                refused(error, FEEDBACK_MESSAGES.updateFailed, FEEDBACK_MESSAGES.updateFailed);
                throw error;
              }
              toaster.success({ title: FEEDBACK_MESSAGES.updated });
              focusMine.current = true;
              setEditing(false);
              setDuplicate(false);
            }}
          />
        ) : (
          <FeedbackEntryView
            entry={mine}
            providerName={providerName}
            headingLevel="h4"
            showPublication
            actions={
              <HStack gap="2">
                <Button size="sm" variant="outline" onClick={() => setEditing(true)}>
                  <PencilIcon aria-hidden="true" />
                  Edit
                </Button>
                <Button size="sm" variant="outline" colorPalette="red" onClick={() => setDeleting(true)}>
                  <TrashIcon aria-hidden="true" />
                  Delete
                </Button>
              </HStack>
            }
          />
        )}
        {deleting && (
          <ConfirmDialog
            title="Delete feedback"
            confirmLabel="Delete"
            busyLabel="Deleting..."
            busy={remove.isPending}
            onClose={() => setDeleting(false)}
            onConfirm={() =>
              remove.mutate(undefined, {
                onSuccess: () => {
                  toaster.success({ title: FEEDBACK_MESSAGES.deleted });
                  setDeleting(false);
                  setDuplicate(false);
                  onBackToAdd();
                },
                onError: (error) =>
                  toastFailure(error, { title: FEEDBACK_MESSAGES.deleteFailed, description: failureText(error, FEEDBACK_MESSAGES.deleteFailed) }),
              })
            }
          >
            {FEEDBACK_MESSAGES.deleteConfirm}
          </ConfirmDialog>
        )}
      </Stack>
    );
  }

  if (!formOpen) return null;
  return (
    <Stack as="section" aria-labelledby="new-feedback-heading" gap="3" p="5" borderWidth="1px" borderRadius="lg" bg="bg.panel">
      <Heading as="h3" id="new-feedback-heading" size="md">
        Leave feedback for {providerName}
      </Heading>
      {unconfirmedEmail ? (
        <EmailConfirmationRequired email={unconfirmedEmail} />
      ) : (
        <FeedbackFormView
          error={formError}
          autoFocus
          onCancel={() => {
            onFormOpenChange(false);
            setFormError(undefined);
            onBackToAdd();
          }}
          onSubmit={async (values) => {
            setFormError(undefined);
            try {
              await create.mutateAsync(values);
            } catch (error) {
              refused(error, FEEDBACK_MESSAGES.submitFailed.title, FEEDBACK_MESSAGES.submitFailed.fallback);
              if (error instanceof ApiError && error.status === 409) setDuplicate(true);
              throw error;
            }
            toaster.success({ title: FEEDBACK_MESSAGES.published.title, description: FEEDBACK_MESSAGES.published.description });
            focusMine.current = true;
            onFormOpenChange(false);
          }}
        />
      )}
    </Stack>
  );
}

/**
 * The Feedback tab (docs/product/feedback.md): the feedback newest first, a page at a time;
 * clients leave theirs (a signed-out visitor is sent to log in first); the owner replies to each.
 * Nobody leaves feedback on their own page, and providers and admins leave none.
 */
export function FeedbackTab({ providerId, providerName, viewer, formOpen, onFormOpenChange, loginPath }: FeedbackTabProps) {
  const navigate = useNavigate();
  const clientId = viewer.kind === 'client' ? viewer.userId : undefined;
  const mine = useMyFeedbackFor(providerId, clientId);
  const unconfirmedEmail = useUnconfirmedEmail();

  const canAdd = viewer.kind === 'visitor' || (viewer.kind === 'client' && mine.data === null && !formOpen);
  // Add Feedback takes the focus back once the form it opened is cancelled, or the feedback it led to is deleted.
  const addButton = useRef<HTMLButtonElement>(null);
  const focusAdd = useRef(false);
  useEffect(() => {
    if (!focusAdd.current || !addButton.current) return;
    focusAdd.current = false;
    addButton.current.focus();
  });
  const addFeedback = () => {
    if (viewer.kind !== 'visitor') return onFormOpenChange(true);
    toaster.info({ title: FEEDBACK_MESSAGES.loginRequired.title, description: FEEDBACK_MESSAGES.loginRequired.description });
    void navigate(loginPath);
  };

  return (
    <Stack gap="5">
      <HStack justify="space-between" gap="3" flexWrap="wrap">
        <Heading as="h2" size="lg">
          Feedback
        </Heading>
        {canAdd && (
          <Button ref={addButton} onClick={addFeedback}>
            <MessageSquarePlusIcon aria-hidden="true" />
            Add Feedback
          </Button>
        )}
      </HStack>

      {(viewer.kind === 'provider' || viewer.kind === 'admin') && <Text color="fg.muted">{FEEDBACK_MESSAGES.clientsOnly}</Text>}
      {clientId && mine.isError && <LoadFailed message={FEEDBACK_MESSAGES.loadFailed} onRetry={() => void mine.refetch()} retrying={mine.isRefetching} />}
      {clientId && mine.data !== undefined && (
        <ClientFeedback
          providerId={providerId}
          providerName={providerName}
          userId={clientId}
          unconfirmedEmail={unconfirmedEmail}
          mine={mine.data}
          formOpen={formOpen}
          onFormOpenChange={onFormOpenChange}
          onBackToAdd={() => (focusAdd.current = true)}
        />
      )}

      {viewer.kind === 'owner' ? (
        <OwnerFeedbackList ownerId={viewer.userId} providerId={providerId} providerName={providerName} unconfirmedEmail={unconfirmedEmail} />
      ) : (
        <PublicFeedbackList providerId={providerId} providerName={providerName} ownEntryId={mine.data?.id} />
      )}
    </Stack>
  );
}
