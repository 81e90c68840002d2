import { ACCOUNT_MESSAGES, displayName, type MeResponse, type SubscriptionSummary } from '@solutionz/shared';
import type { SignedInCaller } from '../../auth/caller';
import type { ProfileRecord } from '../../data/account-repository';
import { NotFoundError } from '../../errors';
import type { AccountsDeps } from './deps';

/** The derived subscription state of spec 01 section 3: subscribed while a paid tier has not run out. */
export function subscriptionSummary(profile: ProfileRecord, now: Date): SubscriptionSummary {
  const end = profile.subscriptionEnd ?? null;
  const isSubscribed = profile.subscriptionTier !== 'none' && (end === null || new Date(end) > now);
  return { isSubscribed, tier: profile.subscriptionTier, expiresAt: end, cancelAtPeriodEnd: profile.cancelAtPeriodEnd };
}

export async function getMe(deps: Pick<AccountsDeps, 'accounts' | 'clock'>, caller: SignedInCaller): Promise<MeResponse> {
  const profile = await deps.accounts.getProfile(caller.userId);
  if (!profile) throw new NotFoundError(ACCOUNT_MESSAGES.profileNotFound);
  return {
    userId: profile.userId,
    email: profile.email,
    accountType: profile.accountType,
    firstName: profile.firstName,
    lastName: profile.lastName,
    displayName: displayName(profile),
    location: profile.location ?? null,
    phoneNumber: profile.phoneNumber ?? null,
    businessName: profile.businessName ?? null,
    categories: [...profile.categories],
    emailConfirmed: Boolean(profile.emailConfirmedAt),
    emailConfirmedAt: profile.emailConfirmedAt ?? null,
    isActive: profile.isActive,
    isVisible: profile.isVisible,
    createdAt: profile.createdAt,
    subscription: subscriptionSummary(profile, deps.clock()),
  };
}
