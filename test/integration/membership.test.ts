import { describe, expect, it } from 'vitest';
import { apiErrorBodySchema, COUPON_FIRST100, MEMBERSHIP_MESSAGES, meResponseSchema } from '@solutionz/shared';
import { createTableStore } from '@solutionz/lambdas/data/table-store';
import { LOCAL_STRIPE_WEBHOOK_SECRET } from '../../scripts/local/stack';
import { sdkFor } from '../../scripts/local/stripe/client';
import { signatureHeader } from '../../scripts/local/stripe/webhooks';
import { createTestAccount, documents, signInTokens, stack } from '../support/local-stack';
import { localStripeUrl, subscribeAccount } from '../support/membership';

/**
 * The membership through the running stack: the API, the webhook function behind the local gateway, the
 * local Stripe sending its signed events. The service-level cases (renewals through the test clock, 200
 * concurrent FIRST100 claims, shuffled lifecycles) are in lambdas/src/services/membership.
 */

const profiles = createTableStore(documents, stack.tableName).entities.profile;
const webhookUrl = `${stack.apiBaseUrl}/stripe/webhook`;

async function post(url: string, body: string, headers: Record<string, string>) {
  const response = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json; charset=utf-8', ...headers }, body });
  const text = await response.text();
  return { status: response.status, body: text ? (JSON.parse(text) as unknown) : undefined };
}

async function api(path: string, token: string, body?: unknown) {
  return post(`${stack.apiBaseUrl}${path}`, body === undefined ? '' : JSON.stringify(body), { authorization: `Bearer ${token}` });
}

/** A member, and the signed `checkout.session.completed` event of their checkout, as the local Stripe sent it. */
async function memberWithCompletedEvent() {
  const account = await createTestAccount('provider');
  const { stripeSubscriptionId } = await subscribeAccount(account, 'monthly');
  const sdk = sdkFor({ url: localStripeUrl() });
  const subscription = await sdk.subscriptions.retrieve(stripeSubscriptionId);
  const events = await sdk.events.list({ type: 'checkout.session.completed', limit: 100 });
  const event = events.data.find((candidate) => (candidate.data.object as { customer?: string }).customer === subscription.customer)!;
  // The rest of the purchase's events (invoice.paid, ...) have landed too.
  await fetch(`${localStripeUrl()}/__settled`);
  return { account, event };
}

const sign = (body: string, secret = LOCAL_STRIPE_WEBHOOK_SECRET, at = Math.floor(Date.now() / 1000)) => signatureHeader(body, secret, at);

describe('POST /api/stripe/webhook', () => {
  it('answers a delivery of an event it has handled as a duplicate, 5 times in a row and 5 at once', async () => {
    const { account, event } = await memberWithCompletedEvent();
    const before = await profiles.get({ userId: account.userId }).go();
    const body = JSON.stringify(event);

    const inARow = [];
    for (let i = 0; i < 5; i++) inARow.push(await post(webhookUrl, body, { 'stripe-signature': sign(body) }));
    const atOnce = await Promise.all(Array.from({ length: 5 }, () => post(webhookUrl, body, { 'stripe-signature': sign(body) })));

    for (const answer of [...inARow, ...atOnce]) expect(answer).toEqual({ status: 200, body: { received: true, duplicate: true } });
    expect(await profiles.get({ userId: account.userId }).go()).toEqual(before);
  });

  it('refuses a tampered body, a wrong secret and a timestamp older than Stripe tolerates with 400, changing nothing', async () => {
    const { account, event } = await memberWithCompletedEvent();
    const before = await profiles.get({ userId: account.userId }).go();
    const forged = JSON.stringify({ ...event, id: `${event.id}_forged`, type: 'customer.subscription.deleted' });
    const genuine = JSON.stringify({ ...event, id: `${event.id}_new` });

    const attempts = [
      { body: forged, signature: sign(genuine) },
      { body: genuine, signature: sign(genuine, 'whsec_not_ours') },
      { body: genuine, signature: sign(genuine, LOCAL_STRIPE_WEBHOOK_SECRET, Math.floor(Date.now() / 1000) - 10 * 60) },
      { body: genuine, signature: '' },
    ];
    for (const attempt of attempts) {
      const answer = await post(webhookUrl, attempt.body, attempt.signature ? { 'stripe-signature': attempt.signature } : {});
      expect(answer.status).toBe(400);
      expect(apiErrorBodySchema.parse(answer.body).error.message).toBe(MEMBERSHIP_MESSAGES.invalidSignature);
    }
    expect(await profiles.get({ userId: account.userId }).go()).toEqual(before);
  });
});

describe('membership through the API', () => {
  it('makes a provider a member through checkout and webhooks, then cancels at the period end', async () => {
    const account = await createTestAccount('provider');
    const { accessToken } = await signInTokens(account.email, account.password);
    const { subscription } = await subscribeAccount(account, 'yearly');
    expect(subscription).toMatchObject({ isSubscribed: true, tier: 'yearly', cancelAtPeriodEnd: false, paymentFailed: false });

    const again = await api('/membership/checkout', accessToken, { plan: 'monthly' });
    expect(again.status).toBe(409);
    expect(apiErrorBodySchema.parse(again.body).error.message).toBe(MEMBERSHIP_MESSAGES.alreadySubscribed);

    const cancelled = await api('/membership/cancel', accessToken);
    expect(cancelled).toMatchObject({ status: 200, body: { isSubscribed: true, tier: 'yearly', cancelAtPeriodEnd: true } });
    const me = meResponseSchema.parse(await (await fetch(`${stack.apiBaseUrl}/me`, { headers: { authorization: `Bearer ${accessToken}` } })).json());
    expect(me.subscription.cancelAtPeriodEnd).toBe(true);
  });

  it('tells a client that only service providers can buy, and a provider that a coupon other than FIRST100 is invalid', async () => {
    const client = await createTestAccount('client');
    const provider = await createTestAccount('provider');
    const clientToken = (await signInTokens(client.email, client.password)).accessToken;
    const providerToken = (await signInTokens(provider.email, provider.password)).accessToken;

    const refused = await api('/membership/checkout', clientToken, { plan: 'yearly' });
    expect(refused.status).toBe(403);
    expect(apiErrorBodySchema.parse(refused.body).error.message).toBe(MEMBERSHIP_MESSAGES.onlyProviders);

    const invalid = await api('/membership/checkout', providerToken, { plan: 'yearly', couponCode: 'FREE-FOREVER' });
    expect(invalid.status).toBe(400);
    expect(apiErrorBodySchema.parse(invalid.body).error).toMatchObject({
      message: MEMBERSHIP_MESSAGES.invalidCoupon,
      fields: { 'body.couponCode': MEMBERSHIP_MESSAGES.invalidCoupon },
    });
    const valid = await api('/membership/coupon', providerToken, { couponCode: 'first100' });
    expect(valid).toMatchObject({ status: 200, body: { couponCode: COUPON_FIRST100.code, freeMonths: COUPON_FIRST100.freeMonths } });
  });
});
