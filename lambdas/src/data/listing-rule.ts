import ngeohash from 'ngeohash';
import { TAXONOMY, type SubscriptionTier, type TaxonomyGroup, type UnlistedReason } from '@solutionz/shared';
import type { ProfileRecord } from './account-repository';
import { alertScope, scopesOf, type ListingRecord } from './directory';
import { GEO } from './geo-cells';

/**
 * Who the directory lists (docs/product/directory.md#the-listing-rule): a provider who is visible, active and has a running
 * membership, or a listing an admin granted (a business the admin created, waiting to be claimed). The directory's listings, its search, the sitemap, provider pages, feedback and portfolios
 * all ask this one rule. With it, what a listed provider's listing holds (`listingOf`) and the scopes it is indexed
 * under (`listingScopes`), which every write of a listing takes from the profile.
 */

/** What the rule reads of a profile. */
export type ListingStanding = Pick<ProfileRecord, 'accountType' | 'isActive' | 'isVisible' | 'subscriptionTier' | 'subscriptionEnd' | 'listingGrantedBy'>;

/** A membership counts while its tier is not `none` and its end, if any, has not passed. */
export function hasActiveMembership(
  membership: { readonly subscriptionTier: SubscriptionTier; readonly subscriptionEnd?: string | undefined },
  now: Date,
): boolean {
  return membership.subscriptionTier !== 'none' && runsAt(membership.subscriptionEnd, now);
}

const runsAt = (end: string | undefined, now: Date) => !end || Date.parse(end) > now.getTime();

/** What keeps a provider out of the directory; none when listed. */
export function unlistedReasons(standing: ListingStanding, now: Date): UnlistedReason[] {
  return [
    ...(hasActiveMembership(standing, now) || standing.listingGrantedBy ? [] : (['noMembership'] as const)),
    ...(standing.isVisible ? [] : (['hidden'] as const)),
    ...(standing.isActive ? [] : (['deactivated'] as const)),
  ];
}

/**
 * Whether a provider is listed at `now`, from their profile or from the directory's stored listing. A listing
 * is written only while its profile passes the whole rule and is rewritten or removed whenever the profile's
 * part of it changes, so of a listing only the membership's end (`listedUntil`) can pass without a write:
 * a membership that has ended is out even before Stripe's webhook removes the listing.
 */
export function isListed<T extends ListingStanding | ListingRecord>(provider: T | undefined, now: Date): provider is T {
  if (!provider) return false;
  if (!('accountType' in provider)) return runsAt(provider.listedUntil, now);
  return provider.accountType === 'provider' && unlistedReasons(provider, now).length === 0;
}

/** The listing of a listed provider's profile: the card fields and where they are. */
export function listingOf(profile: ProfileRecord): ListingRecord {
  const name = `${profile.firstName} ${profile.lastName}`.trim();
  const placed = profile.lat !== undefined && profile.lng !== undefined;
  return {
    userId: profile.userId,
    ...(profile.businessName ? { businessName: profile.businessName } : {}),
    name,
    ...(profile.avatarKey ? { avatarKey: profile.avatarKey } : {}),
    categories: [...profile.categories],
    skills: [...(profile.skills ?? [])],
    ...(profile.ratingCount ? { ratingAverage: (profile.ratingTotal ?? 0) / profile.ratingCount } : {}),
    ratingCount: profile.ratingCount ?? 0,
    ...(profile.bio ? { bio: profile.bio } : {}),
    ...(profile.placeName || profile.location ? { locationName: profile.placeName ?? profile.location } : {}),
    ...(placed ? { lat: profile.lat, lng: profile.lng, geohash: ngeohash.encode(profile.lat!, profile.lng!, GEO.stored) } : {}),
    ...(profile.subscriptionEnd ? { listedUntil: profile.subscriptionEnd } : {}),
    ...(profile.responseLog?.length ? { responseLog: [...profile.responseLog] } : {}),
    ...(profile.insuredUntil ? { insuredUntil: profile.insuredUntil } : {}),
    ...(profile.registeredUntil ? { registeredUntil: profile.registeredUntil } : {}),
  };
}

/** The alerts scopes of a provider: none unless their alerts are on and they have a place. */
function alertScopesOf(profile: ProfileRecord): string[] {
  const settings = profile.jobAlerts;
  if (!settings?.enabled || profile.accountType !== 'provider' || profile.lat === undefined || profile.lng === undefined) return [];
  const categories = settings.categories.length > 0 ? settings.categories : profile.categories;
  return [...new Set(categories.map((category) => alertScope(settings.radiusMiles, category)))];
}

/** Every scope a listed provider is indexed under: the directory's, and the job alerts'. */
export function listingScopes(profile: ProfileRecord, taxonomy: readonly TaxonomyGroup[] = TAXONOMY): string[] {
  return [...scopesOf(profile.categories, taxonomy), ...alertScopesOf(profile)];
}
