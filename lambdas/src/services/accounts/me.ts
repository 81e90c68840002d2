import {
  ACCOUNT_MESSAGES,
  DEFAULT_NOTIFICATION_SETTINGS,
  displayName,
  socialLinksFrom,
  type MeResponse,
  type RadiusMiles,
  type SubscriptionSummary,
} from '@solutionz/shared';
import type { SignedInCaller } from '../../auth/caller';
import type { ProfileRecord } from '../../data/account-repository';
import { hasActiveMembership } from '../../data/listing-rule';
import { NotFoundError } from '../../errors';
import type { AccountsDeps } from './deps';

/** The derived subscription state (docs/product/membership.md#managing-a-membership): subscribed while a paid tier has not run out (the access check's rule). */
export function subscriptionSummary(
  profile: Pick<ProfileRecord, 'subscriptionTier' | 'subscriptionEnd' | 'cancelAtPeriodEnd' | 'paymentFailed'>,
  now: Date,
): SubscriptionSummary {
  const isSubscribed = hasActiveMembership(profile, now);
  return {
    isSubscribed,
    tier: isSubscribed ? profile.subscriptionTier : 'none',
    expiresAt: isSubscribed ? (profile.subscriptionEnd ?? null) : null,
    cancelAtPeriodEnd: isSubscribed && profile.cancelAtPeriodEnd,
    paymentFailed: isSubscribed && (profile.paymentFailed ?? false),
  };
}

/** A profile as GET /api/me (and every call that changes the own profile) answers it. */
export function toMeResponse(profile: ProfileRecord, now: Date): MeResponse {
  return {
    userId: profile.userId,
    email: profile.email,
    accountType: profile.accountType,
    firstName: profile.firstName,
    lastName: profile.lastName,
    displayName: displayName(profile),
    location: profile.location ?? null,
    place:
      profile.placeName && profile.lat !== undefined && profile.lng !== undefined && profile.placePrecision
        ? { name: profile.placeName, lat: profile.lat, lng: profile.lng, precision: profile.placePrecision }
        : null,
    phoneNumber: profile.phoneNumber ?? null,
    businessName: profile.businessName ?? null,
    bio: profile.bio ?? null,
    skills: [...(profile.skills ?? [])],
    socialLinks: socialLinksFrom(profile.socialLinks),
    categories: [...profile.categories],
    avatarUrl: profile.avatarKey ? `/${profile.avatarKey}` : null,
    notifications: {
      jobAlerts: profile.jobAlerts
        ? { ...profile.jobAlerts, radiusMiles: profile.jobAlerts.radiusMiles as RadiusMiles, categories: [...profile.jobAlerts.categories] }
        : DEFAULT_NOTIFICATION_SETTINGS.jobAlerts,
      providerUpdates: profile.providerUpdates ?? DEFAULT_NOTIFICATION_SETTINGS.providerUpdates,
      messages: profile.messageMails ?? DEFAULT_NOTIFICATION_SETTINGS.messages,
      credentialReminders: profile.credentialReminders ?? DEFAULT_NOTIFICATION_SETTINGS.credentialReminders,
    },
    mfaEnabled: profile.mfaEnabled ?? false,
    emailConfirmed: Boolean(profile.emailConfirmedAt),
    emailConfirmedAt: profile.emailConfirmedAt ?? null,
    isActive: profile.isActive,
    isVisible: profile.isVisible,
    createdAt: profile.createdAt,
    subscription: subscriptionSummary(profile, now),
  };
}

/**
 * The caller's own account. The web reads it at every sign-in and page load, so it also notes the client
 * address as one the account is used from: the link mail caps keep the owner's share for it. The note is a
 * fact for later, so the profile is answered even when it could not be written.
 */
export async function getMe(deps: Pick<AccountsDeps, 'accounts' | 'sessions' | 'clock'>, caller: SignedInCaller, sourceIp: string): Promise<MeResponse> {
  const now = deps.clock();
  const [profile] = await Promise.all([
    deps.accounts.getProfile(caller.userId),
    deps.sessions.noteUsedFrom(caller.userId, sourceIp, now).catch(() => undefined),
  ]);
  if (!profile) throw new NotFoundError(ACCOUNT_MESSAGES.profileNotFound);
  return toMeResponse(profile, now);
}
