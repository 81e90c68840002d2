import { Button, Link, Stack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { Link as RouterLink, useNavigate, useSearchParams } from 'react-router-dom';
import { ACCOUNT_MESSAGES, MESSAGES, SECURITY_MESSAGES, type MeResponse, type SignupAccountType } from '@solutionz/shared';
import { AuthCard } from '@/components/forms/auth-card';
import { FormErrorAlert } from '@/components/forms/form-error-alert';
import { FormField } from '@/components/forms/form-field';
import { SignInCodeForm } from '@/components/forms/sign-in-code-form';
import { StackedForm } from '@/components/forms/stacked-form';
import { toaster } from '@/components/ui/toaster';
import { paths } from '@/config/paths';
import { safeReturnPath } from '@/lib/auth/return-path';
import { useAuthActions } from '@/lib/auth/session';
import { AccountTypeTabs } from '../components/account-type-tabs';

/** Where a signed-in user goes when the link named no way back (docs/product/accounts.md#sign-in; admins to their dashboard). */
function destinationAfterLogin(profile: MeResponse | null): string {
  if (!profile) return paths.directory;
  switch (profile.accountType) {
    case 'admin':
      return paths.admin;
    case 'provider':
      return profile.subscription.isSubscribed ? paths.provider(profile.userId) : paths.membership;
    case 'client':
      return paths.directory;
  }
}

/**
 * What the user reads when sign-in fails. Wrong credentials and unknown accounts get the product's
 * general message (which does not reveal whether the address has an account); Cognito's lock-out and
 * throttling messages are passed on because they tell the user to wait rather than retype.
 */
function loginFailureMessage(error: unknown): string {
  const { name = '', message = '' } = (error ?? {}) as { name?: string; message?: string };
  if (name === 'LimitExceededException' || name === 'TooManyRequestsException' || /attempts exceeded/i.test(message)) return message;
  // An administrator deactivated the account: Cognito refuses the sign-in, and the person is told why.
  if (name === 'NotAuthorizedException' && message === 'User is disabled.') return SECURITY_MESSAGES.deactivated;
  return ACCOUNT_MESSAGES.loginFailed;
}

/**
 * /login (docs/product/accounts.md#sign-in): client and provider tabs; `?type=provider` preselects provider.
 * An account with 2-step verification is asked for its code after the password, then goes on as any other.
 */
export function LoginPage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const { signIn, confirmSignInWithCode, signOut } = useAuthActions();
  const [accountType, setAccountType] = useState<SignupAccountType>(params.get('type') === 'provider' ? 'provider' : 'client');
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);
  const [codeNeeded, setCodeNeeded] = useState(false);

  function fail(failure: unknown) {
    const message = loginFailureMessage(failure);
    setCodeNeeded(false);
    setError(message);
    toaster.error({ title: MESSAGES.loginFailedToast, description: message });
  }

  async function signedIn(profile: MeResponse | null) {
    if (profile && profile.accountType !== 'admin' && profile.accountType !== accountType) {
      await signOut();
      setCodeNeeded(false);
      setError(ACCOUNT_MESSAGES.accountTypeMismatch(profile.accountType));
      return;
    }
    const back = safeReturnPath(params.get('return')) ?? safeReturnPath(params.get('redirect'));
    navigate(back ?? destinationAfterLogin(profile), { replace: true });
  }

  async function submit() {
    if (!email.trim() || !password) return setError(ACCOUNT_MESSAGES.loginFieldsRequired);
    setError(undefined);
    setBusy(true);
    try {
      const result = await signIn(email.trim(), password);
      if (result.status === 'codeNeeded') setCodeNeeded(true);
      else await signedIn(result.profile);
    } catch (failure) {
      fail(failure);
    } finally {
      setBusy(false);
    }
  }

  if (codeNeeded) {
    return (
      <AuthCard title="Sign in to your account" description="2-step verification">
        <SignInCodeForm
          onCode={async (code) => signedIn((await confirmSignInWithCode(code)).profile)}
          onFailure={fail}
          onCancel={() => {
            setCodeNeeded(false);
            setPassword('');
          }}
        />
      </AuthCard>
    );
  }

  return (
    <AuthCard title="Sign in to your account">
      <AccountTypeTabs value={accountType} onChange={setAccountType} panelPt="4">
        <StackedForm onSubmit={() => void submit()}>
          <FormField label="Email" type="email" autoComplete="email" value={email} onChange={(event) => setEmail(event.target.value)} />
          <FormField label="Password" type="password" autoComplete="current-password" value={password} onChange={(event) => setPassword(event.target.value)} />
          <FormErrorAlert message={error} />
          <Button type="submit" loading={busy} loadingText="Signing in..." width="full">
            Sign in
          </Button>
        </StackedForm>
      </AccountTypeTabs>
      <Stack gap="2" textAlign="center" fontSize="sm">
        <Link asChild color="brand.fg" alignSelf="center">
          <RouterLink to={paths.resetPassword}>Forgot password?</RouterLink>
        </Link>
        <Text>
          Don&apos;t have an account?{' '}
          <Link asChild color="brand.fg">
            <RouterLink to={accountType === 'provider' ? paths.signupProvider : paths.signup}>Sign up</RouterLink>
          </Link>
        </Text>
      </Stack>
    </AuthCard>
  );
}
