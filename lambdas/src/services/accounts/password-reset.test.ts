import { InitiateAuthCommand } from '@aws-sdk/client-cognito-identity-provider';
import { describe, expect, it } from 'vitest';
import { ACCOUNT_MESSAGES, EMAIL_FAILURE_MESSAGES, EMAIL_RESEND_COUNTDOWN_S, MAIL_RATE_LIMIT, TOKEN_TTL } from '@solutionz/shared';
import { confirmEmailChange, requestEmailChange } from '../security/email-change';
import { getMe } from './me';
import { requestPasswordReset, resetPassword } from './password-reset';
import { hashToken } from './tokens';
import { testAccountsDeps } from '../../testing/accounts-deps';
import { useTestTable } from '../../testing/dynamodb-table';
import { failNextSend } from '../../testing/sdk-middleware';
import { nextSecond } from '../../testing/seconds';
import { linkToken } from '../../testing/ses-inbox';
import { useTestUserPool } from '../../testing/user-pool';

const table = useTestTable();
const pool = useTestUserPool();
/** The client address the requests come from. */
const IP = '203.0.113.7';

const OLD_PASSWORD = 'Old-password-1';

/** Dan's account: his pool user with OLD_PASSWORD and his profile. */
async function withAccount(accountType: 'client' | 'admin' = 'client') {
  const context = testAccountsDeps(table, pool);
  const { deps } = context;
  const userId = await deps.identity.createUser('dan@example.co.uk', OLD_PASSWORD, accountType);
  const at = deps.clock().toISOString();
  await deps.accounts.reserveEmail('dan@example.co.uk', 'r-1', deps.clock(), 60);
  await deps.accounts.createAccount({
    reservationId: 'r-1',
    profile: { userId, email: 'dan@example.co.uk', accountType, firstName: 'Dan', lastName: '', categories: [], createdAt: at, updatedAt: at },
  });
  const mailedToken = async () => linkToken((await context.sentMail()).at(-1), '/reset-password');
  return { ...context, userId, mailedToken };
}

describe('password reset', () => {
  it('answers the same for a known and an unknown address, mailing only the known one', async () => {
    const { deps, sentMail, userId } = await withAccount();
    const known = await requestPasswordReset(deps, 'dan@example.co.uk', IP);
    const unknown = await requestPasswordReset(deps, 'nobody@example.co.uk', IP);
    expect(known).toEqual({ message: ACCOUNT_MESSAGES.resetRequested });
    expect(unknown).toEqual(known);
    const mails = await sentMail();
    expect(mails).toHaveLength(1);
    expect(mails[0]!.destination.to).toEqual(['dan@example.co.uk']);
    expect(mails[0]!.body.text).toContain('https://solutionz.test/reset-password?mode=reset&token=');
    const token = linkToken(mails[0], '/reset-password');
    expect(await deps.tokens.getToken(hashToken(token))).toMatchObject({ purpose: 'reset-password', userId });
  });

  it("refuses a request of a day past the cap for one address from one client address with 429 and the product's wording, whether or not it has an account", async () => {
    const { deps, advance, sentMail } = await withAccount();
    const answers = async (email: string) => {
      const seen: unknown[] = [];
      for (let n = 0; n <= MAIL_RATE_LIMIT.perAddressFromIp; n++) {
        seen.push(await requestPasswordReset(deps, email, IP).catch((error: { statusCode: number; category: string; message: string }) => error));
        advance(EMAIL_RESEND_COUNTDOWN_S);
      }
      return seen;
    };
    const known = await answers('dan@example.co.uk');
    const unknown = await answers('nobody@example.co.uk');
    expect(known.slice(0, -1)).toEqual(Array(MAIL_RATE_LIMIT.perAddressFromIp).fill({ message: ACCOUNT_MESSAGES.resetRequested }));
    expect(known.at(-1)).toMatchObject({ statusCode: 429, category: 'RATE_LIMIT', message: EMAIL_FAILURE_MESSAGES.RATE_LIMIT.description });
    expect(unknown.map((answer) => (answer as { message: string }).message)).toEqual(known.map((answer) => (answer as { message: string }).message));
    expect(await sentMail()).toHaveLength(MAIL_RATE_LIMIT.perAddressFromIp);
  });

  it('still mails the owner from where he uses his account after a stranger asked from many places, and never more than the address’s ceiling', async () => {
    const { deps, advance, sentMail, userId } = await withAccount();
    const HOME = '192.0.2.10';
    const PHONE = '192.0.2.77';
    // Dan uses his account from home and from his phone.
    for (const place of [HOME, PHONE]) await getMe(deps, { kind: 'signedIn', userId, groups: ['client'] }, place);
    const ask = (ip: string) =>
      requestPasswordReset(deps, 'dan@example.co.uk', ip).then(
        () => 'sent',
        (error: { statusCode: number }) => error.statusCode,
      );

    // Someone else asks for Dan's resets from four places, each as often as one place may.
    const stranger: unknown[] = [];
    for (let place = 1; place <= 4; place++) {
      for (let n = 0; n < MAIL_RATE_LIMIT.perAddressFromIp; n++) {
        stranger.push(await ask(`198.51.100.${place}`));
        advance(EMAIL_RESEND_COUNTDOWN_S);
      }
    }
    expect(stranger.filter((answer) => answer === 'sent')).toHaveLength(MAIL_RATE_LIMIT.perAddressFromStrangers);
    expect(stranger.slice(MAIL_RATE_LIMIT.perAddressFromStrangers)).toEqual(
      Array(4 * MAIL_RATE_LIMIT.perAddressFromIp - MAIL_RATE_LIMIT.perAddressFromStrangers).fill(429),
    );

    // Dan, at home, still gets his reset the same day.
    await expect(requestPasswordReset(deps, 'dan@example.co.uk', HOME)).resolves.toEqual({ message: ACCOUNT_MESSAGES.resetRequested });
    expect((await sentMail()).at(-1)!.body.text).toContain('/reset-password?mode=reset&token=');
    advance(EMAIL_RESEND_COUNTDOWN_S);

    // Whoever asks, the address gets no more than its ceiling a day.
    const owner: unknown[] = [];
    for (const place of [HOME, HOME, PHONE, PHONE, PHONE]) {
      owner.push(await ask(place));
      advance(EMAIL_RESEND_COUNTDOWN_S);
    }
    expect(owner).toEqual(['sent', 'sent', 'sent', 'sent', 429]);
    expect(await sentMail()).toHaveLength(MAIL_RATE_LIMIT.perAddress);
  });

  it('refuses a second request for one address within the resend countdown', async () => {
    const { deps } = await withAccount();
    await requestPasswordReset(deps, 'dan@example.co.uk', IP);
    await expect(requestPasswordReset(deps, 'dan@example.co.uk', IP)).rejects.toMatchObject({ statusCode: 429, retryAfterSeconds: EMAIL_RESEND_COUNTDOWN_S });
  });

  it('sets the password once; the link is refused afterwards and after its expiry', async () => {
    const { deps, advance, mailedToken } = await withAccount();
    await requestPasswordReset(deps, 'dan@example.co.uk', IP);
    const token = await mailedToken();
    await resetPassword(deps, token, 'New-password-2');
    expect(await pool.signsIn('dan@example.co.uk', 'New-password-2')).toBe(true);
    expect(await pool.signsIn('dan@example.co.uk', OLD_PASSWORD)).toBe(false);
    await expect(resetPassword(deps, token, 'Other-password-3')).rejects.toMatchObject({ code: 'TOKEN_INVALID', message: ACCOUNT_MESSAGES.resetLinkInvalid });

    advance(60);
    await requestPasswordReset(deps, 'dan@example.co.uk', IP);
    const second = await mailedToken();
    expect(second).not.toBe(token);
    advance(TOKEN_TTL.passwordResetHours * 3600);
    await expect(resetPassword(deps, second, 'Other-password-3')).rejects.toMatchObject({ code: 'TOKEN_INVALID' });
    expect(await pool.signsIn('dan@example.co.uk', 'New-password-2')).toBe(true);
  });

  it('ends every session of the account, refresh tokens included, confirms the address and alerts it', async () => {
    const { deps, cognito, userId, mailedToken, sentMail } = await withAccount();
    // Someone signed in before the reset (who signed up with an address that was not theirs, say).
    const { AuthenticationResult: held } = await cognito.send(
      new InitiateAuthCommand({
        AuthFlow: 'USER_PASSWORD_AUTH',
        ClientId: pool.userPoolClientId,
        AuthParameters: { USERNAME: 'dan@example.co.uk', PASSWORD: OLD_PASSWORD },
      }),
    );
    const heldRefreshes = () =>
      cognito
        .send(
          new InitiateAuthCommand({ AuthFlow: 'REFRESH_TOKEN_AUTH', ClientId: pool.userPoolClientId, AuthParameters: { REFRESH_TOKEN: held!.RefreshToken! } }),
        )
        .then(
          () => true,
          () => false,
        );
    expect(await heldRefreshes()).toBe(true);
    expect((await deps.accounts.getProfile(userId))?.emailConfirmedAt).toBeUndefined();
    // Tokens count in whole seconds: the reset comes in a later second than the sign-in.
    await nextSecond();

    await requestPasswordReset(deps, 'dan@example.co.uk', IP);
    await resetPassword(deps, await mailedToken(), 'New-password-2');
    expect(await heldRefreshes()).toBe(false);
    expect(await deps.standing(userId)).toMatchObject({ sessionsValidAfter: Math.floor(deps.clock().getTime() / 1000) });
    expect((await deps.accounts.getProfile(userId))?.emailConfirmedAt).toBe(deps.clock().toISOString());
    expect((await pool.user('dan@example.co.uk'))?.emailVerified).toBe(true);
    const alert = (await sentMail()).at(-1)!;
    expect(alert).toMatchObject({ subject: 'Your Solutionz password was reset', destination: { to: ['dan@example.co.uk'] } });
    expect(alert.body.text).toContain('every device signed in to it was signed out');
  });

  it('refuses a link sent to an address the account no longer has', async () => {
    const { deps, userId, mailedToken, sentMail } = await withAccount();
    await requestPasswordReset(deps, 'dan@example.co.uk', IP);
    const token = await mailedToken();
    const caller = { kind: 'signedIn', userId, groups: ['client'], accountType: 'client', subscribed: false, emailConfirmed: true } as const;
    await requestEmailChange(deps, caller, { newEmail: 'dan.moved@example.co.uk', currentPassword: OLD_PASSWORD }, IP);
    await confirmEmailChange(
      deps,
      linkToken(
        (await sentMail()).find((mail) => mail.destination.to.includes('dan.moved@example.co.uk')),
        '/confirm-email-change',
      ),
    );

    await expect(resetPassword(deps, token, 'New-password-2')).rejects.toMatchObject({ code: 'TOKEN_INVALID', message: ACCOUNT_MESSAGES.resetLinkInvalid });
    expect(await pool.signsIn('dan.moved@example.co.uk', OLD_PASSWORD)).toBe(true);
  });

  it('keeps the link usable when Cognito fails to set the password', async () => {
    const { deps, cognito, mailedToken } = await withAccount();
    await requestPasswordReset(deps, 'dan@example.co.uk', IP);
    failNextSend(cognito, 'AdminSetUserPasswordCommand', new Error('Cognito is unavailable'));
    await expect(resetPassword(deps, await mailedToken(), 'New-password-2')).rejects.toThrow('Cognito is unavailable');
    expect(await pool.signsIn('dan@example.co.uk', OLD_PASSWORD)).toBe(true);
    await expect(resetPassword(deps, await mailedToken(), 'New-password-2')).resolves.toEqual({ message: ACCOUNT_MESSAGES.passwordUpdated });
    expect(await pool.signsIn('dan@example.co.uk', 'New-password-2')).toBe(true);
  });

  it('sends no reset mail to an admin account, answering as for any address', async () => {
    const { deps, sentMail } = await withAccount('admin');
    await expect(requestPasswordReset(deps, 'dan@example.co.uk', IP)).resolves.toEqual({ message: ACCOUNT_MESSAGES.resetRequested });
    expect(await sentMail()).toHaveLength(0);
  });
});
