import { Button, Text } from '@chakra-ui/react';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { SECURITY_MESSAGES, totpDisableRequestSchema, type MeResponse } from '@solutionz/shared';
import { FormErrorAlert } from '@/components/forms/form-error-alert';
import { FormField } from '@/components/forms/form-field';
import { applyServerFieldErrors } from '@/components/forms/server-errors';
import { StackedForm } from '@/components/forms/stacked-form';
import { AppDialog } from '@/components/ui/app-dialog';
import { toaster } from '@/components/ui/toaster';
import { ApiError } from '@/lib/api-client';
import { useDisableTotp } from '../../api/security';

type TwoStepOffForm = { password: string; code: string };

/** Turn off 2-step verification: the password and a current code from the app. */
export default function TwoStepOffDialog({ profile, onClose }: { profile: MeResponse; onClose: () => void }) {
  const disable = useDisableTotp(profile.userId);
  const { register, handleSubmit, setError, formState } = useForm<TwoStepOffForm>({
    resolver: zodResolver(totpDisableRequestSchema),
    defaultValues: { password: '', code: '' },
  });
  const submit = handleSubmit((values) =>
    disable.mutate(values, {
      onSuccess: () => {
        toaster.success(SECURITY_MESSAGES.totpDisabled);
        onClose();
      },
      onError: (error) => {
        if (!(error instanceof ApiError && applyServerFieldErrors(error, setError, ['password', 'code']))) {
          setError('root', { message: error instanceof ApiError ? error.message : SECURITY_MESSAGES.totpCodeInvalid });
        }
      },
    }),
  );

  return (
    <AppDialog
      open
      onOpenChange={(open) => !open && onClose()}
      title="Turn off 2-step verification"
      busy={disable.isPending}
      footer={
        <>
          <Button variant="outline" onClick={onClose} disabled={disable.isPending}>
            Cancel
          </Button>
          <Button type="submit" form="two-step-off-form" colorPalette="red" loading={disable.isPending} loadingText="Turning off...">
            Turn off
          </Button>
        </>
      }
    >
      <StackedForm id="two-step-off-form" onSubmit={() => void submit()}>
        <Text color="fg.muted">Signing in will no longer ask for a code. To turn it off, enter your password and a code from your authenticator app.</Text>
        <FormField label="Password" type="password" autoComplete="current-password" error={formState.errors.password?.message} {...register('password')} />
        <FormField
          label="Code from the app"
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={6}
          error={formState.errors.code?.message}
          {...register('code')}
        />
        <FormErrorAlert message={formState.errors.root?.message} />
      </StackedForm>
    </AppDialog>
  );
}
