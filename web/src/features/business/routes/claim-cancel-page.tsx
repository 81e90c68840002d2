import { Button, Text } from '@chakra-ui/react';
import { useSearchParams } from 'react-router-dom';
import { CLAIM_MESSAGES, PRODUCT_NAME } from '@solutionz/shared';
import { AuthCard } from '@/components/forms/auth-card';
import { FormErrorAlert } from '@/components/forms/form-error-alert';
import { ApiError } from '@/lib/api-client';
import { isDeadLink, useCancelClaim } from '../api/claims';
import { DeadClaimLink } from '../components/dead-claim-link';

/**
 * /claim-business/cancel?token=… (the claim mail's "this wasn't me"): nothing is sent until the button
 * is pressed, so a mail scanner that opens the link cancels nothing; the press spends the link.
 */
export function ClaimCancelPage() {
  const [params] = useSearchParams();
  const token = params.get('token')?.trim() ?? '';
  const cancel = useCancelClaim(token);

  if (!token || isDeadLink(cancel.error)) {
    return (
      <AuthCard title="Cancel a claim">
        <DeadClaimLink />
      </AuthCard>
    );
  }
  if (cancel.isSuccess) {
    return (
      <AuthCard title={CLAIM_MESSAGES.cancelled}>
        <Text role="status" textAlign="center">
          {cancel.data.businessName ? `The request to claim ${cancel.data.businessName} is cancelled. ` : ''}
          {CLAIM_MESSAGES.cancelledDescription}
        </Text>
      </AuthCard>
    );
  }
  return (
    <AuthCard
      title="Cancel a claim"
      description={`Someone asked to claim a business on ${PRODUCT_NAME} with your email address. If it wasn't you, cancel the request: its link stops working and nothing changes.`}
    >
      <FormErrorAlert message={cancel.error ? (cancel.error instanceof ApiError && cancel.error.message) || CLAIM_MESSAGES.failed : undefined} />
      <Button colorPalette="red" loading={cancel.isPending} loadingText="Cancelling..." onClick={() => cancel.mutate()}>
        Cancel this claim
      </Button>
    </AuthCard>
  );
}
