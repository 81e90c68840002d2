import { Button, chakra, Field, NativeSelect, SimpleGrid, Textarea } from '@chakra-ui/react';
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { Controller, useForm, type FieldPath } from 'react-hook-form';
import { useNavigate } from 'react-router-dom';
import { JOB_LIMITS, JOB_MESSAGES, jobPostSchema, type JobPost, type JobPostInput, type Place } from '@solutionz/shared';
import { FormField } from '@/components/forms/form-field';
import { LocationAutocomplete } from '@/entities/locations/components/location-autocomplete';
import { applyServerFieldErrors } from '@/components/forms/server-errors';
import { TaxonomyPicker } from '@/entities/categories/components/taxonomy-picker';
import { toastFailure } from '@/components/ui/failure-toast';
import { toaster } from '@/components/ui/toaster';
import { paths } from '@/config/paths';
import { ApiError } from '@/lib/api-client';
import { usePostJob } from '@/entities/jobs/api/my-jobs';

const FIELDS: readonly FieldPath<JobPostInput>[] = [
  'title',
  'description',
  'contactEmail',
  'contactPhone',
  'budget',
  'budgetType',
  'categories',
  'location',
  'revealCap',
];

const REVEAL_CAPS = Array.from({ length: JOB_LIMITS.revealCap.max - JOB_LIMITS.revealCap.min + 1 }, (_, index) => JOB_LIMITS.revealCap.min + index);

/**
 * Post a Job (docs/product/jobs.md#posting-a-job): checked with the API's own schema, so the messages are the same on
 * both sides; the new job is then shown on the board.
 */
export function PostJobForm({ contactEmail }: { contactEmail: string }) {
  const navigate = useNavigate();
  const post = usePostJob();
  const [suggestions, setSuggestions] = useState<readonly Place[]>([]);
  const form = useForm<JobPostInput, unknown, JobPost>({
    resolver: zodResolver(jobPostSchema),
    defaultValues: {
      title: '',
      description: '',
      contactEmail,
      contactPhone: '',
      budget: '',
      budgetType: 'fixed',
      categories: [],
      location: '',
      revealCap: JOB_LIMITS.revealCap.default,
    },
  });
  const { register, control, handleSubmit, setError, formState } = form;
  const errors = formState.errors;

  const submit = handleSubmit(
    (values) => {
      setSuggestions([]);
      post.mutate(values, {
        onSuccess: (job) => {
          toaster.success({ title: JOB_MESSAGES.posted });
          navigate(`${paths.jobDirectory}?job=${encodeURIComponent(job.id)}`);
        },
        onError: (error) => {
          if (error instanceof ApiError && error.status === 400) {
            applyServerFieldErrors(error, setError, FIELDS);
            setSuggestions(error.suggestions);
          }
          toastFailure(error, { title: JOB_MESSAGES.postFailed, description: error instanceof ApiError ? error.message : undefined });
        },
      });
    },
    (invalid) => {
      if (invalid.categories) toaster.error(JOB_MESSAGES.categoryRequired);
    },
  );

  return (
    <chakra.form display="flex" flexDirection="column" gap="5" noValidate onSubmit={(event) => void submit(event)} aria-label="Job details">
      <FormField label="Job title" required maxLength={JOB_LIMITS.titleMax} error={errors.title?.message} {...register('title')} />
      <Field.Root invalid={Boolean(errors.description)} required>
        <Field.Label>
          Description <Field.RequiredIndicator />
        </Field.Label>
        <Textarea rows={6} maxLength={JOB_LIMITS.descriptionMax} {...register('description')} />
        <Field.ErrorText color="red.700">{errors.description?.message}</Field.ErrorText>
      </Field.Root>
      <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
        <FormField label="Contact email" type="email" autoComplete="email" required error={errors.contactEmail?.message} {...register('contactEmail')} />
        <FormField label="Contact phone (optional)" type="tel" autoComplete="tel" error={errors.contactPhone?.message} {...register('contactPhone')} />
      </SimpleGrid>
      <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
        <FormField label="Budget (optional)" placeholder="e.g. £500" maxLength={JOB_LIMITS.budgetMax} error={errors.budget?.message} {...register('budget')} />
        <Field.Root invalid={Boolean(errors.budgetType)}>
          <Field.Label>Budget type</Field.Label>
          <NativeSelect.Root>
            <NativeSelect.Field {...register('budgetType')}>
              <option value="fixed">Fixed price</option>
              <option value="hourly">Hourly rate</option>
            </NativeSelect.Field>
            <NativeSelect.Indicator />
          </NativeSelect.Root>
          <Field.ErrorText color="red.700">{errors.budgetType?.message}</Field.ErrorText>
        </Field.Root>
      </SimpleGrid>
      <Controller
        control={control}
        name="categories"
        render={({ field, fieldState }) => (
          <TaxonomyPicker
            legend="Service categories"
            helperText="Choose at least one: a whole group, one of its services, or describe another service."
            value={field.value}
            onChange={field.onChange}
            error={fieldState.error?.message}
          />
        )}
      />
      <Controller
        control={control}
        name="location"
        render={({ field, fieldState }) => (
          <LocationAutocomplete
            label="Location"
            name={field.name}
            value={field.value}
            onChange={(next) => {
              field.onChange(next);
              if (suggestions.some((place) => place.name === next)) setSuggestions([]);
            }}
            onBlur={field.onBlur}
            inputRef={field.ref}
            error={fieldState.error?.message}
            suggestions={suggestions}
          />
        )}
      />
      <Field.Root invalid={Boolean(errors.revealCap)}>
        <Field.Label>How many professionals may see your contact details</Field.Label>
        <NativeSelect.Root>
          <NativeSelect.Field {...register('revealCap', { valueAsNumber: true })}>
            {REVEAL_CAPS.map((cap) => (
              <option key={cap} value={cap}>
                {cap}
              </option>
            ))}
          </NativeSelect.Field>
          <NativeSelect.Indicator />
        </NativeSelect.Root>
        <Field.HelperText>Once this many have revealed them, the job shows “{JOB_MESSAGES.enoughInterest}”.</Field.HelperText>
        <Field.ErrorText color="red.700">{errors.revealCap?.message}</Field.ErrorText>
      </Field.Root>
      <Button type="submit" alignSelf="flex-start" loading={post.isPending} loadingText="Posting…">
        Post Job
      </Button>
    </chakra.form>
  );
}
