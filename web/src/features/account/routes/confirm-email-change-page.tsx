import { Alert, Button, Spinner, Stack, Text } from '@chakra-ui/react';
import { useEffect } from 'react';
import { Link as RouterLink, useSearchParams } from 'react-router-dom';
import { SECURITY_MESSAGES } from '@solutionz/shared';
import { AuthCard } from '@/components/forms/auth-card';
import { paths } from '@/config/paths';
import { ApiError } from '@/lib/api-client';
import { useAuthActions, useSession } from '@/lib/auth/session';
import { useConfirmEmailChange } from '../api/security';

/**
 * /confirm-email-change?token=: the target of the link mailed to a new address. Opening it changes nothing
 * (mail scanners and link previews open links too): the page says what will happen, and pressing the button
 * moves the account to that address and ends every session of it, this browser's too, which signs out here
 * quietly: the page itself says to sign in again with the new address.
 */
export function ConfirmEmailChangePage() {
  const [params] = useSearchParams();
  const token = params.get('token')?.trim() || null;
  const confirm = useConfirmEmailChange();
  const session = useSession();
  const { signOut } = useAuthActions();
  const signedIn = session.status === 'signedIn';

  useEffect(() => {
    if (confirm.isSuccess && signedIn) signOut().catch((error: unknown) => console.error('Could not clear the ended session', error));
  }, [confirm.isSuccess, signedIn, signOut]);

  let body;
  if (!token || confirm.isError) {
    const message = confirm.error instanceof ApiError ? confirm.error.message : SECURITY_MESSAGES.emailChangeLinkInvalid;
    body = (
      <Alert.Root status="error" role="alert">
        <Alert.Indicator />
        <Alert.Title>{token ? message : SECURITY_MESSAGES.emailChangeLinkInvalid}</Alert.Title>
      </Alert.Root>
    );
  } else if (confirm.isSuccess) {
    body = (
      <Alert.Root status="success" role="status">
        <Alert.Indicator />
        <Alert.Content>
          <Alert.Title>{SECURITY_MESSAGES.emailChanged(confirm.data.email)}</Alert.Title>
          <Alert.Description>{SECURITY_MESSAGES.signInWithNewEmail}</Alert.Description>
        </Alert.Content>
      </Alert.Root>
    );
  } else if (confirm.isPending) {
    body = (
      <Stack direction="row" gap="3" align="center" justify="center" role="status">
        <Spinner size="sm" />
        <Text>Confirming your new e-mail address...</Text>
      </Stack>
    );
  } else {
    body = (
      <>
        <Text textAlign="center">{SECURITY_MESSAGES.emailChangeOffer}</Text>
        <Button onClick={() => confirm.mutate(token)}>Confirm new e-mail address</Button>
      </>
    );
  }

  return (
    <AuthCard title="Change of e-mail address">
      {body}
      {confirm.isSuccess || confirm.isError || !token ? (
        <Button asChild>
          {signedIn && !confirm.isSuccess ? (
            <RouterLink to={paths.accountTab('security')}>Go to Account Settings</RouterLink>
          ) : (
            <RouterLink to={paths.login}>Login</RouterLink>
          )}
        </Button>
      ) : null}
    </AuthCard>
  );
}
