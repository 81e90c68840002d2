import { SECURITY_MESSAGES } from '@solutionz/shared';
import type { AuthorizedCaller } from '../../auth/caller';
import type { ProfileRecord } from '../../data/account-repository';
import { ForbiddenError } from '../../errors';
import type { AccountsDeps } from '../accounts/deps';
import { ownProfile, requirePassword, sendSecurityAlert } from '../security/checks';
import type { PublicCache } from '../../adapters/cloudfront-purge';
import { publicCopiesOf } from '../public-copies';
import type { PersonalDataRegistry } from './personal-data';

export interface ErasureDeps extends Pick<AccountsDeps, 'accounts' | 'identity' | 'security' | 'mailer' | 'config'> {
  readonly personalData: PersonalDataRegistry;
  readonly publicCache: PublicCache;
}

/**
 * Erases an account: every registered eraser, then the profile and the e-mail item, then the rest
 * (finishErasure). Each step may run again, and the profile goes last of the data, so an erasure that fails
 * half-way can be asked for again. The person's own deletion and an admin's both use it.
 */
export async function eraseAccount(deps: Pick<ErasureDeps, 'personalData' | 'accounts' | 'identity' | 'publicCache'>, profile: ProfileRecord): Promise<void> {
  const subject = { userId: profile.userId, email: profile.email, profile };
  for (const eraser of deps.personalData.erasers) await eraser.erase(subject);
  await deps.accounts.deleteAccountRecords(profile.userId, profile.email);
  await finishErasure(deps, profile);
}

/**
 * What an erasure does once the profile is gone, from the id and account type alone, so an erasure that
 * failed after the profile went can still be finished: the Cognito user goes (named by its `sub`; an
 * unclaimed business has none), then the cached copies of the provider's page, or of the job board that
 * listed the client's jobs.
 */
export async function finishErasure(deps: Pick<ErasureDeps, 'identity' | 'publicCache'>, person: Pick<ProfileRecord, 'userId' | 'accountType'>): Promise<void> {
  await deps.identity.deleteUser(person.userId);
  await deps.publicCache.purge(publicCopiesOf(person));
}

/**
 * The caller deletes their own account: the password checked, then the erasure. A deletion that fails
 * half-way is asked for again by the person, still signed in. The confirmation goes to the address the
 * account had; the web then signs the person out. An admin account is removed by another admin (audited,
 * with a reason, never the last admin), so an admin is refused here.
 */
export async function deleteAccount(deps: ErasureDeps, caller: AuthorizedCaller, password: string): Promise<{ message: string }> {
  if (caller.accountType === 'admin') throw new ForbiddenError(SECURITY_MESSAGES.adminCannotDeleteSelf);
  const profile = await ownProfile(deps, caller);
  await requirePassword(deps, profile, password, 'body.password');
  await eraseAccount(deps, profile);
  await sendSecurityAlert(deps, profile.email, { kind: 'account-deleted' });
  return { message: SECURITY_MESSAGES.accountDeleted.description };
}
