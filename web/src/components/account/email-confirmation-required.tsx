import { Alert, Button } from '@chakra-ui/react';
import { MESSAGES } from '@solutionz/shared';
import { useSession } from '@/lib/auth/session';
import { useResendConfirmation } from './use-resend-confirmation';

/** The signed-in person's address while it is not confirmed; undefined when it is, or nobody is signed in. */
export function useUnconfirmedEmail(): string | undefined {
  const session = useSession();
  const profile = session.status === 'signedIn' ? session.profile : undefined;
  return profile && !profile.emailConfirmed ? profile.email : undefined;
}

/**
 * Why a form that acts on others (posting a job, feedback, a reply, revealing a contact, FIRST100) is
 * not offered yet: the address must be confirmed first, in the API's words, with the resend at hand.
 */
export function EmailConfirmationRequired({ email }: { email: string }) {
  const { state, resend } = useResendConfirmation(email);
  const text = MESSAGES.emailConfirmationBanner;
  return (
    <Alert.Root status="warning" alignItems="center" flexWrap="wrap">
      <Alert.Indicator />
      <Alert.Content>
        <Alert.Title>{MESSAGES.emailConfirmationRequired}</Alert.Title>
        {state.status === 'sent' && <Alert.Description role="status">{text.sent}</Alert.Description>}
        {state.status === 'failed' && <Alert.Description>{state.message}</Alert.Description>}
      </Alert.Content>
      {state.status !== 'sent' && (
        <Button size="sm" variant="outline" colorPalette="orange" loading={state.status === 'sending'} loadingText={text.sending} onClick={() => void resend()}>
          {text.resend}
        </Button>
      )}
    </Alert.Root>
  );
}
