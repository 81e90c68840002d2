import { Button, Field, HStack, Stack, Textarea } from '@chakra-ui/react';
import { useId, useState } from 'react';
import { PencilIcon, ReplyIcon } from 'lucide-react';
import { FEEDBACK_LIMITS, FEEDBACK_MESSAGES, replyFormSchema, type FeedbackEntry } from '@solutionz/shared';
import { FeedbackReplyView } from '@/entities/feedback/components/feedback-entry';
import { toastFailure } from '@/components/ui/failure-toast';
import { toaster } from '@/components/ui/toaster';
import { ApiError } from '@/lib/api-client';
import { useReplyToFeedback } from '../../api/feedback';

export interface ReplyEditorProps {
  entry: FeedbackEntry;
  providerId: string;
  ownerId: string;
  providerName: string;
}

/**
 * The owner's reply to one piece of feedback (none, composing, saved, editing; docs/product/feedback.md#replies).
 * Submit and Save wait for text that is not blank; the API says whether the reply was new
 * ('Reply submitted') or an edit ('Reply updated').
 */
export function ReplyEditor({ entry, providerId, ownerId, providerName }: ReplyEditorProps) {
  const reply = useReplyToFeedback(providerId, ownerId);
  const [draft, setDraft] = useState<string | null>(null);
  const fieldId = useId();
  const existing = entry.reply;
  const editing = existing !== undefined;

  if (draft === null) {
    return (
      <Stack gap="2" align="start">
        {existing && <FeedbackReplyView reply={existing} from={providerName} />}
        <Button
          size="sm"
          variant="outline"
          onClick={() => setDraft(existing?.text ?? '')}
          aria-label={`${editing ? 'Edit reply to' : 'Reply to'} ${entry.title}`}
        >
          {editing ? <PencilIcon aria-hidden="true" /> : <ReplyIcon aria-hidden="true" />}
          {editing ? 'Edit Reply' : 'Reply'}
        </Button>
      </Stack>
    );
  }

  const checked = replyFormSchema.safeParse({ text: draft });
  const problem = draft.trim() && !checked.success ? checked.error.issues[0]?.message : undefined;
  const save = () => {
    if (!checked.success) return;
    reply.mutate(
      { feedbackId: entry.id, body: checked.data },
      {
        onSuccess: (answer) => {
          toaster.success({ title: answer.created ? FEEDBACK_MESSAGES.reply.submitted : FEEDBACK_MESSAGES.reply.updated });
          setDraft(null);
        },
        onError: (error) => {
          const failed = editing ? FEEDBACK_MESSAGES.reply.updateFailed : FEEDBACK_MESSAGES.reply.submitFailed;
          toastFailure(error, { title: failed.title, description: error instanceof ApiError ? error.message : failed.fallback });
        },
      },
    );
  };

  return (
    <Stack
      as="form"
      gap="2"
      onSubmit={(event) => {
        event.preventDefault();
        save();
      }}
    >
      <Field.Root invalid={Boolean(problem)}>
        <Field.Label htmlFor={fieldId}>{editing ? 'Edit your reply' : 'Your reply'}</Field.Label>
        <Textarea id={fieldId} rows={3} value={draft} maxLength={FEEDBACK_LIMITS.replyMax} onChange={(event) => setDraft(event.target.value)} autoFocus />
        <Field.ErrorText color="red.700">{problem}</Field.ErrorText>
      </Field.Root>
      <HStack gap="2" justify="flex-end">
        <Button size="sm" variant="outline" onClick={() => setDraft(null)} disabled={reply.isPending}>
          Cancel
        </Button>
        <Button size="sm" type="submit" disabled={!checked.success} loading={reply.isPending} loadingText={editing ? 'Saving...' : 'Submitting...'}>
          {editing ? 'Save' : 'Submit'}
        </Button>
      </HStack>
    </Stack>
  );
}
