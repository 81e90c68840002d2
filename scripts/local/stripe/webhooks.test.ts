import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type Stripe from 'stripe';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { startLocalStripe, type LocalStripe, type LocalStripeState } from './local-stripe';
import { sdkFor, startTestStripe, startWebhookReceiver, submitCheckout, VALID_CARD, WEBHOOK_SECRET, type TestStripe } from './test-support';

describe('local Stripe: webhook delivery', () => {
  const running: { stop(): Promise<void> }[] = [];
  const work = mkdtempSync(join(tmpdir(), 'solutionz-local-stripe-test-'));

  afterEach(async () => {
    await Promise.all(running.splice(0).map((service) => service.stop()));
  });
  afterAll(() => rmSync(work, { recursive: true, force: true }));

  async function started(options: Parameters<typeof startTestStripe>[0] = {}): Promise<TestStripe> {
    const t = await startTestStripe(options);
    running.push(t);
    return t;
  }

  /** A checkout session opened and, unless `pay` is false, paid: one batch of three events. */
  async function checkout(sdk: Stripe, local: LocalStripe, { pay = true } = {}): Promise<Stripe.Checkout.Session> {
    const [price] = (await sdk.prices.list({ lookup_keys: [local.catalogue.prices.monthly.lookupKey] })).data;
    const session = await sdk.checkout.sessions.create({
      mode: 'subscription',
      customer_email: 'webhooks@example.com',
      line_items: [{ price: price!.id, quantity: 1 }],
      success_url: 'http://localhost:5173/membership?success=true',
    });
    if (pay) expect((await submitCheckout(session.url!, VALID_CARD)).status).toBe(303);
    return session;
  }

  it('retries a delivery the endpoint answers 500 to, after the configured delays, until it is accepted', async () => {
    const t = await started({ retryDelaysMs: [30, 60, 120] });
    t.receiver.answerWith(500, 500);
    const session = await checkout(t.sdk, t.local, { pay: false });
    await t.sdk.checkout.sessions.expire(session.id);
    await t.local.settled();

    const attempts = t.local.state().deliveries;
    expect(attempts.map((delivery) => [delivery.type, delivery.attempt, delivery.outcome])).toEqual([
      ['checkout.session.expired', 1, 500],
      ['checkout.session.expired', 2, 500],
      ['checkout.session.expired', 3, 200],
    ]);
    const times = attempts.map((delivery) => Date.parse(delivery.at));
    expect(times[1]! - times[0]!).toBeGreaterThanOrEqual(30);
    expect(times[2]! - times[1]!).toBeGreaterThanOrEqual(60);
    const signatures = new Set(t.receiver.received.map((webhook) => webhook.rawBody));
    expect(signatures.size).toBe(1);
    expect(t.receiver.events(t.sdk).map((event) => event.id)).toEqual(Array(3).fill(attempts[0]!.eventId));
    expect((await t.sdk.events.retrieve(attempts[0]!.eventId)).pending_webhooks).toBe(0);
  });

  it('gives up after the last retry, leaving the event pending', async () => {
    const t = await started({ retryDelaysMs: [5, 5] });
    t.receiver.answerWith(500, 503, 500);
    const session = await checkout(t.sdk, t.local, { pay: false });
    await t.sdk.checkout.sessions.expire(session.id);
    await t.local.settled();
    const attempts = t.local.state().deliveries;
    expect(attempts.map((delivery) => delivery.outcome)).toEqual([500, 503, 500]);
    expect((await t.sdk.events.retrieve(attempts[0]!.eventId)).pending_webhooks).toBe(1);
  });

  it('retries when nothing answers, without holding back the events after it', async () => {
    const t = await started({ retryDelaysMs: [40] });
    const endpoint = t.receiver.url;
    const closed = await startWebhookReceiver();
    await closed.stop();
    t.local.setWebhookUrl(closed.url);
    const first = await checkout(t.sdk, t.local, { pay: false });
    await t.sdk.checkout.sessions.expire(first.id);
    t.local.setWebhookUrl(endpoint);
    const second = await checkout(t.sdk, t.local, { pay: false });
    await t.sdk.checkout.sessions.expire(second.id);
    await t.local.settled();

    const deliveries = t.local.state().deliveries;
    expect(typeof deliveries[0]!.outcome).toBe('string');
    expect(t.receiver.events(t.sdk).map((event) => (event.data.object as Stripe.Checkout.Session).id)).toEqual([second.id, first.id]);
  });

  it('delivers each event twice and out of order in duplicate-and-shuffle mode', async () => {
    const t = await started();
    const faults = await fetch(`${t.local.url}/__faults`, { method: 'POST', body: JSON.stringify({ duplicateAndShuffle: true }) });
    expect(await faults.json()).toEqual({ faults: { duplicateAndShuffle: true } });
    const batches: string[][] = [];
    for (let i = 0; i < 5; i += 1) {
      await checkout(t.sdk, t.local);
      await t.local.settled();
      batches.push(t.receiver.events(t.sdk).map((event) => event.type));
      t.receiver.received.length = 0;
    }
    const inOrder = [
      'checkout.session.completed',
      'checkout.session.completed',
      'customer.subscription.created',
      'customer.subscription.created',
      'invoice.paid',
      'invoice.paid',
    ];
    for (const batch of batches) expect([...batch].sort()).toEqual(inOrder);
    expect(batches.some((batch) => batch.join() !== inOrder.join())).toBe(true);

    t.local.setFaults({ duplicateAndShuffle: false });
    await checkout(t.sdk, t.local);
    await t.local.settled();
    expect(t.receiver.events(t.sdk).map((event) => event.type)).toEqual(['checkout.session.completed', 'customer.subscription.created', 'invoice.paid']);
  });

  it('records events without an endpoint (pending_webhooks 0), and sends only later ones once one is set', async () => {
    const receiver = await startWebhookReceiver();
    running.push(receiver);
    const local = await startLocalStripe({ port: 0, webhookSecret: WEBHOOK_SECRET });
    running.push(local);
    const sdk = sdkFor(local);
    await checkout(sdk, local);
    const [silent] = (await sdk.events.list({ type: 'checkout.session.*' })).data;
    expect(silent).toMatchObject({ type: 'checkout.session.completed', pending_webhooks: 0 });

    local.setWebhookUrl(receiver.url);
    await checkout(sdk, local);
    await local.settled();
    expect(receiver.events(sdk).map((event) => event.type)).toEqual(['checkout.session.completed', 'customer.subscription.created', 'invoice.paid']);
    expect(receiver.events(sdk).map((event) => event.id)).not.toContain(silent!.id);
    const listed = await sdk.events.list({ types: ['invoice.paid'] });
    expect(listed.data).toHaveLength(2);
  });

  it('keeps its state, clock and undelivered events in the data file across a restart', async () => {
    const dataFile = join(work, 'stripe.json');
    const closed = await startWebhookReceiver();
    await closed.stop();
    const first = await startLocalStripe({ port: 0, webhookSecret: WEBHOOK_SECRET, webhookUrl: closed.url, dataFile, retryDelaysMs: [] });
    const sdk = sdkFor(first);
    const session = await checkout(sdk, first);
    first.advanceClock(86_400);
    const clock = first.now();
    await first.settled();
    await first.stop();

    const receiver = await startWebhookReceiver();
    running.push(receiver);
    const second = await startLocalStripe({ port: 0, webhookSecret: WEBHOOK_SECRET, webhookUrl: receiver.url, dataFile });
    running.push(second);
    const again = sdkFor(second);
    expect(second.now()).toBeGreaterThanOrEqual(clock);
    const restored = await again.checkout.sessions.retrieve(session.id, { expand: ['subscription'] });
    expect(restored).toMatchObject({ status: 'complete', subscription: { status: 'active' } });
    expect((await again.coupons.retrieve('FIRST100')).id).toBe('FIRST100');
    await second.settled();
    expect(receiver.events(again).map((event) => event.type)).toEqual(['checkout.session.completed', 'customer.subscription.created', 'invoice.paid']);
  });

  it('shows its state to tests and resets to the seeded catalogue', async () => {
    const t = await started();
    await checkout(t.sdk, t.local);
    await t.local.settled();
    const state = (await (await fetch(`${t.local.url}/__state`)).json()) as LocalStripeState;
    expect(state.customers).toHaveLength(1);
    expect(state.subscriptions).toHaveLength(1);
    expect(state.events.map((event) => event.type)).toEqual(['checkout.session.completed', 'customer.subscription.created', 'invoice.paid']);
    expect(state.deliveries.every((delivery) => delivery.outcome === 200)).toBe(true);

    expect((await fetch(`${t.local.url}/__reset`, { method: 'POST' })).status).toBe(200);
    const after = t.local.state();
    expect(after).toMatchObject({ customers: [], subscriptions: [], events: [], deliveries: [] });
    expect(after.prices).toHaveLength(2);
    expect(((await (await fetch(`${t.local.url}/__settled`)).json()) as { settled: boolean }).settled).toBe(true);
  });
});
