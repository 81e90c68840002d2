import { Text } from '@chakra-ui/react';
import { MESSAGES, SECURITY_MESSAGES } from '@solutionz/shared';
import { FormErrorAlert } from '@/components/forms/form-error-alert';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { ApiError } from '@/lib/api-client';
import { useSignOutEverywhere } from '../../api/security';
import { useLeaveAccount } from './use-leave-account';

/** Sign out of all devices: every refresh token is revoked and older access tokens are refused, this browser's included. */
export default function SignOutEverywhereDialog({ onClose }: { onClose: () => void }) {
  const signOutEverywhere = useSignOutEverywhere();
  const leave = useLeaveAccount();
  const confirm = () => signOutEverywhere.mutate(undefined, { onSuccess: () => leave(SECURITY_MESSAGES.signedOutEverywhere) });
  return (
    <ConfirmDialog
      title="Sign out of all devices?"
      onClose={onClose}
      busy={signOutEverywhere.isPending}
      confirmLabel="Sign out everywhere"
      busyLabel="Signing out..."
      onConfirm={confirm}
    >
      <Text>Every browser and device signed in to your account is signed out, this one included. You can sign in again with your password.</Text>
      <FormErrorAlert
        message={signOutEverywhere.error ? (signOutEverywhere.error instanceof ApiError ? signOutEverywhere.error.message : MESSAGES.api.internal) : undefined}
      />
    </ConfirmDialog>
  );
}
