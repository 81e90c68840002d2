import { Button, Field, HStack, Stack, Text, Textarea } from '@chakra-ui/react';
import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useId } from 'react';
import { Controller, useForm } from 'react-hook-form';
import type { z } from 'zod';
import { FEEDBACK_LIMITS, feedbackFormSchema, type FeedbackEntry, type FeedbackForm } from '@solutionz/shared';
import { FormErrorAlert } from '@/components/forms/form-error-alert';
import { FormField } from '@/components/forms/form-field';
import { StackedForm } from '@/components/forms/stacked-form';
import { applyServerFieldErrors } from '@/components/forms/server-errors';
import { StarRating } from '@/components/ui/star-rating';

type FeedbackValues = z.output<typeof feedbackFormSchema>;

export interface FeedbackFormProps {
  /** Editing: the feedback as it is. New feedback starts with no rating chosen (docs/product/feedback.md#leaving-feedback). */
  initial?: FeedbackEntry;
  /** Resolves when saved; a refusal it throws lands beside its field, or above the buttons. */
  onSubmit: (values: FeedbackValues) => Promise<unknown>;
  onCancel: () => void;
  /** A message about the whole form (the duplicate, say), shown above the buttons. */
  error?: string;
  /** Moves focus to the rating when the form opens at the visitor's request. */
  autoFocus?: boolean;
}

const FIELDS = ['rating', 'title', 'description'] as const;

/**
 * Leave or edit feedback (docs/product/feedback.md#leaving-feedback): a rating from 1 to 5 stars ('Please select a
 * rating'), a title ('Title is required') and an optional description, checked with the API's own schema.
 */
export function FeedbackFormView({ initial, onSubmit, onCancel, error, autoFocus = false }: FeedbackFormProps) {
  const ratingErrorId = useId();
  const form = useForm<FeedbackForm, unknown, FeedbackValues>({
    resolver: zodResolver(feedbackFormSchema),
    defaultValues: initial ? { rating: initial.rating, title: initial.title, description: initial.description ?? '' } : { title: '', description: '' },
  });
  const {
    register,
    control,
    handleSubmit,
    setError,
    setFocus,
    formState: { errors, isSubmitting },
  } = form;

  useEffect(() => {
    if (autoFocus) setFocus('rating');
  }, [autoFocus, setFocus]);

  const submit = handleSubmit(async (values) => {
    try {
      await onSubmit(values);
    } catch (failure) {
      applyServerFieldErrors(failure, setError, FIELDS);
    }
  });

  return (
    <StackedForm onSubmit={() => void submit()} aria-label={initial ? 'Edit your feedback' : 'Leave feedback'}>
      <Field.Root invalid={Boolean(errors.rating)}>
        <Controller
          control={control}
          name="rating"
          render={({ field }) => (
            <Stack gap="1.5">
              {/* The stars' group is named by its own legend; this is the same word for sighted users. */}
              <Text as="span" aria-hidden="true" fontSize="sm" fontWeight="medium">
                Rating
              </Text>
              <StarRating
                value={typeof field.value === 'number' ? field.value : 0}
                onChange={(value) => field.onChange(value)}
                label="Rating"
                size="lg"
                step={1}
                describedBy={errors.rating ? ratingErrorId : undefined}
                inputRef={field.ref}
              />
            </Stack>
          )}
        />
        <Field.ErrorText id={ratingErrorId} color="red.700">
          {errors.rating?.message}
        </Field.ErrorText>
      </Field.Root>
      <FormField label="Title" required maxLength={FEEDBACK_LIMITS.titleMax} error={errors.title?.message} {...register('title')} />
      <Field.Root invalid={Boolean(errors.description)}>
        <Field.Label>Description (optional)</Field.Label>
        <Textarea rows={4} maxLength={FEEDBACK_LIMITS.descriptionMax} {...register('description')} />
        <Field.ErrorText color="red.700">{errors.description?.message}</Field.ErrorText>
      </Field.Root>
      <FormErrorAlert message={error} />
      <HStack gap="3" justify="flex-end" flexWrap="wrap">
        <Button variant="outline" onClick={onCancel} disabled={isSubmitting}>
          Cancel
        </Button>
        <Button type="submit" loading={isSubmitting} loadingText={initial ? 'Saving...' : 'Submitting...'}>
          {initial ? 'Save Changes' : 'Submit Feedback'}
        </Button>
      </HStack>
    </StackedForm>
  );
}
