import { describe, expect, it } from 'vitest';
import { apiErrorBodySchema, DIRECTORY_MESSAGES, savedProviderResponseSchema, savedProvidersResponseSchema } from '@solutionz/shared';
import { sdkFor } from '../../scripts/local/stripe/client';
import { createTestAccount, signInTokens, stack } from '../support/local-stack';
import { localStripeUrl, subscribeAccount } from '../support/membership';

/**
 * Saved professionals through the running stack (docs/product/directory.md#saved-professionals): only for the signed in, only
 * for listed professionals, and one whose listing ends stays in the list as no longer available. The
 * repository and service cases (paging, idempotence, erasure) are in lambdas/src.
 */

async function call(method: 'GET' | 'PUT' | 'DELETE', path: string, token?: string) {
  const response = await fetch(`${stack.apiBaseUrl}${path}`, { method, headers: token ? { authorization: `Bearer ${token}` } : {} });
  return { status: response.status, body: (await response.json()) as unknown };
}

const savedPath = (providerId: string) => `/me/saved-providers/${encodeURIComponent(providerId)}`;

async function clientToken() {
  const client = await createTestAccount('client');
  return (await signInTokens(client.email, client.password)).accessToken;
}

describe('saved professionals', () => {
  // API Gateway's JWT authorizer answers before the function (which says MESSAGES.api.unauthorized, "Authentication
  // required", to a caller without a verified token: see lambdas/src/http/area-handler.test.ts).
  it('need a signed-in caller: 401 for list, save and remove without a token or with a forged one', async () => {
    const provider = await createTestAccount('provider');
    for (const token of [undefined, 'not-a-token']) {
      for (const [method, path] of [
        ['GET', '/me/saved-providers'],
        ['PUT', savedPath(provider.userId)],
        ['DELETE', savedPath(provider.userId)],
      ] as const) {
        const answer = await call(method, path, token);
        expect(answer).toEqual({ status: 401, body: { message: 'Unauthorized' } });
      }
    }
  });

  it('refuses to save an unknown id or a provider who is not listed with 404, and saves nothing', async () => {
    const token = await clientToken();
    const notAMember = await createTestAccount('provider');

    for (const providerId of ['no-such-provider', notAMember.userId]) {
      const answer = await call('PUT', savedPath(providerId), token);
      expect(answer.status).toBe(404);
      expect(apiErrorBodySchema.parse(answer.body).error.message).toBe(DIRECTORY_MESSAGES.unknownProvider);
    }
    expect(savedProvidersResponseSchema.parse((await call('GET', '/me/saved-providers', token)).body).saved).toEqual([]);
  });

  it('lists a saved member with their card, keeps one item for two saves, and shows them as no longer available once the membership ends', async () => {
    const token = await clientToken();
    const member = await createTestAccount('provider', { location: 'LS1 4', businessName: `Aire Valley Plumbing ${Date.now()}` });
    const { stripeSubscriptionId } = await subscribeAccount(member, 'monthly');

    for (let i = 0; i < 2; i++) {
      const saved = await call('PUT', savedPath(member.userId), token);
      expect(saved.status).toBe(200);
      expect(savedProviderResponseSchema.parse(saved.body)).toEqual({ providerId: member.userId, saved: true });
    }
    const listed = savedProvidersResponseSchema.parse((await call('GET', '/me/saved-providers', token)).body);
    expect(listed.saved).toHaveLength(1);
    expect(listed.saved[0]).toMatchObject({
      providerId: member.userId,
      provider: { id: member.userId, businessName: member.businessName, name: member.fullName },
    });

    await sdkFor({ url: localStripeUrl() }).subscriptions.cancel(stripeSubscriptionId);
    await fetch(`${localStripeUrl()}/__settled`);
    const after = savedProvidersResponseSchema.parse((await call('GET', '/me/saved-providers', token)).body);
    expect(after.saved).toEqual([{ providerId: member.userId, savedAt: listed.saved[0]!.savedAt, provider: null }]);

    const removed = await call('DELETE', savedPath(member.userId), token);
    expect(savedProviderResponseSchema.parse(removed.body)).toEqual({ providerId: member.userId, saved: false });
    expect(savedProvidersResponseSchema.parse((await call('GET', '/me/saved-providers', token)).body).saved).toEqual([]);
  });
});
