import type { PostAuthenticationTriggerEvent } from 'aws-lambda';
import { describe, expect, it } from 'vitest';
import { REFRESH_TOKEN_VALIDITY_DAYS } from '@solutionz/shared';
import type { AccountStanding } from '../data/account-standing';
import type { SessionRecord } from '../data/session-repository';
import { createPostAuthenticationHandler } from './post-authentication';

const NOW = new Date('2026-11-27T10:00:00Z');
const NOW_S = NOW.getTime() / 1000;

/** What Cognito (and cognito-local) sends the trigger after a password sign-in. */
function event(sub: string | undefined): PostAuthenticationTriggerEvent {
  return {
    version: '1',
    region: 'eu-west-2',
    userPoolId: 'eu-west-2_pool',
    triggerSource: 'PostAuthentication_Authentication',
    userName: 'a1b2',
    callerContext: { awsSdkVersion: '2', clientId: 'web' },
    request: { userAttributes: sub ? { sub, email: 'cara@example.co.uk' } : {}, newDeviceUsed: false },
    response: {},
  };
}

function harness(standing: Partial<AccountStanding> | undefined, { failing = false } = {}) {
  const stored = new Map<string, SessionRecord[]>();
  const logged: { level: string; message: string }[] = [];
  const handler = createPostAuthenticationHandler(
    () => ({
      clock: () => NOW,
      standing: async () =>
        standing ? ({ accountType: 'client', isActive: true, subscriptionTier: 'none', emailConfirmed: true, ...standing } as AccountStanding) : undefined,
      sessions: {
        async change(userId, plan) {
          if (failing) throw new Error('DynamoDB is unreachable');
          const before = stored.get(userId) ?? [];
          const after = [...plan(before)];
          stored.set(userId, after);
          return { added: after.filter((s) => !before.includes(s)), removed: before.filter((s) => !after.includes(s)) };
        },
      },
    }),
    { error: (message) => void logged.push({ level: 'error', message }), warn: (message) => void logged.push({ level: 'warn', message }) },
  );
  return { handler, stored, logged };
}

describe('the post-authentication trigger', () => {
  it('records the sign-in as a session of the person, expiring with the refresh token, and gives Cognito its event back', async () => {
    const { handler, stored, logged } = harness({});
    const input = event('user-1');
    await expect(handler(input)).resolves.toBe(input);
    expect(stored.get('user-1')).toEqual([{ sessionId: expect.any(String), signedInAt: NOW_S, expiresAt: NOW_S + REFRESH_TOKEN_VALIDITY_DAYS * 86_400 }]);
    expect(logged).toEqual([]);
  });

  it('drops the person’s sessions that ran out when a new one starts', async () => {
    const { handler, stored } = harness({});
    stored.set('user-1', [
      { sessionId: 'old', signedInAt: NOW_S - 40 * 86_400, expiresAt: NOW_S - 10 * 86_400 },
      { sessionId: 'live', signedInAt: NOW_S - 86_400, expiresAt: NOW_S + 29 * 86_400 },
    ]);
    await handler(event('user-1'));
    expect(stored.get('user-1')?.map((s) => s.sessionId)).toEqual(['live', expect.any(String)]);
  });

  it.each([
    ['a deactivated account', { isActive: false }],
    ['an account without a profile', undefined],
  ])('counts no session for %s', async (_case, standing) => {
    const { handler, stored } = harness(standing);
    const input = event('user-1');
    await expect(handler(input)).resolves.toBe(input);
    expect(stored.size).toBe(0);
  });

  it('never refuses the sign-in: a failure to record it is logged and the event goes back', async () => {
    const { handler, logged } = harness({}, { failing: true });
    const input = event('user-1');
    await expect(handler(input)).resolves.toBe(input);
    expect(logged).toEqual([{ level: 'error', message: 'The sign-in was not recorded as a session' }]);
  });

  it('counts nothing for an event without a sub', async () => {
    const { handler, stored, logged } = harness({});
    await handler(event(undefined));
    expect(stored.size).toBe(0);
    expect(logged.map((entry) => entry.level)).toEqual(['warn']);
  });
});
