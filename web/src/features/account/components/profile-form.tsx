import { Button, chakra, Field, Fieldset, Heading, HStack, SimpleGrid, Stack, Text, Textarea } from '@chakra-ui/react';
import { zodResolver } from '@hookform/resolvers/zod';
import { lazy, Suspense, useState } from 'react';
import { Controller, useForm, type FieldPath, type Resolver } from 'react-hook-form';
import { useNavigate } from 'react-router-dom';
import {
  PROFILE_LIMITS,
  PROFILE_MESSAGES,
  profileUpdateSchema,
  SERVICE_PROFILE_FIELDS,
  SOCIAL_LINK_KEYS,
  SOCIAL_LINK_LABELS,
  socialLinksFrom,
  TOAST,
  type MeResponse,
  type Place,
  type ProfileUpdate,
  type ProfileUpdateInput,
} from '@solutionz/shared';
import { FormField } from '@/components/forms/form-field';
import { LocationAutocomplete } from '@/entities/locations/components/location-autocomplete';
import { applyServerFieldErrors } from '@/components/forms/server-errors';
import { TaxonomyPicker } from '@/entities/categories/components/taxonomy-picker';
import { toastFailure } from '@/components/ui/failure-toast';
import { toaster } from '@/components/ui/toaster';
import { UserAvatar } from '@/components/ui/user-avatar';
import { paths } from '@/config/paths';
import { ApiError } from '@/lib/api-client';
import { useUpdateProfile } from '../api/profile';
import { LockedServices } from './locked-services';
import { SkillsField } from './skills-field';

const AvatarUploadDialog = lazy(() => import('@/components/avatar/avatar-upload-dialog'));

/** Every field a server message can name, as the form knows it (`socialLinks.website` is `body.socialLinks.website`). */
const FIELDS: readonly FieldPath<ProfileUpdateInput>[] = [
  'firstName',
  'lastName',
  'location',
  'businessName',
  'phoneNumber',
  'bio',
  'skills',
  'categories',
  ...SOCIAL_LINK_KEYS.map((key) => `socialLinks.${key}` as const),
];

/** A provider without a running membership sees their services and skills but cannot change them (the API refuses it). */
const servicesLocked = (profile: MeResponse) => profile.accountType === 'provider' && !profile.subscription.isSubscribed;

/**
 * The form's starting values: the profile as it is; provider fields only for providers (a client's would be refused),
 * and services and skills only where they may change.
 */
function profileFormValues(profile: MeResponse): ProfileUpdateInput {
  const values: ProfileUpdateInput = {
    firstName: profile.firstName,
    lastName: profile.lastName,
    location: profile.location ?? '',
    bio: profile.bio ?? '',
    skills: [...profile.skills],
    socialLinks: socialLinksFrom(profile.socialLinks),
    ...(profile.accountType === 'provider'
      ? { businessName: profile.businessName ?? '', phoneNumber: profile.phoneNumber ?? '', categories: [...profile.categories] }
      : {}),
  };
  if (servicesLocked(profile)) for (const field of SERVICE_PROFILE_FIELDS) delete values[field];
  return values;
}

/**
 * The shared schema, except that a location left as it was is not sent: it is placed already, and an
 * account that never had one (an admin) need not invent one to change its name.
 */
function profileResolver(profile: MeResponse): Resolver<ProfileUpdateInput, unknown, ProfileUpdate> {
  const validate = zodResolver(profileUpdateSchema);
  return (values, context, options) => {
    const { location, ...rest } = values;
    const unchanged = (location ?? '').trim() === (profile.location ?? '').trim();
    return validate(unchanged ? rest : values, context, options);
  };
}

/**
 * The profile tab of the account settings (docs/product/account-settings.md#profile-fields): checked with the API's own schema,
 * saved with PATCH /api/me/profile. The header updates at once; a provider then sees their public page.
 */
function ProfileForm({ profile }: { profile: MeResponse }) {
  const navigate = useNavigate();
  const save = useUpdateProfile();
  const [suggestions, setSuggestions] = useState<readonly Place[]>([]);
  const [photoOpen, setPhotoOpen] = useState(false);
  const isProvider = profile.accountType === 'provider';
  const locked = servicesLocked(profile);

  const form = useForm<ProfileUpdateInput, unknown, ProfileUpdate>({ resolver: profileResolver(profile), defaultValues: profileFormValues(profile) });
  const { register, control, handleSubmit, setError, reset, formState } = form;
  const errors = formState.errors;

  const submit = handleSubmit((values) => {
    setSuggestions([]);
    save.mutate(values, {
      onSuccess: (saved) => {
        reset(profileFormValues(saved));
        toaster.success({ ...PROFILE_MESSAGES.saved, duration: TOAST.profileDurationMs });
        if (saved.accountType === 'provider') navigate(paths.provider(saved.userId));
      },
      onError: (error) => {
        if (error instanceof ApiError && error.status === 400) {
          applyServerFieldErrors(error, setError, FIELDS);
          setSuggestions(error.suggestions);
        }
        toastFailure(error, {
          title: PROFILE_MESSAGES.saveFailed.title,
          description: error instanceof ApiError ? error.message : PROFILE_MESSAGES.saveFailed.description,
          duration: TOAST.profileDurationMs,
        });
      },
    });
  });

  return (
    <Stack gap="8">
      <HStack gap="4">
        <UserAvatar name={profile.displayName} src={profile.avatarUrl} alt="Your profile picture" size="xl" />
        <Button variant="outline" size="sm" onClick={() => setPhotoOpen(true)}>
          Change Profile Photo
        </Button>
        {photoOpen && (
          <Suspense>
            <AvatarUploadDialog open onOpenChange={setPhotoOpen} />
          </Suspense>
        )}
      </HStack>

      <chakra.form display="flex" flexDirection="column" gap="6" noValidate onSubmit={(event) => void submit(event)} aria-label="Profile details">
        <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
          <FormField label="First name" autoComplete="given-name" error={errors.firstName?.message} {...register('firstName')} />
          <FormField label="Last name" autoComplete="family-name" error={errors.lastName?.message} {...register('lastName')} />
        </SimpleGrid>
        <Controller
          control={control}
          name="location"
          render={({ field, fieldState }) => (
            <LocationAutocomplete
              label="Location"
              name={field.name}
              value={field.value ?? ''}
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
        {isProvider && (
          <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
            <FormField label="Business name" autoComplete="organization" error={errors.businessName?.message} {...register('businessName')} />
            <FormField label="Phone number" type="tel" autoComplete="tel" error={errors.phoneNumber?.message} {...register('phoneNumber')} />
          </SimpleGrid>
        )}
        <Field.Root invalid={Boolean(errors.bio)}>
          <Field.Label>Bio</Field.Label>
          <Textarea rows={5} maxLength={PROFILE_LIMITS.bioMaxChars} {...register('bio')} />
          <Field.HelperText>Tell clients and professionals a little about yourself.</Field.HelperText>
          <Field.ErrorText color="red.700">{errors.bio?.message}</Field.ErrorText>
        </Field.Root>
        {!locked && (
          <Controller
            control={control}
            name="skills"
            render={({ field, fieldState }) => <SkillsField value={field.value ?? []} onChange={field.onChange} error={fieldState.error?.message} />}
          />
        )}
        <Fieldset.Root>
          <Fieldset.Legend>Social links</Fieldset.Legend>
          <Fieldset.HelperText>Leave a box empty to hide that link. https:// is added for you.</Fieldset.HelperText>
          <SimpleGrid columns={{ base: 1, md: 2 }} gap="4" mt="2">
            {SOCIAL_LINK_KEYS.map((key) => (
              <FormField
                key={key}
                label={SOCIAL_LINK_LABELS[key]}
                inputMode="url"
                autoComplete="off"
                error={errors.socialLinks?.[key]?.message}
                {...register(`socialLinks.${key}`)}
              />
            ))}
          </SimpleGrid>
        </Fieldset.Root>
        {isProvider && !locked && (
          <Controller
            control={control}
            name="categories"
            render={({ field, fieldState }) => <TaxonomyPicker value={field.value ?? []} onChange={field.onChange} error={fieldState.error?.message} />}
          />
        )}
        {locked && <LockedServices categories={profile.categories} skills={profile.skills} />}
        <Stack gap="2" align="start">
          <Button type="submit" loading={save.isPending} loadingText="Saving...">
            Save Changes
          </Button>
          {isProvider && (
            <Text fontSize="sm" color="fg.muted">
              After saving you will see your public profile.
            </Text>
          )}
        </Stack>
      </chakra.form>
    </Stack>
  );
}

export function ProfileTab({ profile }: { profile: MeResponse }) {
  return (
    <Stack gap="6">
      <Heading as="h2" size="xl">
        My Profile
      </Heading>
      <ProfileForm key={profile.userId} profile={profile} />
    </Stack>
  );
}
