import { InitiateAuthCommand } from '@aws-sdk/client-cognito-identity-provider';
import type { PostAuthenticationTriggerEvent } from 'aws-lambda';
import { describe, expect, it } from 'vitest';
import { REFRESH_TOKEN_VALIDITY_DAYS, SESSIONS_PER_PERSON } from '@solutionz/shared';
import { createPostAuthenticationHandler } from '../../functions/post-authentication';
import { useCognitoTriggers } from '../../testing/cognito-triggers';
import { useTestTable } from '../../testing/dynamodb-table';
import { createTestAccount, TEST_PASSWORD } from '../../testing/test-account';
import { useTestUserPool } from '../../testing/user-pool';
import { testAccountsDeps } from '../../testing/accounts-deps';
import { activeSessions, endAllSignIns, signOut } from './active-sessions';
import { changePassword, signOutEverywhere } from './sessions';

const table = useTestTable();
const pool = useTestUserPool();

/** The trigger's clock: the real time (cognito-local stamps tokens with it), moved on by tests of expiry. */
let offsetMs = 0;
const clock = () => new Date(Date.now() + offsetMs);
const deps = () => ({ sessions: table.repositories.sessions, standing: table.repositories.standing, clock });
const logged: string[] = [];

// cognito-local runs the real post-authentication handler, over this file's table, on every sign-in to this pool.
useCognitoTriggers(
  () => pool.userPoolId,
  () => ({
    PostAuthentication: (event) =>
      createPostAuthenticationHandler(deps, { error: (message) => void logged.push(message), warn: (message) => void logged.push(message) })(
        event as PostAuthenticationTriggerEvent,
      ),
  }),
);

async function account(email = 'cara@example.co.uk') {
  const { identity } = pool.identity();
  return createTestAccount({ identity, accounts: table.repositories.accounts }, 'client', { email });
}

/** A sign-in through cognito-local, as the web makes it; the access token's claims come back. */
async function signIn(email: string, password = TEST_PASSWORD) {
  const { client } = pool.identity();
  const { AuthenticationResult } = await client.send(
    new InitiateAuthCommand({ AuthFlow: 'USER_PASSWORD_AUTH', ClientId: pool.userPoolClientId, AuthParameters: { USERNAME: email, PASSWORD: password } }),
  );
  const decode = (jwt: string) => JSON.parse(Buffer.from(jwt.split('.')[1]!, 'base64url').toString('utf8')) as Record<string, number>;
  const refresh = decode(AuthenticationResult!.RefreshToken!);
  // The pool's refresh tokens last as long as the sessions recorded for them (as the auth stack's client).
  expect(refresh.exp! - refresh.iat!).toBe(REFRESH_TOKEN_VALIDITY_DAYS * 86_400);
  return decode(AuthenticationResult!.AccessToken!) as unknown as { sub: string; auth_time: number };
}

const count = () => activeSessions({ sessions: table.repositories.sessions, clock });
const callerOf = (claims: { sub: string; auth_time: number }, caller: { accountType: 'client' }) =>
  ({
    kind: 'signedIn',
    userId: claims.sub,
    groups: [],
    accountType: caller.accountType,
    subscribed: false,
    emailConfirmed: true,
    authTime: claims.auth_time,
  }) as const;

describe('active sessions', () => {
  it('counts a real sign-in through cognito-local and its trigger, and a sign-out ends it', async () => {
    offsetMs = 0;
    const cara = await account();
    expect(await count()).toBe(0);

    const first = await signIn(cara.email);
    expect(await count()).toBe(1);
    const second = await signIn(cara.email);
    expect(await count()).toBe(2);
    expect(await table.repositories.sessions.list(cara.userId)).toHaveLength(2);

    await signOut({ sessions: table.repositories.sessions, clock }, callerOf(first, { accountType: 'client' }));
    expect(await count()).toBe(1);
    await signOut({ sessions: table.repositories.sessions, clock }, callerOf(second, { accountType: 'client' }));
    expect(await count()).toBe(0);
    // A token whose session ended already (signed out twice) ends nothing more.
    await signOut({ sessions: table.repositories.sessions, clock }, callerOf(second, { accountType: 'client' }));
    expect(await count()).toBe(0);
    expect(logged).toEqual([]);
  });

  it('a wrong password starts no session', async () => {
    offsetMs = 0;
    const cara = await account();
    await expect(signIn(cara.email, 'Wrong-password-1')).rejects.toThrow();
    expect(await count()).toBe(0);
  });

  it('sign-out everywhere ends all of the person’s sessions and no one else’s', async () => {
    offsetMs = 0;
    const cara = await account();
    const dan = await account('dan@example.co.uk');
    await Promise.all([signIn(cara.email), signIn(cara.email), signIn(cara.email), signIn(dan.email)]);
    expect(await count()).toBe(4);

    await endAllSignIns({ sessions: table.repositories.sessions }, cara.userId);
    expect(await count()).toBe(1);
    expect(await table.repositories.sessions.list(cara.userId)).toEqual([]);
    expect(await table.repositories.sessions.list(dan.userId)).toHaveLength(1);
  });

  it('a session is no longer counted once its refresh token has run out (to the hour)', async () => {
    offsetMs = 0;
    const cara = await account();
    await signIn(cara.email);
    expect(await count()).toBe(1);
    offsetMs = (REFRESH_TOKEN_VALIDITY_DAYS * 24 - 1) * 3600_000;
    expect(await count()).toBe(1);
    offsetMs = (REFRESH_TOKEN_VALIDITY_DAYS * 24 + 1) * 3600_000;
    expect(await count()).toBe(0);
    offsetMs = 0;
  });

  it('concurrent sign-outs of one session subtract it once', async () => {
    offsetMs = 0;
    const cara = await account();
    const [claims] = await Promise.all([signIn(cara.email), account('dan@example.co.uk').then((dan) => signIn(dan.email))]);
    expect(await count()).toBe(2);

    const caller = callerOf(claims, { accountType: 'client' });
    await Promise.all(Array.from({ length: 6 }, () => signOut({ sessions: table.repositories.sessions, clock }, caller)));
    expect(await count()).toBe(1);
  });

  it(`keeps at most ${SESSIONS_PER_PERSON} sessions of one person: a sign-in beyond ends the oldest`, async () => {
    offsetMs = 0;
    const cara = await account();
    for (let i = 0; i < SESSIONS_PER_PERSON + 3; i++) await signIn(cara.email);
    expect(await count()).toBe(SESSIONS_PER_PERSON);
    // Concurrent sign-ins cannot pass the cap either: each change is conditional on what it read.
    await Promise.all(Array.from({ length: 5 }, () => signIn(cara.email)));
    expect(await count()).toBe(SESSIONS_PER_PERSON);
    expect(await table.repositories.sessions.list(cara.userId)).toHaveLength(SESSIONS_PER_PERSON);
  });

  it('a password check (its own sign-in) leaves no session; a password change and sign-out everywhere end them all', async () => {
    offsetMs = 0;
    const { deps: accountsDeps } = testAccountsDeps(table, pool);
    const cara = await account();
    await signIn(cara.email);
    expect(await count()).toBe(1);

    expect(await accountsDeps.security.checkPassword(cara.email, TEST_PASSWORD)).toBe('correct');
    expect(await count()).toBe(1);
    await changePassword(accountsDeps, cara.caller, { currentPassword: TEST_PASSWORD, newPassword: 'New-password-2' });
    expect(await count()).toBe(0);

    await Promise.all([signIn(cara.email, 'New-password-2'), signIn(cara.email, 'New-password-2')]);
    expect(await count()).toBe(2);
    await signOutEverywhere(accountsDeps, cara.caller);
    expect(await count()).toBe(0);
  });
});
