import { ACCOUNT_MESSAGES, SECURITY_MESSAGES } from '@solutionz/shared';
import type { PasswordAndCodeCheck } from '../../adapters/cognito-security';
import type { AuthorizedCaller } from '../../auth/caller';
import type { ProfileRecord } from '../../data/account-repository';
import { NotFoundError, RateLimitedError, ValidationError } from '../../errors';
import type { AccountsDeps } from '../accounts/deps';
import { trySend } from '../accounts/delivery';
import { securityAlertMail, type SecurityAlert } from '../accounts/mails';

/** Cognito's lockout after wrong passwords starts short and grows; a minute is a fair first wait. */
const LOCKED_OUT_RETRY_S = 60;

export async function ownProfile(deps: Pick<AccountsDeps, 'accounts'>, caller: AuthorizedCaller): Promise<ProfileRecord> {
  const profile = await deps.accounts.getProfile(caller.userId, { consistent: true });
  if (!profile) throw new NotFoundError(ACCOUNT_MESSAGES.profileNotFound);
  return profile;
}

/** A wrong password is an error on `field`; Cognito's lockout after many is a 429. */
export function refuseWrongPassword(check: PasswordAndCodeCheck, field: string): void {
  if (check === 'wrong') throw new ValidationError({ [field]: SECURITY_MESSAGES.currentPasswordWrong }, SECURITY_MESSAGES.currentPasswordWrong);
  if (check === 'locked') throw new RateLimitedError(SECURITY_MESSAGES.passwordAttemptsExceeded, LOCKED_OUT_RETRY_S);
}

/** The account's own password, checked with Cognito. */
export async function requirePassword(deps: Pick<AccountsDeps, 'security'>, profile: ProfileRecord, password: string, field: string): Promise<void> {
  refuseWrongPassword(await deps.security.checkPassword(profile.email, password), field);
}

/**
 * Security alerts are always on. The change they report has already happened, so a mail
 * that cannot be sent does not undo it or fail the request.
 */
export async function sendSecurityAlert(deps: Pick<AccountsDeps, 'mailer' | 'config'>, to: string, alert: SecurityAlert): Promise<void> {
  await trySend(deps.mailer, securityAlertMail(to, deps.config.siteUrl, alert));
}
