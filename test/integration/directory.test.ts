import { describe, expect, it } from 'vitest';
import { apiErrorBodySchema, providerSearchResponseSchema, type ProviderSearchResponse } from '@solutionz/shared';
import { createTestAccount, signInTokens, stack } from '../support/local-stack';
import { subscribeAccount } from '../support/membership';

/**
 * The directory through the running stack: who is listed as memberships start and end, places the
 * search cannot find, and paging with the cursor. Each test works in a place and a category of its own
 * (Drone Filming around Thurso, Wick and Lerwick), away from the demo data and the other tests.
 */

async function search(query: Record<string, string>): Promise<{ status: number; body: unknown }> {
  const url = new URL(`${stack.apiBaseUrl}/providers`);
  for (const [name, value] of Object.entries(query)) url.searchParams.set(name, value);
  const response = await fetch(url);
  return { status: response.status, body: await response.json() };
}

async function found(query: Record<string, string>): Promise<ProviderSearchResponse> {
  const answer = await search(query);
  expect(answer.status).toBe(200);
  return providerSearchResponseSchema.parse(answer.body);
}

const droneFilmer = (location: string, businessName: string) =>
  createTestAccount('provider', { location, businessName, categories: ['Music, Photography and Visuals > Drone Filming'] });

describe('GET /api/providers', () => {
  it('lists a provider once their membership starts, keeps them while it runs out after a cancellation, and never one without', async () => {
    const member = await droneFilmer('KW14 7', `Thurso Skies ${Date.now()}`);
    const without = await droneFilmer('KW14 7', `Thurso Ground ${Date.now()}`);
    const query = { category: 'drone-filming', location: 'KW14 7', radius: '5' };
    expect((await found(query)).providers.map((card) => card.id)).not.toContain(member.userId);

    await subscribeAccount(member, 'monthly');
    const listed = await found(query);
    expect(listed.providers.map((card) => card.id)).toContain(member.userId);
    expect(listed.providers.map((card) => card.id)).not.toContain(without.userId);
    const card = listed.providers.find((candidate) => candidate.id === member.userId)!;
    expect(card).toMatchObject({ businessName: member.businessName, categories: ['Music, Photography and Visuals > Drone Filming'] });
    expect(card.distanceMiles).toBeLessThan(5);
    expect(JSON.stringify(listed)).not.toMatch(/phone|email|stripe/i);

    const { accessToken } = await signInTokens(member.email, member.password);
    await fetch(`${stack.apiBaseUrl}/membership/cancel`, { method: 'POST', headers: { authorization: `Bearer ${accessToken}` } });
    expect((await found(query)).providers.map((candidate) => candidate.id)).toContain(member.userId);
  });

  it('refuses a place it cannot find with 400 on query.location, naming places to choose from when the name is shared', async () => {
    const unknown = await search({ location: 'Qwxyz Nowhere' });
    expect(unknown.status).toBe(400);
    expect(apiErrorBodySchema.parse(unknown.body).error.fields).toHaveProperty(['query.location']);
    const radius = await search({ location: 'Leeds', radius: '7' });
    expect(radius.status).toBe(400);
    expect(apiErrorBodySchema.parse(radius.body).error.fields).toHaveProperty(['query.radius']);
  });

  it('pages through a whole result with the cursor, each provider once, nearest first', async () => {
    const places = ['KW1 4', 'KW1 5', 'KW14 7', 'KW15 1', 'IV27 4'];
    const members = await Promise.all(places.map((place, i) => droneFilmer(place, `Far North Aerials ${i} ${Date.now()}`)));
    await Promise.all(members.map((member) => subscribeAccount(member, 'yearly')));
    const query = { category: 'drone-filming', location: 'KW1 4', radius: '100', limit: '2' };

    const ids: string[] = [];
    const distances: number[] = [];
    let cursor: string | undefined;
    do {
      const page = await found({ ...query, ...(cursor ? { cursor } : {}) });
      ids.push(...page.providers.map((card) => card.id));
      distances.push(...page.providers.map((card) => card.distanceMiles ?? Number.POSITIVE_INFINITY));
      cursor = page.nextCursor;
    } while (cursor);

    expect(new Set(ids).size).toBe(ids.length);
    for (const member of members) expect(ids).toContain(member.userId);
    expect([...distances].sort((a, b) => a - b)).toEqual(distances);
  });
});
