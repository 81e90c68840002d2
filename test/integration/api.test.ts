import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { InitiateAuthCommand } from '@aws-sdk/client-cognito-identity-provider';
import { apiErrorBodySchema, listCategoriesResponseSchema, meResponseSchema, TAXONOMY } from '@solutionz/shared';
import { createRepositories } from '@solutionz/lambdas/data/repositories';
import { demoUsers } from '../../scripts/local/demo-data';
import { LOCAL_ADMIN_EMAIL_DOMAIN, LOCAL_ORIGIN_HEADERS } from '../../scripts/local/stack';
import { cognito, documents, stack } from '../support/local-stack';

async function get(path: string, init?: RequestInit) {
  const response = await fetch(`${stack.apiBaseUrl}${path}`, init);
  return { status: response.status, body: (await response.json()) as unknown };
}

describe('API through the web origin and the local gateway', () => {
  it('refuses a call straight to the gateway (the execute-api address in the cloud) unless it carries the origin header the edge adds', async () => {
    const direct = `${stack.gatewayUrl}/api/health`;
    for (const headers of [{}, { 'x-origin-verify': 'guessed' }] as Record<string, string>[]) {
      const refused = await fetch(direct, { headers });
      expect(refused.status).toBe(403);
      expect(apiErrorBodySchema.parse(await refused.json()).error.code).toBe('FORBIDDEN');
    }
    expect((await fetch(direct, { headers: LOCAL_ORIGIN_HEADERS })).status).toBe(200);
    // Through the edge a forged header is replaced by the real one.
    expect((await get('/health', { headers: { 'x-origin-verify': 'guessed' } })).status).toBe(200);
  });

  it('reports health with the local stage', async () => {
    const { status, body } = await get('/health');
    expect(status).toBe(200);
    expect(body).toMatchObject({ status: 'ok', stage: 'local' });
  });

  it('lists the 14 category groups in order, each with its categories', async () => {
    const { status, body } = await get('/categories');
    expect(status).toBe(200);
    const { groups } = listCategoriesResponseSchema.parse(body);
    // The browser tests add groups and categories of their own to the same stack meanwhile: the seeded ones keep
    // their order among whatever else is there.
    const seededGroups = new Set(TAXONOMY.map((g) => g.name));
    expect(groups.map((g) => g.name).filter((name) => seededGroups.has(name))).toEqual(TAXONOMY.map((g) => g.name));
    for (const seeded of TAXONOMY) {
      const group = groups.find((g) => g.name === seeded.name)!;
      const seededNames = new Set(seeded.subcategories.map((s) => s.name));
      expect(group.categories.map((c) => c.name).filter((name) => seededNames.has(name))).toEqual(seeded.subcategories.map((s) => s.name));
    }
  });

  it('serves categories from the table: one written there appears, and disappears when deactivated', async () => {
    const categories = createRepositories(documents, stack.tableName).categories;
    const group = TAXONOMY[2]!;
    const name = `Integration ${randomUUID().slice(0, 8)}`;
    const record = {
      categoryId: `it-${randomUUID()}`,
      groupId: group.slug,
      groupName: group.name,
      groupSlug: group.slug,
      name,
      slug: name.toLowerCase().replace(/\s+/g, '-'),
      displayOrder: 999,
      isActive: true,
    };

    // The edge caches the public answer a minute (checked below), so the change is read at the origin.
    const fromOrigin = async () => {
      const response = await fetch(`${stack.gatewayUrl}/api/categories`, { headers: LOCAL_ORIGIN_HEADERS });
      return { cacheControl: response.headers.get('cache-control'), body: (await response.json()) as unknown };
    };
    await categories.putCategories([record]);
    const answer = await fromOrigin();
    expect(answer.cacheControl).toBe('public, max-age=0, s-maxage=60');
    const listed = listCategoriesResponseSchema.parse(answer.body);
    expect(listed.groups.find((g) => g.slug === group.slug)?.categories.at(-1)?.name).toBe(name);

    await categories.putCategories([{ ...record, isActive: false }]);
    const after = listCategoriesResponseSchema.parse((await fromOrigin()).body);
    expect(after.groups.flatMap((g) => g.categories.map((c) => c.name))).not.toContain(name);
  });

  it('answers an unknown API path with 404 in the error format', async () => {
    const { status, body } = await get('/no-such-route');
    expect(status).toBe(404);
    expect(apiErrorBodySchema.parse(body).error.code).toBe('NOT_FOUND');
  });
});

describe('demo data', () => {
  it('lets each demo user sign in and see their own account type', async () => {
    for (const user of demoUsers(LOCAL_ADMIN_EMAIL_DOMAIN)) {
      const auth = await cognito.send(
        new InitiateAuthCommand({
          AuthFlow: 'USER_PASSWORD_AUTH',
          ClientId: stack.userPoolClientId,
          AuthParameters: { USERNAME: user.email, PASSWORD: user.password },
        }),
      );
      const { status, body } = await get('/me', { headers: { authorization: `Bearer ${auth.AuthenticationResult!.AccessToken}` } });
      expect(status).toBe(200);
      expect(meResponseSchema.parse(body)).toMatchObject({ email: user.email, accountType: user.accountType, emailConfirmed: true });
    }
  });
});
