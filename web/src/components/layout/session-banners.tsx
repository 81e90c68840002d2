import { Alert, Box, Button, CloseButton, Container, Stack } from '@chakra-ui/react';
import { useEffect, useState, type ReactNode } from 'react';
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

interface NoticeProps {
  status: 'warning' | 'info';
  title: string;
  description: string;
  action: ReactNode;
  dismissLabel: string;
  onDismiss: () => void;
}

/**
 * One banner: its text, an action and a close button in a row; on a phone the action goes under the
 * text (in the row it squeezed the text to a word a line).
 */
function Notice({ status, title, description, action, dismissLabel, onDismiss }: NoticeProps) {
  return (
    <Alert.Root status={status} borderRadius="0" alignItems="center" flexWrap="wrap" rowGap="2">
      <Alert.Indicator />
      <Alert.Content flex="1" minW="0">
        <Alert.Title>{title}</Alert.Title>
        <Alert.Description>{description}</Alert.Description>
      </Alert.Content>
      {action && (
        <Box order={{ base: 1, md: 0 }} w={{ base: 'full', md: 'auto' }} ps={{ base: '8', md: '0' }}>
          {action}
        </Box>
      )}
      <CloseButton size="sm" aria-label={dismissLabel} onClick={onDismiss} />
    </Alert.Root>
  );
}

// The resend route is public (API Gateway passes no caller there), so the banner names the address.
function EmailConfirmationBanner({ email, onDismiss }: { email: string; onDismiss: () => void }) {
  const { state: resend, resend: resendEmail } = useResendConfirmation(email);
  const text = MESSAGES.emailConfirmationBanner;

  return (
    <Notice
      status="warning"
      title={text.title}
      description={resend.status === 'sent' ? text.sent : resend.status === 'failed' ? resend.message : text.text}
      action={
        resend.status !== 'sent' && (
          <Button
            size="sm"
            variant="outline"
            colorPalette="orange"
            loading={resend.status === 'sending'}
            loadingText={text.sending}
            onClick={() => void resendEmail()}
          >
            {text.resend}
          </Button>
        )
      }
      dismissLabel="Dismiss e-mail confirmation notice"
      onDismiss={onDismiss}
    />
  );
}

function MembershipBanner({ onDismiss }: { onDismiss: () => void }) {
  const text = MESSAGES.membershipBanner;
  return (
    <Notice
      status="info"
      title={text.title}
      description={text.text}
      action={
        <Button asChild size="sm">
          <RouterLink to={paths.membership}>{text.action}</RouterLink>
        </Button>
      }
      dismissLabel="Dismiss membership notice"
      onDismiss={onDismiss}
    />
  );
}

/**
 * The banner area under the header (docs/product/site.md#site-shell): e-mail confirmation for anyone without a
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
  const showMembership =
    Boolean(profile?.accountType === 'provider' && profile.emailConfirmed && !profile.subscription.isSubscribed) && !dismissed.has('membership');
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
