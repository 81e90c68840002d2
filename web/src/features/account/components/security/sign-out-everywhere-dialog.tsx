import { Button, Text } from '@chakra-ui/react';
import { MESSAGES, SECURITY_MESSAGES } from '@solutionz/shared';
import { FormErrorAlert } from '@/components/forms/form-error-alert';
import { AppDialog } from '@/components/ui/app-dialog';
import { ApiError } from '@/lib/api-client';
import { useSignOutEverywhere } from '../../api/security';
import { useLeaveAccount } from './use-leave-account';

/** Sign out of all devices: every refresh token is revoked and older access tokens are refused, this browser's included. */
export default function SignOutEverywhereDialog({ onClose }: { onClose: () => void }) {
  const signOutEverywhere = useSignOutEverywhere();
  const leave = useLeaveAccount();
  const confirm = () => signOutEverywhere.mutate(undefined, { onSuccess: () => leave(SECURITY_MESSAGES.signedOutEverywhere) });
  return (
    <AppDialog
      open
      role="alertdialog"
      onOpenChange={(open) => !open && onClose()}
      title="Sign out of all devices?"
      busy={signOutEverywhere.isPending}
      footer={
        <>
          <Button variant="outline" onClick={onClose} disabled={signOutEverywhere.isPending}>
            Cancel
          </Button>
          <Button colorPalette="red" onClick={confirm} loading={signOutEverywhere.isPending} loadingText="Signing out...">
            Sign out everywhere
          </Button>
        </>
      }
    >
      <Text>Every browser and device signed in to your account is signed out, this one included. You can sign in again with your password.</Text>
      <FormErrorAlert message={signOutEverywhere.error ? (signOutEverywhere.error instanceof ApiError ? signOutEverywhere.error.message : MESSAGES.api.internal) : undefined} />
    </AppDialog>
  );
}
