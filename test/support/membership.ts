import { meResponseSchema, redirectUrlResponseSchema, type MembershipPlan, type SubscriptionSummary } from '@solutionz/shared';
import { VALID_CARD } from '../../scripts/local/stripe/cards';
import { checkoutSessionIdOf, sdkFor, submitCheckout } from '../../scripts/local/stripe/client';
import { signInTokens, stack, type TestAccount } from './local-stack';

/** The local Stripe of the running stack (`STRIPE_URL`, from testEnvironment in scripts/local/stack.ts). */
export function localStripeUrl(): string {
  const url = process.env.STRIPE_URL;
  if (!url) throw new Error('STRIPE_URL is not set: memberships are bought from the local Stripe that `npm test` or `npm run test:e2e` starts');
  return url;
}

export interface SubscribeOptions {
  readonly couponCode?: string;
  /** How long Stripe's webhooks may take to reach the profile. */
  readonly timeoutMs?: number;
}

export interface TestMembership {
  /** What GET /api/me says once the payment went through. */
  readonly subscription: SubscriptionSummary;
  /** The subscription at the local Stripe, for tests that renew it or fail its renewal. */
  readonly stripeSubscriptionId: string;
}

/**
 * Gives a provider a real membership the way the person would buy it: the checkout through the API,
 * Stripe's test card on the local checkout page, then Stripe's webhooks, until /api/me says subscribed.
 */
export async function subscribeAccount(
  account: Pick<TestAccount, 'email' | 'password'>,
  plan: MembershipPlan,
  { couponCode, timeoutMs = 20_000 }: SubscribeOptions = {},
): Promise<TestMembership> {
  const { accessToken } = await signInTokens(account.email, account.password);
  const authorization = `Bearer ${accessToken}`;
  const checkout = await fetch(`${stack.apiBaseUrl}/membership/checkout`, {
    method: 'POST',
    headers: { authorization, 'content-type': 'application/json' },
    body: JSON.stringify({ plan, ...(couponCode ? { couponCode } : {}) }),
  });
  if (!checkout.ok) throw new Error(`POST /api/membership/checkout for ${account.email} answered ${checkout.status}: ${await checkout.text()}`);
  const { url } = redirectUrlResponseSchema.parse(await checkout.json());

  const paid = await submitCheckout(url, VALID_CARD);
  if (paid.status !== 303) throw new Error(`The local checkout page did not take the payment of ${account.email} (HTTP ${paid.status})`);
  const session = await sdkFor({ url: localStripeUrl() }).checkout.sessions.retrieve(checkoutSessionIdOf(url));
  const stripeSubscriptionId = typeof session.subscription === 'string' ? session.subscription : session.subscription?.id;
  if (!stripeSubscriptionId) throw new Error(`The checkout of ${account.email} was paid but started no subscription`);

  const deadline = Date.now() + timeoutMs;
  // The local Stripe answers this once it has delivered every webhook it has queued, these among them. A delivery that
  // failed (this test's or another's) holds the answer back until its retry, so the looks below go on beside it.
  let settled: Promise<unknown> | undefined = fetch(`${localStripeUrl()}/__settled`, { signal: AbortSignal.timeout(timeoutMs) }).catch(() => undefined);
  for (let attempt = 0; ; attempt++) {
    // A connection reset on the way is one more look, not a failure: this loop only waits for the webhooks.
    const me = await fetch(`${stack.apiBaseUrl}/me`, { headers: { authorization } }).catch(() => undefined);
    if (me?.ok) {
      const { subscription } = meResponseSchema.parse(await me.json());
      if (subscription.isSubscribed && subscription.tier === plan) return { subscription, stripeSubscriptionId };
    }
    if (Date.now() > deadline) throw new Error(`${account.email} paid for a ${plan} membership, but /api/me did not say subscribed within ${timeoutMs} ms`);
    // Asked less often the longer it takes: a crowd of buyers polling every 100 ms starves the webhooks they wait for.
    const pause = new Promise((resolve) => setTimeout(resolve, Math.min(1_000, 100 * 2 ** attempt)));
    // The next look as soon as the webhooks are delivered, or after the pause if that is sooner.
    await (settled ? Promise.race([settled.then(() => (settled = undefined)), pause]) : pause);
  }
}
