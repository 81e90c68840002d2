import { describe, expect, it } from 'vitest';
import type { ListingRecord } from './directory';
import { hasActiveMembership, isListed, unlistedReasons, type ListingStanding } from './listing-rule';

const NOW = new Date('2026-11-21T12:00:00.000Z');
const LATER = '2026-11-21T12:00:00.001Z';
const EARLIER = '2026-11-21T11:59:59.999Z';

const listedProvider: ListingStanding = { accountType: 'provider', isActive: true, isVisible: true, subscriptionTier: 'monthly', subscriptionEnd: LATER };
const listing: ListingRecord = { userId: 'p1', name: 'Priya Patel', categories: [], skills: [], ratingCount: 0, listedUntil: LATER };

describe('hasActiveMembership', () => {
  it('counts a paid tier until its end has passed, and a paid tier without an end', () => {
    expect(hasActiveMembership({ subscriptionTier: 'monthly', subscriptionEnd: LATER }, NOW)).toBe(true);
    expect(hasActiveMembership({ subscriptionTier: 'yearly' }, NOW)).toBe(true);
    expect(hasActiveMembership({ subscriptionTier: 'yearly', subscriptionEnd: NOW.toISOString() }, NOW)).toBe(false);
    expect(hasActiveMembership({ subscriptionTier: 'monthly', subscriptionEnd: EARLIER }, NOW)).toBe(false);
  });

  it('never counts the tier none, whatever its end says', () => {
    expect(hasActiveMembership({ subscriptionTier: 'none' }, NOW)).toBe(false);
    expect(hasActiveMembership({ subscriptionTier: 'none', subscriptionEnd: LATER }, NOW)).toBe(false);
  });
});

describe('isListed and unlistedReasons, from a profile', () => {
  it('lists a visible, active provider with a running membership, with no reasons against', () => {
    expect(isListed(listedProvider, NOW)).toBe(true);
    expect(unlistedReasons(listedProvider, NOW)).toEqual([]);
  });

  it.each([
    ['no membership', { subscriptionTier: 'none' }, ['noMembership']],
    ['a membership that has ended', { subscriptionEnd: EARLIER }, ['noMembership']],
    ['hidden', { isVisible: false }, ['hidden']],
    ['deactivated', { isActive: false }, ['deactivated']],
    ['all three', { subscriptionTier: 'none', isVisible: false, isActive: false }, ['noMembership', 'hidden', 'deactivated']],
  ] as const)('does not list a provider with %s, and names why', (_, change, reasons) => {
    const standing = { ...listedProvider, ...change };
    expect(isListed(standing, NOW)).toBe(false);
    expect(unlistedReasons(standing, NOW)).toEqual(reasons);
  });

  it('lists neither a client or an admin, however their profile reads, nor no one', () => {
    expect(isListed({ ...listedProvider, accountType: 'client' }, NOW)).toBe(false);
    expect(isListed({ ...listedProvider, accountType: 'admin' }, NOW)).toBe(false);
    expect(isListed(undefined, NOW)).toBe(false);
  });
});

describe('isListed, from a stored listing', () => {
  it('keeps a listing until the membership it was written with ends', () => {
    expect(isListed(listing, NOW)).toBe(true);
    expect(isListed(listing, new Date(LATER))).toBe(false);
    expect(isListed({ ...listing, listedUntil: EARLIER }, NOW)).toBe(false);
  });

  it('keeps a listing without an end, and answers no listing as not listed', () => {
    const { listedUntil: _, ...open } = listing;
    expect(isListed(open, NOW)).toBe(true);
    expect(isListed(undefined as ListingRecord | undefined, NOW)).toBe(false);
  });
});
