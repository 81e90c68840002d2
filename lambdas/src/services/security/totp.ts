import { PRODUCT_NAME, SECURITY_MESSAGES } from '@solutionz/shared';
import type { AuthorizedCaller } from '../../auth/caller';
import { ConflictError, UnauthorizedError, ValidationError } from '../../errors';
import type { AccountsDeps } from '../accounts/deps';
import { ownProfile, refuseWrongPassword, requirePassword, sendSecurityAlert } from './checks';

/**
 * 2-step verification with an authenticator app: Cognito's own software-token MFA (the pool allows
 * it, optional per user), so sign-in asks for the code in Cognito itself, on the web as anywhere.
 * The profile's `mfaEnabled` mirrors it for /api/me.
 */

/** Setting up an authenticator acts as the signed-in user in Cognito, with the token this request came with. */
function bearerToken(authorization: string | undefined): string {
  const token = authorization?.match(/^Bearer\s+(\S+)$/i)?.[1];
  if (!token) throw new UnauthorizedError();
  return token;
}

/** The key an authenticator app stores, as a QR code carries it (Key Uri Format). */
export function otpauthUri(email: string, secret: string): string {
  const label = `${encodeURIComponent(PRODUCT_NAME)}:${encodeURIComponent(email)}`;
  return `otpauth://totp/${label}?secret=${encodeURIComponent(secret)}&issuer=${encodeURIComponent(PRODUCT_NAME)}`;
}

export async function setupTotp(deps: AccountsDeps, caller: AuthorizedCaller, authorization: string | undefined): Promise<{ secret: string; otpauthUri: string }> {
  const accessToken = bearerToken(authorization);
  const profile = await ownProfile(deps, caller);
  if (profile.mfaEnabled) throw new ConflictError(SECURITY_MESSAGES.totpAlreadyOn);
  const secret = await deps.security.startTotp(accessToken);
  return { secret, otpauthUri: otpauthUri(profile.email, secret) };
}

/**
 * Turning it on takes the password as well as a code: whoever holds only a stolen session could
 * otherwise bind an authenticator of their own and lock the owner out. The password is checked
 * before the code, so a wrong one binds nothing.
 */
export async function enableTotp(
  deps: AccountsDeps,
  caller: AuthorizedCaller,
  authorization: string | undefined,
  input: { password: string; code: string },
): Promise<{ mfaEnabled: boolean }> {
  const accessToken = bearerToken(authorization);
  const profile = await ownProfile(deps, caller);
  if (profile.mfaEnabled) throw new ConflictError(SECURITY_MESSAGES.totpAlreadyOn);
  await requirePassword(deps, profile, input.password, 'body.password');
  if (!(await deps.security.confirmTotp(accessToken, input.code))) {
    throw new ValidationError({ 'body.code': SECURITY_MESSAGES.totpCodeInvalid }, SECURITY_MESSAGES.totpCodeInvalid);
  }
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
