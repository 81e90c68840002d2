import { PRODUCT_NAME, SECURITY_MESSAGES } from '@solutionz/shared';
import type { AuthorizedCaller } from '../../auth/caller';
import type { ProfileRecord } from '../../data/account-repository';
import { ConflictError, ValidationError } from '../../errors';
import type { AccountsDeps } from '../accounts/deps';
import { ownProfile, refuseWrongPassword, sendSecurityAlert } from './checks';

/**
 * 2-step verification with an authenticator app: Cognito's own software-token MFA (the pool allows
 * it, optional per user), so sign-in asks for the code in Cognito itself, on the web as anywhere.
 * The profile's `mfaEnabled` mirrors it for /api/me.
 *
 * Setting it up acts as the user in Cognito with a token of the server's own sign-in with the
 * password, never with the browser's token: the browser's tokens cannot call Cognito's self-service
 * operations at all, and a stolen session alone cannot start binding an authenticator.
 */

/** The key an authenticator app stores, as a QR code carries it (Key Uri Format). */
export function otpauthUri(email: string, secret: string): string {
  const label = `${encodeURIComponent(PRODUCT_NAME)}:${encodeURIComponent(email)}`;
  return `otpauth://totp/${label}?secret=${encodeURIComponent(secret)}&issuer=${encodeURIComponent(PRODUCT_NAME)}`;
}

/**
 * Cognito asked the password's sign-in for a code, so 2-step verification is on there already: the
 * profile catches up, and the person is told it is on.
 */
async function alreadyOnInCognito(deps: AccountsDeps, profile: ProfileRecord): Promise<never> {
  await deps.accounts.setMfaEnabled(profile.userId, true, deps.clock().toISOString());
  throw new ConflictError(SECURITY_MESSAGES.totpAlreadyOn);
}

export async function setupTotp(deps: AccountsDeps, caller: AuthorizedCaller, input: { password: string }): Promise<{ secret: string; otpauthUri: string }> {
  const profile = await ownProfile(deps, caller);
  if (profile.mfaEnabled) throw new ConflictError(SECURITY_MESSAGES.totpAlreadyOn);
  const started = await deps.security.startTotp(profile.email, input.password);
  if (started === '2-step-on') return alreadyOnInCognito(deps, profile);
  if (typeof started === 'string') {
    refuseWrongPassword(started, 'body.password');
    throw new Error(`The password check answered ${started}`);
  }
  return { secret: started.secret, otpauthUri: otpauthUri(profile.email, started.secret) };
}

/**
 * Turning it on takes the password as well as a code: whoever holds only a stolen session could
 * otherwise bind an authenticator of their own and lock the owner out. The password is checked
 * before the code, so a wrong one binds nothing.
 */
export async function enableTotp(deps: AccountsDeps, caller: AuthorizedCaller, input: { password: string; code: string }): Promise<{ mfaEnabled: boolean }> {
  const profile = await ownProfile(deps, caller);
  if (profile.mfaEnabled) throw new ConflictError(SECURITY_MESSAGES.totpAlreadyOn);
  const confirmed = await deps.security.confirmTotp(profile.email, input.password, input.code);
  if (confirmed === '2-step-on') return alreadyOnInCognito(deps, profile);
  if (confirmed === 'wrong-code') throw new ValidationError({ 'body.code': SECURITY_MESSAGES.totpCodeInvalid }, SECURITY_MESSAGES.totpCodeInvalid);
  refuseWrongPassword(confirmed, 'body.password');
  await deps.accounts.setMfaEnabled(profile.userId, true, deps.clock().toISOString());
  await sendSecurityAlert(deps, profile.email, { kind: 'totp-enabled' });
  return { mfaEnabled: true };
}

/** Turning it off takes what signing in takes: the password and a current code. */
export async function disableTotp(deps: AccountsDeps, caller: AuthorizedCaller, input: { password: string; code: string }): Promise<{ mfaEnabled: boolean }> {
  const profile = await ownProfile(deps, caller);
  if (!profile.mfaEnabled) throw new ConflictError(SECURITY_MESSAGES.totpNotOn);
  const check = await deps.security.checkPasswordAndCode(profile.email, input.password, input.code);
  refuseWrongPassword(check, 'body.password');
  if (check === 'wrong-code') throw new ValidationError({ 'body.code': SECURITY_MESSAGES.totpCodeInvalid }, SECURITY_MESSAGES.totpCodeInvalid);
  // 'no-2-step': Cognito asked for no code, so it is off there already; the profile catches up.
  await deps.security.turnOffTotp(profile.userId);
  await deps.accounts.setMfaEnabled(profile.userId, false, deps.clock().toISOString());
  await sendSecurityAlert(deps, profile.email, { kind: 'totp-disabled' });
  return { mfaEnabled: false };
}
