import { Alert, Button, Heading, HStack, Stack, Text } from '@chakra-ui/react';
import { format } from 'date-fns';
import { useState } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { BASIC_PLAN_LABEL, DATE_FORMATS, MEMBERSHIP_MESSAGES, MESSAGES, PLANS, type SubscriptionSummary } from '@solutionz/shared';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { toastFailure } from '@/components/ui/failure-toast';
import { StatusBadge } from '@/components/ui/status-badge';
import { toaster } from '@/components/ui/toaster';
import { paths } from '@/config/paths';
import { ApiError } from '@/lib/api-client';
import { goToExternalPage, useReturnFromExternalPage } from '@/lib/external-page';
import { useCancelMembership, useOpenPortal } from '../api/membership';

const DAY_MS = 86_400_000;

/** Whole days from now until `iso`, never below zero. */
function daysUntil(iso: string, now = Date.now()): number {
  return Math.max(0, Math.ceil((Date.parse(iso) - now) / DAY_MS));
}

/** The plan a subscription summary names (Annual Plan, Monthly Plan, Basic Plan; docs/product/membership.md#plans). */
const planLabel = (subscription: SubscriptionSummary) => (subscription.tier === 'none' ? BASIC_PLAN_LABEL : PLANS[subscription.tier].label);

const dayCount = (days: number) => `${days} ${days === 1 ? 'day' : 'days'}`;

const serverMessage = (error: unknown) => (error instanceof ApiError ? error.message : MESSAGES.api.internal);

export interface SubscriptionSummaryCardProps {
  subscription: SubscriptionSummary;
  /** The page Stripe's customer portal sends the person back to. */
  returnTo: 'account' | 'profile';
}

/**
 * A provider's membership (docs/product/membership.md#managing-a-membership): none (Get Membership), active (renews in N days) or
 * cancelling (Cancels Soon, expires in N days, nothing left to cancel). Manage opens Stripe's
 * customer portal; Cancel ends the membership at the end of the paid period.
 */
export function SubscriptionSummaryCard({ subscription, returnTo }: SubscriptionSummaryCardProps) {
  if (!subscription.isSubscribed) {
    return (
      <Stack gap="3" p="6" borderWidth="1px" borderRadius="lg" align="start">
        <Heading as="h3" size="md">
          No Active Membership
        </Heading>
        <Text color="fg.muted">A membership lists you in the directory and shows you the contact details of jobs posted near you.</Text>
        <Button asChild size="sm">
          <RouterLink to={paths.membership}>Get Membership</RouterLink>
        </Button>
      </Stack>
    );
  }
  return <ActiveMembership subscription={subscription} returnTo={returnTo} />;
}

function ActiveMembership({ subscription, returnTo }: SubscriptionSummaryCardProps) {
  const portal = useOpenPortal();
  useReturnFromExternalPage(portal.reset);
  const [confirmingCancel, setConfirmingCancel] = useState(false);
  const cancelling = subscription.cancelAtPeriodEnd;
  const end = subscription.expiresAt;
  const days = end ? daysUntil(end) : null;

  const manage = () =>
    portal.mutate(returnTo, {
      onSuccess: ({ url }) => goToExternalPage(url),
      onError: (error) => toastFailure(error, { title: MEMBERSHIP_MESSAGES.managementError, description: serverMessage(error) }),
    });

  return (
    <Stack gap="3" p="6" borderWidth="1px" borderRadius="lg" aria-label="Your membership" role="group">
      <HStack gap="3" flexWrap="wrap">
        <Heading as="h3" size="md">
          {planLabel(subscription)}
        </Heading>
        <StatusBadge tone={cancelling ? 'orange' : 'green'}>{cancelling ? 'Cancels Soon' : 'Active'}</StatusBadge>
      </HStack>
      {days !== null && end && (
        <Text color="fg.muted">
          {cancelling ? `Expires in ${dayCount(days)}` : `Renews in ${dayCount(days)}`}, on {format(new Date(end), DATE_FORMATS.short)}
        </Text>
      )}
      {subscription.paymentFailed && (
        <Alert.Root status="warning">
          <Alert.Indicator />
          <Alert.Description>{MEMBERSHIP_MESSAGES.paymentFailed}</Alert.Description>
        </Alert.Root>
      )}
      <HStack gap="3" flexWrap="wrap">
        <Button size="sm" variant="outline" onClick={manage} loading={portal.isPending || portal.isSuccess} loadingText="Opening...">
          Manage
        </Button>
        {!cancelling && (
          <Button size="sm" variant="outline" colorPalette="red" onClick={() => setConfirmingCancel(true)}>
            Cancel Membership
          </Button>
        )}
      </HStack>
      {confirmingCancel && <CancelMembershipDialog subscription={subscription} onClose={() => setConfirmingCancel(false)} />}
    </Stack>
  );
}

function CancelMembershipDialog({ subscription, onClose }: { subscription: SubscriptionSummary; onClose: () => void }) {
  const cancel = useCancelMembership();
  const confirm = () =>
    cancel.mutate(undefined, {
      onSuccess: () => {
        toaster.success({ title: MEMBERSHIP_MESSAGES.cancelled, description: MEMBERSHIP_MESSAGES.cancelledDescription });
        onClose();
      },
      onError: (error) => {
        toastFailure(error, { title: MEMBERSHIP_MESSAGES.cancellationError, description: serverMessage(error) });
        onClose();
      },
    });
  const until = subscription.expiresAt ? ` until ${format(new Date(subscription.expiresAt), DATE_FORMATS.short)}` : '';
  return (
    <ConfirmDialog
      title="Cancel your membership?"
      onClose={onClose}
      busy={cancel.isPending}
      cancelLabel="Keep Membership"
      confirmLabel="Cancel Membership"
      busyLabel="Cancelling..."
      onConfirm={confirm}
    >
      <Text>
        Your {planLabel(subscription)} stays active{until} and then does not renew. You stay listed in the directory and can see job contact details until then.
      </Text>
    </ConfirmDialog>
  );
}
