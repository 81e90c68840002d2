import { ACCOUNT_MESSAGES, SECURITY_MESSAGES, TOKEN_TTL } from '@solutionz/shared';
import { IdentityExistsError } from '../../adapters/cognito-identity';
import type { AuthorizedCaller } from '../../auth/caller';
import type { EmailMove } from '../../data/account-repository';
import { ConflictError, ForbiddenError, InvalidTokenError, ValidationError } from '../../errors';
import type { AccountsDeps } from '../accounts/deps';
import { sendOrThrow } from '../accounts/delivery';
import { allowEmailChangeMail } from '../accounts/mail-limits';
import { emailChangeMail, emailChangeTakenMail } from '../accounts/mails';
import { hashToken, isRedeemable, issueToken } from '../accounts/tokens';
import { ownProfile, requirePassword, sendSecurityAlert } from './checks';
import { endAllSignIns } from './active-sessions';

/** How long the old address stays held while Cognito takes the new one; it lapses by itself after. */
const OLD_ADDRESS_HOLD_S = 300;

/**
 * Mails a single-use link to the new address and tells the old one. The password is checked first, then
 * the e-mail change caps (allowEmailChangeMail) are taken, and only then is the new address looked up, so
 * nobody can try addresses one after another. The answer is the same whether or not the address has an
 * account: a free one gets the link; one with an account gets a mail saying someone tried to move an
 * account to it, and no link. The old address is told either way.
 */
export async function requestEmailChange(
  deps: AccountsDeps,
  caller: AuthorizedCaller,
  input: { newEmail: string; currentPassword: string },
  sourceIp: string,
): Promise<{ sentTo: string; message: string }> {
  const profile = await ownProfile(deps, caller);
  if (profile.accountType === 'admin') throw new ForbiddenError(SECURITY_MESSAGES.adminEmailFixed);
  await requirePassword(deps, profile, input.currentPassword, 'body.currentPassword');
  const { newEmail } = input;
  if (newEmail === profile.email) throw new ValidationError({ 'body.newEmail': SECURITY_MESSAGES.sameEmail });
  // Admin usernames map to addresses in this domain; an account there would pose as an admin sign-in.
  if (newEmail.endsWith(`@${deps.config.adminEmailDomain}`)) throw new ValidationError({ 'body.newEmail': ACCOUNT_MESSAGES.emailReserved });

  await allowEmailChangeMail(deps, profile.userId, newEmail, sourceIp);

  if (await deps.accounts.findUserIdByEmail(newEmail)) {
    await sendOrThrow(deps.mailer, emailChangeTakenMail(newEmail, deps.config.siteUrl));
  } else {
    const token = issueToken(deps, 'change-email', { userId: profile.userId, email: newEmail }, TOKEN_TTL.emailChangeHours);
    await deps.tokens.putToken(token.record);
    await sendOrThrow(deps.mailer, emailChangeMail(newEmail, deps.config.siteUrl, token.raw));
  }
  await sendSecurityAlert(deps, profile.email, { kind: 'email-change-requested', newEmail });
  return { sentTo: newEmail, message: SECURITY_MESSAGES.emailChangeSent(newEmail) };
}

/**
 * Redeems an e-mail change link. One transaction spends the token and moves the address: the new
 * e-mail item is created only if the address is free, the old one becomes a short hold, the profile
 * (and a provider's business contact) takes the new address. Only the request whose transaction
 * committed goes on to Cognito, so two clicks of one link change Cognito once. Every session of the
 * account ends with the change, as with a password reset: the transaction refuses access tokens issued
 * before it, and Cognito revokes the refresh tokens before it takes the new address. Should Cognito
 * refuse, the transaction is undone and the link works again (the sessions stay ended); the hold keeps
 * the old address from being taken in between.
 */
export async function confirmEmailChange(deps: AccountsDeps, rawToken: string): Promise<{ email: string; message: string }> {
  const now = deps.clock();
  const token = await deps.tokens.getToken(hashToken(rawToken));
  if (!isRedeemable(token, 'change-email', now)) throw new InvalidTokenError(SECURITY_MESSAGES.emailChangeLinkInvalid);
  const profile = await deps.accounts.getProfile(token.userId, { consistent: true });
  if (!profile || profile.email === token.email) throw new InvalidTokenError(SECURITY_MESSAGES.emailChangeLinkInvalid);

  const move: EmailMove = {
    token,
    userId: profile.userId,
    from: profile.email,
    to: token.email,
    holdId: deps.random.id(),
    holdUntil: new Date(now.getTime() + OLD_ADDRESS_HOLD_S * 1000),
    ...(profile.emailConfirmedAt ? { previousEmailConfirmedAt: profile.emailConfirmedAt } : {}),
    ...(profile.businessId && profile.businessName ? { business: { businessId: profile.businessId, businessName: profile.businessName } } : {}),
    now,
  };
  const moved = await deps.accounts.moveEmail(move);
  if (moved === 'token-spent') throw new InvalidTokenError(SECURITY_MESSAGES.emailChangeLinkInvalid);
  if (moved === 'address-taken') throw new ConflictError(ACCOUNT_MESSAGES.alreadyRegistered);

  try {
    await deps.security.signOutEverywhere(profile.userId);
    await deps.security.changeEmail(profile.userId, move.to);
    await endAllSignIns(deps, profile.userId);
  } catch (error) {
    await deps.accounts.undoEmailMove(move);
    if (error instanceof IdentityExistsError) throw new ConflictError(ACCOUNT_MESSAGES.alreadyRegistered);
    throw error;
  }
  await deps.accounts.releaseEmail(move.from, move.holdId).catch(() => undefined);
  await sendSecurityAlert(deps, move.from, { kind: 'email-changed', newEmail: move.to });
  return { email: move.to, message: SECURITY_MESSAGES.emailChanged(move.to) };
}
