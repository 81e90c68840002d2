import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STRIPE_CATALOGUE } from './catalogue';
import { sdkFor, startTestStripe, type TestStripe } from './test-support';

describe('local Stripe: the REST API through the stripe SDK', () => {
  let t: TestStripe;
  let sdk: Stripe;

  beforeAll(async () => {
    t = await startTestStripe();
    sdk = t.sdk;
  });
  afterAll(() => t.stop());

  it('creates, retrieves and updates a customer in Stripe’s shape', async () => {
    const created = await sdk.customers.create({ email: 'ada@example.com', name: 'Ada', metadata: { userId: 'user-42' } });
    expect(created).toMatchObject({ object: 'customer', email: 'ada@example.com', name: 'Ada', metadata: { userId: 'user-42' }, livemode: false });
    expect(created.id).toMatch(/^cus_[A-Za-z0-9]{14}$/);
    expect(Math.abs(created.created - Date.now() / 1000)).toBeLessThan(5);
    expect(created.lastResponse.requestId).toMatch(/^req_/);

    const updated = await sdk.customers.update(created.id, { email: 'ada@example.org', metadata: { plan: 'yearly', userId: '' } });
    expect(updated).toMatchObject({ email: 'ada@example.org', metadata: { plan: 'yearly' } });
    expect(updated.metadata).not.toHaveProperty('userId');
    expect(await sdk.customers.retrieve(created.id)).toMatchObject({ id: created.id, email: 'ada@example.org' });
  });

  it('is seeded with the two membership prices by lookup key, on the Solutionz Membership product', async () => {
    const prices = await sdk.prices.list({
      lookup_keys: [STRIPE_CATALOGUE.prices.monthly.lookupKey, STRIPE_CATALOGUE.prices.yearly.lookupKey],
      expand: ['data.product'],
    });
    expect(prices).toMatchObject({ object: 'list', has_more: false, url: '/v1/prices' });
    const byKey = Object.fromEntries(prices.data.map((price) => [price.lookup_key, price]));
    expect(byKey.solutionz_monthly).toMatchObject({
      object: 'price',
      currency: 'gbp',
      unit_amount: 299,
      type: 'recurring',
      recurring: { interval: 'month', interval_count: 1 },
    });
    expect(byKey.solutionz_yearly).toMatchObject({ unit_amount: 2000, recurring: { interval: 'year' } });
    expect(byKey.solutionz_monthly!.id).toMatch(/^price_/);
    expect(byKey.solutionz_monthly!.product).toMatchObject({ object: 'product', name: 'Solutionz Membership' });
    expect(byKey.solutionz_yearly!.product).toMatchObject({ id: (byKey.solutionz_monthly!.product as Stripe.Product).id });
  });

  it('is seeded with the FIRST100 coupon', async () => {
    expect(await sdk.coupons.retrieve('FIRST100')).toMatchObject({
      id: 'FIRST100',
      object: 'coupon',
      percent_off: 100,
      duration: 'repeating',
      duration_in_months: 12,
      max_redemptions: 100,
      times_redeemed: 0,
      valid: true,
    });
  });

  it('creates products, prices and coupons as `npm run stripe:setup` will, refusing a lookup key already taken', async () => {
    const product = await sdk.products.create({ name: 'Extra' });
    expect(product.id).toMatch(/^prod_/);
    const price = await sdk.prices.create({
      product: product.id,
      currency: 'gbp',
      unit_amount: 500,
      recurring: { interval: 'month' },
      lookup_key: 'extra_monthly',
    });
    expect(price).toMatchObject({ lookup_key: 'extra_monthly', unit_amount: 500, product: product.id });
    await expect(sdk.prices.create({ product: product.id, currency: 'gbp', unit_amount: 600, lookup_key: 'extra_monthly' })).rejects.toMatchObject({
      type: 'StripeInvalidRequestError',
      param: 'lookup_key',
    });
    const moved = await sdk.prices.create({
      product: product.id,
      currency: 'gbp',
      unit_amount: 600,
      recurring: { interval: 'month' },
      lookup_key: 'extra_monthly',
      transfer_lookup_key: true,
    });
    expect((await sdk.prices.list({ lookup_keys: ['extra_monthly'] })).data.map((item) => item.id)).toEqual([moved.id]);
    expect((await sdk.products.list({ limit: 100 })).data.map((item) => item.name)).toContain('Extra');

    const coupon = await sdk.coupons.create({ id: 'HALF', percent_off: 50, duration: 'once' });
    expect(coupon).toMatchObject({ id: 'HALF', percent_off: 50, duration: 'once', duration_in_months: null });
    await expect(sdk.coupons.create({ id: 'HALF', percent_off: 50 })).rejects.toMatchObject({ code: 'resource_already_exists' });
  });

  it('applies a promotion code on checkout through discounts[0][promotion_code]', async () => {
    const promotion = await sdk.promotionCodes.create({ promotion: { type: 'coupon', coupon: 'FIRST100' }, code: 'WELCOME' });
    expect(promotion).toMatchObject({ object: 'promotion_code', code: 'WELCOME', promotion: { type: 'coupon', coupon: 'FIRST100' }, active: true });
    expect((await sdk.promotionCodes.list({ code: 'welcome' })).data.map((item) => item.id)).toEqual([promotion.id]);
    const [price] = (await sdk.prices.list({ lookup_keys: ['solutionz_yearly'] })).data;
    const session = await sdk.checkout.sessions.create({
      mode: 'subscription',
      line_items: [{ price: price!.id, quantity: 1 }],
      discounts: [{ promotion_code: promotion.id }],
    });
    expect(session).toMatchObject({ amount_total: 0, discounts: [{ coupon: 'FIRST100', promotion_code: promotion.id }] });
  });

  it('lists newest first in pages, with has_more and starting_after, and the SDK pages through them all', async () => {
    const email = `paging-${Date.now()}@example.com`;
    const created: string[] = [];
    for (let i = 0; i < 5; i += 1) created.push((await sdk.customers.create({ email })).id);
    const first = await sdk.customers.list({ email, limit: 2 });
    expect(first).toMatchObject({ object: 'list', has_more: true, url: '/v1/customers' });
    expect(first.data.map((customer) => customer.id)).toEqual([created[4], created[3]]);
    const second = await sdk.customers.list({ email, limit: 2, starting_after: first.data[1]!.id });
    expect(second.data.map((customer) => customer.id)).toEqual([created[2], created[1]]);
    const all = await sdk.customers.list({ email, limit: 2 }).autoPagingToArray({ limit: 10 });
    expect(all.map((customer) => customer.id)).toEqual([...created].reverse());
  });

  it('expands line_items on a checkout session and keeps ids unexpanded otherwise', async () => {
    const customer = await sdk.customers.create({ email: 'expand@example.com' });
    const [price] = (await sdk.prices.list({ lookup_keys: ['solutionz_monthly'] })).data;
    const session = await sdk.checkout.sessions.create({ mode: 'subscription', customer: customer.id, line_items: [{ price: price!.id, quantity: 1 }] });
    expect(session.customer).toBe(customer.id);
    const expanded = await sdk.checkout.sessions.retrieve(session.id, { expand: ['line_items', 'customer'] });
    expect(expanded.customer).toMatchObject({ id: customer.id, object: 'customer' });
    expect(expanded.line_items).toMatchObject({ object: 'list', data: [{ object: 'item', quantity: 1, amount_total: 299, price: { id: price!.id } }] });
    expect((await sdk.checkout.sessions.listLineItems(session.id)).data[0]!.price!.lookup_key).toBe('solutionz_monthly');
    expect((await sdk.checkout.sessions.list({ customer: customer.id })).data.map((item) => item.id)).toEqual([session.id]);
    await expect(sdk.checkout.sessions.retrieve(session.id, { expand: ['nonsense'] })).rejects.toMatchObject({
      message: 'This property cannot be expanded (nonsense).',
    });
  });

  describe('errors, as the SDK surfaces them', () => {
    it('answers a key that is not sk_test_ with 401 (StripeAuthenticationError)', async () => {
      const wrong = sdkFor(t.local, 'sk_live_not_here');
      const error = await wrong.customers.create({ email: 'x@example.com' }).catch((caught: unknown) => caught);
      expect(error).toBeInstanceOf(Stripe.errors.StripeAuthenticationError);
      expect(error).toMatchObject({ statusCode: 401, message: expect.stringContaining('Invalid API Key provided: sk_live_') });
      const bare = await fetch(`${t.local.url}/v1/customers`);
      expect(bare.status).toBe(401);
      expect(await bare.json()).toMatchObject({ error: { type: 'invalid_request_error', message: expect.stringContaining('You did not provide an API key') } });
    });

    it('answers an unknown id with 404 resource_missing', async () => {
      const error = await sdk.subscriptions.retrieve('sub_doesnotexist').catch((caught: unknown) => caught);
      expect(error).toBeInstanceOf(Stripe.errors.StripeInvalidRequestError);
      expect(error).toMatchObject({ statusCode: 404, code: 'resource_missing', param: 'id', message: "No such subscription: 'sub_doesnotexist'" });
      await expect(
        sdk.checkout.sessions.create({ mode: 'subscription', customer: 'cus_nobody', line_items: [{ price: 'price_nothing', quantity: 1 }] }),
      ).rejects.toMatchObject({
        statusCode: 400,
        code: 'resource_missing',
        param: 'customer',
      });
    });

    it('answers a missing, unknown or malformed parameter with 400 naming it', async () => {
      const [price] = (await sdk.prices.list({ lookup_keys: ['solutionz_monthly'] })).data;
      const missing = await sdk.checkout.sessions
        .create({ line_items: [{ price: price!.id, quantity: 1 }] } as Stripe.Checkout.SessionCreateParams)
        .catch((caught: unknown) => caught);
      expect(missing).toBeInstanceOf(Stripe.errors.StripeInvalidRequestError);
      expect(missing).toMatchObject({ statusCode: 400, code: 'parameter_missing', param: 'mode', message: 'Missing required param: mode.' });
      await expect(sdk.checkout.sessions.create({ mode: 'subscription', line_items: [{ price: price!.id }] })).rejects.toMatchObject({
        param: 'line_items[0][quantity]',
      });
      await expect(sdk.customers.create({ emial: 'typo@example.com' } as Stripe.CustomerCreateParams)).rejects.toMatchObject({
        code: 'parameter_unknown',
        param: 'emial',
      });
      await expect(sdk.customers.list({ limit: 'lots' as unknown as number })).rejects.toMatchObject({ code: 'parameter_invalid_integer', param: 'limit' });
      await expect(
        sdk.checkout.sessions.create({ mode: 'subscription', line_items: [{ price: price!.id, quantity: 1 }], discounts: [{ coupon: 'NOPE' }] }),
      ).rejects.toMatchObject({ code: 'resource_missing', param: 'discounts[0][coupon]', message: "No such coupon: 'NOPE'" });
    });

    it('answers an unknown URL with 404', async () => {
      const error = await sdk.rawRequest('GET', '/v1/teleporters').catch((caught: unknown) => caught);
      expect(error).toMatchObject({ statusCode: 404, message: expect.stringContaining('Unrecognized request URL (GET: /v1/teleporters)') });
    });
  });

  it('replays a POST sent again with the same Idempotency-Key, and refuses the key with other parameters', async () => {
    const first = await sdk.customers.create({ email: 'once@example.com' }, { idempotencyKey: 'create-once' });
    const again = await sdk.customers.create({ email: 'once@example.com' }, { idempotencyKey: 'create-once' });
    expect(again.id).toBe(first.id);
    expect(again.lastResponse.headers['idempotent-replayed']).toBe('true');
    await expect(sdk.customers.create({ email: 'twice@example.com' }, { idempotencyKey: 'create-once' })).rejects.toBeInstanceOf(
      Stripe.errors.StripeIdempotencyError,
    );
  });
});
