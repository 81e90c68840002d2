import { describe, expect, it } from 'vitest';
import { SECURITY_MESSAGES, dataExportSchema } from '@solutionz/shared';
import { testAccountsDeps } from '../../testing/accounts-deps';
import { testPersonalDataRegistry } from '../../testing/admin-deps';
import { useTestTable } from '../../testing/dynamodb-table';
import { useTestMediaBucket } from '../../testing/media-bucket';
import { payAtCheckout, useTestStripe } from '../../testing/stripe';
import { recordingPublicCache } from '../../testing/public-cache';
import { createTestAccount, TEST_PASSWORD } from '../../testing/test-account';
import { useTestUserPool } from '../../testing/user-pool';
import { startCheckout } from '../membership/checkout';
import { requestEmailChange } from '../security/email-change';
import { deleteAccount } from './erasure';
import { exportMyData } from './export';
import type { Eraser } from './personal-data';

const table = useTestTable();
const pool = useTestUserPool();
const media = useTestMediaBucket();
const stripe = useTestStripe();

async function provider() {
  const context = testAccountsDeps(table, pool);
  const deps = {
    ...context.deps,
    personalData: testPersonalDataRegistry(table, media, stripe),
    publicCache: recordingPublicCache(),
  };
  const account = await createTestAccount(deps, 'provider');
  return { ...context, deps, ...account };
}

describe('exportMyData', () => {
  it('holds the account, every profile field and the links we mailed, without secrets or internal keys', async () => {
    const { deps, caller, userId, email } = await provider();
    await requestEmailChange(deps, caller, { newEmail: 'priya.new@example.co.uk', currentPassword: TEST_PASSWORD }, '203.0.113.7');
    const exported = dataExportSchema.parse(await exportMyData(deps, caller));

    expect(exported.exportedAt).toBe('2026-11-21T12:00:00.000Z');
    expect(exported.account).toEqual({
      userId,
      email,
      accountType: 'provider',
      createdAt: '2026-11-21T12:00:00.000Z',
      emailConfirmedAt: '2026-11-21T12:00:00.000Z',
      mfaEnabled: false,
      isActive: true,
      isVisible: true,
    });
    expect(exported.profile).toMatchObject({
      firstName: 'Priya',
      lastName: 'Patel',
      location: 'Birmingham',
      businessName: 'Patel Electrical',
      phoneNumber: '0121 496 0000',
      categories: ['Construction/Trade > Electrician'],
      avatarUrl: null,
    });
    expect(exported.sections.emailLinks).toEqual([
      { purpose: 'change-email', sentTo: 'priya.new@example.co.uk', sentAt: '2026-11-21T12:00:00.000Z', expiresAt: '2026-11-22T12:00:00.000Z', usedAt: null },
    ]);
    expect(exported.sections.membership).toEqual({
      plan: 'none',
      stripeStatus: null,
      currentPeriodEnd: null,
      cancelAtPeriodEnd: false,
      paymentFailed: false,
      stripeCustomerId: null,
      first100: null,
    });
    expect(exported.sections.savedProviders).toEqual([]);
    const text = JSON.stringify(exported);
    const [token] = await deps.tokens.tokensOfUser(userId);
    expect(text).not.toContain(token!.tokenHash);
    expect(text).not.toMatch(/geohash|sessionsValidAfter|businessId|reservationId/);
  });
});

describe('saved professionals in the export', () => {
  it('lists the professionals the person saved, newest first, and nobody else’s', async () => {
    const { deps, caller, userId } = await provider();
    const other = await createTestAccount(deps, 'client', { email: 'neighbour@example.co.uk' });
    await table.repositories.saved.save(userId, 'provider-a', new Date('2026-11-01T09:00:00Z'));
    await table.repositories.saved.save(userId, 'provider-b', new Date('2026-11-02T09:00:00Z'));
    await table.repositories.saved.save(other.userId, 'provider-c', new Date('2026-11-03T09:00:00Z'));

    expect((await exportMyData(deps, caller)).sections.savedProviders).toEqual([
      { providerId: 'provider-b', savedAt: '2026-11-02T09:00:00.000Z' },
      { providerId: 'provider-a', savedAt: '2026-11-01T09:00:00.000Z' },
    ]);
  });
});

describe('deleteAccount', () => {
  it('removes the profile, address, business, tokens, pictures, saved professionals and the sign-in, and confirms by e-mail', async () => {
    const { deps, caller, userId, email, sentMail } = await provider();
    const other = await createTestAccount(deps, 'client', { email: 'neighbour@example.co.uk' });
    await requestEmailChange(deps, caller, { newEmail: 'priya.new@example.co.uk', currentPassword: TEST_PASSWORD }, '203.0.113.7');
    // Where she used her account from (the link mail caps): it goes with her.
    await deps.sessions.noteUsedFrom(userId, '203.0.113.7', deps.clock());
    await media.storage.write(`media/avatars/${userId}/a.webp`, Buffer.from('a'), 'image/webp', 'no-cache');
    await media.storage.write(`uploads/avatars/${userId}/b`, Buffer.from('b'), 'image/png', 'no-cache');
    await media.storage.write(`media/avatars/${other.userId}/c.webp`, Buffer.from('c'), 'image/webp', 'no-cache');
    await table.repositories.saved.save(userId, 'provider-a', new Date('2026-11-01T09:00:00Z'));
    await table.repositories.saved.save(userId, 'provider-b', new Date('2026-11-02T09:00:00Z'));
    const alerts = table.repositories.jobAlerts;
    const job = {
      jobId: 'job-1',
      ownerId: other.userId,
      title: 'Fix a tap',
      categories: ['Plumbing'],
      locationName: 'Leeds',
      lat: 53.8,
      lng: -1.55,
      postedAt: '2026-11-20T09:00:00.000Z',
    };
    const token = await alerts.unsubscribeToken(userId, new Date('2026-11-20T09:00:00Z'));
    await alerts.park({ job, providerId: userId, error: 'Mail refused', attempts: 3, parkedAt: '2026-11-20T09:01:00.000Z' });
    await alerts.park({ job, providerId: other.userId, error: 'Mail refused', attempts: 3, parkedAt: '2026-11-20T09:01:00.000Z' });

    await expect(deleteAccount(deps, caller, TEST_PASSWORD)).resolves.toEqual({ message: SECURITY_MESSAGES.accountDeleted.description });

    // The job-alert unsubscribe link and the parked alerts go too (the neighbour's letter stays; it is removed below).
    expect(await alerts.providerOfUnsubscribeToken(token)).toBeUndefined();
    expect((await alerts.deadLetters()).map((letter) => letter.providerId)).toEqual([other.userId]);
    await alerts.removeDeadLetter(job.jobId, other.userId);

    expect(await deps.accounts.getProfile(userId)).toBeUndefined();
    expect(await deps.accounts.findUserIdByEmail(email)).toBeUndefined();
    expect(await deps.tokens.tokensOfUser(userId)).toEqual([]);
    expect(await deps.businesses.searchBusinesses('patel', 5)).toEqual([]);
    expect(await pool.user(email)).toBeUndefined();
    expect(await media.keys()).toEqual([`media/avatars/${other.userId}/c.webp`]);
    expect(await table.repositories.saved.listAll(userId)).toEqual([]);
    // Nothing in the table names Priya any more: no token, countdown, business, search word or saved professional
    // of hers (the day's mail counters stay until their TTL, keyed by a digest of the new address and the client address).
    expect(await table.itemsMentioning(userId, email, 'priya.new@example.co.uk', 'Priya', 'Patel')).toEqual([]);
    expect(await table.itemsMentioning(other.userId)).not.toEqual([]);
    const last = (await sentMail()).at(-1);
    expect(last).toMatchObject({ destination: { to: [email] }, subject: 'Your Solutionz account was deleted' });
    expect(await deps.accounts.getProfile(other.userId)).toBeDefined();
  });

  it('refuses an admin, before asking for the password: another admin removes an admin account', async () => {
    const { deps } = await provider();
    const boss = await createTestAccount(deps, 'admin', { email: 'head.office@admin.solutionz.test' });
    await expect(deleteAccount(deps, boss.caller, TEST_PASSWORD)).rejects.toMatchObject({ statusCode: 403, message: SECURITY_MESSAGES.adminCannotDeleteSelf });
    await expect(deleteAccount(deps, boss.caller, 'Not-the-password-9')).rejects.toMatchObject({ statusCode: 403 });
    expect(await deps.accounts.getProfile(boss.userId)).toBeDefined();
    expect(await pool.user(boss.email)).toBeDefined();
  });

  it('takes the provider out of the directory, cancels the membership at Stripe and gives back a FIRST100 slot still held', async () => {
    const { deps, caller, userId } = await provider();
    const membership = {
      accounts: deps.accounts,
      membership: table.repositories.membership,
      directory: table.repositories.directory,
      payments: stripe.payments,
      clock: () => new Date(stripe.local.now() * 1000),
      config: { siteUrl: 'https://solutionz.test' },
    };
    await startCheckout(membership, caller, { plan: 'yearly', couponCode: 'FIRST100' });
    await payAtCheckout((await startCheckout(membership, caller, { plan: 'monthly' })).url);
    const customerId = (await deps.accounts.getProfile(userId, { consistent: true }))!.stripeCustomerId!;
    expect((await exportMyData(deps, caller)).sections.membership).toMatchObject({ stripeCustomerId: customerId, first100: 'pending' });
    expect((await stripe.sdk.subscriptions.list({ customer: customerId })).data.map((subscription) => subscription.status)).toEqual(['active']);

    await table.repositories.membership.writeSubscription(
      userId,
      customerId,
      {
        tier: 'monthly',
        end: new Date(Date.now() + 30 * 86_400_000).toISOString(),
        cancelAtPeriodEnd: false,
        paymentFailed: false,
        subscriptionId: undefined,
        status: 'active',
      },
      new Date(),
    );
    await table.repositories.directory.syncListing(userId, new Date());
    expect((await table.repositories.directory.getListings([userId])).size).toBe(1);

    await deleteAccount(deps, caller, TEST_PASSWORD);

    expect((await table.repositories.directory.getListings([userId])).size).toBe(0);
    // The page a crawler or a link preview fetched, and the searches that listed them, are not served from the cache either.
    expect(deps.publicCache.purges).toEqual([['/directory*', '/api/providers*']]);
    expect(await table.repositories.directory.categoryCounts()).toEqual({});
    const after = await stripe.sdk.subscriptions.list({ customer: customerId, status: 'all' });
    expect(after.data.map((subscription) => subscription.status)).toEqual(['canceled']);
    expect(await table.repositories.membership.getOfferSlot('FIRST100', userId)).toBeUndefined();
    expect(await table.repositories.membership.claimedCount('FIRST100')).toBe(0);
  });

  it('refuses a wrong password and deletes nothing', async () => {
    const { deps, caller, userId, email } = await provider();
    await expect(deleteAccount(deps, caller, 'Wrong-password-1')).rejects.toMatchObject({
      statusCode: 400,
      fields: { 'body.password': SECURITY_MESSAGES.currentPasswordWrong },
    });
    expect(await deps.accounts.getProfile(userId)).toBeDefined();
    expect(await pool.user(email)).toBeDefined();
  });

  it('can be asked for again by the person after a deletion failed half-way', async () => {
    const { deps, caller, userId, email } = await provider();
    let failures = 1;
    const flaky: Eraser = {
      name: 'a new kind of data',
      async erase() {
        if (failures-- > 0) throw new Error('The store is unavailable');
      },
    };
    const registry = deps.personalData;
    const withFlaky = { ...deps, personalData: { ...registry, erasers: [registry.erasers[0]!, flaky, ...registry.erasers.slice(1)] } };

    await expect(deleteAccount(withFlaky, caller, TEST_PASSWORD)).rejects.toThrow('The store is unavailable');
    expect(await deps.accounts.getProfile(userId)).toBeDefined();
    expect(deps.publicCache.purges).toEqual([]);
    expect(await pool.signsIn(email, TEST_PASSWORD)).toBe(true);

    await expect(deleteAccount(withFlaky, caller, TEST_PASSWORD)).resolves.toBeDefined();
    expect(await deps.accounts.getProfile(userId)).toBeUndefined();
    expect(await pool.user(email)).toBeUndefined();
  });
});

describe('the portfolio in the export and the erasure', () => {
  async function withPortfolio() {
    const context = await provider();
    const { userId } = context;
    const key = `media/portfolio/${userId}/p1.webp`;
    await media.storage.write(key, Buffer.from('p'), 'image/webp', 'no-cache');
    await media.storage.write(`media/portfolio/${userId}/p1-thumb.webp`, Buffer.from('t'), 'image/webp', 'no-cache');
    await media.storage.write(`uploads/portfolio/${userId}/never-linked`, Buffer.from('u'), 'video/mp4', 'no-cache');
    const item = {
      userId,
      itemId: 'item-1',
      title: 'Kitchen rewire',
      description: 'Full rewire of a Victorian terrace',
      position: 1,
      media: [{ id: 'm1', type: 'image' as const, filename: 'kitchen.jpg', key, thumbnailKey: `media/portfolio/${userId}/p1-thumb.webp` }],
      createdAt: '2026-11-01T09:00:00.000Z',
    };
    await table.repositories.portfolio.add(item, 50);
    return { ...context, key };
  }

  it('exports each item with its files’ names and addresses', async () => {
    const { deps, caller, key } = await withPortfolio();
    expect((await exportMyData(deps, caller)).sections.portfolio).toEqual([
      {
        title: 'Kitchen rewire',
        description: 'Full rewire of a Victorian terrace',
        media: [{ type: 'image', filename: 'kitchen.jpg', url: `/${key}` }],
        createdAt: '2026-11-01T09:00:00.000Z',
        updatedAt: '2026-11-01T09:00:00.000Z',
      },
    ]);
  });

  it('deletes the items, their files and uploads never linked, and nobody else’s', async () => {
    const { deps, caller, userId } = await withPortfolio();
    const other = await createTestAccount(deps, 'provider', { email: 'neighbour@example.co.uk' });
    await media.storage.write(`media/portfolio/${other.userId}/o.webp`, Buffer.from('o'), 'image/webp', 'no-cache');

    await deleteAccount(deps, caller, TEST_PASSWORD);

    expect(await table.repositories.portfolio.list(userId, { consistent: true })).toEqual([]);
    expect(await table.repositories.portfolio.itemCount(userId)).toBe(0);
    expect(await media.keys()).toEqual([`media/portfolio/${other.userId}/o.webp`]);
    expect(await table.itemsMentioning(userId)).toEqual([]);
  });
});
