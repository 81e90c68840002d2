import { MEMBERSHIP_MESSAGES, type SubscriptionSummary } from '@solutionz/shared';
import type { AuthorizedCaller } from '../../auth/caller';
import { ConflictError, NotFoundError } from '../../errors';
import type { MembershipDeps } from './deps';
import { currentSubscription, syncCustomer } from './subscription';

/** Where the portal's "return" link leads: the page the person came from. */
const RETURN_PATHS = { account: '/account?tab=payments', profile: '/profile?tab=subscriptions' } as const;

async function customerIdOf(deps: MembershipDeps, userId: string): Promise<string | undefined> {
  const profile = await deps.accounts.getProfile(userId, { consistent: true });
  if (!profile) throw new NotFoundError();
  return profile.stripeCustomerId;
}

/** POST /api/membership/portal: Stripe's customer portal (card, invoices, plan, cancel). */
export async function openPortal(deps: MembershipDeps, caller: AuthorizedCaller, returnTo: keyof typeof RETURN_PATHS = 'account'): Promise<{ url: string }> {
  const customerId = await customerIdOf(deps, caller.userId);
  if (!customerId) throw new ConflictError(MEMBERSHIP_MESSAGES.noSubscription);
  return { url: await deps.payments.createPortalSession(customerId, `${deps.config.siteUrl}${RETURN_PATHS[returnTo]}`) };
}

/**
 * POST /api/membership/cancel: the membership runs to the end of the paid period and does not renew.
 * The profile is written from Stripe's answer at once, so the page shows Cancels Soon without waiting
 * for the webhook (which then finds nothing new). Asking again while cancelling answers the same.
 */
export async function cancelMembership(deps: MembershipDeps, caller: AuthorizedCaller): Promise<SubscriptionSummary> {
  const customerId = await customerIdOf(deps, caller.userId);
  const current = customerId ? currentSubscription(await deps.payments.listSubscriptions(customerId)) : undefined;
  if (!customerId || !current) throw new ConflictError(MEMBERSHIP_MESSAGES.notCancellable);
  if (!current.cancelAtPeriodEnd) await deps.payments.cancelAtPeriodEnd(current.id);
  const { summary } = await syncCustomer(deps, customerId, caller.userId);
  if (!summary) throw new NotFoundError();
  return summary;
}
