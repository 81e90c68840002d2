import { Alert, Button, HStack, Skeleton, Stack, Text } from '@chakra-ui/react';
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link as RouterLink, useNavigate, useSearchParams } from 'react-router-dom';
import { CLAIM_MESSAGES, claimRequestSchema, PRODUCT_NAME, type ClaimRequest, type ClaimRequestInput } from '@solutionz/shared';
import { AuthCard } from '@/components/forms/auth-card';
import { FormErrorAlert } from '@/components/forms/form-error-alert';
import { FormField } from '@/components/forms/form-field';
import { applyServerFieldErrors } from '@/components/forms/server-errors';
import { StackedForm } from '@/components/forms/stacked-form';
import { toaster } from '@/components/ui/toaster';
import { paths } from '@/config/paths';
import { ApiError } from '@/lib/api-client';
import { loginPathReturningTo } from '@/lib/auth/return-path';
import { useAuthActions } from '@/lib/auth/session';
import { errorMessageWithRetry } from '@/lib/retry-after';
import { useClaimable, useClaimBusiness } from '../api/claims';

const FIELDS = ['fullName', 'email', 'password'] as const;
const TITLE = 'Claim your business';

/** Why the form is not offered: an unknown business, or one claimed already; with the ways on. */
function Unavailable({ message }: { message: string }) {
  return (
    <Stack gap="4">
      <Alert.Root status="info">
        <Alert.Indicator />
        <Alert.Title>{message}</Alert.Title>
      </Alert.Root>
      <HStack gap="3" flexWrap="wrap" justify="center">
        <Button asChild>
          <RouterLink to={paths.directory}>Find Professionals</RouterLink>
        </Button>
        <Button asChild variant="outline">
          <RouterLink to={paths.signupProvider}>Join as a professional</RouterLink>
        </Button>
      </HStack>
    </Stack>
  );
}

function ClaimForm({ businessId, onClaimed }: { businessId: string; onClaimed: () => void }) {
  const navigate = useNavigate();
  const { signIn } = useAuthActions();
  const [formError, setFormError] = useState<string>();
  const form = useForm<ClaimRequestInput, unknown, ClaimRequest>({
    resolver: zodResolver(claimRequestSchema),
    defaultValues: { fullName: '', email: '', password: '' },
  });
  const { register, handleSubmit, setError, formState } = form;
  const errors = formState.errors;
  const claim = useClaimBusiness(businessId);
  const [signingIn, setSigningIn] = useState(false);

  /** The claimant's account is open: sign them in with what they typed and show them their claim. */
  async function continueSignedIn(email: string, password: string) {
    setSigningIn(true);
    try {
      await signIn(email, password);
      await navigate(paths.dashboard, { replace: true });
    } catch {
      // The claim stands; signing in by hand reaches the same dashboard.
      toaster.create({ type: 'warning', ...CLAIM_MESSAGES.verifyEmail });
      await navigate(loginPathReturningTo(paths.dashboard, { type: 'provider' }), { replace: true });
    } finally {
      setSigningIn(false);
    }
  }

  const submit = handleSubmit((values) => {
    setFormError(undefined);
    claim.mutate(values, {
      onSuccess: () => {
        toaster.create({ type: 'success', title: CLAIM_MESSAGES.claimed });
        void continueSignedIn(values.email, values.password);
      },
      onError: (error) => {
        if (error instanceof ApiError && error.status === 400 && applyServerFieldErrors(error, setError, FIELDS)) return;
        const message = error instanceof ApiError ? errorMessageWithRetry(error, error.message || CLAIM_MESSAGES.failed) : CLAIM_MESSAGES.failed;
        setFormError(message);
        toaster.create({ type: 'error', title: CLAIM_MESSAGES.failed, description: message });
        // Claimed by someone else meanwhile: the page says so in place of the form.
        if (error instanceof ApiError && error.status === 409 && error.message === CLAIM_MESSAGES.alreadyClaimed) onClaimed();
      },
    });
  });

  return (
    <StackedForm onSubmit={() => void submit()} aria-label="Claim this business">
      <FormField label="Full name" autoComplete="name" required error={errors.fullName?.message} {...register('fullName')} />
      <FormField label="Email" type="email" autoComplete="email" required error={errors.email?.message} {...register('email')} />
      <FormField label="Password" type="password" autoComplete="new-password" required error={errors.password?.message} {...register('password')} />
      <FormErrorAlert message={formError} />
      <Button type="submit" loading={claim.isPending || signingIn} loadingText={signingIn ? 'Signing in...' : 'Claiming...'}>
        Claim business
      </Button>
    </StackedForm>
  );
}

/**
 * /claim-business?businessID=… (spec 02 "Business claim"): the owner of a business an admin listed
 * opens a provider account with name, e-mail and password, which claims the business; signed in, they
 * follow the claim on /dashboard.
 */
export function ClaimBusinessPage() {
  const [params] = useSearchParams();
  const businessId = params.get('businessID')?.trim() ?? '';
  const claimable = useClaimable(businessId);
  const [claimedMeanwhile, setClaimedMeanwhile] = useState(false);

  if (!businessId || (claimable.isError && claimable.error instanceof ApiError && claimable.error.status === 404)) {
    return (
      <AuthCard title={TITLE}>
        <Unavailable message={CLAIM_MESSAGES.notFound} />
      </AuthCard>
    );
  }
  if (claimable.isError) {
    return (
      <AuthCard title={TITLE}>
        <Alert.Root status="error" flexWrap="wrap" alignItems="center">
          <Alert.Indicator />
          <Alert.Title flex="1">{claimable.error.message || CLAIM_MESSAGES.failed}</Alert.Title>
          <Button size="sm" variant="outline" onClick={() => void claimable.refetch()}>
            Try again
          </Button>
        </Alert.Root>
      </AuthCard>
    );
  }
  if (claimable.isPending) {
    return (
      <AuthCard title={TITLE}>
        <Stack gap="4" role="status" aria-label="Loading the business">
          <Skeleton height="6" />
          <Skeleton height="10" />
          <Skeleton height="10" />
          <Skeleton height="10" />
        </Stack>
      </AuthCard>
    );
  }

  const { businessName, claimable: open } = claimable.data;
  return (
    <AuthCard
      title={TITLE}
      description={
        <>
          <Text as="span" fontWeight="semibold" color="fg">
            {businessName}
          </Text>
          {open && !claimedMeanwhile ? ` is listed on ${PRODUCT_NAME}. Create your account to take it over.` : ''}
        </>
      }
    >
      {open && !claimedMeanwhile ? (
        <>
          <ClaimForm businessId={businessId} onClaimed={() => setClaimedMeanwhile(true)} />
          <Text fontSize="sm" color="fg.muted" textAlign="center">
            We'll send a link to your email address. Confirming the address the business is registered with proves the claim at once;
            otherwise our team reviews it.
          </Text>
        </>
      ) : (
        <Unavailable message={CLAIM_MESSAGES.alreadyClaimed} />
      )}
    </AuthCard>
  );
}
