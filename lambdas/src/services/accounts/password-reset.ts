import { ACCOUNT_MESSAGES, EMAIL_RESEND_COUNTDOWN_S, TOKEN_TTL } from '@solutionz/shared';
import { InvalidTokenError } from '../../errors';
import type { AccountsDeps } from './deps';
import { sendOrThrow } from './delivery';
import { passwordResetMail } from './mails';
import { hashToken, isRedeemable, issueToken } from './tokens';

/**
 * Mails a single-use, expiring reset link. The answer is the same whether or not the address has an
 * account; repeated requests within the resend countdown send nothing more but answer the same.
 * Admin accounts have internal addresses and recover through the site owner (spec 02).
 */
export async function requestPasswordReset(deps: AccountsDeps, email: string): Promise<{ message: string }> {
  const answer = { message: ACCOUNT_MESSAGES.resetRequested };
  const now = deps.clock();
  const cooldown = await deps.accounts.claimCooldown('password-reset', email, EMAIL_RESEND_COUNTDOWN_S, now);
  if (!cooldown.claimed) return answer;
  const userId = await deps.accounts.findUserIdByEmail(email);
  const profile = userId ? await deps.accounts.getProfile(userId) : undefined;
  if (!profile || profile.accountType === 'admin') return answer;
  const token = issueToken(deps, 'reset-password', profile, TOKEN_TTL.passwordResetHours);
  await deps.accounts.putToken(token.record);
  await sendOrThrow(deps.mailer, passwordResetMail(profile.email, deps.config.siteUrl, token.raw));
  return answer;
}

/**
 * Spends the token, then sets the password in Cognito. Should Cognito fail, the token is made
 * usable again so the same link can be retried.
 */
export async function resetPassword(deps: AccountsDeps, rawToken: string, password: string): Promise<{ message: string }> {
  const now = deps.clock();
  const tokenHash = hashToken(rawToken);
  const token = await deps.accounts.getToken(tokenHash);
  if (!isRedeemable(token, 'reset-password', now) || !(await deps.accounts.redeemToken(tokenHash, 'reset-password', now))) {
    throw new InvalidTokenError(ACCOUNT_MESSAGES.resetLinkInvalid);
  }
  try {
    await deps.identity.setPassword(token.email, password);
  } catch (error) {
    await deps.accounts.unredeemToken(tokenHash).catch(() => undefined);
    throw error;
  }
  return { message: ACCOUNT_MESSAGES.passwordUpdated };
}
