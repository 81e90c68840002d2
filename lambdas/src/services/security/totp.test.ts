import { InitiateAuthCommand, RespondToAuthChallengeCommand } from '@aws-sdk/client-cognito-identity-provider';
import { generateSync } from 'otplib';
import { describe, expect, it } from 'vitest';
import { SECURITY_MESSAGES, totpEnableRequestSchema, totpSetupRequestSchema } from '@solutionz/shared';
import { testAccountsDeps } from '../../testing/accounts-deps';
import { useTestTable } from '../../testing/dynamodb-table';
import { createTestAccount, TEST_PASSWORD } from '../../testing/test-account';
import { useTestUserPool } from '../../testing/user-pool';
import { disableTotp, enableTotp, otpauthUri, setupTotp } from './totp';

const table = useTestTable();
const pool = useTestUserPool();

/** A code the authenticator would not show now. */
const wrongCode = (code: string) => String((Number(code) + 500_000) % 1_000_000).padStart(6, '0');

/** A new account; `signIn` signs in as the browser does, through the web client. */
async function signedIn() {
  const context = testAccountsDeps(table, pool);
  const account = await createTestAccount(context.deps, 'provider');
  const signIn = () =>
    context.cognito.send(
      new InitiateAuthCommand({
        AuthFlow: 'USER_PASSWORD_AUTH',
        ClientId: pool.userPoolClientId,
        AuthParameters: { USERNAME: account.email, PASSWORD: TEST_PASSWORD },
      }),
    );
  const alerts = async () => (await context.sentMail()).filter((mail) => mail.destination.to.includes(account.email)).map((mail) => mail.subject);
  return { ...context, ...account, signIn, alerts };
}

/** Set up and confirmed with the code the app shows; returns the secret the app keeps. */
async function withTotp() {
  const session = await signedIn();
  const { secret } = await setupTotp(session.deps, session.caller, { password: TEST_PASSWORD });
  await enableTotp(session.deps, session.caller, { password: TEST_PASSWORD, code: generateSync({ secret }) });
  return { ...session, secret };
}

describe('2-step verification', () => {
  it('gives a new secret as text and as an otpauth URI for the QR code', async () => {
    const { deps, caller, email } = await signedIn();
    const setup = await setupTotp(deps, caller, { password: TEST_PASSWORD });
    expect(setup.secret).toMatch(/^[A-Z2-7]{16,}$/);
    expect(setup.otpauthUri).toBe(`otpauth://totp/Solutionz:${encodeURIComponent(email)}?secret=${setup.secret}&issuer=Solutionz`);
    expect(otpauthUri('a@b.co', 'S')).toBe('otpauth://totp/Solutionz:a%40b.co?secret=S&issuer=Solutionz');
  });

  it('turns on with a current code: later sign-ins ask for one, and a code signs in', async () => {
    const { deps, caller, userId, signIn, email, alerts } = await signedIn();
    const { secret } = await setupTotp(deps, caller, { password: TEST_PASSWORD });
    await expect(enableTotp(deps, caller, { password: TEST_PASSWORD, code: wrongCode(generateSync({ secret })) })).rejects.toMatchObject({
      statusCode: 400,
      fields: { 'body.code': SECURITY_MESSAGES.totpCodeInvalid },
    });
    expect((await deps.accounts.getProfile(userId))?.mfaEnabled).toBe(false);

    await expect(enableTotp(deps, caller, { password: TEST_PASSWORD, code: generateSync({ secret }) })).resolves.toEqual({ mfaEnabled: true });
    expect((await deps.accounts.getProfile(userId))?.mfaEnabled).toBe(true);
    expect(await alerts()).toEqual(['2-step verification is on for your Solutionz account']);

    const challenge = await signIn();
    expect(challenge).toMatchObject({ ChallengeName: 'SOFTWARE_TOKEN_MFA' });
    expect(challenge.AuthenticationResult).toBeUndefined();
    // The challenge alone proves the password, for the checks of the other security controls.
    expect(await deps.security.checkPassword(email, TEST_PASSWORD)).toBe('correct');
    expect(await deps.security.checkPassword(email, 'Wrong-password-1')).toBe('wrong');
    const signedInWithCode = await pool.identity().client.send(
      new RespondToAuthChallengeCommand({
        ClientId: pool.userPoolClientId,
        ChallengeName: 'SOFTWARE_TOKEN_MFA',
        Session: challenge.Session,
        ChallengeResponses: { USERNAME: challenge.ChallengeParameters!.USER_ID_FOR_SRP!, SOFTWARE_TOKEN_MFA_CODE: generateSync({ secret }) },
      }),
    );
    expect(signedInWithCode.AuthenticationResult?.AccessToken).toEqual(expect.any(String));
    await expect(setupTotp(deps, caller, { password: TEST_PASSWORD })).rejects.toMatchObject({ statusCode: 409, message: SECURITY_MESSAGES.totpAlreadyOn });
  });

  it('sets up only with the password: a session alone gets no secret', async () => {
    const { deps, caller, userId, signIn, alerts } = await signedIn();
    await expect(setupTotp(deps, caller, { password: 'Wrong-password-1' })).rejects.toMatchObject({
      statusCode: 400,
      fields: { 'body.password': SECURITY_MESSAGES.currentPasswordWrong },
    });
    expect((await deps.accounts.getProfile(userId))?.mfaEnabled).toBe(false);
    expect(await signIn()).toMatchObject({ AuthenticationResult: { AccessToken: expect.any(String) } });
    expect(await alerts()).toEqual([]);
    expect(totpSetupRequestSchema.safeParse({ password: '' }).error?.issues[0]).toMatchObject({
      path: ['password'],
      message: SECURITY_MESSAGES.currentPasswordRequired,
    });
  });

  it('turns on only with the password: a session alone binds no authenticator, and a wrong password leaves sign-in as it was', async () => {
    const { deps, caller, userId, signIn, alerts } = await signedIn();
    const { secret } = await setupTotp(deps, caller, { password: TEST_PASSWORD });
    await expect(enableTotp(deps, caller, { password: 'Wrong-password-1', code: generateSync({ secret }) })).rejects.toMatchObject({
      statusCode: 400,
      fields: { 'body.password': SECURITY_MESSAGES.currentPasswordWrong },
    });
    expect((await deps.accounts.getProfile(userId))?.mfaEnabled).toBe(false);
    expect(await signIn()).toMatchObject({ AuthenticationResult: { AccessToken: expect.any(String) } });
    expect(await alerts()).toEqual([]);
    expect(totpEnableRequestSchema.safeParse({ code: generateSync({ secret }) }).error?.issues[0]).toMatchObject({ path: ['password'] });
  });

  it('turns off only with the password and a current code', async () => {
    const { deps, caller, userId, signIn, secret, alerts } = await withTotp();
    await expect(disableTotp(deps, caller, { password: 'Wrong-password-1', code: generateSync({ secret }) })).rejects.toMatchObject({
      fields: { 'body.password': SECURITY_MESSAGES.currentPasswordWrong },
    });
    await expect(disableTotp(deps, caller, { password: TEST_PASSWORD, code: wrongCode(generateSync({ secret })) })).rejects.toMatchObject({
      fields: { 'body.code': SECURITY_MESSAGES.totpCodeInvalid },
    });
    expect(await signIn()).toMatchObject({ ChallengeName: 'SOFTWARE_TOKEN_MFA' });

    await expect(disableTotp(deps, caller, { password: TEST_PASSWORD, code: generateSync({ secret }) })).resolves.toEqual({ mfaEnabled: false });
    expect((await deps.accounts.getProfile(userId))?.mfaEnabled).toBe(false);
    expect(await signIn()).toMatchObject({ AuthenticationResult: { AccessToken: expect.any(String) } });
    expect(await alerts()).toEqual(['2-step verification is on for your Solutionz account', '2-step verification is off for your Solutionz account']);
    await expect(disableTotp(deps, caller, { password: TEST_PASSWORD, code: generateSync({ secret }) })).rejects.toMatchObject({
      statusCode: 409,
      message: SECURITY_MESSAGES.totpNotOn,
    });
  });

  it('tells a person whose 2-step verification is on in Cognito, though not in the profile, that it is on, and the profile catches up', async () => {
    const { deps, caller, userId, secret } = await withTotp();
    await deps.accounts.setMfaEnabled(userId, false, new Date().toISOString());
    await expect(setupTotp(deps, caller, { password: TEST_PASSWORD })).rejects.toMatchObject({ statusCode: 409, message: SECURITY_MESSAGES.totpAlreadyOn });
    expect((await deps.accounts.getProfile(userId))?.mfaEnabled).toBe(true);

    await deps.accounts.setMfaEnabled(userId, false, new Date().toISOString());
    await expect(enableTotp(deps, caller, { password: TEST_PASSWORD, code: generateSync({ secret }) })).rejects.toMatchObject({ statusCode: 409 });
    expect((await deps.accounts.getProfile(userId))?.mfaEnabled).toBe(true);
  });
});
