import { Field, Stack, Text, Textarea } from '@chakra-ui/react';
import { useState } from 'react';
import { ADMIN_CONSOLE_MESSAGES, FEEDBACK_LIMITS, adminFeedbackUpdateSchema, type AdminFeedbackEntry } from '@solutionz/shared';
import { FormField } from '@/components/forms/form-field';
import { toastFailure } from '@/components/ui/failure-toast';
import { StarRating } from '@/components/ui/star-rating';
import { toaster } from '@/components/ui/toaster';
import { ApiError } from '@/lib/api-client';
import { useUpdateFeedback } from '../api/admin-api';
import { FormDialog } from '@/components/ui/form-dialog';
import { ReasonFields, useReasonForm } from './reason-dialog';

const MESSAGES = ADMIN_CONSOLE_MESSAGES.feedback;

/** Edit title, description and rating 1-5, with the reason the author is told. */
export function FeedbackEditDialog({ entry, onClose }: { entry: AdminFeedbackEntry; onClose: () => void }) {
  const update = useUpdateFeedback();
  const reasonForm = useReasonForm();
  const [rating, setRating] = useState(entry.rating);
  const [title, setTitle] = useState(entry.title);
  const [description, setDescription] = useState(entry.description ?? '');
  const [errors, setErrors] = useState<Record<string, string | undefined>>({});

  function submit() {
    const reason = reasonForm.validate();
    const parsed = adminFeedbackUpdateSchema.omit({ reason: true }).safeParse({ rating, title, description });
    if (!parsed.success) {
      const issue = (field: string) => parsed.error.issues.find((found) => found.path[0] === field)?.message;
      setErrors({ rating: issue('rating'), title: issue('title'), description: issue('description') });
      return;
    }
    setErrors({});
    if (!reason) return;
    update.mutate(
      { entry, body: { ...parsed.data, reason } },
      {
        onSuccess: () => {
          toaster.success({ title: MESSAGES.updated });
          onClose();
        },
        onError: (error) => toastFailure(error, { title: MESSAGES.updateFailed, description: error instanceof ApiError ? error.message : undefined }),
      },
    );
  }

  return (
    <FormDialog title="Edit feedback" submitLabel="Save changes" busyLabel="Saving..." busy={update.isPending} onClose={onClose} onSubmit={submit}>
      <Stack gap="4">
        <Stack gap="1">
          <StarRating value={rating} onChange={setRating} label="Rating" step={1} />
          {errors.rating && (
            <Text color="red.700" fontSize="sm">
              {errors.rating}
            </Text>
          )}
        </Stack>
        <FormField
          label="Title"
          required
          value={title}
          maxLength={FEEDBACK_LIMITS.titleMax}
          onChange={(event) => setTitle(event.target.value)}
          error={errors.title}
        />
        <Field.Root invalid={Boolean(errors.description)}>
          <Field.Label>Description</Field.Label>
          <Textarea value={description} rows={4} maxLength={FEEDBACK_LIMITS.descriptionMax} onChange={(event) => setDescription(event.target.value)} />
          <Field.ErrorText color="red.700">{errors.description}</Field.ErrorText>
        </Field.Root>
        <ReasonFields {...reasonForm.fields} />
      </Stack>
    </FormDialog>
  );
}
