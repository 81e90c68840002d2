import { describe, expect, it } from 'vitest';
import { apiErrorBodySchema, providerSearchResponseSchema, type ProviderSearchResponse } from '@solutionz/shared';
import { LOCAL_ORIGIN_HEADERS } from '../../scripts/local/stack';
import { createTestAccount, signInTokens, stack } from '../support/local-stack';
import { subscribeAccount } from '../support/membership';

/**
 * The directory through the running stack: who is listed as memberships start and end, places the
 * search cannot find, and paging with the cursor. Each test works in a place and a category of its own
 * (Drone Filming around Thurso, Wick and Lerwick), away from the demo data and the other tests.
 */

/** The directory's search at the origin: the edge caches an anonymous search a minute, and these tests change what it finds. */
function searchUrl(query: Record<string, string>): URL {
  const url = new URL(`${stack.gatewayUrl}/api/providers`);
  for (const [name, value] of Object.entries(query)) url.searchParams.set(name, value);
  return url;
}

async function search(query: Record<string, string>): Promise<{ status: number; body: unknown }> {
  const response = await fetch(searchUrl(query), { headers: LOCAL_ORIGIN_HEADERS });
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

  it('lets CloudFront keep a search a minute without a session, browsers not at all (a purge cannot reach them), and nobody with a session or when refused', async () => {
    const url = searchUrl({ category: 'drone-filming', location: 'KW14 7', radius: '5' });
    const anonymous = await fetch(url, { headers: LOCAL_ORIGIN_HEADERS });
    expect(anonymous.status).toBe(200);
    expect(anonymous.headers.get('cache-control')).toBe('public, max-age=0, s-maxage=60');
    // A browser keeps one copy per Authorization value: a signed-in request never gets the anonymous one.
    expect(anonymous.headers.get('vary')).toBe('Authorization');
    const member = await droneFilmer('KW14 7', `Thurso Frames ${Date.now()}`);
    const { accessToken } = await signInTokens(member.email, member.password);
    const signedIn = await fetch(url, { headers: { ...LOCAL_ORIGIN_HEADERS, authorization: `Bearer ${accessToken}` } });
    expect(signedIn.status).toBe(200);
    expect(signedIn.headers.get('cache-control')).toBe('private, no-store');
    const refused = await fetch(searchUrl({ location: 'Qwxyz Nowhere' }), { headers: LOCAL_ORIGIN_HEADERS });
    expect(refused.status).toBe(400);
    expect(refused.headers.get('cache-control')).toBe('no-store');

    // Through the edge (CloudFront's stand-in): the second ask of the same search is answered from its cache.
    const viaEdge = `${stack.apiBaseUrl}/providers?category=drone-filming&location=KW14%207&radius=5&limit=3`;
    expect((await fetch(viaEdge)).headers.get('x-cache')).toBe('Miss from local edge');
    const cached = await fetch(viaEdge);
    expect(cached.headers.get('x-cache')).toBe('Hit from local edge');
    expect(cached.headers.get('server-timing')).toBe('cdn-cache-hit');
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
