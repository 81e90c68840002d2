import { describe, expect, it } from 'vitest';
import { callerFromClaims, parseGroups, type JwtClaims } from './caller';

describe('parseGroups', () => {
  describe.each([
    ['a real array', ['client', 'provider'], ['client', 'provider']],
    ['JSON text', '["client","provider"]', ['client', 'provider']],
    ["API Gateway's flattened form", '[client provider]', ['client', 'provider']],
    ['a single flattened group', '[admin]', ['admin']],
    ['a bare group name', 'admin', ['admin']],
    ['an empty flattened list', '[]', []],
    ['an empty string', '', []],
    ['comma separated text', 'client, provider', ['client', 'provider']],
    ['unknown groups mixed in', '[client us-east-1_abc_Google provider]', ['client', 'provider']],
    ['only unknown groups', ['staff'], []],
    ['a duplicated group', '[provider provider]', ['provider']],
    ['no claim at all', undefined, []],
    ['a non-string claim', 42, []],
  ] as const)('from %s', (_form, value, expected) => {
    it(`gives ${JSON.stringify(expected)}`, () => {
      expect(parseGroups(value as JwtClaims[string])).toEqual(expected);
    });
  });
});

describe('callerFromClaims', () => {
  it('maps sub, e-mail and groups of a signed-in user', () => {
    const caller = callerFromClaims({ sub: 'user-1', email: 'ann@example.co.uk', 'cognito:groups': '[client provider]' });
    expect(caller).toEqual({ kind: 'signedIn', userId: 'user-1', email: 'ann@example.co.uk', groups: ['client', 'provider'] });
  });

  it('leaves out the e-mail when the token (an access token) has none', () => {
    expect(callerFromClaims({ sub: 'user-2', 'cognito:groups': 'admin' })).toEqual({ kind: 'signedIn', userId: 'user-2', groups: ['admin'] });
  });

  it('gives a signed-in caller without groups when the claim is missing', () => {
    expect(callerFromClaims({ sub: 'user-3' })).toEqual({ kind: 'signedIn', userId: 'user-3', groups: [] });
  });

  it('reads when the token was issued and when its sign-in was, as API Gateway passes them (strings)', () => {
    expect(callerFromClaims({ sub: 'user-4', iat: '1764213000', auth_time: '1764200000' })).toMatchObject({ issuedAt: 1764213000, authTime: 1764200000 });
    expect(callerFromClaims({ sub: 'user-4', auth_time: 'soon' })).not.toHaveProperty('authTime');
  });

  it.each([
    ['no claims', undefined],
    ['claims without sub', { 'cognito:groups': '[admin]' }],
    ['an empty sub', { sub: '' }],
  ] as const)('treats %s as anonymous', (_case, claims) => {
    expect(callerFromClaims(claims)).toEqual({ kind: 'anonymous' });
  });
});
