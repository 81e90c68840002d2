import { InitiateAuthCommand } from '@aws-sdk/client-cognito-identity-provider';
import { describe, expect, it } from 'vitest';
import { SECURITY_MESSAGES } from '@solutionz/shared';
import { testAccountsDeps } from '../../testing/accounts-deps';
import { useTestTable } from '../../testing/dynamodb-table';
import { nextSecond } from '../../testing/seconds';
import { createTestAccount, TEST_PASSWORD } from '../../testing/test-account';
import { useTestUserPool } from '../../testing/user-pool';
import { changePassword, signOutEverywhere } from './sessions';

const table = useTestTable();
const pool = useTestUserPool();

/** An account signed in on some device: its refresh token, and whether that still gets new tokens. */
async function signedIn() {
  const context = testAccountsDeps(table, pool);
  const account = await createTestAccount(context.deps, 'client');
  const { AuthenticationResult } = await context.cognito.send(
    new InitiateAuthCommand({
      AuthFlow: 'USER_PASSWORD_AUTH',
      ClientId: pool.userPoolClientId,
      AuthParameters: { USERNAME: account.email, PASSWORD: TEST_PASSWORD },
    }),
  );
  const deviceRefreshes = () =>
    context.cognito
      .send(
        new InitiateAuthCommand({
          AuthFlow: 'REFRESH_TOKEN_AUTH',
          ClientId: pool.userPoolClientId,
          AuthParameters: { REFRESH_TOKEN: AuthenticationResult!.RefreshToken! },
        }),
      )
      .then(
        () => true,
        () => false,
      );
  // Tokens count in whole seconds: the sign-out must come in a later second than the sign-in.
  await nextSecond();
  const clockSeconds = Math.floor(context.deps.clock().getTime() / 1000);
  const mailTo = async () => (await context.sentMail()).filter((mail) => mail.destination.to.includes(account.email));
  return { ...context, ...account, deviceRefreshes, clockSeconds, mailTo };
}

describe('changePassword', () => {
  it('sets the new password, ends every session and sends an alert', async () => {
    const { deps, caller, email, userId, deviceRefreshes, clockSeconds, mailTo } = await signedIn();
    expect(await deviceRefreshes()).toBe(true);

    await expect(changePassword(deps, caller, { currentPassword: TEST_PASSWORD, newPassword: 'New-password-2' })).resolves.toEqual({
      message: SECURITY_MESSAGES.passwordChanged.description,
    });
    expect(await pool.signsIn(email, 'New-password-2')).toBe(true);
    expect(await pool.signsIn(email, TEST_PASSWORD)).toBe(false);
    expect(await deviceRefreshes()).toBe(false);
    expect(await deps.standing(userId)).toMatchObject({ sessionsValidAfter: clockSeconds });
    const [alert] = await mailTo();
    expect(alert).toMatchObject({ subject: 'Your Solutionz password was changed' });
  });

  it('refuses a wrong current password and changes nothing', async () => {
    const { deps, caller, email, userId, deviceRefreshes, sentMail } = await signedIn();
    await expect(changePassword(deps, caller, { currentPassword: 'Wrong-password-1', newPassword: 'New-password-2' })).rejects.toMatchObject({
      statusCode: 400,
      fields: { 'body.currentPassword': SECURITY_MESSAGES.currentPasswordWrong },
    });
    expect(await pool.signsIn(email, TEST_PASSWORD)).toBe(true);
    expect(await deviceRefreshes()).toBe(true);
    expect((await deps.standing(userId))?.sessionsValidAfter).toBeUndefined();
    expect(await sentMail()).toEqual([]);
  });
});

describe('signOutEverywhere', () => {
  it('refuses tokens issued before now on every device and sends an alert', async () => {
    const { deps, caller, userId, email, deviceRefreshes, clockSeconds, mailTo } = await signedIn();
    await expect(signOutEverywhere(deps, caller)).resolves.toEqual({ message: SECURITY_MESSAGES.signedOutEverywhere.description });
    expect(await deviceRefreshes()).toBe(false);
    expect(await deps.standing(userId)).toMatchObject({ sessionsValidAfter: clockSeconds });
    expect(await pool.signsIn(email, TEST_PASSWORD)).toBe(true);
    expect((await mailTo()).map((mail) => mail.subject)).toEqual(['Your Solutionz account was signed out everywhere']);
  });
});
