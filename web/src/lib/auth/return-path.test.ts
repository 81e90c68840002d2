import { describe, expect, it } from 'vitest';
import { loginPathReturningTo, safeReturnPath } from './return-path';

describe('safeReturnPath', () => {
  it.each([
    ['/profile', '/profile'],
    ['/account?tab=security', '/account?tab=security'],
    ['/directory/abc#reviews', '/directory/abc#reviews'],
    ['  /profile  ', '/profile'],
  ])('keeps the same-site path %s', (raw, expected) => {
    expect(safeReturnPath(raw)).toBe(expected);
  });

  it.each([
    'https://evil.example/profile',
    '//evil.example/profile',
    '/\\evil.example',
    '/\t/evil.example',
    'javascript:alert(1)',
    'profile',
    '',
    '/login?return=%2Fprofile',
    '/admin-login',
  ])('refuses %j', (raw) => {
    expect(safeReturnPath(raw)).toBeUndefined();
  });

  it('refuses a missing parameter', () => {
    expect(safeReturnPath(null)).toBeUndefined();
    expect(safeReturnPath(undefined)).toBeUndefined();
  });
});

describe('loginPathReturningTo', () => {
  it('encodes the path and query so they survive the round trip', () => {
    const login = loginPathReturningTo('/account?tab=security&x=1', { type: 'provider' });
    const params = new URLSearchParams(login.split('?')[1]);
    expect(params.get('return')).toBe('/account?tab=security&x=1');
    expect(params.get('type')).toBe('provider');
    expect(login.startsWith('/login?')).toBe(true);
  });
});
