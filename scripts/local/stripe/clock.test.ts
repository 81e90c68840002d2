import type Stripe from 'stripe';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { STRIPE_CATALOGUE } from './catalogue';
import { startTestStripe, submitCheckout, VALID_CARD, type TestStripe } from './test-support';

const DAY = 86_400;

describe('local Stripe: the test clock', () => {
  let t: TestStripe;
  let sdk: Stripe;

  beforeAll(async () => {
    t = await startTestStripe();
    sdk = t.sdk;
  });
  afterAll(() => t.stop());
  beforeEach(async () => {
    await t.local.settled();
    t.local.reset();
    t.receiver.received.length = 0;
  });

  async function subscribe(
    plan: keyof typeof STRIPE_CATALOGUE.prices,
    { cardNumber = VALID_CARD.cardNumber, coupon }: { cardNumber?: string; coupon?: string } = {},
  ) {
    const customer = await sdk.customers.create({ email: 'member@example.com' });
    const [price] = (await sdk.prices.list({ lookup_keys: [STRIPE_CATALOGUE.prices[plan].lookupKey] })).data;
    const session = await sdk.checkout.sessions.create({
      mode: 'subscription',
      customer: customer.id,
      line_items: [{ price: price!.id, quantity: 1 }],
      success_url: 'http://localhost:5173/membership?success=true',
      ...(coupon ? { discounts: [{ coupon }] } : {}),
    });
    const paid = await submitCheckout(session.url!, { ...VALID_CARD, cardNumber });
    expect(paid.status).toBe(303);
    const subscription = await sdk.subscriptions.retrieve((await sdk.checkout.sessions.retrieve(session.id)).subscription as string);
    await t.local.settled();
    t.receiver.received.length = 0;
    return { customer, subscription };
  }

  const periodEnd = (subscription: Stripe.Subscription) => subscription.items.data[0]!.current_period_end;

  async function eventTypes(): Promise<string[]> {
    await t.local.settled();
    return t.receiver.events(sdk).map((event) => event.type);
  }

  it('renews a monthly membership at its period end: a new period, a paid invoice, customer.subscription.updated and invoice.paid', async () => {
    const { subscription } = await subscribe('monthly');
    t.local.advanceClockTo(periodEnd(subscription) + 60);

    const renewed = await sdk.subscriptions.retrieve(subscription.id, { expand: ['latest_invoice'] });
    expect(renewed.status).toBe('active');
    expect(renewed.items.data[0]!.current_period_start).toBe(periodEnd(subscription));
    expect(periodEnd(renewed)).toBeGreaterThan(periodEnd(subscription) + 27 * DAY);
    expect(renewed.latest_invoice).toMatchObject({ billing_reason: 'subscription_cycle', status: 'paid', amount_paid: 299 });
    expect(await eventTypes()).toEqual(['customer.subscription.updated', 'invoice.paid']);
    const [updated] = t.receiver.events(sdk);
    expect(updated!.data.previous_attributes).toHaveProperty('items');
    expect(updated!.request).toEqual({ id: null, idempotency_key: null });
  });

  it('renews once per period however far the clock jumps', async () => {
    const { subscription } = await subscribe('monthly');
    t.local.advanceClock(365 * DAY + DAY);
    const invoices = await sdk.invoices.list({ subscription: subscription.id, limit: 100 });
    expect(invoices.data.map((invoice) => invoice.billing_reason)).toEqual([...Array<string>(12).fill('subscription_cycle'), 'subscription_create']);
    expect(invoices.data.every((invoice) => invoice.status === 'paid')).toBe(true);
  });

  it('fails every renewal on 4000 0000 0000 0341: past_due, retried on days 3, 5 and 7, then cancelled', async () => {
    const { subscription } = await subscribe('monthly', { cardNumber: '4000 0000 0000 0341' });
    expect(subscription.status).toBe('active');

    t.local.advanceClockTo(periodEnd(subscription) + 60);
    const pastDue = await sdk.subscriptions.retrieve(subscription.id, { expand: ['latest_invoice'] });
    expect(pastDue.status).toBe('past_due');
    expect(pastDue.latest_invoice).toMatchObject({
      status: 'open',
      attempt_count: 1,
      amount_remaining: 299,
      next_payment_attempt: periodEnd(subscription) + 3 * DAY,
    });
    expect(await eventTypes()).toEqual(['invoice.payment_failed', 'customer.subscription.updated']);
    expect(t.receiver.events(sdk)[1]!.data.previous_attributes).toMatchObject({ status: 'active' });

    t.local.advanceClock(8 * DAY);
    const ended = await sdk.subscriptions.retrieve(subscription.id);
    expect(ended).toMatchObject({ status: 'canceled', cancellation_details: { reason: 'payment_failed' } });
    expect(await eventTypes()).toEqual([
      'invoice.payment_failed',
      'customer.subscription.updated',
      'invoice.payment_failed',
      'invoice.payment_failed',
      'invoice.payment_failed',
      'customer.subscription.deleted',
    ]);
  });

  it('charges nothing while FIRST100 lasts, so renewals on the failing card only fail after the free year', async () => {
    const { subscription } = await subscribe('monthly', { cardNumber: '4000000000000341', coupon: 'FIRST100' });
    t.local.advanceClock(11 * 31 * DAY);
    expect((await sdk.subscriptions.retrieve(subscription.id)).status).toBe('active');
    expect((await eventTypes()).filter((type) => type === 'invoice.paid')).toHaveLength(11);

    t.local.advanceClockTo(periodEnd(await sdk.subscriptions.retrieve(subscription.id)) + 60);
    const afterYear = await sdk.subscriptions.retrieve(subscription.id, { expand: ['latest_invoice'] });
    expect(afterYear.status).toBe('past_due');
    expect(afterYear.latest_invoice).toMatchObject({ amount_due: 299, status: 'open' });
    expect(afterYear.discounts).toEqual([]);
  });

  it('fails the next renewal when a test asks over HTTP, and the retry three days later succeeds', async () => {
    const { subscription } = await subscribe('yearly');
    const asked = await fetch(`${t.local.url}/__subscriptions/${subscription.id}/fail-next-renewal`, { method: 'POST' });
    expect(asked.status).toBe(200);

    const moved = await fetch(`${t.local.url}/__clock/advance`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ to: periodEnd(subscription) + 60 }),
    });
    expect(((await moved.json()) as { now: number }).now).toBe(periodEnd(subscription) + 60);
    expect((await sdk.subscriptions.retrieve(subscription.id)).status).toBe('past_due');

    t.local.advanceClock(3 * DAY);
    const recovered = await sdk.subscriptions.retrieve(subscription.id, { expand: ['latest_invoice'] });
    expect(recovered.status).toBe('active');
    expect(recovered.latest_invoice).toMatchObject({ status: 'paid', amount_paid: 2000, attempt_count: 2 });
    expect(await eventTypes()).toEqual(['invoice.payment_failed', 'customer.subscription.updated', 'invoice.paid', 'customer.subscription.updated']);
  });

  it('ends a subscription cancelled at period end when the period ends, without renewing it', async () => {
    const { subscription } = await subscribe('monthly');
    await sdk.subscriptions.update(subscription.id, { cancel_at_period_end: true });
    t.local.advanceClock(60 * DAY);

    const ended = await sdk.subscriptions.retrieve(subscription.id);
    expect(ended).toMatchObject({ status: 'canceled', ended_at: periodEnd(subscription), cancellation_details: { reason: 'cancellation_requested' } });
    expect(await eventTypes()).toEqual(['customer.subscription.updated', 'customer.subscription.deleted']);
    expect((await sdk.invoices.list({ subscription: subscription.id })).data).toHaveLength(1);
    expect((await sdk.subscriptions.list({ customer: String(subscription.customer) })).data).toEqual([]);
    expect((await sdk.subscriptions.list({ customer: String(subscription.customer), status: 'canceled' })).data.map((item) => item.id)).toEqual([
      subscription.id,
    ]);
  });

  it('cancels at once on DELETE, with customer.subscription.deleted', async () => {
    const { subscription } = await subscribe('yearly');
    const before = t.local.now();
    const cancelled = await sdk.subscriptions.cancel(subscription.id);
    // The clock may pass a whole second while the cancel is answered.
    expect(cancelled).toMatchObject({ status: 'canceled', ended_at: cancelled.canceled_at });
    expect(cancelled.canceled_at).toBeGreaterThanOrEqual(before);
    expect(cancelled.canceled_at).toBeLessThanOrEqual(t.local.now());
    expect(await eventTypes()).toEqual(['customer.subscription.deleted']);
    await expect(sdk.subscriptions.update(subscription.id, { cancel_at_period_end: true })).rejects.toMatchObject({
      type: 'StripeInvalidRequestError',
      message: 'A canceled subscription can only update its cancellation_details and metadata.',
    });
  });

  it('refuses to move the clock back', async () => {
    const answer = await fetch(`${t.local.url}/__clock/advance`, { method: 'POST', body: JSON.stringify({ to: t.local.now() - 100 }) });
    expect(answer.status).toBe(400);
    expect(() => t.local.advanceClock(-1)).toThrow('The clock only moves forward.');
  });
});
