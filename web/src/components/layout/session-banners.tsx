import { Alert, Box, Button, CloseButton, Container, Stack } from '@chakra-ui/react';
import { useEffect, useState } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { EMAIL_CONFIRMATION_POLL_MS, MESSAGES } from '@solutionz/shared';
import { useResendConfirmation } from '@/components/account/use-resend-confirmation';
import { paths } from '@/config/paths';
import { useAuthActions, useSession } from '@/lib/auth/session';

/**
 * While the address is unconfirmed, the profile is re-read every few seconds and whenever the tab
 * comes back into view, so the banner goes away by itself once the link in the mail was opened
 * (another tab's confirm page also says so at once through the e-mail-confirmed signal).
 */
function useWatchForConfirmation(active: boolean) {
  const { refreshProfile } = useAuthActions();
  useEffect(() => {
    if (!active) return;
    const refresh = () => void refreshProfile();
    const onVisible = () => {
      if (document.visibilityState === 'visible') refresh();
    };
    const timer = setInterval(refresh, EMAIL_CONFIRMATION_POLL_MS);
    window.addEventListener('focus', refresh);
    document.addEventListener('visibilitychange', onVisible);
    return () => {
      clearInterval(timer);
      window.removeEventListener('focus', refresh);
      document.removeEventListener('visibilitychange', onVisible);
    };
  }, [active, refreshProfile]);
}

function EmailConfirmationBanner({ email, onDismiss }: { email: string; onDismiss: () => void }) {
  const { state: resend, resend: resendEmail } = useResendConfirmation(email);
  const text = MESSAGES.emailConfirmationBanner;

  return (
    <Alert.Root status="warning" borderRadius="0" alignItems="center">
      <Alert.Indicator />
      <Alert.Content>
        <Alert.Title>{text.title}</Alert.Title>
        <Alert.Description>
          {resend.status === 'sent' ? text.sent : resend.status === 'failed' ? resend.message : text.text}
        </Alert.Description>
      </Alert.Content>
      {resend.status !== 'sent' && (
        <Button size="sm" variant="outline" colorPalette="orange" loading={resend.status === 'sending'} loadingText={text.sending} onClick={() => void resendEmail()}>
          {text.resend}
        </Button>
      )}
      <CloseButton size="sm" aria-label="Dismiss e-mail confirmation notice" onClick={onDismiss} />
    </Alert.Root>
  );
}

function MembershipBanner({ onDismiss }: { onDismiss: () => void }) {
  const text = MESSAGES.membershipBanner;
  return (
    <Alert.Root status="info" borderRadius="0" alignItems="center">
      <Alert.Indicator />
      <Alert.Content>
        <Alert.Title>{text.title}</Alert.Title>
        <Alert.Description>{text.text}</Alert.Description>
      </Alert.Content>
      <Button asChild size="sm">
        <RouterLink to={paths.membership}>{text.action}</RouterLink>
      </Button>
      <CloseButton size="sm" aria-label="Dismiss membership notice" onClick={onDismiss} />
    </Alert.Root>
  );
}

/**
 * The banner area under the header (spec 01 section 2.2): e-mail confirmation for anyone without a
 * confirmed address, membership for providers with a confirmed address and no subscription.
 * Dismissing hides a banner for the rest of the visit.
 */
export default function SessionBanners() {
  const session = useSession();
  const [dismissed, setDismissed] = useState<ReadonlySet<string>>(new Set());
  const profile = session.status === 'signedIn' && session.profileStatus === 'success' ? session.profile : undefined;
  const needsConfirmation = Boolean(profile && !profile.emailConfirmed);
  useWatchForConfirmation(needsConfirmation);

  const showConfirmation = needsConfirmation && !dismissed.has('email');
  const showMembership = Boolean(profile?.accountType === 'provider' && profile.emailConfirmed && !profile.subscription.isSubscribed) && !dismissed.has('membership');
  if (!showConfirmation && !showMembership) return null;
  const dismiss = (banner: string) => () => setDismissed((previous) => new Set(previous).add(banner));

  return (
    <Box as="section" aria-label="Account notices" borderTopWidth="1px">
      <Container maxW="7xl" px="0">
        <Stack gap="0">
          {showConfirmation && profile && <EmailConfirmationBanner email={profile.email} onDismiss={dismiss('email')} />}
          {showMembership && <MembershipBanner onDismiss={dismiss('membership')} />}
        </Stack>
      </Container>
    </Box>
  );
}
