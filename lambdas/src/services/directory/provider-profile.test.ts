import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { describe, expect, it } from 'vitest';
import { myProviderPageSchema, PROVIDER_PROFILE_MESSAGES, providerProfileSchema } from '@solutionz/shared';
import { documentClient } from '../../adapters/dynamodb';
import type { AuthorizedCaller } from '../../auth/caller';
import { createTableStore } from '../../data/table-store';
import { encodeResponseLog } from '../../data/response-times';
import { isListed, unlistedReasons } from '../../data/listing-rule';
import { NotFoundError } from '../../errors';
import { TEST_CREDENTIALS, TEST_REGION, useTestTable } from '../../testing/dynamodb-table';
import { getMyProviderPage, getProviderProfile } from './provider-profile';

const table = useTestTable();
const documents = documentClient(new DynamoDBClient({ region: TEST_REGION, endpoint: table.endpoint, credentials: TEST_CREDENTIALS }));
const profiles = createTableStore(documents, table.tableName).entities.profile;

const NOW = new Date('2026-11-21T12:00:00Z');
const deps = { profiles: table.repositories.accounts, clock: () => NOW };

/** Everything a provider's profile can hold, private fields included, with a running yearly membership. */
async function provider(userId: string, overrides: Partial<Parameters<typeof profiles.create>[0]> = {}) {
  await profiles
    .create({
      userId,
      email: `${userId}@private.example.co.uk`,
      accountType: 'provider',
      firstName: 'Priya',
      lastName: 'Patel',
      businessName: 'Patel Electrical',
      bio: 'Fully qualified electrician covering the West Midlands.',
      location: 'b1 1aa',
      placeName: 'Birmingham',
      lat: 52.48,
      lng: -1.9,
      phoneNumber: '01214960000',
      skills: ['Rewiring', 'EV chargers'],
      socialLinks: { website: 'patel-electrical.co.uk', linkedin: '', twitter: 'https://twitter.com/patelelec', instagram: '  ' },
      categories: ['Construction/Trade > Electrician'],
      avatarKey: 'media/avatars/priya/a1.webp',
      mfaEnabled: true,
      sessionsValidAfter: 1_790_000_000,
      emailConfirmedAt: NOW.toISOString(),
      jobAlerts: { enabled: true, radiusMiles: 25, categories: [] },
      subscriptionTier: 'yearly',
      subscriptionEnd: '2027-11-21T12:00:00.000Z',
      stripeCustomerId: 'cus_secret123',
      stripeSubscriptionId: 'sub_secret456',
      subscriptionStatus: 'active',
      ratingCount: 3,
      ratingTotal: 13,
      // Three clients answered in 10 minutes, an hour and 3 hours: the page says the median and the share, never the log.
      responseLog: encodeResponseLog([600, 3600, 10_800].map((replySeconds, n) => ({ at: NOW.getTime() - (n + 1) * 86_400_000, replySeconds }))),
      responseLogVersion: 3,
      createdAt: '2026-01-05T09:30:00.000Z',
      updatedAt: NOW.toISOString(),
      ...overrides,
    })
    .go();
}

const owner = (userId: string): AuthorizedCaller => ({
  kind: 'signedIn',
  userId,
  groups: ['provider'],
  accountType: 'provider',
  subscribed: true,
  emailConfirmed: true,
});

describe('the public provider page', () => {
  it('publishes exactly the page fields of a listed provider and none of the private ones', async () => {
    await provider('priya');
    const page = await getProviderProfile(deps, 'priya');

    expect(page).toEqual({
      id: 'priya',
      businessName: 'Patel Electrical',
      firstName: 'Priya',
      lastName: 'Patel',
      displayName: 'Patel Electrical',
      avatarUrl: '/media/avatars/priya/a1.webp',
      bio: 'Fully qualified electrician covering the West Midlands.',
      locationName: 'Birmingham',
      categories: ['Construction/Trade > Electrician'],
      skills: ['Rewiring', 'EV chargers'],
      socialLinks: { website: 'https://patel-electrical.co.uk', twitter: 'https://twitter.com/patelelec' },
      rating: { average: 4.3, count: 3 },
      contact: { phone: '01214960000' },
      memberSince: '2026-01-05T09:30:00.000Z',
      responseTime: { conversations: 3, medianSeconds: 3600, repliedWithin48hPercent: 100 },
    });
    expect(providerProfileSchema.safeParse(page).success).toBe(true);
    const text = JSON.stringify(page);
    for (const secret of [
      'priya@private.example.co.uk',
      'cus_secret123',
      'sub_secret456',
      'mfaEnabled',
      'isVisible',
      'jobAlerts',
      '52.48',
      'responseLog',
      String(Math.floor(NOW.getTime() / 1000) - 86_400),
    ]) {
      expect(text, secret).not.toContain(secret);
    }
  });

  it("names the business to claim only while it is an admin's listing nobody has claimed, never its recorded address", async () => {
    // What an admin's create-provider leaves: no sign-in address, a listing the admin granted, waiting to be claimed.
    await provider('listed-biz', {
      email: '',
      businessId: 'biz-listed',
      unclaimed: true,
      listingGrantedBy: 'admin-1',
      listingGrantedAt: NOW.toISOString(),
      subscriptionTier: 'none',
    });
    await provider('owned-biz', { businessId: 'biz-owned' });
    const listed = await getProviderProfile(deps, 'listed-biz');
    expect(listed.claimableBusinessId).toBe('biz-listed');
    expect(providerProfileSchema.safeParse(listed).success).toBe(true);
    expect((await getProviderProfile(deps, 'owned-biz')).claimableBusinessId).toBeUndefined();
    expect((await getMyProviderPage(deps, owner('owned-biz'))).claimableBusinessId).toBeUndefined();
  });

  it('leaves out what a provider has not filled in, and shows no average before the first rating', async () => {
    await provider('sam', {
      businessName: undefined,
      bio: undefined,
      avatarKey: undefined,
      phoneNumber: undefined,
      socialLinks: undefined,
      skills: undefined,
      placeName: undefined,
      location: undefined,
      ratingCount: undefined,
      ratingTotal: undefined,
      responseLog: undefined,
    });
    const page = providerProfileSchema.parse(await getProviderProfile(deps, 'sam'));
    expect(page).toEqual({
      id: 'sam',
      firstName: 'Priya',
      lastName: 'Patel',
      displayName: 'Priya Patel',
      categories: ['Construction/Trade > Electrician'],
      skills: [],
      socialLinks: {},
      rating: { average: null, count: 0 },
      contact: {},
      memberSince: '2026-01-05T09:30:00.000Z',
      responseTime: null,
    });
  });

  it.each([
    ['without a membership', { subscriptionTier: 'none' as const, subscriptionEnd: undefined }],
    ['whose membership has ended', { subscriptionEnd: '2026-11-20T12:00:00.000Z' }],
    ['hidden by an administrator', { isVisible: false }],
    ['deactivated', { isActive: false }],
  ])('is not available for a provider %s', async (_, change) => {
    await provider('priya', change);
    await expect(getProviderProfile(deps, 'priya')).rejects.toThrow(new NotFoundError(PROVIDER_PROFILE_MESSAGES.notAvailable.text));
  });

  it('is not available for an unknown id or an account that is not a provider', async () => {
    await provider('cara', { accountType: 'client' });
    await expect(getProviderProfile(deps, 'nobody')).rejects.toBeInstanceOf(NotFoundError);
    await expect(getProviderProfile(deps, 'cara')).rejects.toBeInstanceOf(NotFoundError);
  });
});

describe("the owner's own page", () => {
  it('shows a listed owner the public page, saying it is listed', async () => {
    await provider('priya');
    const page = myProviderPageSchema.parse(await getMyProviderPage(deps, owner('priya')));
    expect(page).toEqual({ ...(await getProviderProfile(deps, 'priya')), listed: true, unlistedReasons: [] });
  });

  it('shows an unlisted owner their page anyway, with every reason the public cannot see it', async () => {
    await provider('priya', { subscriptionTier: 'none', subscriptionEnd: undefined, isVisible: false });
    const page = myProviderPageSchema.parse(await getMyProviderPage(deps, owner('priya')));
    expect(page.listed).toBe(false);
    expect(page.unlistedReasons).toEqual(['noMembership', 'hidden']);
    expect(page.displayName).toBe('Patel Electrical');
    expect(JSON.stringify(page)).not.toContain('cus_secret123');
  });

  it('gives the reasons exactly when the directory does not list the provider', async () => {
    const cases = [{}, { subscriptionTier: 'none' as const }, { isVisible: false }, { isActive: false }, { subscriptionEnd: '2026-11-21T11:59:59.000Z' }];
    for (const [i, change] of cases.entries()) {
      await provider(`p${i}`, change);
      const profile = (await table.repositories.accounts.getProfile(`p${i}`))!;
      expect(unlistedReasons(profile, NOW).length === 0, JSON.stringify(change)).toBe(isListed(profile, NOW));
    }
  });
});
