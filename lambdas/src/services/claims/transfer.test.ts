import { describe, expect, it } from 'vitest';
import { ADMIN_CLAIM_MESSAGES, ADMIN_USERS_PAGE_SIZE, PROVIDER_PROFILE_MESSAGES } from '@solutionz/shared';
import type { AuthorizedCaller } from '../../auth/caller';
import { testAccountsDeps } from '../../testing/accounts-deps';
import { claimThroughLink } from '../../testing/claim-link';
import { useTestTable } from '../../testing/dynamodb-table';
import { useTestUserPool } from '../../testing/user-pool';
import { decideClaim, listBusinesses } from '../admin/claims';
import { getProviderProfile } from '../directory/provider-profile';
import { getClaimable, type ClaimDeps } from './claim';

const table = useTestTable();
const pool = useTestUserPool();
const boss = { kind: 'signedIn', userId: 'admin-boss', groups: ['admin'], accountType: 'admin', subscribed: false } as unknown as AuthorizedCaller;
const AT = '2026-11-01T09:00:00.000Z';

function claimDeps() {
  const context = testAccountsDeps(table, pool);
  const deps: ClaimDeps = { ...context.deps, claims: table.repositories.claims, adminNotifyAddresses: [] };
  const admin = { ...deps, admin: table.repositories.admin, config: { siteUrl: 'https://solutionz.test', requireAdminMfa: false } };
  return { ...context, deps, admin };
}

/** An admin-listed business in Leeds with a portfolio item, a published review and a client who saved it, listed in the directory. */
async function businessWithContent(businessId: string, businessEmail?: string) {
  const { admin, portfolio, feedback, saved, directory } = table.repositories;
  const ownerId = `owner-${businessId}`;
  await admin.createUnclaimedProvider({
    profile: {
      userId: ownerId,
      accountType: 'provider',
      firstName: 'Dale',
      lastName: 'Hughes',
      businessName: `Hughes Roofing ${businessId}`,
      businessId,
      bio: 'Slate and tile roofs since 1998.',
      location: 'Leeds',
      placeName: 'Leeds',
      lat: 53.8008,
      lng: -1.5491,
      geohash: 'gcwcsb9ye',
      placePrecision: 'town',
      phoneNumber: '+441132000000',
      categories: ['Construction/Trade > Roofer'],
      avatarKey: `logos/${ownerId}/logo.webp`,
      unclaimed: true,
      listingGrantedBy: 'admin-1',
      listingGrantedAt: AT,
      createdAt: AT,
      updatedAt: AT,
    },
    business: { businessId, businessName: `Hughes Roofing ${businessId}`, createdAt: AT, ...(businessEmail ? { businessEmail } : {}) },
    audit: {
      auditId: `audit-${businessId}`,
      at: AT,
      actorId: 'admin-1',
      actorName: 'Ada Admin',
      action: 'provider.create',
      targetKind: 'user',
      targetId: ownerId,
      targetLabel: 'Dale Hughes',
      before: null,
      after: null,
      reason: null,
    },
  });
  await portfolio.add(
    {
      userId: ownerId,
      itemId: 'roof-1',
      title: 'Slate roof in Headingley',
      media: [{ id: 'm1', type: 'image', filename: 'roof.jpg', key: `portfolio/${ownerId}/roof.webp` }],
      position: 1,
      createdAt: AT,
    },
    50,
  );
  expect(
    await feedback.create({
      id: `fb-${businessId}`,
      providerId: ownerId,
      authorId: `client-${businessId}`,
      authorName: 'Cara C.',
      rating: 4,
      title: 'Dry at last',
      approved: true,
      createdAt: AT,
    }),
  ).toBe('created');
  await saved.save(`client-${businessId}`, ownerId, new Date(AT));
  await directory.syncListing(ownerId, new Date(AT));
  return ownerId;
}

async function directoryIds() {
  const { listings } = await table.repositories.directory.alphabeticalListings('all', undefined, 50);
  return listings.map((listing) => listing.userId);
}

describe('the business moves to the claimant', () => {
  it('on approval: the profile, listing, portfolio, feedback and saved lists follow in one move; the old page leads to the new one', async () => {
    const context = claimDeps();
    const { deps, admin } = context;
    const ownerId = await businessWithContent('t1');
    const countsBefore = await table.repositories.directory.categoryCounts();
    const statsBefore = await table.repositories.admin.stats(new Date(AT));
    const claim = await claimThroughLink(context, 't1', 'priya@example.co.uk');

    await expect(decideClaim(admin, boss, 't1', { decision: 'approve' })).resolves.toMatchObject({ state: 'approved' });

    const pages = { profiles: table.repositories.accounts, clock: () => new Date(AT) };
    const page = await getProviderProfile(pages, claim.userId);
    expect(page).toMatchObject({
      id: claim.userId,
      firstName: 'Priya',
      lastName: 'Shah',
      businessName: 'Hughes Roofing t1',
      bio: 'Slate and tile roofs since 1998.',
      locationName: 'Leeds',
      categories: ['Construction/Trade > Roofer'],
      avatarUrl: `/logos/${ownerId}/logo.webp`,
      rating: { average: 4, count: 1 },
      contact: { phone: '+441132000000' },
    });
    // The claimant keeps their own address and account.
    expect(await table.repositories.accounts.getProfile(claim.userId)).toMatchObject({
      email: 'priya@example.co.uk',
      listingGrantedBy: 'admin-1',
      businessId: 't1',
    });
    expect(await table.repositories.accounts.getProfile(ownerId)).toBeUndefined();
    // The old address answers with the new page.
    await expect(getProviderProfile(pages, ownerId)).resolves.toMatchObject({ id: claim.userId });

    expect((await table.repositories.portfolio.list(claim.userId)).map((item) => item.title)).toEqual(['Slate roof in Headingley']);
    expect(await table.repositories.portfolio.list(ownerId)).toEqual([]);
    expect(await table.repositories.portfolio.itemCount(claim.userId)).toBe(1);
    expect((await table.repositories.feedback.listPublished(claim.userId, { limit: 10 })).feedback.map((entry) => entry.title)).toEqual(['Dry at last']);
    expect((await table.repositories.feedback.listPublished(ownerId, { limit: 10 })).feedback).toEqual([]);
    expect(await table.repositories.feedback.findByAuthor(claim.userId, 'client-t1')).toMatchObject({ id: 'fb-t1' });
    expect((await table.repositories.saved.listAll('client-t1')).map((entry) => entry.providerId)).toEqual([claim.userId]);

    // The directory lists the claimant in the business's place, and no count moved.
    expect(await directoryIds()).toEqual([claim.userId]);
    const [listing] = (await table.repositories.directory.getListings([claim.userId])).values();
    expect(listing).toMatchObject({ businessName: 'Hughes Roofing t1', name: 'Priya Shah', ratingCount: 1, geohash: expect.stringMatching(/^gcw/) });
    expect(await table.repositories.directory.cellListings('all', 'gcw')).toEqual([expect.objectContaining({ userId: claim.userId })]);
    expect(await table.repositories.directory.categoryCounts()).toEqual(countsBefore);
    const statsAfter = await table.repositories.admin.stats(new Date(AT));
    expect({ listed: statsAfter.listedProviders, businesses: statsAfter.businesses }).toEqual({
      listed: statsBefore.listedProviders,
      businesses: statsBefore.businesses,
    });
    // The claimant's account was counted at sign-up; the business's own profile is gone.
    expect(statsAfter.providers).toBe(statsBefore.providers);
    expect(await getClaimable(deps, 't1')).toMatchObject({ claimable: false });
  });

  it('of two approvals at once, one moves the business and the other is told the claim was decided', async () => {
    const context = claimDeps();
    const { admin } = context;
    const ownerId = await businessWithContent('t2');
    const claim = await claimThroughLink(context, 't2', 'race@example.co.uk');

    const outcomes = await Promise.allSettled([
      decideClaim(admin, boss, 't2', { decision: 'approve' }),
      decideClaim(admin, boss, 't2', { decision: 'approve' }),
    ]);
    expect(outcomes.filter((outcome) => outcome.status === 'fulfilled')).toHaveLength(1);
    expect(outcomes.filter((outcome) => outcome.status === 'rejected').map((outcome) => ((outcome as PromiseRejectedResult).reason as Error).message)).toEqual([
      ADMIN_CLAIM_MESSAGES.decided,
    ]);

    expect(await table.repositories.portfolio.itemCount(claim.userId)).toBe(1);
    expect(await table.repositories.portfolio.list(claim.userId)).toHaveLength(1);
    expect(await table.repositories.accounts.getProfile(claim.userId)).toMatchObject({ ratingCount: 1, ratingTotal: 4 });
    expect(await directoryIds()).toEqual([claim.userId]);
    expect(await table.repositories.accounts.getProfile(ownerId)).toBeUndefined();
  });

  it('on the link of the address the admin recorded: the business moves without a review', async () => {
    const context = claimDeps();
    const { deps } = context;
    const ownerId = await businessWithContent('t3', 'office@hughes.example');
    const claim = await claimThroughLink(context, 't3', 'office@hughes.example');

    expect(claim.state).toBe('verified');
    expect(await deps.claims.get('t3')).toMatchObject({ state: 'verified' });
    expect(await directoryIds()).toEqual([claim.userId]);
    expect((await table.repositories.feedback.listPublished(claim.userId, { limit: 10 })).feedback.map((entry) => entry.title)).toEqual(['Dry at last']);
    const pages = { profiles: table.repositories.accounts, clock: () => new Date(AT) };
    await expect(getProviderProfile(pages, claim.userId)).resolves.toMatchObject({ businessName: 'Hughes Roofing t3', rating: { count: 1 } });
    await expect(getProviderProfile(pages, ownerId)).resolves.toMatchObject({ id: claim.userId });
  });

  it('refuses to approve a business with more items than one transaction takes, and moves nothing', async () => {
    const context = claimDeps();
    const { deps, admin } = context;
    const ownerId = await businessWithContent('t4');
    for (let i = 0; i < 50; i++) await table.repositories.saved.save(`fan-${i}`, ownerId, new Date(AT));
    await claimThroughLink(context, 't4', 'big@example.co.uk');

    await expect(decideClaim(admin, boss, 't4', { decision: 'approve' })).rejects.toThrow(ADMIN_CLAIM_MESSAGES.tooLarge);
    expect(await deps.claims.get('t4')).toMatchObject({ state: 'pending' });
    const pages = { profiles: table.repositories.accounts, clock: () => new Date(AT) };
    await expect(getProviderProfile(pages, ownerId)).resolves.toMatchObject({ id: ownerId });
    expect(await table.repositories.portfolio.list(ownerId)).toHaveLength(1);
  });

  it('a business too large to move in one step, claimed from its recorded address, waits for an admin instead, with nothing moved', async () => {
    const context = claimDeps();
    const ownerId = await businessWithContent('t5', 'office@hughes.example');
    for (let i = 0; i < 50; i++) await table.repositories.saved.save(`fan-${i}`, ownerId, new Date(AT));
    const claim = await claimThroughLink(context, 't5', 'office@hughes.example');

    expect(claim.state).toBe('pending');
    expect(await context.deps.claims.get('t5')).toMatchObject({ state: 'pending', claimantUserId: claim.userId });
    expect(await table.repositories.accounts.getProfile(ownerId)).toMatchObject({ unclaimed: true });
    expect(await table.repositories.admin.auditPage({ limit: 10, targetId: 't5' })).toMatchObject({ entries: [] });
  });

  it('an unknown old id still answers not available', async () => {
    const pages = { profiles: table.repositories.accounts, clock: () => new Date(AT) };
    await expect(getProviderProfile(pages, 'never-was')).rejects.toThrow(PROVIDER_PROFILE_MESSAGES.notAvailable.text);
  });
});

describe('the businesses list', () => {
  async function plainBusiness(businessId: string, createdAt: string) {
    await table.repositories.admin.createUnclaimedProvider({
      profile: {
        userId: `owner-${businessId}`,
        accountType: 'provider',
        firstName: 'Dale',
        lastName: 'Hughes',
        businessName: `Business ${businessId}`,
        businessId,
        categories: [],
        unclaimed: true,
        listingGrantedBy: 'admin-1',
        listingGrantedAt: createdAt,
        createdAt,
        updatedAt: createdAt,
      },
      business: { businessId, businessName: `Business ${businessId}`, createdAt },
      audit: {
        auditId: `audit-${businessId}`,
        at: createdAt,
        actorId: 'admin-1',
        actorName: 'Ada Admin',
        action: 'provider.create',
        targetKind: 'user',
        targetId: `owner-${businessId}`,
        targetLabel: 'Dale Hughes',
        before: null,
        after: null,
        reason: null,
      },
    });
  }

  it('lists admin-created businesses newest first with claimed, pending and unclaimed, the owner and the claim date, paged', async () => {
    const context = claimDeps();
    const { admin } = context;
    const count = ADMIN_USERS_PAGE_SIZE + 2;
    for (let i = 0; i < count; i++) await plainBusiness(`L${String(i).padStart(2, '0')}`, new Date(Date.parse(AT) + i * 60_000).toISOString());
    const pending = await claimThroughLink(context, `L${count - 2}`, 'waiting@example.co.uk');
    const owner = await claimThroughLink(context, `L${count - 1}`, 'owner@example.co.uk');
    await decideClaim(admin, boss, `L${count - 1}`, { decision: 'approve' });

    const first = await listBusinesses(admin, boss, {});
    expect(first.businesses).toHaveLength(ADMIN_USERS_PAGE_SIZE);
    expect(first.businesses.slice(0, 3)).toEqual([
      {
        businessId: `L${count - 1}`,
        businessName: `Business L${count - 1}`,
        createdAt: expect.any(String),
        status: 'claimed',
        claimPending: false,
        owner: { userId: owner.userId, name: 'Priya Shah' },
        claimedAt: expect.any(String),
      },
      {
        businessId: `L${count - 2}`,
        businessName: `Business L${count - 2}`,
        createdAt: expect.any(String),
        status: 'unclaimed',
        claimPending: true,
        owner: { userId: pending.userId, name: 'Priya Shah' },
        claimedAt: expect.any(String),
      },
      {
        businessId: `L${count - 3}`,
        businessName: `Business L${count - 3}`,
        createdAt: new Date(Date.parse(AT) + (count - 3) * 60_000).toISOString(),
        status: 'unclaimed',
        claimPending: false,
        owner: null,
        claimedAt: null,
      },
    ]);
    const second = await listBusinesses(admin, boss, { cursor: first.nextCursor });
    expect(second.businesses.map((business) => business.businessId)).toEqual(['L01', 'L00']);
    expect(second.nextCursor).toBeUndefined();
    await expect(listBusinesses(admin, boss, { cursor: 'not-ours' })).rejects.toThrow();
  });
});
