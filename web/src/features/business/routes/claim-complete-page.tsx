import { Alert, Button, Skeleton, Stack, Text } from '@chakra-ui/react';
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link as RouterLink, useLocation, useNavigate, useSearchParams } from 'react-router-dom';
import { CLAIM_MESSAGES, claimPasswordSchema, PRODUCT_NAME, type ClaimLink, type ClaimPassword } from '@solutionz/shared';
import { LoadFailed } from '@/components/errors/load-failed';
import { AuthCard } from '@/components/forms/auth-card';
import { FormErrorAlert } from '@/components/forms/form-error-alert';
import { FormField } from '@/components/forms/form-field';
import { applyServerFieldErrors } from '@/components/forms/server-errors';
import { StackedForm } from '@/components/forms/stacked-form';
import { toaster } from '@/components/ui/toaster';
import { paths } from '@/config/paths';
import { ApiError } from '@/lib/api-client';
import { loginPathReturningTo } from '@/lib/auth/return-path';
import { useAuthActions, useSession } from '@/lib/auth/session';
import { isDeadLink, useClaimLink, useCompleteClaim, useCompleteClaimSignedIn } from '../api/claims';
import { DeadClaimLink } from '../components/dead-claim-link';

const TITLE = 'Claim a business';
const failureOf = (error: Error) => (error instanceof ApiError && error.message) || CLAIM_MESSAGES.failed;

/** Signed in and the claim made: the dashboard shows it (verified: the business is theirs; pending: under review). */
function useToDashboard() {
  const navigate = useNavigate();
  return async () => {
    toaster.create({ type: 'success', title: CLAIM_MESSAGES.claimed });
    await navigate(paths.dashboard, { replace: true });
  };
}

/** An address without an account: the person who opened the mail chooses the new account's password here. */
function ChoosePassword({ token, link, onDead }: { token: string; link: ClaimLink; onDead: () => void }) {
  const navigate = useNavigate();
  const toDashboard = useToDashboard();
  const { signIn } = useAuthActions();
  const [formError, setFormError] = useState<string>();
  const [signingIn, setSigningIn] = useState(false);
  const { register, handleSubmit, setError, formState } = useForm<ClaimPassword>({
    resolver: zodResolver(claimPasswordSchema),
    defaultValues: { password: '', confirmPassword: '' },
  });
  const complete = useCompleteClaim(token);

  /** The account is open: sign in with the password just chosen and show the claim. */
  async function continueSignedIn(email: string, password: string) {
    setSigningIn(true);
    try {
      const signedIn = await signIn(email, password);
      if (signedIn.status === 'signedIn') return await toDashboard();
    } catch {
      // The claim stands; signing in by hand reaches the same dashboard.
    } finally {
      setSigningIn(false);
    }
    await navigate(loginPathReturningTo(paths.dashboard, { type: 'provider' }), { replace: true });
  }

  const submit = handleSubmit((values) => {
    setFormError(undefined);
    complete.mutate(values, {
      onSuccess: (done) => void continueSignedIn(done.email, values.password),
      onError: (error) => {
        if (isDeadLink(error)) return onDead();
        if (error instanceof ApiError && error.status === 400 && applyServerFieldErrors(error, setError, ['password', 'confirmPassword'])) return;
        setFormError(failureOf(error));
        toaster.create({ type: 'error', title: CLAIM_MESSAGES.signupFailed, description: failureOf(error) });
      },
    });
  });

  return (
    <StackedForm onSubmit={() => void submit()} aria-label={`Claim ${link.businessName}`}>
      <Text textAlign="center">
        Choose the password of your new {PRODUCT_NAME} account, <strong>{link.email}</strong>.
      </Text>
      <FormField label="Password" type="password" autoComplete="new-password" required error={formState.errors.password?.message} {...register('password')} />
      <FormField
        label="Confirm password"
        type="password"
        autoComplete="new-password"
        required
        error={formState.errors.confirmPassword?.message}
        {...register('confirmPassword')}
      />
      <FormErrorAlert message={formError} />
      <Button type="submit" loading={complete.isPending || signingIn} loadingText={signingIn ? 'Signing in...' : 'Claiming...'}>
        Claim {link.businessName}
      </Button>
    </StackedForm>
  );
}

/** The address has an account: its owner signs in as it, then claims the business for it. */
function ClaimForAccount({ token, link, onDead }: { token: string; link: ClaimLink; onDead: () => void }) {
  const session = useSession();
  const location = useLocation();
  const { signOut } = useAuthActions();
  const toDashboard = useToDashboard();
  const complete = useCompleteClaimSignedIn(token);

  if (session.status === 'loading' || (session.status === 'signedIn' && !session.profile && session.profileStatus === 'pending')) {
    return <Skeleton height="10" role="status" aria-label="Loading your account" />;
  }
  if (session.status !== 'signedIn' || !session.profile) {
    return (
      <Stack gap="4">
        <Text textAlign="center">
          An account already uses <strong>{link.email}</strong>. Sign in with it to finish claiming {link.businessName}.
        </Text>
        <Button asChild>
          <RouterLink to={loginPathReturningTo(`${location.pathname}${location.search}`, { type: 'provider' })}>Sign in as {link.email}</RouterLink>
        </Button>
      </Stack>
    );
  }
  const me = session.profile;
  if (me.email.toLowerCase() !== link.email.toLowerCase()) {
    return (
      <Stack gap="4">
        <Alert.Root status="warning">
          <Alert.Indicator />
          <Alert.Description>{CLAIM_MESSAGES.otherAddress}</Alert.Description>
        </Alert.Root>
        <Button variant="outline" onClick={() => void signOut()}>
          Sign out of {me.email}
        </Button>
      </Stack>
    );
  }
  if (me.accountType !== 'provider') {
    return (
      <Alert.Root status="warning">
        <Alert.Indicator />
        <Alert.Description>{CLAIM_MESSAGES.providerOnly}</Alert.Description>
      </Alert.Root>
    );
  }
  return (
    <Stack gap="4">
      <Text textAlign="center">
        You're signed in as <strong>{me.email}</strong>. The business joins this account.
      </Text>
      <FormErrorAlert message={complete.error && !isDeadLink(complete.error) ? failureOf(complete.error) : undefined} />
      <Button
        loading={complete.isPending}
        loadingText="Claiming..."
        onClick={() => complete.mutate(undefined, { onSuccess: () => void toDashboard(), onError: (error) => isDeadLink(error) && onDead() })}
      >
        Claim {link.businessName} for this account
      </Button>
    </Stack>
  );
}

/**
 * /claim-business/complete?token=… (the claim mail's link): shows whose claim it is and waits; only the
 * button finishes it, so a mail scanner that opens the link changes nothing. A new address chooses its
 * account's password here; an address with an account signs in first.
 */
export function ClaimCompletePage() {
  const [params] = useSearchParams();
  const token = params.get('token')?.trim() ?? '';
  const link = useClaimLink(token);
  const [dead, setDead] = useState(false);

  if (!token || dead || isDeadLink(link.error)) {
    return (
      <AuthCard title={TITLE}>
        <DeadClaimLink />
      </AuthCard>
    );
  }
  if (link.isError) {
    // A refusal (4xx) is the link's answer, which reading it again would not change; anything else may pass.
    const final = link.error instanceof ApiError && link.error.status < 500;
    return (
      <AuthCard title={TITLE}>
        {final ? (
          <Alert.Root status="info" flexWrap="wrap" alignItems="center">
            <Alert.Indicator />
            <Alert.Title flex="1">{failureOf(link.error)}</Alert.Title>
          </Alert.Root>
        ) : (
          <LoadFailed message={failureOf(link.error)} onRetry={() => void link.refetch()} />
        )}
      </AuthCard>
    );
  }
  if (link.isPending) {
    return (
      <AuthCard title={TITLE}>
        <Stack gap="4" role="status" aria-label="Loading the claim">
          <Skeleton height="6" />
          <Skeleton height="10" />
          <Skeleton height="10" />
        </Stack>
      </AuthCard>
    );
  }
  return (
    <AuthCard
      title={`Claim ${link.data.businessName}`}
      description={`You asked to claim ${link.data.businessName} on ${PRODUCT_NAME}. Nothing happens until you press the button below.`}
    >
      {link.data.accountExists ? (
        <ClaimForAccount token={token} link={link.data} onDead={() => setDead(true)} />
      ) : (
        <ChoosePassword token={token} link={link.data} onDead={() => setDead(true)} />
      )}
    </AuthCard>
  );
}
