import { Alert, Button, HStack, Skeleton, Stack, Text } from '@chakra-ui/react';
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link as RouterLink, useSearchParams } from 'react-router-dom';
import {
  CLAIM_MESSAGES,
  claimRequestSchema,
  PRODUCT_NAME,
  TOKEN_TTL,
  type ClaimRequest,
  type ClaimRequestInput,
  type ClaimRequestResponse,
} from '@solutionz/shared';
import { LoadFailed } from '@/components/errors/load-failed';
import { AuthCard } from '@/components/forms/auth-card';
import { FormErrorAlert } from '@/components/forms/form-error-alert';
import { FormField } from '@/components/forms/form-field';
import { applyServerFieldErrors } from '@/components/forms/server-errors';
import { StackedForm } from '@/components/forms/stacked-form';
import { toaster } from '@/components/ui/toaster';
import { paths } from '@/config/paths';
import { ApiError } from '@/lib/api-client';
import { errorMessageWithRetry } from '@/lib/retry-after';
import { useClaimable, useRequestClaim } from '../api/claims';

const FIELDS = ['fullName', 'email'] as const;
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

/** The claim form: a name and the address the link goes to; the password is chosen on the link's page. */
function ClaimForm({ businessId, onSent, onClaimed }: { businessId: string; onSent: (sent: ClaimRequestResponse) => void; onClaimed: () => void }) {
  const [formError, setFormError] = useState<string>();
  const form = useForm<ClaimRequestInput, unknown, ClaimRequest>({
    resolver: zodResolver(claimRequestSchema),
    defaultValues: { fullName: '', email: '' },
  });
  const { register, handleSubmit, setError, formState } = form;
  const errors = formState.errors;
  const request = useRequestClaim(businessId);

  const submit = handleSubmit((values) => {
    setFormError(undefined);
    request.mutate(values, {
      onSuccess: onSent,
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
      <FormErrorAlert message={formError} />
      <Button type="submit" loading={request.isPending} loadingText="Sending...">
        Claim business
      </Button>
    </StackedForm>
  );
}

/** After the form: where the link went, and what it does. */
function LinkSent({ sent, onAgain }: { sent: ClaimRequestResponse; onAgain: () => void }) {
  return (
    <Stack gap="4">
      <Alert.Root status="success" role="status">
        <Alert.Indicator />
        <Alert.Content>
          <Alert.Title>{CLAIM_MESSAGES.requestSent}</Alert.Title>
          <Alert.Description>
            We've sent a link to {sent.email}. Open it to finish claiming {sent.businessName}.
          </Alert.Description>
        </Alert.Content>
      </Alert.Root>
      <Text fontSize="sm" color="fg.muted" textAlign="center">
        The link works once and expires in {TOKEN_TTL.businessClaimHours} hours. Nothing arrived? Check the address and your spam folder.
      </Text>
      <Button variant="outline" onClick={onAgain}>
        Use a different email
      </Button>
    </Stack>
  );
}

/**
 * /claim-business?businessID=… (docs/product/claims.md#the-claim-form): the owner of a business an admin listed gives
 * a name and an e-mail address, and is mailed a link; on the link's page they choose the password of the
 * provider account that claims the business, and follow the claim on /dashboard.
 */
export function ClaimBusinessPage() {
  const [params] = useSearchParams();
  const businessId = params.get('businessID')?.trim() ?? '';
  const claimable = useClaimable(businessId);
  const [claimedMeanwhile, setClaimedMeanwhile] = useState(false);
  const [sent, setSent] = useState<ClaimRequestResponse>();

  if (!businessId) {
    // Reached from a general link (the page for businesses): the claim starts from the business's own page.
    return (
      <AuthCard title={TITLE}>
        <Unavailable message={CLAIM_MESSAGES.findFirst} />
      </AuthCard>
    );
  }
  if (claimable.isError && claimable.error instanceof ApiError && claimable.error.status === 404) {
    return (
      <AuthCard title={TITLE}>
        <Unavailable message={CLAIM_MESSAGES.notFound} />
      </AuthCard>
    );
  }
  if (claimable.isError) {
    return (
      <AuthCard title={TITLE}>
        <LoadFailed message={claimable.error.message || CLAIM_MESSAGES.failed} onRetry={() => void claimable.refetch()} />
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
          {open && !claimedMeanwhile ? ` is listed on ${PRODUCT_NAME}. Tell us who you are to take it over.` : ''}
        </>
      }
    >
      {sent ? (
        <LinkSent sent={sent} onAgain={() => setSent(undefined)} />
      ) : open && !claimedMeanwhile ? (
        <>
          <ClaimForm businessId={businessId} onSent={setSent} onClaimed={() => setClaimedMeanwhile(true)} />
          <Text fontSize="sm" color="fg.muted" textAlign="center">
            We'll email you a link to choose your password. If it goes to the address the business is registered with, the business is yours as soon as you do;
            otherwise our team reviews the claim.
          </Text>
        </>
      ) : (
        <Unavailable message={CLAIM_MESSAGES.alreadyClaimed} />
      )}
    </AuthCard>
  );
}
