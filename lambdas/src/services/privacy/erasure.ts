import { SECURITY_MESSAGES } from '@solutionz/shared';
import type { AuthorizedCaller } from '../../auth/caller';
import type { ProfileRecord } from '../../data/account-repository';
import type { AccountsDeps } from '../accounts/deps';
import { ownProfile, requirePassword, sendSecurityAlert } from '../security/checks';
import { publicCopiesOf, type PublicCache } from '../public-copies';
import type { PersonalDataRegistry } from './personal-data';

export interface ErasureDeps extends Pick<AccountsDeps, 'accounts' | 'identity' | 'security' | 'mailer' | 'config'> {
  readonly personalData: PersonalDataRegistry;
  readonly publicCache: PublicCache;
}

/**
 * Erases an account: every registered eraser, then the profile and the e-mail item, then the Cognito user
 * (an unclaimed business has none). Each step may run again, and the profile goes last of the data, so an
 * erasure that fails half-way can be asked for again. The person's own deletion and an admin's both use it.
 * Then the cached copies of the provider's page, or of the job board that listed the client's jobs, go.
 */
export async function eraseAccount(deps: Pick<ErasureDeps, 'personalData' | 'accounts' | 'identity' | 'publicCache'>, profile: ProfileRecord): Promise<void> {
  const subject = { userId: profile.userId, email: profile.email, profile };
  for (const eraser of deps.personalData.erasers) await eraser.erase(subject);
  await deps.accounts.deleteAccountRecords(profile.userId, profile.email);
  if (profile.email) await deps.identity.deleteUser(profile.email);
  await deps.publicCache.purge(publicCopiesOf(profile));
}

/**
 * The caller deletes their own account: the password checked, then the erasure. A deletion that fails
 * half-way is asked for again by the person, still signed in. The confirmation goes to the address the
 * account had; the web then signs the person out.
 */
export async function deleteAccount(deps: ErasureDeps, caller: AuthorizedCaller, password: string): Promise<{ message: string }> {
  const profile = await ownProfile(deps, caller);
  await requirePassword(deps, profile, password, 'body.password');
  await eraseAccount(deps, profile);
  await sendSecurityAlert(deps, profile.email, { kind: 'account-deleted' });
  return { message: SECURITY_MESSAGES.accountDeleted.description };
}
