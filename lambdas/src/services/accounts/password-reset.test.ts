import { describe, expect, it } from 'vitest';
import { ACCOUNT_MESSAGES, TOKEN_TTL } from '@solutionz/shared';
import { requestPasswordReset, resetPassword } from './password-reset';
import { hashToken } from './tokens';
import { testAccountsDeps } from '../../testing/accounts-deps';
import { useTestTable } from '../../testing/dynamodb-table';
import { failNextSend } from '../../testing/sdk-middleware';
import { linkToken } from '../../testing/ses-inbox';
import { useTestUserPool } from '../../testing/user-pool';

const table = useTestTable();
const pool = useTestUserPool();

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
    const known = await requestPasswordReset(deps, 'dan@example.co.uk');
    const unknown = await requestPasswordReset(deps, 'nobody@example.co.uk');
    expect(unknown).toEqual(known);
    const mails = await sentMail();
    expect(mails).toHaveLength(1);
    expect(mails[0]!.destination.to).toEqual(['dan@example.co.uk']);
    expect(mails[0]!.body.text).toContain('https://solutionz.test/reset-password?mode=reset&token=');
    const token = linkToken(mails[0], '/reset-password');
    expect(await deps.accounts.getToken(hashToken(token))).toMatchObject({ purpose: 'reset-password', userId });
  });

  it('sets the password once; the link is refused afterwards and after its expiry', async () => {
    const { deps, advance, mailedToken } = await withAccount();
    await requestPasswordReset(deps, 'dan@example.co.uk');
    const token = await mailedToken();
    await resetPassword(deps, token, 'New-password-2');
    expect(await pool.signsIn('dan@example.co.uk', 'New-password-2')).toBe(true);
    expect(await pool.signsIn('dan@example.co.uk', OLD_PASSWORD)).toBe(false);
    await expect(resetPassword(deps, token, 'Other-password-3')).rejects.toMatchObject({ code: 'TOKEN_INVALID', message: ACCOUNT_MESSAGES.resetLinkInvalid });

    advance(60);
    await requestPasswordReset(deps, 'dan@example.co.uk');
    const second = await mailedToken();
    expect(second).not.toBe(token);
    advance(TOKEN_TTL.passwordResetHours * 3600);
    await expect(resetPassword(deps, second, 'Other-password-3')).rejects.toMatchObject({ code: 'TOKEN_INVALID' });
    expect(await pool.signsIn('dan@example.co.uk', 'New-password-2')).toBe(true);
  });

  it('keeps the link usable when Cognito fails to set the password', async () => {
    const { deps, cognito, mailedToken } = await withAccount();
    await requestPasswordReset(deps, 'dan@example.co.uk');
    failNextSend(cognito, 'AdminSetUserPasswordCommand', new Error('Cognito is unavailable'));
    await expect(resetPassword(deps, await mailedToken(), 'New-password-2')).rejects.toThrow('Cognito is unavailable');
    expect(await pool.signsIn('dan@example.co.uk', OLD_PASSWORD)).toBe(true);
    await expect(resetPassword(deps, await mailedToken(), 'New-password-2')).resolves.toEqual({ message: ACCOUNT_MESSAGES.passwordUpdated });
    expect(await pool.signsIn('dan@example.co.uk', 'New-password-2')).toBe(true);
  });

  it('sends no reset mail to an admin account', async () => {
    const { deps, sentMail } = await withAccount('admin');
    await requestPasswordReset(deps, 'dan@example.co.uk');
    expect(await sentMail()).toHaveLength(0);
  });
});
