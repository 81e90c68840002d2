import { ACCOUNT_MESSAGES, TOKEN_TTL } from '@solutionz/shared';
import { InvalidTokenError } from '../../errors';
import { sendSecurityAlert } from '../security/checks';
import { endSessions } from '../security/sessions';
import type { AccountsDeps } from './deps';
import { sendOrThrow } from './delivery';
import { allowAddressMail } from './mail-limits';
import { passwordResetMail } from './mails';
import { hashToken, isRedeemable, issueToken } from './tokens';

/**
 * Mails a single-use, expiring reset link, within the link mail limits (allowAddressMail: a request past
 * them is refused with 429 whether or not the address has an account). The answer is the same whether
 * or not the address has an account. Admin accounts have internal addresses and recover through the
 * site owner (docs/product/accounts.md#password-reset).
 */
export async function requestPasswordReset(deps: AccountsDeps, email: string, sourceIp: string): Promise<{ message: string }> {
  const answer = { message: ACCOUNT_MESSAGES.resetRequested };
  await allowAddressMail(deps, 'password-reset', email, sourceIp);
  const userId = await deps.accounts.findUserIdByEmail(email);
  const profile = userId ? await deps.accounts.getProfile(userId) : undefined;
  if (!profile || profile.accountType === 'admin') return answer;
  const token = issueToken(deps, 'reset-password', profile, TOKEN_TTL.passwordResetHours);
  await deps.tokens.putToken(token.record);
  await sendOrThrow(deps.mailer, passwordResetMail(profile.email, deps.config.siteUrl, token.raw));
  return answer;
}

/**
 * Spends the token, then ends every session of the account (refresh tokens included: whoever held one
 * before the reset, perhaps someone who signed up with an address that was not theirs, is out),
 * confirms the address (the link proved it) and sets the password in Cognito. Should any of that
 * fail, the token is made usable again so the same link can be retried. A link sent to an address the
 * account no longer has is refused. The account's address gets a security alert.
 */
export async function resetPassword(deps: AccountsDeps, rawToken: string, password: string): Promise<{ message: string }> {
  const now = deps.clock();
  const tokenHash = hashToken(rawToken);
  const token = await deps.tokens.getToken(tokenHash);
  const profile = token ? await deps.accounts.getProfile(token.userId, { consistent: true }) : undefined;
  if (!isRedeemable(token, 'reset-password', now) || profile?.email !== token.email || !(await deps.tokens.redeemToken(tokenHash, 'reset-password', now))) {
    throw new InvalidTokenError(ACCOUNT_MESSAGES.resetLinkInvalid);
  }
  try {
    await endSessions(deps, profile);
    if (!profile.emailConfirmedAt) {
      await deps.identity.markEmailVerified(profile.email);
      await deps.accounts.markEmailConfirmed(profile.userId, profile.email, now);
    }
    await deps.identity.setPassword(profile.email, password);
  } catch (error) {
    await deps.tokens.unredeemToken(tokenHash).catch(() => undefined);
    throw error;
  }
  await sendSecurityAlert(deps, profile.email, { kind: 'password-reset' });
  return { message: ACCOUNT_MESSAGES.passwordUpdated };
}
