import type { AuthorizedCaller } from '@solutionz/lambdas/auth/caller';
import type { AccountRepository } from '@solutionz/lambdas/data/account-repository';
import { createMembershipDeps } from '@solutionz/lambdas/functions/membership';
import { startCheckout } from '@solutionz/lambdas/services/membership/checkout';
import type { DemoMembership } from './demo-data';
import { VALID_CARD } from './stripe/cards';
import { checkoutSessionIdOf, sdkFor, submitCheckout } from './stripe/client';
import type { LocalStripe } from './stripe/local-stripe';

export interface DemoMember {
  readonly email: string;
  readonly userId: string;
  readonly membership: DemoMembership;
}

/**
 * The demo memberships are bought as a provider buys one: the API's own checkout service opens a Stripe
 * Checkout, its hosted page is paid with Stripe's test card, and Stripe's webhooks write the profiles
 * through the running gateway. Cancelling at period end goes to Stripe as the customer portal sends it.
 * Imported once the Lambda environment is set: the membership area reads it when loaded.
 */
export async function loadDemoMemberships(stripe: LocalStripe, accounts: AccountRepository, members: readonly DemoMember[]): Promise<void> {
  const deps = await createMembershipDeps();
  const sdk = sdkFor(stripe);
  await Promise.all(
    members.map(async ({ email, userId, membership }) => {
      const caller: AuthorizedCaller = { kind: 'signedIn', userId, groups: ['provider'], accountType: 'provider', subscribed: false, emailConfirmed: true };
      const { url } = await startCheckout(deps, caller, { plan: membership.plan });
      const paid = await submitCheckout(url, VALID_CARD);
      if (paid.status !== 303) throw new Error(`The local Stripe did not take the demo payment of ${email} (HTTP ${paid.status})`);
      if (membership.cancelAtPeriodEnd) {
        const session = await sdk.checkout.sessions.retrieve(checkoutSessionIdOf(url));
        const subscription = typeof session.subscription === 'string' ? session.subscription : session.subscription?.id;
        if (!subscription) throw new Error(`The demo checkout of ${email} started no subscription`);
        await sdk.subscriptions.update(subscription, { cancel_at_period_end: true });
      }
    }),
  );
  await stripe.settled();

  const missing: string[] = [];
  for (const { email, userId, membership } of members) {
    const profile = await accounts.getProfile(userId, { consistent: true });
    if (profile?.subscriptionTier !== membership.plan || profile.cancelAtPeriodEnd !== (membership.cancelAtPeriodEnd ?? false)) missing.push(email);
  }
  if (missing.length) {
    throw new Error(
      `Stripe's webhooks did not bring the demo memberships of ${missing.join(', ')} to their profiles: see logs/stripe.log and logs/gateway.log`,
    );
  }
}
