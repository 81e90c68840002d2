import { Button, Text } from '@chakra-ui/react';
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { emailChangeRequestSchema, SECURITY_MESSAGES, type MeResponse } from '@solutionz/shared';
import { FormErrorAlert } from '@/components/forms/form-error-alert';
import { FormField } from '@/components/forms/form-field';
import { applyServerFieldErrors } from '@/components/forms/server-errors';
import { StackedForm } from '@/components/forms/stacked-form';
import { AppDialog } from '@/components/ui/app-dialog';
import { toastFailure } from '@/components/ui/failure-toast';
import { ApiError } from '@/lib/api-client';
import { errorMessageWithRetry } from '@/lib/retry-after';
import { useRequestEmailChange } from '../../api/security';

type EmailChangeForm = { newEmail: string; currentPassword: string };

/**
 * Change e-mail (docs/product/account-settings.md#security-tab): the current password is checked, and a single-use
 * link goes to the new address; the address changes when that link is opened.
 */
export default function ChangeEmailDialog({ profile, onClose }: { profile: MeResponse; onClose: () => void }) {
  const request = useRequestEmailChange();
  const [sentTo, setSentTo] = useState<string>();
  const [failure, setFailure] = useState<string>();
  const { register, handleSubmit, setError, formState } = useForm<EmailChangeForm>({
    resolver: zodResolver(emailChangeRequestSchema),
    defaultValues: { newEmail: '', currentPassword: '' },
  });

  const submit = handleSubmit((values) => {
    setFailure(undefined);
    request.mutate(values, {
      onSuccess: (result) => setSentTo(result.sentTo),
      onError: (error) => {
        const placed = error instanceof ApiError && applyServerFieldErrors(error, setError, ['newEmail', 'currentPassword']);
        const message = errorMessageWithRetry(error, SECURITY_MESSAGES.emailChangeFailed);
        if (!placed) setFailure(message);
        toastFailure(error, { title: SECURITY_MESSAGES.emailChangeFailed, description: message });
      },
    });
  });

  return (
    <AppDialog
      open
      onOpenChange={(open) => !open && onClose()}
      title="Change e-mail address"
      busy={request.isPending}
      footer={
        sentTo ? (
          <Button onClick={onClose}>Done</Button>
        ) : (
          <>
            <Button variant="outline" onClick={onClose} disabled={request.isPending}>
              Cancel
            </Button>
            <Button type="submit" form="change-email-form" loading={request.isPending} loadingText="Sending...">
              Send confirmation link
            </Button>
          </>
        )
      }
    >
      {sentTo ? (
        <Text role="status">{SECURITY_MESSAGES.emailChangeSent(sentTo)}</Text>
      ) : (
        <StackedForm id="change-email-form" onSubmit={() => void submit()}>
          <Text color="fg.muted">Your address is {profile.email}. We'll send a confirmation link to the new address; it changes when you open that link.</Text>
          <FormField label="New e-mail address" type="email" autoComplete="email" error={formState.errors.newEmail?.message} {...register('newEmail')} />
          <FormField
            label="Current password"
            type="password"
            autoComplete="current-password"
            error={formState.errors.currentPassword?.message}
            {...register('currentPassword')}
          />
          <FormErrorAlert message={failure} />
        </StackedForm>
      )}
    </AppDialog>
  );
}
