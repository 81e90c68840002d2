import { Alert, Button, Field, Input, Stack, Text, Textarea } from '@chakra-ui/react';
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import {
  ADMIN_CONSOLE_MESSAGES,
  adminCreateProviderSchema,
  AVATAR,
  PROFILE_LIMITS,
  ROLE_LABELS,
  type AdminCreateProviderInput,
  type AdminUserRecord,
} from '@solutionz/shared';
import { FormField } from '@/components/forms/form-field';
import { TaxonomyPicker } from '@/entities/categories/components/taxonomy-picker';
import { AppDialog } from '@/components/ui/app-dialog';
import { toastFailure } from '@/components/ui/failure-toast';
import { toaster } from '@/components/ui/toaster';
import { paths } from '@/config/paths';
import { ApiError } from '@/lib/api-client';
import { useCreateProvider } from '../api/admin-api';
import { FormDialog } from '@/components/ui/form-dialog';
import { ClaimLinkField } from './claim-link';
import { SelectField } from './select-field';

const TYPE_OPTIONS = (['provider', 'client'] as const).map((type) => ({ value: type, label: ROLE_LABELS[type] }));
type Fields = Required<Omit<AdminCreateProviderInput, 'categories' | 'logoKey'>>;
const EMPTY: Fields = {
  accountType: 'provider',
  firstName: '',
  lastName: '',
  businessName: '',
  location: '',
  phoneNumber: '',
  websiteUrl: '',
  bio: '',
  businessEmail: '',
};
const MESSAGES = ADMIN_CONSOLE_MESSAGES.createProvider;

/** Optional fields left empty are not sent at all. */
const withoutBlanks = (fields: Fields): AdminCreateProviderInput =>
  Object.fromEntries(Object.entries(fields).filter(([, value]) => value.trim() !== '')) as AdminCreateProviderInput;

/**
 * The success dialog (docs/product/admin.md#create-provider): the claim link to send to the owner, then stay on the users
 * page, or see the new business in the directory.
 */
function CreatedDialog({ provider, businessId, onClose }: { provider: AdminUserRecord; businessId: string; onClose: () => void }) {
  const navigate = useNavigate();
  return (
    <AppDialog
      open
      onOpenChange={(open) => !open && onClose()}
      title="Provider created"
      footer={
        <>
          <Button variant="outline" onClick={onClose}>
            Stay on this page
          </Button>
          <Button onClick={() => navigate(`${paths.directory}?service=${encodeURIComponent(provider.businessName ?? '')}`)}>View in Directory</Button>
        </>
      }
    >
      <Stack gap="4">
        <Text>
          {MESSAGES.created}: <strong>{provider.businessName}</strong>.
        </Text>
        <ClaimLinkField businessId={businessId} />
      </Stack>
    </AppDialog>
  );
}

/**
 * Create provider (docs/product/admin.md#create-provider): the new-provider payload and an optional logo. The business has no
 * login until someone claims it; the directory lists it by an admin-granted listing.
 */
export function CreateProviderDialog({ onClose }: { onClose: () => void }) {
  const create = useCreateProvider();
  const [fields, setFields] = useState<Fields>(EMPTY);
  const [categories, setCategories] = useState<string[]>([]);
  const [logo, setLogo] = useState<File>();
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [created, setCreated] = useState<{ provider: AdminUserRecord; businessId: string }>();
  const set = (key: keyof Fields) => (event: { target: { value: string } }) => setFields((before) => ({ ...before, [key]: event.target.value }));
  const isClient = fields.accountType === 'client';
  const ready = !isClient && Boolean(fields.firstName.trim() && fields.lastName.trim() && fields.businessName.trim());

  if (created) return <CreatedDialog provider={created.provider} businessId={created.businessId} onClose={onClose} />;

  function submit() {
    if (isClient) return;
    const logoError =
      logo && !(AVATAR.mimeTypes as readonly string[]).includes(logo.type)
        ? MESSAGES.logoWrongType
        : logo && logo.size > AVATAR.maxBytes
          ? MESSAGES.logoTooLarge
          : undefined;
    const parsed = adminCreateProviderSchema.safeParse({ ...withoutBlanks(fields), categories });
    if (!parsed.success || logoError) {
      const found: Record<string, string> = logoError ? { logo: logoError } : {};
      for (const issue of parsed.error?.issues ?? []) found[String(issue.path[0])] ??= issue.message;
      setErrors(found);
      toaster.error({ title: MESSAGES.validationError, description: Object.values(found)[0] });
      return;
    }
    setErrors({});
    create.mutate(
      { input: { ...withoutBlanks(fields), categories }, ...(logo ? { logo } : {}) },
      {
        onSuccess: ({ provider, businessId }) => {
          toaster.success({ title: MESSAGES.created });
          setCreated({ provider, businessId });
        },
        onError: (error) => {
          if (error instanceof ApiError && Object.keys(error.fields).length > 0) {
            setErrors(Object.fromEntries(Object.entries(error.fields).map(([key, message]) => [key.replace(/^body\./, ''), message])));
          }
          toastFailure(error, { title: MESSAGES.failed, description: error instanceof ApiError ? error.message : undefined });
        },
      },
    );
  }

  return (
    <FormDialog
      title="Create provider"
      width="3xl"
      submitLabel="Create provider"
      busyLabel="Creating..."
      submitDisabled={!ready}
      busy={create.isPending}
      onClose={onClose}
      onSubmit={submit}
    >
      <Stack gap="4">
        <SelectField
          label="Account type"
          value={fields.accountType}
          options={TYPE_OPTIONS}
          onChange={(accountType) => setFields((before) => ({ ...before, accountType }))}
        />
        {isClient ? (
          <Alert.Root status="info" role="status">
            <Alert.Indicator />
            <Alert.Content>
              <Alert.Title>{MESSAGES.clientCreation.title}</Alert.Title>
              <Alert.Description>{MESSAGES.clientCreation.description}</Alert.Description>
            </Alert.Content>
          </Alert.Root>
        ) : (
          <>
            <Stack direction={{ base: 'column', sm: 'row' }} gap="4">
              <FormField label="First name" required value={fields.firstName} onChange={set('firstName')} error={errors.firstName} />
              <FormField label="Last name" required value={fields.lastName} onChange={set('lastName')} error={errors.lastName} />
            </Stack>
            <FormField label="Business name" required value={fields.businessName} onChange={set('businessName')} error={errors.businessName} />
            <Stack direction={{ base: 'column', sm: 'row' }} gap="4">
              <FormField label="Location" value={fields.location} onChange={set('location')} error={errors.location} helperText="A town or postcode" />
              <FormField label="Phone number" type="tel" value={fields.phoneNumber} onChange={set('phoneNumber')} error={errors.phoneNumber} />
            </Stack>
            <FormField label="Website" value={fields.websiteUrl} onChange={set('websiteUrl')} error={errors.websiteUrl} placeholder="www.example.co.uk" />
            <FormField
              label="Business email"
              type="email"
              value={fields.businessEmail}
              onChange={set('businessEmail')}
              error={errors.businessEmail}
              helperText="Whoever claims the business and confirms this address is verified without a review."
            />
            <Field.Root invalid={Boolean(errors.bio)}>
              <Field.Label>Bio</Field.Label>
              <Textarea value={fields.bio} onChange={set('bio')} rows={4} maxLength={PROFILE_LIMITS.bioMaxChars} />
              <Field.ErrorText color="red.700">{errors.bio}</Field.ErrorText>
            </Field.Root>
            <TaxonomyPicker value={categories} onChange={setCategories} error={errors.categories} />
            <Field.Root invalid={Boolean(errors.logo ?? errors.logoKey)}>
              <Field.Label>Business logo</Field.Label>
              <Input type="file" accept={AVATAR.mimeTypes.join(',')} p="1" onChange={(event) => setLogo(event.target.files?.[0])} />
              {(errors.logo ?? errors.logoKey) ? (
                <Field.ErrorText color="red.700">{errors.logo ?? errors.logoKey}</Field.ErrorText>
              ) : (
                <Field.HelperText>PNG or JPEG, up to 2MB.</Field.HelperText>
              )}
            </Field.Root>
          </>
        )}
      </Stack>
    </FormDialog>
  );
}
