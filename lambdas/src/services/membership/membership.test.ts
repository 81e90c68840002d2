import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { CHECKOUT_SESSION_MINUTES, COUPON_FIRST100, MEMBERSHIP_MESSAGES, type AccountType } from '@solutionz/shared';
import { createLocalAccount } from '../../testing/local-account';
import type { AuthorizedCaller } from '../../auth/caller';
import { ConflictError, ValidationError } from '../../errors';
import { useTestTable } from '../../testing/dynamodb-table';
import { payAtCheckout, useTestStripe, WEBHOOK_SECRET } from '../../testing/stripe';
import { subscriptionSummary } from '../accounts/me';
import { checkCoupon, startCheckout } from './checkout';
import type { MembershipDeps } from './deps';
import { cancelMembership, openPortal } from './manage';
import { recordingBusinessMetrics } from '../../business-metrics';
import { handleStripeWebhook, type StripeWebhookDeps } from './webhook';

const table = useTestTable();
const stripe = useTestStripe();
const DAY = 86_400;

function membershipDeps(): MembershipDeps & StripeWebhookDeps & { metrics: ReturnType<typeof recordingBusinessMetrics> } {
  return {
    metrics: recordingBusinessMetrics(),
    accounts: table.repositories.accounts,
    membership: table.repositories.membership,
    directory: table.repositories.directory,
    payments: stripe.payments,
    // The local Stripe's clock, so periods and renewals line up with what it bills.
    clock: () => new Date(stripe.local.now() * 1000),
    config: { siteUrl: 'https://solutionz.test' },
  };
}

/** Our webhook handler behind the local Stripe's deliveries, answering as the API would. */
function deliverWebhooksTo(deps: StripeWebhookDeps): void {
  stripe.deliverTo(async (rawBody, signature) => {
    try {
      await handleStripeWebhook(deps, rawBody, signature);
      return 200;
    } catch (error) {
      return error instanceof ValidationError ? 400 : 500;
    }
  });
}

/** A profile as sign-up leaves it; no sign-in is needed here, so no Cognito user. */
async function account(accountType: AccountType = 'provider'): Promise<AuthorizedCaller> {
  const userId = randomUUID();
  await createLocalAccount(
    { identity: undefined as never, accounts: table.repositories.accounts },
    { accountType, email: `${userId}@example.co.uk`, password: 'unused', firstName: 'Priya', lastName: 'Patel', emailConfirmed: false },
    { existingUserId: userId },
  );
  return { kind: 'signedIn', userId, groups: [accountType], accountType, subscribed: false, emailConfirmed: true };
}

async function summaryOf(deps: MembershipDeps, userId: string) {
  const profile = await table.repositories.accounts.getProfile(userId, { consistent: true });
  return subscriptionSummary(profile!, deps.clock());
}

async function payCheckout(deps: MembershipDeps, caller: AuthorizedCaller, plan: 'monthly' | 'yearly', couponCode?: string) {
  const { url } = await startCheckout(deps, caller, { plan, couponCode });
  const paid = await payAtCheckout(url);
  await stripe.local.settled();
  return paid;
}

describe('checkout', () => {
  it('pays a yearly plan on Stripe Checkout and the webhook makes the provider a member until the year is out', async () => {
    const deps = membershipDeps();
    deliverWebhooksTo(deps);
    const provider = await account();

    const { url } = await startCheckout(deps, provider, { plan: 'yearly' });
    expect(url).toMatch(new RegExp(`^${stripe.local.url}/checkout/cs_test_`));
    expect((await summaryOf(deps, provider.userId)).isSubscribed).toBe(false);

    const paid = await payAtCheckout(url);
    expect(paid.location).toMatch(/^https:\/\/solutionz\.test\/membership\?success=true&session_id=cs_test_/);
    await stripe.local.settled();
    expect(deps.metrics.counted).toMatchObject({ CheckoutsCompleted: 1 });

    const summary = await summaryOf(deps, provider.userId);
    expect(summary).toMatchObject({ isSubscribed: true, tier: 'yearly', cancelAtPeriodEnd: false, paymentFailed: false });
    const days = (Date.parse(summary.expiresAt!) - deps.clock().getTime()) / 1000 / DAY;
    expect(days).toBeGreaterThan(364);
    expect(days).toBeLessThanOrEqual(366);
  });

  it('keeps one Stripe customer per provider across checkouts', async () => {
    const deps = membershipDeps();
    const provider = await account();
    await Promise.all([startCheckout(deps, provider, { plan: 'monthly' }), startCheckout(deps, provider, { plan: 'yearly' })]);
    await startCheckout(deps, provider, { plan: 'monthly' });
    const customers = await stripe.sdk.customers.list({ limit: 100 });
    expect(customers.data.filter((customer) => customer.metadata.userId === provider.userId)).toHaveLength(1);
  });

  it('refuses a second membership with 409 You already have an active subscription.', async () => {
    const deps = membershipDeps();
    deliverWebhooksTo(deps);
    const provider = await account();
    await payCheckout(deps, provider, 'monthly');
    await expect(startCheckout(deps, provider, { plan: 'yearly' })).rejects.toThrow(new ConflictError(MEMBERSHIP_MESSAGES.alreadySubscribed));
  });

  it('refuses a second membership even before the webhook of the first has landed, from what Stripe says', async () => {
    const deps = membershipDeps();
    const provider = await account();
    await payCheckout(deps, provider, 'monthly');
    expect((await summaryOf(deps, provider.userId)).isSubscribed).toBe(false);
    await expect(startCheckout(deps, provider, { plan: 'yearly' })).rejects.toThrow(MEMBERSHIP_MESSAGES.alreadySubscribed);
    expect(await summaryOf(deps, provider.userId)).toMatchObject({ isSubscribed: true, tier: 'monthly' });
  });

  it('refuses any coupon but FIRST100 as Invalid coupon code, before anything is created', async () => {
    const deps = membershipDeps();
    const provider = await account();
    const refusal = startCheckout(deps, provider, { plan: 'yearly', couponCode: 'FIRST1000' });
    await expect(refusal).rejects.toThrow(MEMBERSHIP_MESSAGES.invalidCoupon);
    await expect(refusal).rejects.toMatchObject({ fields: { 'body.couponCode': MEMBERSHIP_MESSAGES.invalidCoupon } });
    expect((await stripe.sdk.customers.list()).data).toHaveLength(0);
    await expect(checkCoupon(deps, provider, 'SPRING')).rejects.toThrow(MEMBERSHIP_MESSAGES.invalidCoupon);
  });
});

describe('FIRST100', () => {
  it('accepts the code in any case and gives a year free: the first invoice is £0', async () => {
    const deps = membershipDeps();
    deliverWebhooksTo(deps);
    const provider = await account();
    expect(await checkCoupon(deps, provider, ' first100 ')).toMatchObject({ couponCode: 'FIRST100', freeMonths: 12, remaining: 100 });

    await payCheckout(deps, provider, 'yearly', 'First100');
    expect(await summaryOf(deps, provider.userId)).toMatchObject({ isSubscribed: true, tier: 'yearly' });
    const invoices = await stripe.sdk.invoices.list({ limit: 10 });
    expect(invoices.data.map((invoice) => invoice.amount_paid)).toEqual([0]);
    expect(await deps.membership.getOfferSlot(COUPON_FIRST100.code, provider.userId)).toMatchObject({ status: 'used' });
    await expect(checkCoupon(deps, provider, 'FIRST100')).rejects.toThrow(MEMBERSHIP_MESSAGES.couponAlreadyUsed);
  });

  it('gives exactly 100 slots to 200 providers claiming at once, and the 101st is told the offer is fully claimed', async () => {
    const deps = membershipDeps();
    const providers = await Promise.all(Array.from({ length: 200 }, () => account()));
    const results = await Promise.allSettled(providers.map((provider) => startCheckout(deps, provider, { plan: 'yearly', couponCode: 'FIRST100' })));

    const opened = results.filter((result) => result.status === 'fulfilled');
    const refused = results.filter((result): result is PromiseRejectedResult => result.status === 'rejected');
    expect(opened).toHaveLength(100);
    expect(new Set(refused.map((result) => (result.reason as Error).message))).toEqual(new Set([MEMBERSHIP_MESSAGES.couponClaimed]));
    expect(await deps.membership.claimedCount(COUPON_FIRST100.code)).toBe(100);
    await expect(checkCoupon(deps, await account(), 'FIRST100')).rejects.toThrow(MEMBERSHIP_MESSAGES.couponClaimed);
  }, 60_000);

  it('gives the slot of an abandoned checkout back when Stripe expires it, and one provider holds one slot', async () => {
    const deps = membershipDeps();
    deliverWebhooksTo(deps);
    const provider = await account();
    await startCheckout(deps, provider, { plan: 'yearly', couponCode: 'FIRST100' });
    await startCheckout(deps, provider, { plan: 'monthly', couponCode: 'FIRST100' });
    await stripe.local.settled();
    expect(await deps.membership.claimedCount(COUPON_FIRST100.code)).toBe(1);

    stripe.local.advanceClock(2 * 60 * 60);
    await stripe.local.settled();
    expect(await deps.membership.claimedCount(COUPON_FIRST100.code)).toBe(0);
    expect(await deps.membership.getOfferSlot(COUPON_FIRST100.code, provider.userId)).toBeUndefined();
  });
});

describe('FIRST100 holds', () => {
  const minutes = (n: number) => n * 60;
  const sessionOf = (url: string) => url.split('/').at(-1)!;
  const expiresAt = async (url: string) => (await stripe.sdk.checkout.sessions.retrieve(sessionOf(url))).expires_at;
  /** The checkout ends the hold's hour after it opened: the local Stripe's clock runs, so a second may pass between reading it and opening. */
  const expectHourFrom = (endsAt: number, openedFrom: number) => {
    expect(endsAt - minutes(CHECKOUT_SESSION_MINUTES)).toBeGreaterThanOrEqual(openedFrom);
    expect(endsAt - minutes(CHECKOUT_SESSION_MINUTES)).toBeLessThanOrEqual(openedFrom + 2);
  };

  it('holds a slot at most 60 minutes from the first checkout, however often the checkout is opened again; then the next checkout claims again', async () => {
    const deps = membershipDeps();
    deliverWebhooksTo(deps);
    const provider = await account();
    const firstAt = stripe.local.now();
    const first = await startCheckout(deps, provider, { plan: 'yearly', couponCode: 'FIRST100' });
    const firstEnds = await expiresAt(first.url);
    expectHourFrom(firstEnds, firstAt);

    stripe.local.advanceClock(minutes(20));
    const second = await startCheckout(deps, provider, { plan: 'monthly', couponCode: 'FIRST100' });
    expect(second.url).not.toBe(first.url);
    // Not an hour from now: the hour that began with the first checkout.
    expect(await expiresAt(second.url)).toBe(firstEnds);
    expect((await stripe.sdk.checkout.sessions.retrieve(sessionOf(first.url))).status).toBe('expired');

    stripe.local.advanceClock(minutes(20));
    // Too little of the hold is left for Stripe to open another checkout: the open one is the way.
    await expect(startCheckout(deps, provider, { plan: 'monthly', couponCode: 'FIRST100' })).resolves.toEqual(second);
    await expect(startCheckout(deps, provider, { plan: 'yearly', couponCode: 'FIRST100' })).rejects.toThrow(
      new ConflictError(MEMBERSHIP_MESSAGES.couponCheckoutOpen(20)),
    );
    expect(await deps.membership.claimedCount(COUPON_FIRST100.code)).toBe(1);

    stripe.local.advanceClock(minutes(21));
    await stripe.local.settled();
    expect(await deps.membership.claimedCount(COUPON_FIRST100.code)).toBe(0);
    expect(await deps.membership.getOfferSlot(COUPON_FIRST100.code, provider.userId)).toBeUndefined();

    const againAt = stripe.local.now();
    const again = await startCheckout(deps, provider, { plan: 'yearly', couponCode: 'FIRST100' });
    expectHourFrom(await expiresAt(again.url), againAt);
    expect(await deps.membership.claimedCount(COUPON_FIRST100.code)).toBe(1);
  });

  it('lets a hold that is over go before Stripe says its checkout expired, and claims the slot afresh', async () => {
    const deps = membershipDeps();
    const provider = await account();
    const first = await startCheckout(deps, provider, { plan: 'yearly', couponCode: 'FIRST100' });
    // No webhook reaches the API here: only the hold's own end lets the slot go.
    stripe.local.advanceClock(minutes(CHECKOUT_SESSION_MINUTES));
    const again = await startCheckout(deps, provider, { plan: 'yearly', couponCode: 'FIRST100' });
    expect(again.url).not.toBe(first.url);
    expect(await deps.membership.claimedCount(COUPON_FIRST100.code)).toBe(1);
    expect(await deps.membership.getOfferSlot(COUPON_FIRST100.code, provider.userId)).toEqual({
      status: 'pending',
      checkoutSessionId: sessionOf(again.url),
      heldUntil: stripe.local.now() + minutes(CHECKOUT_SESSION_MINUTES),
    });
  });

  it('goes only to a provider whose address is confirmed; a paid plan does not need one', async () => {
    const deps = membershipDeps();
    const provider = { ...(await account()), emailConfirmed: false };
    await expect(startCheckout(deps, provider, { plan: 'yearly', couponCode: 'FIRST100' })).rejects.toMatchObject({
      statusCode: 403,
      code: 'EMAIL_NOT_CONFIRMED',
    });
    expect(await deps.membership.claimedCount(COUPON_FIRST100.code)).toBe(0);
    await expect(startCheckout(deps, provider, { plan: 'yearly' })).resolves.toMatchObject({ url: expect.any(String) });
  });
});

describe('managing a membership', () => {
  it('cancels at the period end: Cancels Soon now, no membership once the period is over', async () => {
    const deps = membershipDeps();
    deliverWebhooksTo(deps);
    const provider = await account();
    await payCheckout(deps, provider, 'monthly');

    const cancelling = await cancelMembership(deps, provider);
    expect(cancelling).toMatchObject({ isSubscribed: true, tier: 'monthly', cancelAtPeriodEnd: true });
    expect(await cancelMembership(deps, provider)).toEqual(cancelling);

    stripe.local.advanceClock(32 * DAY);
    await stripe.local.settled();
    expect(await summaryOf(deps, provider.userId)).toMatchObject({ isSubscribed: false, tier: 'none', cancelAtPeriodEnd: false });
    await expect(cancelMembership(deps, provider)).rejects.toThrow(MEMBERSHIP_MESSAGES.notCancellable);
  });

  it('renews through the test clock, and a failed renewal keeps the membership while Stripe retries, saying the payment failed', async () => {
    const deps = membershipDeps();
    deliverWebhooksTo(deps);
    const provider = await account();
    await payCheckout(deps, provider, 'monthly');
    const firstEnd = (await summaryOf(deps, provider.userId)).expiresAt!;

    stripe.local.advanceClock(31 * DAY);
    await stripe.local.settled();
    const renewed = await summaryOf(deps, provider.userId);
    expect(renewed).toMatchObject({ isSubscribed: true, paymentFailed: false });
    expect(Date.parse(renewed.expiresAt!)).toBeGreaterThan(Date.parse(firstEnd));

    const customer = (await table.repositories.accounts.getProfile(provider.userId))!.stripeCustomerId!;
    stripe.local.failNextRenewal(customer);
    stripe.local.advanceClock(31 * DAY);
    await stripe.local.settled();
    expect(await summaryOf(deps, provider.userId)).toMatchObject({ isSubscribed: true, paymentFailed: true });
  });

  it('opens the customer portal returning to the page asked for, and refuses one without a membership', async () => {
    const deps = membershipDeps();
    const provider = await account();
    await expect(openPortal(deps, provider)).rejects.toThrow(MEMBERSHIP_MESSAGES.noSubscription);
    await payCheckout(deps, provider, 'monthly');
    const { url } = await openPortal(deps, provider, 'profile');
    expect(url).toMatch(new RegExp(`^${stripe.local.url}/`));
    const page = await (await fetch(url)).text();
    expect(page).toContain('https://solutionz.test/profile?tab=subscriptions');
  });
});

describe('the Stripe webhook', () => {
  async function lifecycleEvents(deps: MembershipDeps) {
    const provider = await account();
    stripe.deliverTo(undefined);
    await payCheckout(deps, provider, 'monthly');
    await stripe.local.settled();
    return { provider, events: stripe.local.state().events };
  }

  function signed(event: unknown, secret = WEBHOOK_SECRET, at = Math.floor(Date.now() / 1000)) {
    const body = JSON.stringify(event);
    return { body, signature: stripe.sdk.webhooks.generateTestHeaderString({ payload: body, secret, timestamp: at }) };
  }

  it('handles an event once however often it comes, in a row or at once', async () => {
    const deps = membershipDeps();
    const { provider, events } = await lifecycleEvents(deps);
    const completed = events.find((event) => event.type === 'checkout.session.completed')!;
    const { body, signature } = signed(completed);

    const updatedAt = async () => (await table.repositories.accounts.getProfile(provider.userId, { consistent: true }))!.updatedAt;
    const inARow = [await handleStripeWebhook(deps, body, signature)];
    const changedAt = await updatedAt();
    for (let i = 0; i < 4; i++) inARow.push(await handleStripeWebhook(deps, body, signature));
    expect(inARow.map((answer) => answer.duplicate)).toEqual([false, true, true, true, true]);
    expect(await updatedAt()).toBe(changedAt);

    const other = events.find((event) => event.type === 'invoice.paid')!;
    const again = signed(other);
    const atOnce = await Promise.all(Array.from({ length: 5 }, () => handleStripeWebhook(deps, again.body, again.signature)));
    expect(atOnce.filter((answer) => !answer.duplicate)).toHaveLength(1);
    expect(await summaryOf(deps, provider.userId)).toMatchObject({ isSubscribed: true, tier: 'monthly' });
    expect(await deps.membership.eventStatus(other.id)).toBe('done');
  });

  it('refuses a tampered body, a wrong secret and a stale timestamp with 400, changing nothing', async () => {
    const deps = membershipDeps();
    const { provider, events } = await lifecycleEvents(deps);
    const completed = events.find((event) => event.type === 'checkout.session.completed')!;
    const good = signed(completed);

    const attempts = [
      { body: good.body.replace('"complete"', '"completed"'), signature: good.signature },
      signed(completed, 'whsec_someone_else'),
      signed(completed, WEBHOOK_SECRET, Math.floor(Date.now() / 1000) - 301),
      { body: good.body, signature: undefined },
    ];
    for (const attempt of attempts) {
      const refusal = handleStripeWebhook(deps, attempt.body, attempt.signature);
      await expect(refusal).rejects.toBeInstanceOf(ValidationError);
      await expect(refusal).rejects.toMatchObject({ statusCode: 400, message: MEMBERSHIP_MESSAGES.invalidSignature });
    }
    expect(await deps.membership.eventStatus(completed.id)).toBeUndefined();
    expect((await summaryOf(deps, provider.userId)).isSubscribed).toBe(false);
    expect(deps.metrics.counted.StripeWebhooksFailed).toBe(attempts.length);
  });

  it('ends in the same state whatever the order of the events, and with each sent twice', async () => {
    const deps = membershipDeps();
    const { provider } = await lifecycleEvents(deps);
    await cancelMembership(deps, provider);
    await stripe.local.settled();
    const all = stripe.local.state().events;
    const expected = await summaryOf(deps, provider.userId);

    for (let round = 0; round < 3; round++) {
      const shuffled = [...all, ...all].sort(() => Math.random() - 0.5);
      for (const event of shuffled) {
        const { body, signature } = signed({ ...event, id: `${event.id}_r${round}` });
        await handleStripeWebhook(deps, body, signature);
      }
      expect(await summaryOf(deps, provider.userId)).toEqual(expected);
    }
    expect(all.map((event) => event.type)).toEqual(expect.arrayContaining(['checkout.session.completed', 'invoice.paid', 'customer.subscription.updated']));
    expect(expected).toMatchObject({ isSubscribed: true, cancelAtPeriodEnd: true });
  });

  it('sends every event twice and out of order from the local Stripe, and the membership still comes out right', async () => {
    const deps = membershipDeps();
    deliverWebhooksTo(deps);
    stripe.local.setFaults({ duplicateAndShuffle: true });
    const provider = await account();
    await payCheckout(deps, provider, 'yearly');
    expect(await summaryOf(deps, provider.userId)).toMatchObject({ isSubscribed: true, tier: 'yearly' });
    await cancelMembership(deps, provider);
    await stripe.local.settled();
    expect(await summaryOf(deps, provider.userId)).toMatchObject({ isSubscribed: true, cancelAtPeriodEnd: true });
  });
});
