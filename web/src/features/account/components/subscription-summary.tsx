import { Button, Heading, HStack, Stack, Text } from '@chakra-ui/react';
import { Link as RouterLink } from 'react-router-dom';
import { BASIC_PLAN_LABEL, PLANS, type SubscriptionSummary } from '@solutionz/shared';
import { StatusBadge } from '@/components/ui/status-badge';
import { paths } from '@/config/paths';

const DAY_MS = 86_400_000;

/** Whole days from now until `iso`, never below zero. */
export function daysUntil(iso: string, now = Date.now()): number {
  return Math.max(0, Math.ceil((Date.parse(iso) - now) / DAY_MS));
}

/** The plan a subscription summary names (spec 01 section 3: Annual Plan, Monthly Plan, Basic Plan). */
export const planLabel = (subscription: SubscriptionSummary) => (subscription.tier === 'none' ? BASIC_PLAN_LABEL : PLANS[subscription.tier].label);

const dayCount = (days: number) => `${days} ${days === 1 ? 'day' : 'days'}`;

/**
 * A provider's membership (spec 01 section 4.6): none, active (renews in N days) or cancelling
 * (Cancels Soon, expires in N days). Managing and cancelling come with the membership pages.
 */
export function SubscriptionSummaryCard({ subscription }: { subscription: SubscriptionSummary }) {
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
  const days = subscription.expiresAt ? daysUntil(subscription.expiresAt) : null;
  return (
    <Stack gap="2" p="6" borderWidth="1px" borderRadius="lg">
      <HStack gap="3">
        <Heading as="h3" size="md">
          {planLabel(subscription)}
        </Heading>
        <StatusBadge tone={subscription.cancelAtPeriodEnd ? 'orange' : 'green'}>{subscription.cancelAtPeriodEnd ? 'Cancels Soon' : 'Active'}</StatusBadge>
      </HStack>
      {days !== null && <Text color="fg.muted">{subscription.cancelAtPeriodEnd ? `Expires in ${dayCount(days)}` : `Renews in ${dayCount(days)}`}</Text>}
    </Stack>
  );
}
