import { Alert, Button, Link, Stack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { Navigate, Link as RouterLink, Outlet, useNavigate } from 'react-router-dom';
import { adminEmail, ADMIN_MESSAGES, MESSAGES, type MeResponse } from '@solutionz/shared';
import { AuthCard } from '@/components/forms/auth-card';
import { FormErrorAlert } from '@/components/forms/form-error-alert';
import { FormField } from '@/components/forms/form-field';
import { SignInCodeForm } from '@/components/forms/sign-in-code-form';
import { StackedForm } from '@/components/forms/stacked-form';
import { PageLoading } from '@/components/layout/page-loading';
import { toaster } from '@/components/ui/toaster';
import { paths } from '@/config/paths';
import { useAuthActions, useSession } from '@/lib/auth/session';
import { loadRuntimeConfig } from '@/lib/runtime-config';

const CREDENTIAL_ERRORS = new Set(['NotAuthorizedException', 'UserNotFoundException']);

/**
 * The admin sign-in form (docs/product/accounts.md#admin-sign-in); `onSignedIn` runs after an admin profile was confirmed. With
 * 2-step verification on, the code from the authenticator app is asked for after the password.
 */
function AdminLoginForm({ onSignedIn }: { onSignedIn: () => void }) {
  const { signIn, confirmSignInWithCode, signOut } = useAuthActions();
  const session = useSession();
  const signedInAsMember = session.status === 'signedIn' && session.profile !== null && session.profile?.accountType !== 'admin';
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);
  const [showRecovery, setShowRecovery] = useState(false);
  const [codeNeeded, setCodeNeeded] = useState(false);

  function fail(failure: unknown) {
    const name = (failure as { name?: string } | null)?.name ?? '';
    if (!CREDENTIAL_ERRORS.has(name)) console.error('Admin sign-in failed', failure);
    setCodeNeeded(false);
    setError(CREDENTIAL_ERRORS.has(name) ? ADMIN_MESSAGES.invalidCredentials : MESSAGES.api.internal);
  }

  async function signedIn(profile: MeResponse | null) {
    if (profile?.accountType !== 'admin') {
      await signOut();
      setCodeNeeded(false);
      setError(ADMIN_MESSAGES.notAuthorized);
      return;
    }
    toaster.success({ title: ADMIN_MESSAGES.loginSuccessful });
    onSignedIn();
  }

  async function submit() {
    if (!username.trim() || !password) return setError(ADMIN_MESSAGES.fieldsRequired);
    setError(undefined);
    setBusy(true);
    try {
      const config = await loadRuntimeConfig();
      if (!config.adminEmailDomain) throw new Error('The runtime config has no adminEmailDomain');
      const result = await signIn(adminEmail(username, config.adminEmailDomain), password);
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
      <AuthCard title="Admin Login" description="2-step verification" maxW="md">
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
    <AuthCard title="Admin Login" maxW="md">
      {signedInAsMember && (
        <Alert.Root status="info">
          <Alert.Indicator />
          <Alert.Description>{ADMIN_MESSAGES.signedInNotAdmin}</Alert.Description>
        </Alert.Root>
      )}
      <StackedForm onSubmit={() => void submit()}>
        <FormField label="Username" autoComplete="username" autoCapitalize="none" value={username} onChange={(event) => setUsername(event.target.value)} />
        <FormField label="Password" type="password" autoComplete="current-password" value={password} onChange={(event) => setPassword(event.target.value)} />
        <FormErrorAlert message={error} />
        <Button type="submit" loading={busy} loadingText="Signing in..." width="full">
          Sign in
        </Button>
      </StackedForm>
      <Stack gap="2" textAlign="center" fontSize="sm">
        <Button variant="plain" size="sm" color="brand.fg" onClick={() => setShowRecovery(true)}>
          Forgot password?
        </Button>
        {showRecovery && <Text role="status">{ADMIN_MESSAGES.forgotPassword}</Text>}
        <Text>
          First time here?{' '}
          <Link asChild color="brand.fg">
            <RouterLink to={paths.adminSignup}>Set up the admin account</RouterLink>
          </Link>
        </Text>
      </Stack>
    </AuthCard>
  );
}

/** /admin-login: success goes to the admin dashboard, where an admin signed in already is sent at once. */
export function AdminLoginPage() {
  const navigate = useNavigate();
  const session = useSession();
  // Only the first read of the session waits: the form stays mounted while someone signs in with it.
  if (session.status === 'loading') return <PageLoading />;
  if (session.status === 'signedIn' && session.profile?.accountType === 'admin') return <Navigate to={paths.admin} replace />;
  return <AdminLoginForm onSignedIn={() => navigate(paths.admin)} />;
}

/**
 * Wraps every /admin screen: the screen for an admin, the admin login form for anyone else
 * (one admin entry, docs/product/accounts.md#admin-sign-in). The API refuses non-admins on /api/admin routes as well.
 */
export function AdminGate() {
  const session = useSession();
  if (session.status === 'loading' || (session.status === 'signedIn' && session.profileStatus === 'pending')) return <PageLoading />;
  if (session.status === 'signedIn' && session.profile?.accountType === 'admin') return <Outlet />;
  // After a successful sign-in the session's admin profile re-renders this gate into the screen itself.
  return <AdminLoginForm onSignedIn={() => undefined} />;
}
