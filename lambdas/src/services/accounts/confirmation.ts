import { ACCOUNT_MESSAGES, EMAIL_MESSAGES, TOKEN_TTL, type ConfirmEmailResponse } from '@solutionz/shared';
import type { ProfileRecord } from '../../data/account-repository';
import { InvalidTokenError } from '../../errors';
import { BUSINESS_METRICS } from '../../business-metrics';
import type { AccountsDeps } from './deps';
import { sendOrThrow } from './delivery';
import { allowAddressMail } from './mail-limits';
import { confirmationMail } from './mails';
import { hashToken, isRedeemable, issueToken } from './tokens';

/**
 * Redeems a confirmation link: the token is spent and the profile confirmed in one transaction, so
 * two clicks of one link confirm once and the second is refused. Cognito's `email_verified` is set
 * first because setting it twice is harmless, while a spent token cannot be spent again.
 */
export async function confirmEmail(deps: AccountsDeps, rawToken: string): Promise<ConfirmEmailResponse> {
  const now = deps.clock();
  const token = await deps.tokens.getToken(hashToken(rawToken));
  if (!isRedeemable(token, 'confirm-email', now)) throw new InvalidTokenError(ACCOUNT_MESSAGES.confirmationLinkInvalid);
  const profile = await deps.accounts.getProfile(token.userId);
  if (!profile) throw new InvalidTokenError(ACCOUNT_MESSAGES.confirmationLinkInvalid);
  await deps.identity.markEmailVerified(profile.email);
  if (!(await deps.accounts.redeemConfirmationToken(token, now))) throw new InvalidTokenError(ACCOUNT_MESSAGES.confirmationLinkInvalid);
  deps.metrics.count(BUSINESS_METRICS.emailConfirmations);
  return { email: profile.email, accountType: profile.accountType };
}

async function profileByEmail(deps: AccountsDeps, email: string): Promise<ProfileRecord | undefined> {
  const userId = await deps.accounts.findUserIdByEmail(email);
  return userId ? deps.accounts.getProfile(userId) : undefined;
}

/**
 * Sends a fresh confirmation link, within the link mail limits (allowAddressMail). The route is public
 * (the confirm page may be open in a signed-out tab), so the answer is the same whether or not the
 * address has an unconfirmed account: the endpoint tells no one which addresses are registered.
 */
export async function resendConfirmation(deps: AccountsDeps, email: string, sourceIp: string): Promise<{ message: string }> {
  await allowAddressMail(deps, 'resend-confirmation', email, sourceIp);

  const profile = await profileByEmail(deps, email);
  if (profile && !profile.emailConfirmedAt) {
    const token = issueToken(deps, 'confirm-email', profile, TOKEN_TTL.emailConfirmationHours);
    await deps.tokens.putToken(token.record);
    await sendOrThrow(deps.mailer, confirmationMail(profile.email, deps.config.siteUrl, token.raw));
  }
  return { message: EMAIL_MESSAGES.resent.description };
}
