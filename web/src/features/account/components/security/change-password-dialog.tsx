import { Button, Text } from '@chakra-ui/react';
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useNavigate } from 'react-router-dom';
import { passwordChangeRequestSchema, SECURITY_MESSAGES, type MeResponse } from '@solutionz/shared';
import { FormErrorAlert } from '@/components/forms/form-error-alert';
import { FormField } from '@/components/forms/form-field';
import { applyServerFieldErrors } from '@/components/forms/server-errors';
import { SignInCodeForm } from '@/components/forms/sign-in-code-form';
import { StackedForm } from '@/components/forms/stacked-form';
import { AppDialog } from '@/components/ui/app-dialog';
import { toastFailure } from '@/components/ui/failure-toast';
import { toaster } from '@/components/ui/toaster';
import { paths } from '@/config/paths';
import { ApiError } from '@/lib/api-client';
import { useAuthActions } from '@/lib/auth/session';
import { useChangePassword } from '../../api/security';

type PasswordChangeForm = { currentPassword: string; newPassword: string; confirmPassword: string };

/**
 * Change password (docs/product/account-settings.md#security-tab). The API ends every session with it, this one
 * included, so the dialog signs this browser in again with the new password (and, with 2-step
 * verification on, a code): the other devices stay signed out, this one does not.
 */
export default function ChangePasswordDialog({ profile, onClose }: { profile: MeResponse; onClose: () => void }) {
  const change = useChangePassword();
  const { signIn, confirmSignInWithCode, signOut } = useAuthActions();
  const navigate = useNavigate();
  const [failure, setFailure] = useState<string>();
  const [codeNeeded, setCodeNeeded] = useState(false);
  const [signingIn, setSigningIn] = useState(false);
  const { register, handleSubmit, setError, formState } = useForm<PasswordChangeForm>({
    resolver: zodResolver(passwordChangeRequestSchema),
    defaultValues: { currentPassword: '', newPassword: '', confirmPassword: '' },
  });

  const done = () => {
    toaster.success(SECURITY_MESSAGES.passwordChanged);
    onClose();
  };

  /** The password did change; only this browser's new session failed. The person signs in on the login page. */
  const signInElsewhere = async (error?: unknown) => {
    if (error) console.error('Could not sign in again after the password change', error);
    await signOut().catch(() => undefined);
    toaster.info({ title: SECURITY_MESSAGES.passwordChanged.title, description: 'Please sign in with your new password.' });
    onClose();
    navigate(paths.login);
  };

  const submit = handleSubmit((values) => {
    setFailure(undefined);
    change.mutate(values, {
      onSuccess: async () => {
        setSigningIn(true);
        try {
          const result = await signIn(profile.email, values.newPassword);
          if (result.status === 'codeNeeded') setCodeNeeded(true);
          else done();
        } catch (error) {
          await signInElsewhere(error);
        } finally {
          setSigningIn(false);
        }
      },
      onError: (error) => {
        const placed = error instanceof ApiError && applyServerFieldErrors(error, setError, ['currentPassword', 'newPassword', 'confirmPassword']);
        const message = error instanceof ApiError ? error.message : SECURITY_MESSAGES.passwordChangeFailed;
        if (!placed) setFailure(message);
        toastFailure(error, { title: SECURITY_MESSAGES.passwordChangeFailed, description: message });
      },
    });
  });

  const busy = change.isPending || signingIn;
  if (codeNeeded) {
    return (
      <AppDialog open onOpenChange={() => undefined} title="Sign in again" busy>
        <Text mb="4">Your password has been changed. To stay signed in on this device, confirm it is you.</Text>
        <SignInCodeForm
          onCode={async (code) => {
            await confirmSignInWithCode(code);
            done();
          }}
          onFailure={(error) => void signInElsewhere(error)}
          onCancel={() => void signInElsewhere()}
        />
      </AppDialog>
    );
  }

  return (
    <AppDialog
      open
      onOpenChange={(open) => !open && onClose()}
      title="Change password"
      busy={busy}
      footer={
        <>
          <Button variant="outline" onClick={onClose} disabled={busy}>
            Cancel
          </Button>
          <Button type="submit" form="change-password-form" loading={busy} loadingText="Changing...">
            Change password
          </Button>
        </>
      }
    >
      <StackedForm id="change-password-form" onSubmit={() => void submit()}>
        <FormField
          label="Current password"
          type="password"
          autoComplete="current-password"
          error={formState.errors.currentPassword?.message}
          {...register('currentPassword')}
        />
        <FormField
          label="New password"
          type="password"
          autoComplete="new-password"
          error={formState.errors.newPassword?.message}
          {...register('newPassword')}
        />
        <FormField
          label="Confirm new password"
          type="password"
          autoComplete="new-password"
          error={formState.errors.confirmPassword?.message}
          {...register('confirmPassword')}
        />
        <Text fontSize="sm" color="fg.muted">
          Your other devices will be signed out.
        </Text>
        <FormErrorAlert message={failure} />
      </StackedForm>
    </AppDialog>
  );
}
