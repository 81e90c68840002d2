import {
  AdminGetUserCommand,
  AdminSetUserMFAPreferenceCommand,
  AdminUpdateUserAttributesCommand,
  DeleteUserAttributesCommand,
  DescribeUserPoolClientCommand,
  AdminUserGlobalSignOutCommand,
  AssociateSoftwareTokenCommand,
  GetTokensFromRefreshTokenCommand,
  GetUserCommand,
  GlobalSignOutCommand,
  InitiateAuthCommand,
  RevokeTokenCommand,
  SetUserMFAPreferenceCommand,
  UpdateUserAttributesCommand,
  VerifySoftwareTokenCommand,
  type CognitoIdentityProviderClient,
} from '@aws-sdk/client-cognito-identity-provider';
import { createPublicKey, createVerify, type JsonWebKey } from 'node:crypto';
import { generateSync } from 'otplib';
import { SELF_WRITABLE_USER_ATTRIBUTES } from '@solutionz/shared';
import { describe, expect, it } from 'vitest';
// The endpoints the connected project's global setup provides, typed (scripts do not include that file).
import type {} from '@solutionz/lambdas/testing/local-aws.global-setup';
import { nextSecond } from '@solutionz/lambdas/testing/seconds';
import { useTestUserPool } from '@solutionz/lambdas/testing/user-pool';
import { localEndpoint } from '@solutionz/lambdas/testing/local-endpoint';

/** The connected project's cognito-local sits behind this proxy (local-aws.global-setup.ts), as in the local stack. */
const pool = useTestUserPool();

const PASSWORD = 'Correct-horse-1';

async function userWithSession(email = 'rhea@example.co.uk') {
  const client: CognitoIdentityProviderClient = pool.identity().client;
  const userId = await pool.identity().identity.createUser(email, PASSWORD, 'client');
  const signIn = () =>
    client.send(new InitiateAuthCommand({ AuthFlow: 'USER_PASSWORD_AUTH', ClientId: pool.userPoolClientId, AuthParameters: { USERNAME: email, PASSWORD } }));
  const { AuthenticationResult: tokens } = await signIn();
  const refresh = (refreshToken = tokens!.RefreshToken!) =>
    client.send(new InitiateAuthCommand({ AuthFlow: 'REFRESH_TOKEN_AUTH', ClientId: pool.userPoolClientId, AuthParameters: { REFRESH_TOKEN: refreshToken } }));
  return { client, email, userId, tokens: tokens!, signIn, refresh };
}

describe('the Cognito proxy', () => {
  it('signs a user out everywhere: tokens issued before are refused, a new sign-in works', async () => {
    const { client, userId, tokens, signIn, refresh } = await userWithSession();
    await expect(refresh()).resolves.toMatchObject({ AuthenticationResult: { AccessToken: expect.any(String) } });
    await nextSecond();

    await client.send(new AdminUserGlobalSignOutCommand({ UserPoolId: pool.userPoolId, Username: userId }));
    await expect(refresh()).rejects.toMatchObject({ name: 'NotAuthorizedException', message: 'Refresh Token has been revoked' });
    await expect(
      client.send(new GetTokensFromRefreshTokenCommand({ ClientId: pool.userPoolClientId, RefreshToken: tokens.RefreshToken! })),
    ).rejects.toMatchObject({ name: 'NotAuthorizedException' });
    await expect(client.send(new GetUserCommand({ AccessToken: tokens.AccessToken! }))).rejects.toMatchObject({
      name: 'NotAuthorizedException',
      message: 'Access Token has been revoked',
    });

    const again = await signIn();
    await expect(client.send(new GetUserCommand({ AccessToken: again.AuthenticationResult!.AccessToken! }))).resolves.toMatchObject({ Username: userId });
    await expect(refresh(again.AuthenticationResult!.RefreshToken!)).resolves.toBeDefined();
  });

  it('signs out everywhere with the user’s own access token too, and knows the e-mail as a username', async () => {
    const { client, email, tokens, refresh } = await userWithSession();
    await nextSecond();
    await client.send(new GlobalSignOutCommand({ AccessToken: tokens.AccessToken! }));
    await expect(refresh()).rejects.toMatchObject({ name: 'NotAuthorizedException' });

    await expect(client.send(new AdminUserGlobalSignOutCommand({ UserPoolId: pool.userPoolId, Username: email }))).resolves.toBeDefined();
    await expect(client.send(new AdminUserGlobalSignOutCommand({ UserPoolId: pool.userPoolId, Username: 'nobody@example.co.uk' }))).rejects.toMatchObject({
      name: 'UserNotFoundException',
    });
  });

  it('gives a disabled user no tokens, from a sign-in or a refresh, as Cognito does', async () => {
    const { email, signIn, refresh } = await userWithSession();
    await pool.identity().identity.setEnabled(email, false);
    await expect(signIn()).rejects.toMatchObject({ name: 'NotAuthorizedException', message: 'User is disabled.' });
    await expect(refresh()).rejects.toMatchObject({ name: 'NotAuthorizedException', message: 'User is disabled.' });
    await pool.identity().identity.setEnabled(email, true);
    await expect(signIn()).resolves.toMatchObject({ AuthenticationResult: { AccessToken: expect.any(String) } });
  });

  it('keeps the sign-in’s auth_time in refreshed tokens, as Cognito does, signed so the pool’s keys verify them', async () => {
    const { client, tokens, refresh } = await userWithSession();
    const claims = (jwt: string) => JSON.parse(Buffer.from(jwt.split('.')[1]!, 'base64url').toString('utf8')) as { auth_time: number; iat: number };
    const signedIn = claims(tokens.AccessToken!).auth_time;
    await nextSecond();
    const { keys } = (await (await fetch(`${localEndpoint('cognitoEndpoint')}/${pool.userPoolId}/.well-known/jwks.json`)).json()) as { keys: JsonWebKey[] };
    const verifies = (jwt: string) => {
      const [header, payload, signature] = jwt.split('.');
      return createVerify('RSA-SHA256').update(`${header}.${payload}`).verify(createPublicKey({ key: keys[0]!, format: 'jwk' }), signature!, 'base64url');
    };

    const refreshed = (await refresh()).AuthenticationResult!;
    const fromGetTokens = (await client.send(new GetTokensFromRefreshTokenCommand({ ClientId: pool.userPoolClientId, RefreshToken: tokens.RefreshToken! }))).AuthenticationResult!;
    for (const token of [refreshed.AccessToken!, refreshed.IdToken!, fromGetTokens.AccessToken!, fromGetTokens.IdToken!]) {
      expect(claims(token).auth_time).toBe(signedIn);
      expect(claims(token).iat).toBeGreaterThan(signedIn);
      expect(verifies(token)).toBe(true);
    }
    expect(verifies(`${refreshed.AccessToken!.split('.').slice(0, 2).join('.')}.${tokens.AccessToken!.split('.')[2]}`)).toBe(false);
  });

  it('revokes one refresh token', async () => {
    const { client, tokens, refresh } = await userWithSession();
    await client.send(new RevokeTokenCommand({ ClientId: pool.userPoolClientId, Token: tokens.RefreshToken! }));
    await expect(refresh()).rejects.toMatchObject({ name: 'NotAuthorizedException' });
  });

  it('turns a user’s authenticator off for an administrator (AdminSetUserMFAPreference)', async () => {
    const { client, userId, tokens, signIn } = await userWithSession();
    const { SecretCode } = await client.send(new AssociateSoftwareTokenCommand({ AccessToken: tokens.AccessToken! }));
    await client.send(new VerifySoftwareTokenCommand({ AccessToken: tokens.AccessToken!, UserCode: generateSync({ secret: SecretCode! }) }));
    await client.send(new SetUserMFAPreferenceCommand({ AccessToken: tokens.AccessToken!, SoftwareTokenMfaSettings: { Enabled: true, PreferredMfa: true } }));
    await expect(signIn()).resolves.toMatchObject({ ChallengeName: 'SOFTWARE_TOKEN_MFA' });

    await client.send(
      new AdminSetUserMFAPreferenceCommand({ UserPoolId: pool.userPoolId, Username: userId, SoftwareTokenMfaSettings: { Enabled: false, PreferredMfa: false } }),
    );
    await expect(signIn()).resolves.toMatchObject({ AuthenticationResult: { AccessToken: expect.any(String) } });
  });

  it('refuses to give a user an e-mail another user has, as Cognito does', async () => {
    const first = await userWithSession('first@example.co.uk');
    const second = await userWithSession('second@example.co.uk');
    const changeSecondTo = (email: string) =>
      second.client.send(
        new AdminUpdateUserAttributesCommand({ UserPoolId: pool.userPoolId, Username: second.userId, UserAttributes: [{ Name: 'email', Value: email }] }),
      );
    await expect(changeSecondTo(first.email)).rejects.toMatchObject({ name: 'AliasExistsException' });
    await expect(changeSecondTo('second@example.co.uk')).resolves.toBeDefined();
    await expect(changeSecondTo('new@example.co.uk')).resolves.toBeDefined();
    expect(await pool.emails()).toEqual(['first@example.co.uk', 'new@example.co.uk']);
  });

  it("lets a user's own token write only the app client's write attributes, as Cognito does: never the sign-in e-mail", async () => {
    const { client, email, tokens } = await userWithSession();
    const { UserPoolClient } = await client.send(new DescribeUserPoolClientCommand({ UserPoolId: pool.userPoolId, ClientId: pool.userPoolClientId }));
    expect([...(UserPoolClient?.WriteAttributes ?? [])].sort()).toEqual([...SELF_WRITABLE_USER_ATTRIBUTES].sort());

    const update = (Name: string, Value: string) => client.send(new UpdateUserAttributesCommand({ AccessToken: tokens.AccessToken!, UserAttributes: [{ Name, Value }] }));
    for (const [name, value] of [['email', 'thief@example.co.uk'], ['email_verified', 'true'], ['name', 'Someone Else']] as const) {
      await expect(update(name, value), name).rejects.toMatchObject({ name: 'NotAuthorizedException', message: 'A client attempted to write unauthorized attribute' });
    }
    await expect(client.send(new DeleteUserAttributesCommand({ AccessToken: tokens.AccessToken!, UserAttributeNames: ['email'] }))).rejects.toMatchObject({ name: 'NotAuthorizedException' });
    await expect(update('locale', 'en-GB')).resolves.toBeDefined();

    const user = await client.send(new AdminGetUserCommand({ UserPoolId: pool.userPoolId, Username: email }));
    const attribute = (name: string) => user.UserAttributes?.find((candidate) => candidate.Name === name)?.Value;
    expect(attribute('email')).toBe(email);
    expect(attribute('locale')).toBe('en-GB');
  });
});
