import { PROVIDER_PROFILE_MESSAGES, providerDisplayName, publishedSocialLinks, type MyProviderPage, type ProviderProfile } from '@solutionz/shared';
import type { AuthorizedCaller } from '../../auth/caller';
import type { AccountRepository, ProfileRecord } from '../../data/account-repository';
import { isListed, unlistedReasons } from '../../data/listing-rule';
import { NotFoundError } from '../../errors';
import { responseTimeOf } from '../messages/response-times';

/** What the provider page reads: the profile itself, which holds everything the page shows. */
export interface ProviderPageDeps {
  readonly profiles: Pick<AccountRepository, 'getProfile' | 'movedTo'>;
  readonly clock: () => Date;
}

/**
 * A provider's page as the public sees it, built field by field from what the profile keeps: a field is
 * only published when it is named here, so the e-mail, Stripe ids, flags and security settings stay on
 * the server however the profile grows.
 */
function toProviderProfile(profile: ProfileRecord, now: Date): ProviderProfile {
  const locationName = profile.placeName ?? profile.location;
  return {
    id: profile.userId,
    ...(profile.businessName ? { businessName: profile.businessName } : {}),
    firstName: profile.firstName,
    lastName: profile.lastName,
    displayName: providerDisplayName(profile),
    ...(profile.avatarKey ? { avatarUrl: `/${profile.avatarKey}` } : {}),
    ...(profile.bio ? { bio: profile.bio } : {}),
    ...(locationName ? { locationName } : {}),
    categories: [...profile.categories],
    skills: [...(profile.skills ?? [])],
    socialLinks: publishedSocialLinks(profile.socialLinks),
    rating: {
      average: profile.ratingCount ? Math.round(((profile.ratingTotal ?? 0) / profile.ratingCount) * 10) / 10 : null,
      count: profile.ratingCount ?? 0,
    },
    contact: profile.phoneNumber ? { phone: profile.phoneNumber } : {},
    memberSince: profile.createdAt,
    responseTime: responseTimeOf(profile.responseLog, now),
    // Whether the business can be claimed comes from the profile, never from the address it was asked for.
    ...(profile.unclaimed && profile.businessId ? { claimableBusinessId: profile.businessId } : {}),
  };
}

/**
 * The listed provider's page, or undefined for anyone who is not a listed provider (unknown, client, unlisted).
 * A claimed business's old id answers with the page of the account it moved to (its `id` says which), so
 * links to the old page keep working.
 */
export async function findListedProvider(deps: ProviderPageDeps, providerId: string): Promise<ProviderProfile | undefined> {
  const profile = await deps.profiles.getProfile(providerId);
  if (!profile) {
    const movedTo = await deps.profiles.movedTo(providerId);
    return movedTo ? findListedProvider(deps, movedTo) : undefined;
  }
  const now = deps.clock();
  if (!isListed(profile, now)) return undefined;
  return toProviderProfile(profile, now);
}

/** GET /api/providers/{providerId}: only while listed; otherwise the page says it is not available. */
export async function getProviderProfile(deps: ProviderPageDeps, providerId: string): Promise<ProviderProfile> {
  const page = await findListedProvider(deps, providerId);
  if (!page) throw new NotFoundError(PROVIDER_PROFILE_MESSAGES.notAvailable.text);
  return page;
}

/** GET /api/me/provider-page: the owner sees their own page in any state, and why the public does not. */
export async function getMyProviderPage(deps: ProviderPageDeps, caller: AuthorizedCaller): Promise<MyProviderPage> {
  // Read consistently: the owner has often just changed what the page shows.
  const profile = await deps.profiles.getProfile(caller.userId, { consistent: true });
  if (!profile) throw new NotFoundError(PROVIDER_PROFILE_MESSAGES.notAvailable.text);
  const now = deps.clock();
  const reasons = unlistedReasons(profile, now);
  return { ...toProviderProfile(profile, now), listed: reasons.length === 0, unlistedReasons: reasons };
}
