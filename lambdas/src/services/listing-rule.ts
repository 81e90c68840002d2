import type { SubscriptionTier, UnlistedReason } from '@solutionz/shared';
import type { ProfileRecord } from '../data/account-repository';
import type { ListingRecord } from '../data/directory-repository';

/**
 * Who the directory lists (spec 02 section 4): a provider who is visible, active and has a running
 * membership, or a listing an admin granted (a business the admin created, waiting to be claimed). The directory's listings, its search, the sitemap, provider pages, feedback and portfolios
 * all ask this one rule.
 */

/** What the rule reads of a profile. */
export type ListingStanding = Pick<ProfileRecord, 'accountType' | 'isActive' | 'isVisible' | 'subscriptionTier' | 'subscriptionEnd' | 'listingGrantedBy'>;

/** A membership counts while its tier is not `none` and its end, if any, has not passed. */
export function hasActiveMembership(membership: { readonly subscriptionTier: SubscriptionTier; readonly subscriptionEnd?: string | undefined }, now: Date): boolean {
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
