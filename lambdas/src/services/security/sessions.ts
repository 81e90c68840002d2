import { SECURITY_MESSAGES } from '@solutionz/shared';
import type { AuthorizedCaller } from '../../auth/caller';
import type { ProfileRecord } from '../../data/account-repository';
import type { AccountsDeps } from '../accounts/deps';
import { endAllSignIns } from './active-sessions';
import { ownProfile, requirePassword, sendSecurityAlert } from './checks';

/**
 * Ends every session of the account: access tokens issued before this second are refused by the
 * access check of every signed-in route (the profile's `sessionsValidAfter`), and Cognito revokes the
 * refresh tokens so no device gets new ones. Our own refusal comes first: it is what protects the
 * API, and the Cognito call is safe to repeat. A password change or reset, an e-mail change and
 * signing out everywhere all end sessions this way, and none of them counts as active any more.
 */
export async function endSessions(deps: Pick<AccountsDeps, 'accounts' | 'security' | 'clock' | 'sessions'>, profile: ProfileRecord): Promise<void> {
  await deps.accounts.setSessionsValidAfter(profile.userId, Math.floor(deps.clock().getTime() / 1000));
  await deps.security.signOutEverywhere(profile.userId);
  await endAllSignIns(deps, profile.userId);
}

/** The caller's own session ends too: the web signs in again with the new password for a fresh token. */
export async function changePassword(
  deps: AccountsDeps,
  caller: AuthorizedCaller,
  input: { currentPassword: string; newPassword: string },
): Promise<{ message: string }> {
  const profile = await ownProfile(deps, caller);
  await requirePassword(deps, profile, input.currentPassword, 'body.currentPassword');
  await deps.identity.setPassword(profile.email, input.newPassword);
  await endSessions(deps, profile);
  await sendSecurityAlert(deps, profile.email, { kind: 'password-changed' });
  return { message: SECURITY_MESSAGES.passwordChanged.description };
}

export async function signOutEverywhere(deps: AccountsDeps, caller: AuthorizedCaller): Promise<{ message: string }> {
  const profile = await ownProfile(deps, caller);
  await endSessions(deps, profile);
  await sendSecurityAlert(deps, profile.email, { kind: 'signed-out-everywhere' });
  return { message: SECURITY_MESSAGES.signedOutEverywhere.description };
}
