import { describe, expect, it } from 'vitest';
import {
  AdminGetUserCommand,
  AssociateSoftwareTokenCommand,
  ChangePasswordCommand,
  DeleteUserCommand,
  InitiateAuthCommand,
  SetUserMFAPreferenceCommand,
  UpdateUserAttributesCommand,
  VerifySoftwareTokenCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import { generateSync } from 'otplib';
import { totpSetupResponseSchema } from '@solutionz/shared';
import { cognito, createTestAccount, signInTokens, stack } from '../support/local-stack';

/**
 * The tokens the browser holds cannot call Cognito's self-service operations, which the API guards with
 * the password (and a code): a stolen one cannot delete the account, bind an authenticator, change the
 * password or rewrite attributes at Cognito itself. Called here with the AWS SDK through the same Cognito
 * endpoint the browser uses (in the cloud the web client's tokens lack the scope; locally the Cognito
 * proxy refuses them as Cognito would).
 */

const THIEF_PASSWORD = 'Stolen-horse-9';

async function callApi(method: string, path: string, token: string, body?: unknown) {
  const response = await fetch(`${stack.apiBaseUrl}${path}`, {
    method,
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  return { status: response.status, body: (await response.json()) as unknown };
}

describe("Cognito's self-service operations", () => {
  it('refuse every one a web token asks for, and the account stays as it was', async () => {
    const account = await createTestAccount('client');
    const { accessToken } = await signInTokens(account.email, account.password);

    const attempts = {
      DeleteUser: () => cognito.send(new DeleteUserCommand({ AccessToken: accessToken })),
      AssociateSoftwareToken: () => cognito.send(new AssociateSoftwareTokenCommand({ AccessToken: accessToken })),
      VerifySoftwareToken: () => cognito.send(new VerifySoftwareTokenCommand({ AccessToken: accessToken, UserCode: '123456' })),
      SetUserMFAPreference: () =>
        cognito.send(new SetUserMFAPreferenceCommand({ AccessToken: accessToken, SoftwareTokenMfaSettings: { Enabled: true, PreferredMfa: true } })),
      ChangePassword: () =>
        cognito.send(new ChangePasswordCommand({ AccessToken: accessToken, PreviousPassword: account.password, ProposedPassword: THIEF_PASSWORD })),
      UpdateUserAttributes: () =>
        cognito.send(new UpdateUserAttributesCommand({ AccessToken: accessToken, UserAttributes: [{ Name: 'locale', Value: 'fr-FR' }] })),
    };
    for (const [operation, attempt] of Object.entries(attempts)) {
      await expect(attempt(), operation).rejects.toMatchObject({ name: 'NotAuthorizedException', message: 'Access Token does not have required scopes' });
    }

    // Still there, with the same attributes; the old password signs in, the thief's does not, and no code is asked for.
    const user = await cognito.send(new AdminGetUserCommand({ UserPoolId: stack.userPoolId, Username: account.email }));
    expect(user.Enabled).toBe(true);
    expect(user.UserAttributes?.find((attribute) => attribute.Name === 'locale')).toBeUndefined();
    await expect(signInTokens(account.email, account.password)).resolves.toMatchObject({ accessToken: expect.any(String) });
    await expect(signInTokens(account.email, THIEF_PASSWORD)).rejects.toMatchObject({ name: 'NotAuthorizedException' });
    // The token itself still works for the API, which is where these changes are made.
    expect((await callApi('GET', '/me', accessToken)).status).toBe(200);
  });

  it('leave 2-step setup to the API, which takes the password: the same web token sets it up there', async () => {
    const account = await createTestAccount('provider');
    const { accessToken } = await signInTokens(account.email, account.password);

    const setup = await callApi('POST', '/me/mfa/totp/setup', accessToken, { password: account.password });
    expect(setup.status).toBe(200);
    const { secret } = totpSetupResponseSchema.parse(setup.body);
    const enabled = await callApi('POST', '/me/mfa/totp/enable', accessToken, { password: account.password, code: generateSync({ secret }) });
    expect(enabled).toEqual({ status: 200, body: { mfaEnabled: true } });

    const signIn = await cognito.send(
      new InitiateAuthCommand({
        AuthFlow: 'USER_PASSWORD_AUTH',
        ClientId: stack.userPoolClientId,
        AuthParameters: { USERNAME: account.email, PASSWORD: account.password },
      }),
    );
    expect(signIn.ChallengeName).toBe('SOFTWARE_TOKEN_MFA');
  });
});
