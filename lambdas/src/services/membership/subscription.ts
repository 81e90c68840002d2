import { subscriptionSummary } from '../accounts/me';
import type { SubscriptionState } from '../../adapters/stripe-payments';
import type { ProfileRecord } from '../../data/account-repository';
import type { StoredSubscription } from '../../data/membership-repository';
import type { StripeSyncDeps } from './deps';
import type { SubscriptionSummary } from '@solutionz/shared';

/** Statuses in which Stripe still bills the subscription: the membership runs (past_due while Stripe retries a failed renewal). */
const RUNNING = new Set(['active', 'trialing', 'past_due']);

function isRunning(subscription: SubscriptionState): boolean {
  return RUNNING.has(subscription.status);
}

/** The subscription that decides the membership: the newest running one of ours, if any. */
export function currentSubscription(subscriptions: readonly SubscriptionState[]): SubscriptionState | undefined {
  return [...subscriptions].sort((a, b) => b.created - a.created).find((subscription) => isRunning(subscription) && subscription.plan !== undefined);
}

function storedSubscription(subscription: SubscriptionState | undefined): StoredSubscription {
  if (!subscription) {
    return { tier: 'none', end: undefined, cancelAtPeriodEnd: false, paymentFailed: false, subscriptionId: undefined, status: undefined };
  }
  return {
    tier: subscription.plan ?? 'none',
    end: subscription.currentPeriodEnd === undefined ? undefined : new Date(subscription.currentPeriodEnd * 1000).toISOString(),
    cancelAtPeriodEnd: subscription.cancelAtPeriodEnd,
    paymentFailed: subscription.status === 'past_due',
    subscriptionId: subscription.id,
    status: subscription.status,
  };
}

function sameSubscription(profile: ProfileRecord, customerId: string, stored: StoredSubscription): boolean {
  return (
    profile.stripeCustomerId === customerId &&
    profile.subscriptionTier === stored.tier &&
    profile.subscriptionEnd === stored.end &&
    profile.cancelAtPeriodEnd === stored.cancelAtPeriodEnd &&
    (profile.paymentFailed ?? false) === stored.paymentFailed &&
    profile.stripeSubscriptionId === stored.subscriptionId &&
    profile.subscriptionStatus === stored.status
  );
}

export interface SyncResult {
  readonly userId: string | undefined;
  readonly summary: SubscriptionSummary | undefined;
}

/**
 * Reads the customer's subscriptions from Stripe and writes what they say on the profile. Every webhook
 * and every change we make ends here, so duplicates and events in any order give the state Stripe has now.
 */
export async function syncCustomer(deps: StripeSyncDeps, customerId: string, knownUserId?: string): Promise<SyncResult> {
  const userId = knownUserId ?? (await deps.payments.customerUserId(customerId));
  if (!userId) return { userId: undefined, summary: undefined };
  const stored = storedSubscription(currentSubscription(await deps.payments.listSubscriptions(customerId)));
  const now = deps.clock();
  const profile = await deps.accounts.getProfile(userId, { consistent: true });
  if (!profile) return { userId, summary: undefined };
  // Most events of a purchase say what an earlier one said: the profile is written only when the state changes.
  if (!sameSubscription(profile, customerId, stored)) {
    if (!(await deps.membership.writeSubscription(userId, customerId, stored, now))) return { userId, summary: undefined };
    await deps.directory.syncListing(userId, now);
  }
  return {
    userId,
    summary: subscriptionSummary(
      { subscriptionTier: stored.tier, subscriptionEnd: stored.end, cancelAtPeriodEnd: stored.cancelAtPeriodEnd, paymentFailed: stored.paymentFailed },
      now,
    ),
  };
}
