import { Alert, Button, Link, Spinner, Stack, Text } from '@chakra-ui/react';
import { useMutation } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { Link as RouterLink, useLocation, useNavigate, useSearchParams } from 'react-router-dom';
import {
  ACCOUNT_MESSAGES,
  AUTH_PAGE_MESSAGES,
  EMAIL_FAILURE_MESSAGES,
  EMAIL_MESSAGES,
  REDIRECT_AFTER_CONFIRM_MS,
  emailFailureMessage,
  type ConfirmationEmailStatus,
} from '@solutionz/shared';
import { AuthCard } from '@/components/forms/auth-card';
import { FormField } from '@/components/forms/form-field';
import { StackedForm } from '@/components/forms/stacked-form';
import { toaster } from '@/components/ui/toaster';
import { paths } from '@/config/paths';
import { ApiError } from '@/lib/api-client';
import { announceEmailConfirmed } from '@/lib/auth/email-confirmed-signal';
import { useAuthActions, useSession } from '@/lib/auth/session';
import { useConfirmEmail } from '../api/auth';
import { clearPendingSignup, readPendingSignup, type PendingSignup } from '../components/pending-signup';
import { ResendConfirmation } from '../components/resend-confirmation';

/** What sign-up hands over: whether the confirmation mail went out, and why not. */
export interface ConfirmEmailLocationState {
  readonly confirmationEmail?: ConfirmationEmailStatus;
}

const loginAfterConfirm = `${paths.login}?return=${encodeURIComponent(paths.profile)}`;

function loginLink(pending: PendingSignup): string {
  return pending.accountType === 'provider' ? `${paths.login}?type=provider` : paths.login;
}

function LoginLink({ to = paths.login }: { to?: string }) {
  return (
    <Text fontSize="sm" textAlign="center">
      Already confirmed?{' '}
      <Link asChild color="brand.fg" fontWeight="medium">
        <RouterLink to={to}>Go to login</RouterLink>
      </Link>
    </Text>
  );
}

/**
 * /confirm-email (docs/product/accounts.md#e-mail-confirmation): with the link's token, a button that redeems it; without,
 * waits for the user to open the mail.
 */
export function ConfirmEmailPage() {
  const [searchParams] = useSearchParams();
  const token = searchParams.get('token');
  return token ? <RedeemToken token={token} /> : <AwaitConfirmation />;
}

/**
 * Opening the link spends nothing (mail scanners and link previews open links too): the page says what the
 * button does, and the token is redeemed when the person presses it.
 */
function RedeemToken({ token }: { token: string }) {
  const session = useSession();
  const { refreshProfile } = useAuthActions();
  const navigate = useNavigate();
  const [pending] = useState(readPendingSignup);
  const confirm = useConfirmEmail(token);

  const confirmed = confirm.isSuccess;
  const signedIn = session.status === 'signedIn';
  useEffect(() => {
    if (!confirmed || session.status === 'loading') return;
    clearPendingSignup();
    announceEmailConfirmed();
    if (!signedIn) return;
    toaster.create({ type: 'success', ...EMAIL_MESSAGES.confirmed });
    void refreshProfile().catch(() => undefined);
    const timer = window.setTimeout(() => void navigate(paths.profile, { replace: true }), REDIRECT_AFTER_CONFIRM_MS);
    return () => window.clearTimeout(timer);
  }, [confirmed, session.status, signedIn, refreshProfile, navigate]);

  if (confirm.isError) {
    const message = confirm.error instanceof ApiError ? confirm.error.message : AUTH_PAGE_MESSAGES.unexpected;
    return (
      <AuthCard title="Confirm your email">
        <Alert.Root status="error">
          <Alert.Indicator />
          <Alert.Content>
            <Alert.Title>{message || ACCOUNT_MESSAGES.confirmationLinkInvalid}</Alert.Title>
            <Alert.Description>Enter your email address below and we'll send you a new confirmation link.</Alert.Description>
          </Alert.Content>
        </Alert.Root>
        <ResendConfirmation defaultEmail={pending.email} accountEmail={signedIn ? session.profile?.email : undefined} />
        <LoginLink to={loginLink(pending)} />
      </AuthCard>
    );
  }

  if (confirm.isIdle) {
    return (
      <AuthCard title="Confirm your email">
        <Stack gap="4" textAlign="center">
          <Text>Press the button to confirm that this email address is yours and finish setting up your account.</Text>
          <Button onClick={() => confirm.mutate()}>Confirm my email address</Button>
        </Stack>
      </AuthCard>
    );
  }

  if (!confirmed || session.status === 'loading') {
    return (
      <AuthCard title="Confirm your email">
        <Stack align="center" gap="3" role="status">
          <Spinner aria-hidden="true" />
          <Text>Confirming your email address...</Text>
        </Stack>
      </AuthCard>
    );
  }

  return (
    <AuthCard title="Email confirmed">
      <Stack gap="4" textAlign="center">
        <Text role="status">
          {signedIn ? EMAIL_MESSAGES.confirmed.description : `Your email address ${confirm.data.email} is confirmed. Sign in to continue.`}
        </Text>
        {!signedIn && (
          <>
            <Button asChild>
              <RouterLink to={loginAfterConfirm}>Continue to Profile</RouterLink>
            </Button>
            <LoginLink to={confirm.data.accountType === 'provider' ? `${paths.login}?type=provider` : paths.login} />
          </>
        )}
      </Stack>
    </AuthCard>
  );
}

function AwaitConfirmation() {
  const session = useSession();
  const location = useLocation();
  const [pending] = useState(readPendingSignup);
  const handedOver = (location.state as ConfirmEmailLocationState | null)?.confirmationEmail;
  const [sendFailed, setSendFailed] = useState(handedOver?.sent === false);

  const signedIn = session.status === 'signedIn';
  const profile = signedIn ? session.profile : undefined;
  const email = profile?.email ?? pending.email;

  if (session.status === 'loading') {
    return (
      <AuthCard title="Confirm your email">
        <Stack align="center" role="status">
          <Spinner aria-hidden="true" />
        </Stack>
      </AuthCard>
    );
  }

  if (profile?.emailConfirmed) {
    return (
      <AuthCard title="Email confirmed">
        <Stack gap="4" textAlign="center">
          <Text>Your email address {profile.email} is confirmed.</Text>
          <Button asChild>
            <RouterLink to={paths.profile}>Continue to Profile</RouterLink>
          </Button>
        </Stack>
      </AuthCard>
    );
  }

  if (sendFailed) {
    const reason = handedOver?.sent === false ? handedOver : null;
    const detail =
      reason && reason.category !== 'UNKNOWN'
        ? EMAIL_FAILURE_MESSAGES[reason.category]
        : {
            title: EMAIL_MESSAGES.sendFailed.title,
            description: reason ? emailFailureMessage(reason.category, reason.message) : EMAIL_MESSAGES.sendFailed.description,
          };
    return (
      <AuthCard title="Account created">
        <Alert.Root status="warning">
          <Alert.Indicator />
          <Alert.Content>
            <Alert.Title>{EMAIL_MESSAGES.sendFailedNotice}</Alert.Title>
            <Alert.Description>
              {detail.title}: {detail.description}
            </Alert.Description>
          </Alert.Content>
        </Alert.Root>
        {!signedIn && <TryLoggingIn email={pending.email} />}
        <Text fontSize="sm" color="fg.muted">
          You can also ask for the confirmation email again:
        </Text>
        <ResendConfirmation defaultEmail={email} accountEmail={profile?.email} />
        <LoginLink to={loginLink(pending)} />
      </AuthCard>
    );
  }

  const created = handedOver?.sent === true;
  return (
    <AuthCard title={created ? 'Account created' : 'Check your inbox'}>
      <Stack gap="2" textAlign="center">
        {email ? (
          <Text>
            We've sent a confirmation link to <strong>{email}</strong>. Open it to confirm your email address.
          </Text>
        ) : (
          <Text>Open the link in the confirmation email we sent you, or enter your address below to get a new one.</Text>
        )}
        <Text fontSize="sm" color="fg.muted">
          Can't find it? Check your spam folder, or send it again.
        </Text>
      </Stack>
      <ResendConfirmation defaultEmail={email} accountEmail={profile?.email} onSendFailed={() => setSendFailed(true)} />
      <LoginLink to={loginLink(pending)} />
    </AuthCard>
  );
}

/**
 * The send-failed state's way in: sign in with the password just chosen (docs/product/accounts.md#e-mail-delivery-failures).
 * The page does not keep the password from sign-up, so it asks for it again.
 */
function TryLoggingIn({ email }: { email: string | null }) {
  const { signIn } = useAuthActions();
  const navigate = useNavigate();
  const [password, setPassword] = useState('');
  const login = useMutation({
    mutationFn: (address: string) => signIn(address, password),
    onSuccess: () => void navigate(paths.profile),
    onError: () => toaster.create({ type: 'error', ...AUTH_PAGE_MESSAGES.loginAttemptFailed }),
  });
  return (
    <StackedForm
      gap="3"
      onSubmit={() => {
        if (!email) {
          toaster.create({ type: 'error', ...AUTH_PAGE_MESSAGES.noEmailForLogin });
          return;
        }
        toaster.create({ type: 'info', title: AUTH_PAGE_MESSAGES.attemptingLogin });
        login.mutate(email);
      }}
    >
      <Text>You can still log in with the password you chose{email ? ` for ${email}` : ''}.</Text>
      <FormField
        label="Password"
        type="password"
        autoComplete="current-password"
        value={password}
        onChange={(event) => setPassword(event.currentTarget.value)}
      />
      <Button type="submit" loading={login.isPending} disabled={!password}>
        Try Logging In
      </Button>
    </StackedForm>
  );
}
