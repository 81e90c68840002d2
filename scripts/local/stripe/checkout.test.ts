import type Stripe from 'stripe';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { STRIPE_CATALOGUE } from './catalogue';
import { startTestStripe, submitCheckout, textOf, VALID_CARD, WEBHOOK_SECRET, type TestStripe } from './test-support';

describe('local Stripe: checkout and the customer portal', () => {
  let t: TestStripe;
  let sdk: Stripe;

  beforeAll(async () => {
    t = await startTestStripe();
    sdk = t.sdk;
  });
  afterAll(() => t.stop());
  beforeEach(async () => {
    await t.local.settled();
    t.receiver.received.length = 0;
  });

  async function priceFor(plan: keyof typeof STRIPE_CATALOGUE.prices): Promise<Stripe.Price> {
    const prices = await sdk.prices.list({ lookup_keys: [STRIPE_CATALOGUE.prices[plan].lookupKey], expand: ['data.product'] });
    return prices.data[0]!;
  }

  async function openCheckout(plan: keyof typeof STRIPE_CATALOGUE.prices, extra: Partial<Stripe.Checkout.SessionCreateParams> = {}) {
    const customer = await sdk.customers.create({ email: `provider-${Date.now()}-${Math.random()}@example.com`, metadata: { userId: 'user-1' } });
    const price = await priceFor(plan);
    const session = await sdk.checkout.sessions.create({
      mode: 'subscription',
      customer: customer.id,
      client_reference_id: 'user-1',
      line_items: [{ price: price.id, quantity: 1 }],
      success_url: 'http://localhost:5173/membership?success=true&session_id={CHECKOUT_SESSION_ID}',
      cancel_url: 'http://localhost:5173/membership?canceled=true',
      metadata: { userId: 'user-1', plan },
      subscription_data: { metadata: { userId: 'user-1', plan } },
      ...extra,
    });
    return { customer, price, session };
  }

  it('pays a monthly plan with 4242: the subscription, its paid invoice and three signed events, then back to the success URL', async () => {
    const { customer, session } = await openCheckout('monthly');
    expect(session).toMatchObject({
      object: 'checkout.session',
      status: 'open',
      payment_status: 'unpaid',
      amount_total: 299,
      currency: 'gbp',
      livemode: false,
    });
    expect(session.id).toMatch(/^cs_test_/);
    expect(session.url).toBe(`${t.local.url}/checkout/${session.id}`);

    const page = textOf(await (await fetch(session.url!)).text());
    expect(page).toContain('Subscribe to Solutionz Membership');
    expect(page).toContain('£2.99 per month');
    expect(page).toContain(customer.email!);
    expect(page).toContain('Total due today £2.99');

    const paid = await submitCheckout(session.url!, VALID_CARD);
    expect(paid.status).toBe(303);
    expect(paid.location).toBe(`http://localhost:5173/membership?success=true&session_id=${session.id}`);

    const completed = await sdk.checkout.sessions.retrieve(session.id, { expand: ['subscription', 'customer'] });
    expect(completed).toMatchObject({ status: 'complete', payment_status: 'paid', client_reference_id: 'user-1', url: null });
    const subscription = completed.subscription as Stripe.Subscription;
    expect(subscription.id).toMatch(/^sub_/);
    expect((completed.customer as Stripe.Customer).id).toBe(customer.id);
    expect(subscription).toMatchObject({
      object: 'subscription',
      status: 'active',
      customer: customer.id,
      cancel_at_period_end: false,
      metadata: { userId: 'user-1', plan: 'monthly' },
    });
    const item = subscription.items.data[0]!;
    expect(item.id).toMatch(/^si_/);
    expect(item.price.lookup_key).toBe('solutionz_monthly');
    expect(item.current_period_start).toBe(subscription.start_date);
    const end = new Date(item.current_period_end * 1000);
    const start = new Date(item.current_period_start * 1000);
    expect((end.getUTCFullYear() - start.getUTCFullYear()) * 12 + end.getUTCMonth() - start.getUTCMonth()).toBe(1);

    const invoice = await sdk.invoices.retrieve(String(subscription.latest_invoice));
    expect(invoice).toMatchObject({ status: 'paid', amount_paid: 299, billing_reason: 'subscription_create', customer: customer.id });
    expect(invoice.parent?.subscription_details?.subscription).toBe(subscription.id);

    await t.local.settled();
    const events = t.receiver.events(sdk);
    expect(events.map((event) => event.type)).toEqual(['checkout.session.completed', 'customer.subscription.created', 'invoice.paid']);
    for (const event of events) {
      expect(event).toMatchObject({ object: 'event', livemode: false, api_version: expect.any(String) });
      expect(event.id).toMatch(/^evt_/);
    }
    expect((events[0]!.data.object as Stripe.Checkout.Session).subscription).toBe(subscription.id);
    expect(t.receiver.received[0]!.headers['content-type']).toContain('application/json');
  });

  it('signs every event so that only the endpoint secret verifies it, and a changed body fails', async () => {
    const { session } = await openCheckout('yearly');
    await submitCheckout(session.url!, VALID_CARD);
    await t.local.settled();
    const [first] = t.receiver.received;
    expect(first!.signature).toMatch(/^t=\d+,v1=[0-9a-f]{64}$/);
    expect(() => sdk.webhooks.constructEvent(first!.rawBody, first!.signature, WEBHOOK_SECRET)).not.toThrow();
    expect(() => sdk.webhooks.constructEvent(first!.rawBody, first!.signature, 'whsec_someone_else')).toThrow(/No signatures found matching/);
    expect(() => sdk.webhooks.constructEvent(first!.rawBody.replace('"complete"', '"open"'), first!.signature, WEBHOOK_SECRET)).toThrow(
      /No signatures found matching/,
    );
  });

  it('takes FIRST100: first 12 months free, £0.00 today, the coupon counted and the discount on the subscription', async () => {
    const before = await sdk.coupons.retrieve(STRIPE_CATALOGUE.coupon.id);
    const { session } = await openCheckout('yearly', { discounts: [{ coupon: STRIPE_CATALOGUE.coupon.id }] });
    expect(session).toMatchObject({ amount_subtotal: 2000, amount_total: 0, total_details: { amount_discount: 2000 } });
    expect(session.discounts).toEqual([{ coupon: 'FIRST100', promotion_code: null }]);

    const page = textOf(await (await fetch(session.url!)).text());
    expect(page).toContain('First 12 months free');
    expect(page).toContain('Total due today £0.00');

    expect((await submitCheckout(session.url!, VALID_CARD)).status).toBe(303);
    const completed = await sdk.checkout.sessions.retrieve(session.id, { expand: ['subscription.discounts', 'subscription.latest_invoice'] });
    expect(completed.payment_status).toBe('no_payment_required');
    const subscription = completed.subscription as Stripe.Subscription;
    const discount = subscription.discounts[0] as Stripe.Discount;
    expect(discount).toMatchObject({ object: 'discount', source: { coupon: 'FIRST100', type: 'coupon' }, subscription: subscription.id });
    expect(discount.end! - discount.start).toBeGreaterThanOrEqual(365 * 86_400);
    expect(subscription.latest_invoice).toMatchObject({ status: 'paid', amount_due: 0, amount_paid: 0, subtotal: 2000, total: 0 });

    const after = await sdk.coupons.retrieve(STRIPE_CATALOGUE.coupon.id);
    expect(after).toMatchObject({ percent_off: 100, duration: 'repeating', duration_in_months: 12, max_redemptions: 100 });
    expect(after.times_redeemed).toBe(before.times_redeemed + 1);
  });

  it('refuses 4000 0000 0000 0002 with "Your card was declined." and creates nothing', async () => {
    const { session } = await openCheckout('monthly');
    const subscriptionsBefore = t.local.state().subscriptions.length;
    const declined = await submitCheckout(session.url!, { ...VALID_CARD, cardNumber: '4000 0000 0000 0002' });
    expect(declined.status).toBe(402);
    expect(declined.html).toMatch(/role="alert">Your card was declined\.</);
    expect((await sdk.checkout.sessions.retrieve(session.id)).status).toBe('open');
    expect(t.local.state().subscriptions).toHaveLength(subscriptionsBefore);
    await t.local.settled();
    expect(t.receiver.received).toHaveLength(0);
  });

  it('shows Stripe’s field messages for an incomplete number, a past expiry and a short CVC, keeping what was typed', async () => {
    const { session } = await openCheckout('monthly');
    const invalid = await submitCheckout(session.url!, { cardNumber: '4242 4242', expiry: '01 / 20', cvc: '1' });
    expect(invalid.status).toBe(400);
    const text = textOf(invalid.html);
    expect(text).toContain('Your card number is incomplete.');
    expect(text).toContain("Your card's expiration year is in the past.");
    expect(text).toContain("Your card's security code is incomplete.");
    expect(invalid.html).toContain('aria-describedby="cardNumber-error"');
    expect(invalid.html).toContain('value="4242 4242"');
    expect(textOf((await submitCheckout(session.url!, { ...VALID_CARD, cardNumber: '4242 4242 4242 4241' })).html)).toContain('Your card number is invalid.');
  });

  it('asks for an e-mail when the session has no customer, and creates the customer on payment', async () => {
    const price = await priceFor('monthly');
    const session = await sdk.checkout.sessions.create({
      mode: 'subscription',
      line_items: [{ price: price.id, quantity: 1 }],
      success_url: 'http://localhost:5173/done',
    });
    expect((await submitCheckout(session.url!, VALID_CARD)).html).toContain('Your email address is incomplete.');
    expect((await submitCheckout(session.url!, { ...VALID_CARD, email: 'new@example.com' })).status).toBe(303);
    const completed = await sdk.checkout.sessions.retrieve(session.id, { expand: ['customer'] });
    expect(completed.customer).toMatchObject({ object: 'customer', email: 'new@example.com' });
    expect(completed.customer_details?.email).toBe('new@example.com');
  });

  it('links Cancel to the cancel URL, and shows a message instead of the form once the session is paid', async () => {
    const { session } = await openCheckout('monthly');
    const html = await (await fetch(session.url!)).text();
    expect(html).toContain('<a href="http://localhost:5173/membership?canceled=true">Cancel</a>');
    await submitCheckout(session.url!, VALID_CARD);
    const again = await (await fetch(session.url!)).text();
    expect(again).not.toContain('<form');
    expect(textOf(again)).toContain('This checkout session is complete.');
  });

  it('expires an open session on request: status expired, checkout.session.expired, and the page says so', async () => {
    const { session } = await openCheckout('monthly', { discounts: [{ coupon: 'FIRST100' }] });
    const expired = await sdk.checkout.sessions.expire(session.id);
    expect(expired).toMatchObject({ status: 'expired', url: null });
    await t.local.settled();
    const events = t.receiver.events(sdk);
    expect(events.map((event) => event.type)).toEqual(['checkout.session.expired']);
    expect(events[0]!.data.object).toMatchObject({ id: session.id, status: 'expired', discounts: [{ coupon: 'FIRST100' }] });
    expect(events[0]!.request?.id).toMatch(/^req_/);
    const page = await (await fetch(`${t.local.url}/checkout/${session.id}`)).text();
    expect(page).not.toContain('<form');
    expect(textOf(page)).toContain('This checkout session has expired');
    await expect(sdk.checkout.sessions.expire(session.id)).rejects.toMatchObject({ type: 'StripeInvalidRequestError', statusCode: 400 });
  });

  it('expires a session left open past expires_at when the clock passes it', async () => {
    const { session } = await openCheckout('monthly', { expires_at: t.local.now() + 3_600 });
    t.local.advanceClock(3_601);
    expect((await sdk.checkout.sessions.retrieve(session.id)).status).toBe('expired');
    await t.local.settled();
    expect(t.receiver.events(sdk).map((event) => [event.type, (event.data.object as { id: string }).id])).toContainEqual([
      'checkout.session.expired',
      session.id,
    ]);
  });

  describe('customer portal', () => {
    async function subscribedCustomer(plan: keyof typeof STRIPE_CATALOGUE.prices) {
      const { customer, session } = await openCheckout(plan);
      await submitCheckout(session.url!, VALID_CARD);
      const subscription = (await sdk.checkout.sessions.retrieve(session.id)).subscription as string;
      const portal = await sdk.billingPortal.sessions.create({ customer: customer.id, return_url: 'http://localhost:5173/account?tab=payments' });
      await t.local.settled();
      t.receiver.received.length = 0;
      return { customer, subscription, portal };
    }

    async function press(portalUrl: string, button: string): Promise<Response> {
      const html = await (await fetch(portalUrl)).text();
      const form = [...html.matchAll(/<form method="post" action="([^"]+)">([\s\S]*?)<\/form>/g)].find((match) => match[2]!.includes(`>${button}</button>`));
      if (!form) throw new Error(`No "${button}" button on the portal page:\n${textOf(html)}`);
      const fields = new URLSearchParams(
        [...form[2]!.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]+)">/g)].map((match): [string, string] => [match[1]!, match[2]!]),
      );
      return fetch(new URL(form[1]!, portalUrl), { method: 'POST', body: fields, redirect: 'manual' });
    }

    it('shows the plan and its renewal date, with a link back to Solutionz', async () => {
      const { portal } = await subscribedCustomer('monthly');
      expect(portal).toMatchObject({ object: 'billing_portal.session', livemode: false, return_url: 'http://localhost:5173/account?tab=payments' });
      expect(portal.id).toMatch(/^bps_/);
      const html = await (await fetch(portal.url)).text();
      const text = textOf(html);
      expect(text).toContain('Current plan');
      expect(text).toContain('£2.99 per month');
      expect(text).toMatch(/Your plan renews on \d{1,2} \w+ \d{4}\./);
      expect(html).toContain('<a href="http://localhost:5173/account?tab=payments">Return to Solutionz</a>');
      expect(html).toContain('<main>');
    });

    it('switches monthly to yearly: a new yearly period, paid at once, and customer.subscription.updated', async () => {
      const { portal, subscription } = await subscribedCustomer('monthly');
      const answer = await press(portal.url, 'Switch to yearly');
      expect(answer.status).toBe(303);
      const after = await (await fetch(new URL(answer.headers.get('location')!, portal.url))).text();
      expect(textOf(after)).toContain('You switched to the yearly plan.');
      expect(textOf(after)).toContain('£20.00 per year');

      const updated = await sdk.subscriptions.retrieve(subscription);
      expect(updated.items.data[0]!.price.lookup_key).toBe('solutionz_yearly');
      await t.local.settled();
      const events = t.receiver.events(sdk);
      expect(events.map((event) => event.type)).toEqual(['customer.subscription.updated', 'invoice.paid']);
      expect(events[0]!.data.previous_attributes).toHaveProperty('items');
    });

    it('cancels at period end, then renews, each sending customer.subscription.updated', async () => {
      const { portal, subscription } = await subscribedCustomer('yearly');
      expect((await press(portal.url, 'Cancel plan')).status).toBe(303);
      const cancelled = await sdk.subscriptions.retrieve(subscription);
      expect(cancelled).toMatchObject({ status: 'active', cancel_at_period_end: true, cancel_at: cancelled.items.data[0]!.current_period_end });
      const page = textOf(await (await fetch(portal.url)).text());
      expect(page).toMatch(/Your plan will be cancelled on \d{1,2} \w+ \d{4}\./);

      expect((await press(portal.url, 'Renew plan')).status).toBe(303);
      expect(await sdk.subscriptions.retrieve(subscription)).toMatchObject({ cancel_at_period_end: false, cancel_at: null });

      await t.local.settled();
      const events = t.receiver.events(sdk);
      expect(events.map((event) => event.type)).toEqual(['customer.subscription.updated', 'customer.subscription.updated']);
      expect(events.map((event) => (event.data.object as Stripe.Subscription).cancel_at_period_end)).toEqual([true, false]);
      expect(events[0]!.data.previous_attributes).toMatchObject({ cancel_at_period_end: false });
    });
  });
});
