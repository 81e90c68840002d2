import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { ListUsersCommand } from '@aws-sdk/client-cognito-identity-provider';
import { apiErrorBodySchema, LOCATION_MESSAGES, LOCATION_SEARCH, locationSearchResponseSchema, meResponseSchema } from '@solutionz/shared';
import { createAccountRepository } from '@solutionz/lambdas/data/account-repository';
import { cognito, documents, signInTokens, stack } from '../support/local-stack';

/**
 * UK places through the web origin and the local gateway: the place search an autocomplete
 * calls, and sign-up, which stores the place of the typed location or refuses it with suggestions.
 */

const accounts = createAccountRepository(documents, stack.tableName);
// Each sign-up comes from its own address so the per-IP sign-up limit of one test never touches another.
const fromIp = () => `198.51.100.${Math.floor(Math.random() * 250) + 1}`;

async function searchPlaces(query: string) {
  const response = await fetch(`${stack.apiBaseUrl}/locations${query}`);
  return { status: response.status, cacheControl: response.headers.get('cache-control'), body: (await response.json()) as unknown };
}

const places = async (q: string) => {
  const { status, body } = await searchPlaces(`?q=${encodeURIComponent(q)}`);
  expect(status).toBe(200);
  return locationSearchResponseSchema.parse(body);
};

function signUp(location: string, email = `places-${randomUUID().slice(0, 8)}@example.co.uk`) {
  const body = { accountType: 'client', fullName: 'Chloe Anne Client', email, location, password: 'Correct-horse-1', confirmPassword: 'Correct-horse-1' };
  return fetch(`${stack.apiBaseUrl}/accounts/signup`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-forwarded-for': fromIp() },
    body: JSON.stringify(body),
  });
}

describe('GET /api/locations', () => {
  it('places a full postcode written any way at its sector, named as a postcode is written', async () => {
    const { best, suggestions } = await places('sw1a1aa');
    expect(best).toEqual({ name: 'SW1A 1AA', lat: expect.closeTo(51.5, 1), lng: expect.closeTo(-0.14, 1), precision: 'sector' });
    expect(suggestions[0]).toEqual(best);
  });

  it('places a postcode sector and an outward code', async () => {
    expect((await places('LS1 4')).best).toMatchObject({ name: 'LS1 4', precision: 'sector' });
    expect((await places('M1')).best).toMatchObject({ name: 'M1', precision: 'outcode' });
  });

  it('finds a town whatever its punctuation', async () => {
    expect((await places('st albans')).best).toMatchObject({ name: 'St Albans, Hertfordshire', precision: 'town' });
  });

  it('does not guess between towns of the same name, and offers them by county', async () => {
    const { best, suggestions } = await places('Newport');
    expect(best).toBeNull();
    expect(suggestions.length).toBeGreaterThan(1);
    expect(suggestions.map((place) => place.name)).toContain('Newport, Isle of Wight');
    expect((await places('Newport, Isle of Wight')).best).toMatchObject({ name: 'Newport, Isle of Wight' });
  });

  it('finds nothing for nonsense', async () => {
    expect(await places('Xyzzy Plugh')).toEqual({ best: null, suggestions: [] });
  });

  it(`offers at most ${LOCATION_SEARCH.maxSuggestions} places for a name being typed`, async () => {
    const { suggestions } = await places('Man');
    expect(suggestions[0]!.name).toBe('Manchester');
    expect(suggestions.length).toBe(LOCATION_SEARCH.maxSuggestions);
  });

  it('lets browsers and CloudFront keep an answer for a day', async () => {
    expect((await searchPlaces('?q=Leeds')).cacheControl).toBe('public, max-age=86400, s-maxage=86400');
  });

  it.each([
    ['', 'no text'],
    ['?q=L', 'one character'],
  ])('refuses %j (%s) with 400 naming the field, never cached', async (query) => {
    const { status, cacheControl, body } = await searchPlaces(query);
    expect(status).toBe(400);
    expect(cacheControl).toBe('no-store');
    expect(Object.keys(apiErrorBodySchema.parse(body).error.fields ?? {})).toEqual(['query.q']);
  });
});

describe('sign-up places the typed location', () => {
  it('stores the place beside the text typed, as GET /api/me shows it', async () => {
    const email = `places-${randomUUID().slice(0, 8)}@example.co.uk`;
    expect((await signUp('ls1 4', email)).status).toBe(201);
    const { accessToken } = await signInTokens(email, 'Correct-horse-1');
    const me = meResponseSchema.parse(await (await fetch(`${stack.apiBaseUrl}/me`, { headers: { authorization: `Bearer ${accessToken}` } })).json());
    expect(me.location).toBe('ls1 4');
    expect(me.place).toEqual({ name: 'LS1 4', lat: 53.7962, lng: -1.554, precision: 'sector' });
  });

  it('refuses a place it cannot find with a field error and suggestions, creating no account, so the address can sign up after', async () => {
    const email = `places-${randomUUID().slice(0, 8)}@example.co.uk`;
    const refused = await signUp('Leedz', email);
    expect(refused.status).toBe(400);
    const { error } = apiErrorBodySchema.parse(await refused.json());
    expect(error.fields).toEqual({ 'body.location': LOCATION_MESSAGES.notFound });
    expect(error.suggestions?.map((place) => place.name)).toEqual(['Leeds']);

    expect(await accounts.findUserIdByEmail(email)).toBeUndefined();
    const { Users } = await cognito.send(new ListUsersCommand({ UserPoolId: stack.userPoolId, Filter: `email = "${email}"` }));
    expect(Users).toEqual([]);

    expect((await signUp('Leeds', email)).status).toBe(201);
  });

  it('asks which one when several towns have the name typed', async () => {
    const refused = await signUp('Richmond');
    expect(refused.status).toBe(400);
    const { error } = apiErrorBodySchema.parse(await refused.json());
    expect(error.fields?.['body.location']).toBe(LOCATION_MESSAGES.ambiguous('Richmond'));
    expect(error.suggestions?.map((place) => place.name)).toEqual(['Richmond, Greater London', 'Richmond, North Yorkshire']);
  });
});
