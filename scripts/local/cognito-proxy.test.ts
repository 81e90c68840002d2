import {
  AdminGetUserCommand,
  AdminSetUserMFAPreferenceCommand,
  AdminUpdateUserAttributesCommand,
  ChangePasswordCommand,
  DeleteUserAttributesCommand,
  DeleteUserCommand,
  DescribeUserPoolClientCommand,
  AdminUserGlobalSignOutCommand,
  AssociateSoftwareTokenCommand,
  GetTokensFromRefreshTokenCommand,
  GetUserAttributeVerificationCodeCommand,
  GetUserCommand,
  GlobalSignOutCommand,
  InitiateAuthCommand,
  RevokeTokenCommand,
  SetUserMFAPreferenceCommand,
  SetUserSettingsCommand,
  UpdateUserAttributesCommand,
  VerifySoftwareTokenCommand,
  VerifyUserAttributeCommand,
  type CognitoIdentityProviderClient,
} from '@aws-sdk/client-cognito-identity-provider';
import { createPublicKey, createVerify, type JsonWebKey } from 'node:crypto';
import { generateSync } from 'otplib';
import { SELF_WRITABLE_USER_ATTRIBUTES } from '@solutionz/shared';
import { describe, expect, it } from 'vitest';
// The endpoints the connected project's global setup provides, typed (scripts do not include that file).
import type {} from '@solutionz/lambdas/testing/local-endpoint';
import { nextSecond } from '@solutionz/lambdas/testing/seconds';
import { useTestUserPool } from '@solutionz/lambdas/testing/user-pool';
import { localEndpoint } from '@solutionz/lambdas/testing/local-endpoint';

/** The connected project's cognito-local sits behind this proxy (local-aws.global-setup.ts), as in the local stack. */
const pool = useTestUserPool();

const PASSWORD = 'Correct-horse-1';

/** A new user signed in through the web app client (the browser's tokens); `signIn` signs in again, through `clientId`. */
async function userWithSession(email = 'rhea@example.co.uk') {
  const client: CognitoIdentityProviderClient = pool.identity().client;
  const userId = await pool.identity().identity.createUser(email, PASSWORD, 'client');
  const signIn = (clientId = pool.userPoolClientId, password = PASSWORD) =>
    client.send(new InitiateAuthCommand({ AuthFlow: 'USER_PASSWORD_AUTH', ClientId: clientId, AuthParameters: { USERNAME: email, PASSWORD: password } }));
  const { AuthenticationResult: tokens } = await signIn();
  const refresh = (refreshToken = tokens!.RefreshToken!) =>
    client.send(new InitiateAuthCommand({ AuthFlow: 'REFRESH_TOKEN_AUTH', ClientId: pool.userPoolClientId, AuthParameters: { REFRESH_TOKEN: refreshToken } }));
  /** An access token of the server's app client, as only the Lambdas hold. */
  const serverToken = async () => (await signIn(pool.serverClientId)).AuthenticationResult!.AccessToken!;
  return { client, email, userId, tokens: tokens!, signIn, refresh, serverToken };
}

/** Each self-service operation the scope guards, called with `token`. */
function selfServiceCalls(client: CognitoIdentityProviderClient, token: string) {
  return {
    DeleteUser: () => client.send(new DeleteUserCommand({ AccessToken: token })),
    ChangePassword: () => client.send(new ChangePasswordCommand({ AccessToken: token, PreviousPassword: PASSWORD, ProposedPassword: 'Stolen-horse-2' })),
    AssociateSoftwareToken: () => client.send(new AssociateSoftwareTokenCommand({ AccessToken: token })),
    VerifySoftwareToken: () => client.send(new VerifySoftwareTokenCommand({ AccessToken: token, UserCode: '123456' })),
    SetUserMFAPreference: () =>
      client.send(new SetUserMFAPreferenceCommand({ AccessToken: token, SoftwareTokenMfaSettings: { Enabled: false, PreferredMfa: false } })),
    SetUserSettings: () => client.send(new SetUserSettingsCommand({ AccessToken: token, MFAOptions: [] })),
    UpdateUserAttributes: () => client.send(new UpdateUserAttributesCommand({ AccessToken: token, UserAttributes: [{ Name: 'locale', Value: 'fr-FR' }] })),
    DeleteUserAttributes: () => client.send(new DeleteUserAttributesCommand({ AccessToken: token, UserAttributeNames: ['locale'] })),
    VerifyUserAttribute: () => client.send(new VerifyUserAttributeCommand({ AccessToken: token, AttributeName: 'email', Code: '123456' })),
    GetUserAttributeVerificationCode: () => client.send(new GetUserAttributeVerificationCodeCommand({ AccessToken: token, AttributeName: 'email' })),
  };
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
      return createVerify('RSA-SHA256')
        .update(`${header}.${payload}`)
        .verify(createPublicKey({ key: keys[0]!, format: 'jwk' }), signature!, 'base64url');
    };

    const refreshed = (await refresh()).AuthenticationResult!;
    const fromGetTokens = (await client.send(new GetTokensFromRefreshTokenCommand({ ClientId: pool.userPoolClientId, RefreshToken: tokens.RefreshToken! })))
      .AuthenticationResult!;
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
    const { client, userId, signIn, serverToken } = await userWithSession();
    const token = await serverToken();
    const { SecretCode } = await client.send(new AssociateSoftwareTokenCommand({ AccessToken: token }));
    await client.send(new VerifySoftwareTokenCommand({ AccessToken: token, UserCode: generateSync({ secret: SecretCode! }) }));
    await client.send(new SetUserMFAPreferenceCommand({ AccessToken: token, SoftwareTokenMfaSettings: { Enabled: true, PreferredMfa: true } }));
    await expect(signIn()).resolves.toMatchObject({ ChallengeName: 'SOFTWARE_TOKEN_MFA' });

    await client.send(
      new AdminSetUserMFAPreferenceCommand({
        UserPoolId: pool.userPoolId,
        Username: userId,
        SoftwareTokenMfaSettings: { Enabled: false, PreferredMfa: false },
      }),
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
    const { client, email, serverToken } = await userWithSession();
    for (const clientId of [pool.userPoolClientId, pool.serverClientId]) {
      const { UserPoolClient } = await client.send(new DescribeUserPoolClientCommand({ UserPoolId: pool.userPoolId, ClientId: clientId }));
      expect([...(UserPoolClient?.WriteAttributes ?? [])].sort()).toEqual([...SELF_WRITABLE_USER_ATTRIBUTES].sort());
    }

    // Only the server client's tokens may write attributes at all (the web's lack the scope).
    const token = await serverToken();
    const update = (Name: string, Value: string) => client.send(new UpdateUserAttributesCommand({ AccessToken: token, UserAttributes: [{ Name, Value }] }));
    for (const [name, value] of [
      ['email', 'thief@example.co.uk'],
      ['email_verified', 'true'],
      ['name', 'Someone Else'],
    ] as const) {
      await expect(update(name, value), name).rejects.toMatchObject({
        name: 'NotAuthorizedException',
        message: 'A client attempted to write unauthorized attribute',
      });
    }
    await expect(client.send(new DeleteUserAttributesCommand({ AccessToken: token, UserAttributeNames: ['email'] }))).rejects.toMatchObject({
      name: 'NotAuthorizedException',
    });
    await expect(update('locale', 'en-GB')).resolves.toBeDefined();

    const user = await client.send(new AdminGetUserCommand({ UserPoolId: pool.userPoolId, Username: email }));
    const attribute = (name: string) => user.UserAttributes?.find((candidate) => candidate.Name === name)?.Value;
    expect(attribute('email')).toBe(email);
    expect(attribute('locale')).toBe('en-GB');
  });
  it('refuses Cognito’s self-service operations to the web client’s tokens, as Cognito refuses a token without the scope', async () => {
    const { client, email, tokens, signIn } = await userWithSession();
    for (const [operation, call] of Object.entries(selfServiceCalls(client, tokens.AccessToken!))) {
      await expect(call(), operation).rejects.toMatchObject({ name: 'NotAuthorizedException', message: 'Access Token does not have required scopes' });
    }
    // Nothing changed: the account is there, the password is the same, no authenticator asks for a code.
    expect(await pool.emails()).toEqual([email]);
    await expect(signIn()).resolves.toMatchObject({ AuthenticationResult: { AccessToken: expect.any(String) } });
    const user = await client.send(new AdminGetUserCommand({ UserPoolId: pool.userPoolId, Username: email }));
    expect(user.UserAttributes?.find((attribute) => attribute.Name === 'locale')).toBeUndefined();
  });

  it('passes them through for the server client’s tokens', async () => {
    const { client, signIn, serverToken } = await userWithSession();
    const token = await serverToken();
    const { SecretCode } = await client.send(new AssociateSoftwareTokenCommand({ AccessToken: token }));
    await expect(client.send(new VerifySoftwareTokenCommand({ AccessToken: token, UserCode: generateSync({ secret: SecretCode! }) }))).resolves.toMatchObject({
      Status: 'SUCCESS',
    });
    await client.send(new SetUserMFAPreferenceCommand({ AccessToken: token, SoftwareTokenMfaSettings: { Enabled: true, PreferredMfa: true } }));
    await expect(signIn()).resolves.toMatchObject({ ChallengeName: 'SOFTWARE_TOKEN_MFA' });
    await client.send(new SetUserMFAPreferenceCommand({ AccessToken: token, SoftwareTokenMfaSettings: { Enabled: false, PreferredMfa: false } }));
    await expect(
      client.send(new UpdateUserAttributesCommand({ AccessToken: token, UserAttributes: [{ Name: 'locale', Value: 'en-GB' }] })),
    ).resolves.toBeDefined();
    await client.send(new ChangePasswordCommand({ AccessToken: token, PreviousPassword: PASSWORD, ProposedPassword: 'Correct-horse-2' }));
    await expect(signIn(pool.userPoolClientId, 'Correct-horse-2')).resolves.toMatchObject({ AuthenticationResult: { AccessToken: expect.any(String) } });
    await client.send(new DeleteUserCommand({ AccessToken: token }));
    expect(await pool.emails()).toEqual([]);
  });
});
