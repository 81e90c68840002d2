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
 * not offered yet: the address must be confirmed first, in the API's words, with the resend at hand;
 * `about` names what waits for it where the page does not make that plain.
 */
export function EmailConfirmationRequired({ email, about }: { email: string; about?: string }) {
  const { state, resend } = useResendConfirmation(email);
  const text = MESSAGES.emailConfirmationBanner;
  return (
    <Alert.Root status="warning">
      <Alert.Indicator />
      <Alert.Content gap="2">
        {about && <Alert.Title>{about}</Alert.Title>}
        <Alert.Description>{MESSAGES.emailConfirmationRequired}</Alert.Description>
        {state.status === 'sent' && <Alert.Description role="status">{text.sent}</Alert.Description>}
        {state.status === 'failed' && <Alert.Description>{state.message}</Alert.Description>}
        {state.status !== 'sent' && (
          <Button
            size="sm"
            variant="outline"
            colorPalette="orange"
            alignSelf="flex-start"
            loading={state.status === 'sending'}
            loadingText={text.sending}
            onClick={() => void resend()}
          >
            {text.resend}
          </Button>
        )}
      </Alert.Content>
    </Alert.Root>
  );
}
