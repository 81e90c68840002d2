import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { describe, expect, it } from 'vitest';
import { ADMIN_CATEGORY_MESSAGES } from '@solutionz/shared';
import { seedCategories } from '../../data/seed-categories';
import { createTableStore } from '../../data/table-store';
import { NotFoundError, ValidationError } from '../../errors';
import { testAccountsDeps } from '../../testing/accounts-deps';
import { TEST_CREDENTIALS, TEST_REGION, useTestTable } from '../../testing/dynamodb-table';
import { recordingPublicCache } from '../../testing/public-cache';
import { createTestAccount } from '../../testing/test-account';
import { useTestUserPool } from '../../testing/user-pool';
import { updateProfile } from '../profiles/update-profile';
import { listAudit } from './audit';
import { listCategories } from '../categories';
import { analytics } from './analytics';
import * as categories from './categories';
import type { AdminConsoleDeps } from './deps';

/**
 * What a change of the taxonomy purges: the categories page, every provider's page (they name categories) and directory
 * search, the job board (its filter offers them), and the API's answers that name them: the taxonomy, providers and jobs.
 */
const TAXONOMY_COPIES = ['/categories', '/directory*', '/job-directory*', '/api/categories*', '/api/providers*', '/api/jobs*'];

const table = useTestTable();
const pool = useTestUserPool();
const M = ADMIN_CATEGORY_MESSAGES;

function context(options: { providerUpdateBudgetMs?: number } = {}) {
  const accountsContext = testAccountsDeps(table, pool);
  const { repositories } = table;
  const publicCache = recordingPublicCache();
  const deps: categories.AdminCategoriesDeps & Pick<AdminConsoleDeps, 'admin'> = {
    accounts: repositories.accounts,
    admin: repositories.admin,
    categories: repositories.categories,
    directory: repositories.directory,
    publicCache,
    clock: accountsContext.deps.clock,
    random: accountsContext.deps.random,
    config: { siteUrl: 'https://solutionz.test', requireAdminMfa: false },
    ...(options.providerUpdateBudgetMs !== undefined ? { providerUpdateBudgetMs: options.providerUpdateBudgetMs } : {}),
  };
  return { deps, accountsDeps: accountsContext.deps, purges: publicCache.purges };
}

let people = 0;
/** A provider with a running membership, unless `standing` takes away what lists them. */
async function provider(
  ctx: ReturnType<typeof context>,
  categories: string[],
  alerts: string[] = [],
  standing: { member?: false; isVisible?: false; isActive?: false } = {},
) {
  const n = ++people;
  const account = await createTestAccount(ctx.accountsDeps, 'provider', { email: `cat.provider${n}@example.co.uk`, categories }, ctx.deps.clock());
  const documents = DynamoDBDocumentClient.from(new DynamoDBClient({ region: TEST_REGION, endpoint: table.endpoint, credentials: TEST_CREDENTIALS }));
  const profiles = createTableStore(documents, table.tableName).entities.profile;
  const { member = true, ...shown } = standing;
  await profiles
    .patch({ userId: account.userId })
    .set({
      ...(member ? { subscriptionTier: 'monthly', subscriptionEnd: '2027-06-01T00:00:00.000Z' } : {}),
      ...shown,
      lat: 53.48,
      lng: -2.24,
      ...(alerts.length ? { jobAlerts: { enabled: true, radiusMiles: 25, categories: alerts } } : {}),
    })
    .go({ response: 'none' });
  await table.repositories.directory.syncListing(account.userId, ctx.deps.clock());
  return account;
}

const profilesDeps = (ctx: ReturnType<typeof context>) => ({
  accounts: table.repositories.accounts,
  geocoder: { search: async () => ({ best: null, suggestions: [] }) },
  avatars: undefined as never,
  directory: table.repositories.directory,
  clock: ctx.deps.clock,
  random: ctx.deps.random,
});

const admin = async (ctx: ReturnType<typeof context>) =>
  (await createTestAccount(ctx.accountsDeps, 'admin', { email: `cat.admin${++people}@admin.solutionz.test` })).caller;
const group = async (ctx: ReturnType<typeof context>, caller: Awaited<ReturnType<typeof admin>>, id: string) =>
  (await categories.listAdminCategories(ctx.deps, caller)).groups.find((candidate) => candidate.id === id)!;
const orders = (categories: readonly { displayOrder: number }[]) => categories.map((category) => category.displayOrder);

describe('categories management', { timeout: 60_000 }, () => {
  it("adds categories to an existing or a new group, with the product's messages and names unique within a group", async () => {
    const ctx = context();
    await seedCategories(table.repositories);
    const caller = await admin(ctx);
    const added = await categories.createCategory(ctx.deps, caller, { name: 'Chimney Sweep', groupId: 'construction-trade', newGroupName: '' });
    const trade = await group(ctx, caller, 'construction-trade');
    expect(trade.categories.at(-1)).toMatchObject({ id: 'chimney-sweep', name: 'Chimney Sweep', displayOrder: trade.categories.length });
    expect(orders(trade.categories)).toEqual(trade.categories.map((_, index) => index + 1));
    expect(added.category.groupName).toBe('Construction/Trade');

    await expect(categories.createCategory(ctx.deps, caller, { name: 'chimney sweep', groupId: 'construction-trade', newGroupName: '' })).rejects.toMatchObject(
      { fields: { name: M.nameTaken } },
    );
    await expect(categories.createCategory(ctx.deps, caller, { name: 'Sweep', groupId: 'no-such-group', newGroupName: '' })).rejects.toBeInstanceOf(
      ValidationError,
    );
    await expect(categories.createCategory(ctx.deps, caller, { name: 'Sweep', groupId: '', newGroupName: 'events' })).rejects.toMatchObject({
      fields: { newGroupName: M.groupTaken },
    });

    const fresh = await categories.createCategory(ctx.deps, caller, { name: 'Boat Repair', groupId: '', newGroupName: 'Marine' });
    const listed = await categories.listAdminCategories(ctx.deps, caller);
    expect(listed.groups.at(-1)).toMatchObject({ id: 'marine', name: 'Marine', categories: [{ id: fresh.category.id, displayOrder: 1 }] });
    // The same name in another group is a different category with an id of its own.
    const plumberTwo = await categories.createCategory(ctx.deps, caller, { name: 'Plumber', groupId: 'marine', newGroupName: '' });
    expect(plumberTwo.category.id).toBe('plumber-2');

    const audit = await listAudit({ ...ctx.deps, admin: table.repositories.admin } as never, caller, { targetId: 'chimney-sweep' }, 10);
    expect(audit.entries).toMatchObject([{ action: 'category.create', target: { kind: 'category', label: 'Chimney Sweep (Construction/Trade)' } }]);
    // Each category added purged the cached taxonomy; the refused ones did not.
    expect(ctx.purges).toEqual([TAXONOMY_COPIES, TAXONOMY_COPIES, TAXONOMY_COPIES]);
  });

  it('keeps display orders 1..n when two admins reorder the same group at once', async () => {
    const ctx = context();
    await seedCategories(table.repositories);
    const [first, second] = await Promise.all([admin(ctx), admin(ctx)]);
    const before = await group(ctx, first, 'events');
    const ids = before.categories.map((category) => category.id);
    const reversed = [...ids].reverse();
    const rotated = [...ids.slice(1), ids[0]!];
    const results = await Promise.all([
      categories.reorderCategories(ctx.deps, first, 'events', { categoryIds: reversed }),
      categories.reorderCategories(ctx.deps, second, 'events', { categoryIds: rotated }),
    ]);
    for (const result of results) expect(orders(result.categories)).toEqual(ids.map((_, index) => index + 1));
    const after = await group(ctx, first, 'events');
    expect(orders(after.categories)).toEqual(ids.map((_, index) => index + 1));
    // One of the two orders won whole; nothing is interleaved.
    expect([reversed, rotated]).toContainEqual(after.categories.map((category) => category.id));
    await expect(categories.reorderCategories(ctx.deps, first, 'events', { categoryIds: ids.slice(1) })).rejects.toMatchObject({
      fields: { categoryIds: M.orderMismatch },
    });
    expect(ctx.purges).toEqual([TAXONOMY_COPIES, TAXONOMY_COPIES]);
  });

  it('takes a deleted category off every provider, their listings and counts, a chunk at a time', async () => {
    const ctx = context({ providerUpdateBudgetMs: 0 });
    await seedCategories(table.repositories);
    const caller = await admin(ctx);
    const created = await categories.createCategory(ctx.deps, caller, { name: 'Thatcher', groupId: 'construction-trade', newGroupName: '' });
    const text = 'Construction/Trade > Thatcher';
    const holders = await Promise.all([provider(ctx, [text, 'Construction/Trade > Plumber'], [text]), provider(ctx, [text])]);
    const bystander = await provider(ctx, ['Construction/Trade > Plumber']);
    // The directory counts the new category once the live taxonomy reaches the listing.
    const statsBefore = await categories.categoryStatistics(ctx.deps, caller, created.category.id);
    expect(statsBefore).toMatchObject({ name: 'Thatcher', groupName: 'Construction/Trade', providerCount: 2 });

    const deleted = await categories.deleteCategory(ctx.deps, caller, created.category.id);
    expect(deleted.deleted).toBe(true);
    expect((await group(ctx, caller, 'construction-trade')).categories.map((category) => category.id)).not.toContain(created.category.id);
    let done = deleted.providersDone;
    for (let call = 0; !done && call < 50; call++) done = (await categories.continueProviderUpdates(ctx.deps, caller, created.category.id)).providersDone;
    expect(done).toBe(true);
    expect((await categories.listAdminCategories(ctx.deps, caller)).updatingProviders).toEqual([]);

    const [first, second, third] = await Promise.all(
      [...holders, bystander].map((account) => table.repositories.accounts.getProfile(account.userId, { consistent: true })),
    );
    expect(first!.categories).toEqual(['Construction/Trade > Plumber']);
    expect(first!.jobAlerts?.categories).toEqual([]);
    expect(second!.categories).toEqual([]);
    expect(third!.categories).toEqual(['Construction/Trade > Plumber']);
    const listings = await table.repositories.directory.getListings(holders.map((account) => account.userId));
    for (const listing of listings.values()) expect(listing.categories).not.toContain(text);
    await expect(categories.categoryStatistics(ctx.deps, caller, created.category.id)).rejects.toBeInstanceOf(NotFoundError);
    // Off every profile, it counts nobody any more.
    expect((await table.repositories.admin.providersPerCategory())[text]).toBeUndefined();

    // Chosen again after its deletion, it is refused by name.
    await expect(updateProfile(profilesDeps(ctx), holders[1]!.caller, { categories: [text] })).rejects.toMatchObject({
      fields: { 'body.categories': M.inactive('Thatcher') },
    });
  });

  it('is audited before it starts; one that failed half-way is finished by deleting again', async () => {
    const ctx = context();
    await seedCategories(table.repositories);
    const caller = await admin(ctx);
    const created = await categories.createCategory(ctx.deps, caller, { name: 'Thatcher', groupId: 'construction-trade', newGroupName: '' });
    const text = 'Construction/Trade > Thatcher';
    const holder = await provider(ctx, [text, 'Construction/Trade > Plumber']);
    // The profile store fails once, while the category comes off its providers.
    let failed = false;
    const accounts = Object.create(table.repositories.accounts) as typeof table.repositories.accounts;
    accounts.editProfile = async (edit) => {
      if (!failed) {
        failed = true;
        throw new Error('The profile store is unavailable');
      }
      return table.repositories.accounts.editProfile(edit);
    };
    const deps = { ...ctx.deps, accounts };
    const history = async () =>
      (await listAudit({ ...ctx.deps, admin: table.repositories.admin } as never, caller, { targetId: created.category.id }, 10)).entries;

    await expect(categories.deleteCategory(deps, caller, created.category.id)).rejects.toThrow('The profile store is unavailable');
    expect((await history()).map((entry) => [entry.action, entry.state])).toEqual([
      ['category.delete', 'started'],
      ['category.create', 'completed'],
    ]);
    expect((await group(ctx, caller, 'construction-trade')).categories.map((category) => category.id)).not.toContain(created.category.id);
    expect((await table.repositories.accounts.getProfile(holder.userId, { consistent: true }))!.categories).toContain(text);

    await expect(categories.deleteCategory(deps, caller, created.category.id)).resolves.toEqual({
      categoryId: created.category.id,
      deleted: true,
      providersDone: true,
    });
    expect((await history()).map((entry) => [entry.action, entry.state])).toEqual([
      ['category.delete', 'completed'],
      ['category.create', 'completed'],
    ]);
    expect((await table.repositories.accounts.getProfile(holder.userId, { consistent: true }))!.categories).toEqual(['Construction/Trade > Plumber']);
    // Finished: a third time there is nothing to delete.
    await expect(categories.deleteCategory(deps, caller, created.category.id)).rejects.toBeInstanceOf(NotFoundError);
  });

  it("renames and moves a category, its providers' selections following", async () => {
    const ctx = context();
    await seedCategories(table.repositories);
    const caller = await admin(ctx);
    const created = await categories.createCategory(ctx.deps, caller, { name: 'Stonemason', groupId: 'construction-trade', newGroupName: '' });
    const holder = await provider(ctx, ['Construction/Trade > Stonemason']);
    const moved = await categories.updateCategory(ctx.deps, caller, created.category.id, { name: 'Stone Carving', groupId: 'gardening-and-outdoors' });
    expect(moved).toMatchObject({ providersDone: true, category: { id: 'stonemason', groupName: 'Gardening and Outdoors', name: 'Stone Carving' } });
    const trade = await group(ctx, caller, 'construction-trade');
    expect(orders(trade.categories)).toEqual(trade.categories.map((_, index) => index + 1));
    const garden = await group(ctx, caller, 'gardening-and-outdoors');
    expect(garden.categories.at(-1)).toMatchObject({ id: 'stonemason', displayOrder: garden.categories.length });
    expect((await table.repositories.accounts.getProfile(holder.userId, { consistent: true }))!.categories).toEqual(['Gardening and Outdoors > Stone Carving']);
    await expect(categories.updateCategory(ctx.deps, caller, 'stonemason', { name: 'Gardener', groupId: 'gardening-and-outdoors' })).rejects.toMatchObject({
      fields: { name: M.nameTaken },
    });
  });
});

describe('category statistics and Most Popular Categories', { timeout: 60_000 }, () => {
  it('count every provider who has the category (a deletion takes it from all of them) beside the listed ones /categories shows', async () => {
    const ctx = context();
    await seedCategories(table.repositories);
    const caller = await admin(ctx);
    const created = await categories.createCategory(ctx.deps, caller, { name: 'Well Digger', groupId: 'construction-trade', newGroupName: '' });
    const text = 'Construction/Trade > Well Digger';
    const [member] = await Promise.all([
      provider(ctx, [text]),
      provider(ctx, [text, 'Construction/Trade > Plumber']),
      provider(ctx, [text], [], { member: false }),
      provider(ctx, [text], [], { isVisible: false }),
      provider(ctx, [text], [], { isActive: false }),
      // A client's categories (none are asked of them) and an `Other:` text are not a category's.
      createTestAccount(ctx.accountsDeps, 'client', { email: `cat.client${++people}@example.co.uk` }),
      provider(ctx, ['Other: Well Digger']),
    ]);

    expect(await categories.categoryStatistics(ctx.deps, caller, created.category.id)).toEqual({
      categoryId: 'well-digger',
      name: 'Well Digger',
      groupName: 'Construction/Trade',
      providerCount: 5,
      listedProviderCount: 2,
    });
    const row = async () => (await group(ctx, caller, 'construction-trade')).categories.find((category) => category.id === 'well-digger');
    expect(await row()).toMatchObject({ providerCount: 5, listedProviderCount: 2 });
    const shown = await listCategories(table.repositories);
    expect(
      shown.groups.find((candidate) => candidate.slug === 'construction-trade')?.categories.find((category) => category.slug === 'well-digger')?.providerCount,
    ).toBe(2);

    const popular = (await analytics({ ...ctx.deps, categories: table.repositories.categories, sessions: table.repositories.sessions } as never, caller))
      .popularCategories;
    expect(popular.find((category) => category.categoryId === 'well-digger')).toEqual({
      categoryId: 'well-digger',
      name: 'Well Digger',
      groupName: 'Construction/Trade',
      providerCount: 2,
    });
    expect(popular.length).toBeLessThanOrEqual(10);
    const counts = popular.map((category) => category.providerCount);
    expect(counts).toEqual([...counts].sort((a, b) => b - a));
    // Every figure is the one /categories shows, and nothing left out has more providers than the last one in.
    const everyCategory = shown.groups.flatMap((candidate) => candidate.categories);
    for (const entry of popular) expect(everyCategory.find((category) => category.id === entry.categoryId)?.providerCount).toBe(entry.providerCount);
    const left = everyCategory.filter((category) => !popular.some((entry) => entry.categoryId === category.id));
    expect(Math.max(0, ...left.map((category) => category.providerCount))).toBeLessThanOrEqual(counts.at(-1)!);

    // A provider who drops it from their profile is no longer counted (a member: their caller says so).
    await updateProfile(profilesDeps(ctx), { ...member.caller, subscribed: true }, { categories: ['Construction/Trade > Plumber'] });
    expect(await row()).toMatchObject({ providerCount: 4, listedProviderCount: 1 });
  });
});
