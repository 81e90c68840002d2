import { SECURITY_MESSAGES } from '@solutionz/shared';
import type { AuthorizedCaller } from '../../auth/caller';
import type { AccountsDeps } from '../accounts/deps';
import { ownProfile, requirePassword, sendSecurityAlert } from '../security/checks';
import type { PersonalDataRegistry } from './personal-data';

export interface ErasureDeps extends Pick<AccountsDeps, 'accounts' | 'identity' | 'security' | 'mailer' | 'config'> {
  readonly personalData: PersonalDataRegistry;
}

/**
 * Deletes the caller's account, the one place that does: every registered eraser, then the
 * profile and the e-mail item, then the Cognito user. Each step may run again, and the profile goes
 * last of the data, so a deletion that fails half-way is asked for again by the person, still signed
 * in. The confirmation goes to the address the account had; the web then signs the person out.
 */
export async function deleteAccount(deps: ErasureDeps, caller: AuthorizedCaller, password: string): Promise<{ message: string }> {
  const profile = await ownProfile(deps, caller);
  await requirePassword(deps, profile, password, 'body.password');
  const subject = { userId: profile.userId, email: profile.email, profile };
  for (const eraser of deps.personalData.erasers) await eraser.erase(subject);
  await deps.accounts.deleteAccountRecords(profile.userId, profile.email);
  await deps.identity.deleteUser(profile.email);
  await sendSecurityAlert(deps, profile.email, { kind: 'account-deleted' });
  return { message: SECURITY_MESSAGES.accountDeleted.description };
}
