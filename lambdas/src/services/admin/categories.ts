import {
  ADMIN_CATEGORY_LIMITS,
  ADMIN_CATEGORY_MESSAGES,
  formatCategorySelection,
  slugify,
  type AdminCategories,
  type AdminCategory,
  type AdminCategoryGroup,
  type AdminCategoryProviders,
  type AdminCategoryResult,
  type AdminCategoryStats,
} from '@solutionz/shared';
import type { AuthorizedCaller } from '../../auth/caller';
import type { AccountRepository, ProfileRecord } from '../../data/account-repository';
import type { AdminRepository } from '../../data/admin-repository';
import type { CategoryGroupRecord, CategoryRecord, CategoryRepository, Taxonomy } from '../../data/category-repository';
import type { DirectoryRepository } from '../../data/directory-repository';
import { conflictPause, MAX_CONFLICT_RETRIES } from '../../data/write-outcomes';
import { ConflictError, NotFoundError, ValidationError } from '../../errors';
import { actorOf, auditRecord } from './audit';
import type { AdminConsoleDeps } from './deps';
import { PUBLIC_COPIES } from '../public-copies';

const M = ADMIN_CATEGORY_MESSAGES;

export interface AdminCategoriesDeps extends Pick<AdminConsoleDeps, 'accounts' | 'clock' | 'random' | 'config' | 'publicCache'> {
  readonly categories: Pick<CategoryRepository, 'listAll' | 'applyChange' | 'saveProvidersProgress'>;
  readonly directory: Pick<DirectoryRepository, 'syncListing' | 'categoryCounts'>;
  readonly admin: Pick<AdminRepository, 'listUsers' | 'unfinishedAudit' | 'completeAudit' | 'providersPerCategory'>;
  readonly accounts: AccountRepository;
  /** How long one request spends updating providers before it answers and leaves the rest to the next call. */
  readonly providerUpdateBudgetMs?: number;
}

/** Providers read per step of an update (one users-index page and one batch read of profiles). */
const PROVIDER_PAGE = 100;
const DEFAULT_UPDATE_BUDGET_MS = 5_000;

const byOrder = (a: { displayOrder: number }, b: { displayOrder: number }) => a.displayOrder - b.displayOrder;
const sameName = (a: string, b: string) => a.localeCompare(b, 'en-GB', { sensitivity: 'accent' }) === 0;
const selectionOf = (category: Pick<CategoryRecord, 'groupName' | 'name'>) =>
  formatCategorySelection({ kind: 'sub', group: category.groupName, sub: category.name });
const labelOf = (category: Pick<CategoryRecord, 'groupName' | 'name'>) => `${category.name} (${category.groupName})`;

function activeGroup(taxonomy: Taxonomy, groupId: string): CategoryGroupRecord | undefined {
  return taxonomy.groups.find((group) => group.groupId === groupId && group.isActive);
}
function membersOf(taxonomy: Taxonomy, groupId: string): CategoryRecord[] {
  return taxonomy.categories.filter((category) => category.groupId === groupId && category.isActive).sort(byOrder);
}
function activeCategory(taxonomy: Taxonomy, categoryId: string): CategoryRecord {
  const found = taxonomy.categories.find((category) => category.categoryId === categoryId && category.isActive);
  if (!found) throw new NotFoundError(M.notFound);
  return found;
}
/** A slug no other item uses yet (ids stay unique among active and deleted ones alike). */
function freshId(wanted: string, taken: Iterable<string>): string {
  const used = new Set(taken);
  const base = wanted || 'category';
  if (!used.has(base)) return base;
  for (let n = 2; ; n++) if (!used.has(`${base}-${n}`)) return `${base}-${n}`;
}
/** Display orders 1..n in the given order: only the ones that move need writing. */
function renumbered(categories: readonly CategoryRecord[]): CategoryRecord[] {
  return categories.flatMap((category, index) => (category.displayOrder === index + 1 ? [] : [{ ...category, displayOrder: index + 1 }]));
}

/** What the category screens count: listed providers per slug (the directory's), every provider per selection text (the users index's). */
interface Counts {
  readonly listed: Record<string, number>;
  readonly all: Record<string, number>;
}

async function readCounts(deps: AdminCategoriesDeps): Promise<Counts> {
  const [listed, all] = await Promise.all([deps.directory.categoryCounts(), deps.admin.providersPerCategory()]);
  return { listed, all };
}

/** Every provider who has the category (a deletion takes it from all of them), and how many of them are listed. */
function countsOf(category: CategoryRecord, counts: Counts): Pick<AdminCategory, 'providerCount' | 'listedProviderCount'> {
  const listed = Math.max(0, counts.listed[category.slug] ?? 0);
  // The listed providers are among all of them.
  return { providerCount: Math.max(listed, counts.all[selectionOf(category)] ?? 0), listedProviderCount: listed };
}

function view(category: CategoryRecord, counts: Counts): AdminCategory {
  return {
    id: category.categoryId,
    name: category.name,
    groupId: category.groupId,
    groupName: category.groupName,
    displayOrder: category.displayOrder,
    ...countsOf(category, counts),
  };
}

/** Works a change out from what is stored now and writes it; a concurrent change of the same group makes it start again. */
async function withTurns<T>(deps: AdminCategoriesDeps, attempt: (taxonomy: Taxonomy) => Promise<T | 'conflict'>): Promise<T> {
  for (let turn = 1; turn <= MAX_CONFLICT_RETRIES; turn++) {
    const outcome = await attempt(await deps.categories.listAll({ consistent: true }));
    if (outcome !== 'conflict') return outcome;
    await conflictPause(turn);
  }
  throw new ConflictError(M.orderMismatch);
}

const invalid = (field: string, message: string): never => {
  throw new ValidationError({ [field]: message }, message);
};

export async function listAdminCategories(deps: AdminCategoriesDeps, _caller: AuthorizedCaller): Promise<AdminCategories> {
  const [taxonomy, counts] = await Promise.all([deps.categories.listAll(), readCounts(deps)]);
  const groups: AdminCategoryGroup[] = taxonomy.groups
    .filter((group) => group.isActive)
    .sort(byOrder)
    .map((group) => ({
      id: group.groupId,
      name: group.name,
      displayOrder: group.displayOrder,
      categories: membersOf(taxonomy, group.groupId).map((category) => view(category, counts)),
    }));
  const updatingProviders = taxonomy.categories
    .filter((category) => (category.staleSelections?.length ?? 0) > 0)
    .map((category) => ({ id: category.categoryId, name: category.name }));
  return { groups, updatingProviders };
}

export async function categoryStatistics(deps: AdminCategoriesDeps, _caller: AuthorizedCaller, categoryId: string): Promise<AdminCategoryStats> {
  const [taxonomy, counts] = await Promise.all([deps.categories.listAll(), readCounts(deps)]);
  const category = activeCategory(taxonomy, categoryId);
  return { categoryId, name: category.name, groupName: category.groupName, ...countsOf(category, counts) };
}

/** Add Category: at the end of an existing group, or first in a new group placed after the others. */
export async function createCategory(
  deps: AdminCategoriesDeps,
  caller: AuthorizedCaller,
  input: { name: string; groupId: string; newGroupName: string },
): Promise<AdminCategoryResult> {
  const actor = actorOf(caller);
  const created = await withTurns(deps, async (taxonomy) => {
    const activeGroups = taxonomy.groups.filter((group) => group.isActive);
    let group: CategoryGroupRecord;
    if (input.newGroupName) {
      if (activeGroups.some((existing) => sameName(existing.name, input.newGroupName))) invalid('newGroupName', M.groupTaken);
      const groupId = freshId(
        slugify(input.newGroupName),
        taxonomy.groups.map((existing) => existing.groupId),
      );
      group = {
        groupId,
        name: input.newGroupName,
        slug: groupId,
        displayOrder: Math.max(0, ...activeGroups.map((existing) => existing.displayOrder)) + 1,
        isActive: true,
      };
    } else {
      group = activeGroup(taxonomy, input.groupId) ?? invalid('groupId', M.groupNotFound);
    }
    const members = membersOf(taxonomy, group.groupId);
    if (members.some((member) => sameName(member.name, input.name))) invalid('name', M.nameTaken);
    if (members.length >= ADMIN_CATEGORY_LIMITS.maxCategoriesPerGroup) invalid('groupId', M.groupFull);
    const categoryId = freshId(
      slugify(input.name),
      taxonomy.categories.map((category) => category.categoryId),
    );
    const category: CategoryRecord = {
      categoryId,
      groupId: group.groupId,
      groupName: group.name,
      groupSlug: group.slug,
      name: input.name,
      slug: categoryId,
      displayOrder: members.length + 1,
      isActive: true,
    };
    const audit = auditRecord(deps, actor, {
      action: 'category.create',
      target: { kind: 'category', id: categoryId, label: labelOf(category) },
      after: { name: category.name, group: group.name, displayOrder: category.displayOrder },
    });
    const outcome = await deps.categories.applyChange({
      groups: [{ group, readVersion: group.version }],
      putCategories: [category],
      deleteCategories: [],
      audit,
    });
    return outcome === 'conflict' ? outcome : category;
  });
  await deps.publicCache.purge(PUBLIC_COPIES.categories());
  // A new category is nobody's yet.
  return { category: view(created, { listed: {}, all: {} }), providersDone: true };
}

/**
 * Renames a category or moves it to the end of another group (the old group closing its gap). Providers
 * holding the old selection text are updated to the new one after the change (updateProviders).
 */
export async function updateCategory(
  deps: AdminCategoriesDeps,
  caller: AuthorizedCaller,
  categoryId: string,
  input: { name: string; groupId: string },
): Promise<AdminCategoryResult> {
  const actor = actorOf(caller);
  const updated = await withTurns(deps, async (taxonomy) => {
    const current = activeCategory(taxonomy, categoryId);
    const source = activeGroup(taxonomy, current.groupId) ?? invalid('groupId', M.groupNotFound);
    const target = activeGroup(taxonomy, input.groupId) ?? invalid('groupId', M.groupNotFound);
    const moving = target.groupId !== source.groupId;
    if (!moving && current.name === input.name) return current;
    const targetMembers = membersOf(taxonomy, target.groupId).filter((member) => member.categoryId !== categoryId);
    if (targetMembers.some((member) => sameName(member.name, input.name))) invalid('name', M.nameTaken);
    if (moving && targetMembers.length >= ADMIN_CATEGORY_LIMITS.maxCategoriesPerGroup) invalid('groupId', M.groupFull);
    const oldText = selectionOf(current);
    const next: CategoryRecord = {
      categoryId,
      groupId: target.groupId,
      groupName: target.name,
      groupSlug: target.slug,
      name: input.name,
      slug: current.slug,
      displayOrder: moving ? targetMembers.length + 1 : current.displayOrder,
      isActive: true,
      // Every text providers may hold now; the update starts again from the first provider.
      staleSelections: [...new Set([...(current.staleSelections ?? []), oldText])].filter(
        (text) => text !== selectionOf({ groupName: target.name, name: input.name }),
      ),
    };
    const audit = auditRecord(deps, actor, {
      action: 'category.update',
      target: { kind: 'category', id: categoryId, label: labelOf(next) },
      before: { name: current.name, group: current.groupName },
      after: { name: next.name, group: next.groupName },
    });
    const outcome = await deps.categories.applyChange({
      groups: moving
        ? [
            { group: source, readVersion: source.version },
            { group: target, readVersion: target.version },
          ]
        : [{ group: source, readVersion: source.version }],
      putCategories: [next, ...(moving ? renumbered(membersOf(taxonomy, source.groupId).filter((member) => member.categoryId !== categoryId)) : [])],
      deleteCategories: moving ? [{ groupId: source.groupId, categoryId }] : [],
      audit,
    });
    return outcome === 'conflict' ? outcome : next;
  });
  await deps.publicCache.purge(PUBLIC_COPIES.categories());
  const progress = await updateProvidersFor(deps, categoryId);
  const counts = await readCounts(deps);
  return { category: view(updated, counts), providersDone: progress.providersDone };
}

/**
 * The deletion's last steps: the cached categories go, then the category comes off every provider who
 * offered it (in chunks: an unfinished update carries on with continueProviderUpdates), and once it is off
 * them all the `started` audit entry of the deletion is completed.
 */
async function finishDeletion(deps: AdminCategoriesDeps, categoryId: string): Promise<{ categoryId: string; deleted: true; providersDone: boolean }> {
  await deps.publicCache.purge(PUBLIC_COPIES.categories());
  const progress = await updateProvidersFor(deps, categoryId);
  if (progress.providersDone) await completeDeletion(deps, categoryId);
  return { categoryId, deleted: true, providersDone: progress.providersDone };
}

async function completeDeletion(deps: AdminCategoriesDeps, categoryId: string): Promise<void> {
  const unfinished = await deps.admin.unfinishedAudit(categoryId, 'category.delete');
  if (unfinished) await deps.admin.completeAudit(unfinished);
}

/**
 * Soft delete: inactive, the group's gap closed, with a `started` audit entry in the same transaction; then
 * off every provider who offered it (finishDeletion). Jobs keep their text. Asked again for a category whose
 * deletion has not finished, it carries on where it stopped.
 */
export async function deleteCategory(
  deps: AdminCategoriesDeps,
  caller: AuthorizedCaller,
  categoryId: string,
): Promise<{ categoryId: string; deleted: true; providersDone: boolean }> {
  const actor = actorOf(caller);
  await withTurns(deps, async (taxonomy) => {
    // Deleted already: carried on while its deletion has not finished (ids are never reused).
    if (
      taxonomy.categories.some((category) => category.categoryId === categoryId && !category.isActive) &&
      (await deps.admin.unfinishedAudit(categoryId, 'category.delete'))
    )
      return true;
    const current = activeCategory(taxonomy, categoryId);
    const group = taxonomy.groups.find((candidate) => candidate.groupId === current.groupId) ?? invalid('groupId', M.groupNotFound);
    const { providersCursor: _restart, ...kept } = current;
    const removed: CategoryRecord = { ...kept, isActive: false, staleSelections: [...new Set([...(current.staleSelections ?? []), selectionOf(current)])] };
    const audit = auditRecord(deps, actor, {
      action: 'category.delete',
      target: { kind: 'category', id: categoryId, label: labelOf(current) },
      before: { name: current.name, group: current.groupName, isActive: true },
      after: { isActive: false },
      state: 'started',
    });
    const outcome = await deps.categories.applyChange({
      groups: [{ group, readVersion: group.version }],
      putCategories: [removed, ...renumbered(membersOf(taxonomy, group.groupId).filter((member) => member.categoryId !== categoryId))],
      deleteCategories: [],
      audit,
    });
    return outcome === 'conflict' ? outcome : true;
  });
  return finishDeletion(deps, categoryId);
}

/**
 * A group's categories in the order given: every active one exactly once. Written with the group's version,
 * so two admins reordering at once take turns and the orders stay 1..n without gaps or repeats.
 */
export async function reorderCategories(
  deps: AdminCategoriesDeps,
  caller: AuthorizedCaller,
  groupId: string,
  input: { categoryIds: readonly string[] },
): Promise<AdminCategoryGroup> {
  const actor = actorOf(caller);
  const result = await withTurns(deps, async (taxonomy) => {
    const group = activeGroup(taxonomy, groupId);
    if (!group) throw new NotFoundError(M.groupNotFound);
    const members = membersOf(taxonomy, groupId);
    const byId = new Map(members.map((member) => [member.categoryId, member]));
    const asked = new Set(input.categoryIds);
    if (asked.size !== input.categoryIds.length || asked.size !== members.length || !input.categoryIds.every((id) => byId.has(id)))
      invalid('categoryIds', M.orderMismatch);
    const ordered = input.categoryIds.map((id) => byId.get(id)!);
    const audit = auditRecord(deps, actor, {
      action: 'category.reorder',
      target: { kind: 'category', id: groupId, label: group.name },
      before: { order: members.map((member) => member.name) },
      after: { order: ordered.map((member) => member.name) },
    });
    const outcome = await deps.categories.applyChange({
      groups: [{ group, readVersion: group.version }],
      putCategories: renumbered(ordered),
      deleteCategories: [],
      audit,
    });
    return outcome === 'conflict' ? outcome : { group, ordered: ordered.map((member, index) => ({ ...member, displayOrder: index + 1 })) };
  });
  await deps.publicCache.purge(PUBLIC_COPIES.categories());
  const counts = await readCounts(deps);
  return {
    id: result.group.groupId,
    name: result.group.name,
    displayOrder: result.group.displayOrder,
    categories: result.ordered.map((member) => view(member, counts)),
  };
}

/** The admin's screen carries on an unfinished provider update with this, a chunk per call. */
export async function continueProviderUpdates(deps: AdminCategoriesDeps, _caller: AuthorizedCaller, categoryId: string): Promise<AdminCategoryProviders> {
  const taxonomy = await deps.categories.listAll({ consistent: true });
  const category = taxonomy.categories.find((candidate) => candidate.categoryId === categoryId);
  if (!category) throw new NotFoundError(M.notFound);
  const progress = await updateProvidersFor(deps, categoryId);
  // The last chunk of a deletion's update finishes the deletion.
  if (progress.providersDone && !category.isActive) await completeDeletion(deps, categoryId);
  return { categoryId, ...progress };
}

/** A provider's selections with the stale texts replaced by the category's current one, or dropped once it is deleted. */
function rewritten(selections: readonly string[], stale: ReadonlySet<string>, replacement: string | undefined): string[] | undefined {
  if (!selections.some((selection) => stale.has(selection))) return undefined;
  return [...new Set(selections.flatMap((selection) => (stale.has(selection) ? (replacement ? [replacement] : []) : [selection])))];
}

async function updateProvider(
  deps: AdminCategoriesDeps,
  profile: ProfileRecord,
  stale: ReadonlySet<string>,
  replacement: string | undefined,
  now: Date,
): Promise<boolean> {
  const categories = rewritten(profile.categories, stale, replacement);
  const alertCategories = profile.jobAlerts ? rewritten(profile.jobAlerts.categories, stale, replacement) : undefined;
  if (!categories && !alertCategories) return false;
  if (categories) await deps.accounts.editProfile({ userId: profile.userId, set: { categories }, remove: [], updatedAt: now.toISOString() });
  if (alertCategories && profile.jobAlerts) {
    await deps.accounts.setNotificationSettings(
      profile.userId,
      { jobAlerts: { ...profile.jobAlerts, categories: alertCategories }, ...(profile.providerUpdates ? { providerUpdates: profile.providerUpdates } : {}) },
      now.toISOString(),
    );
  }
  await deps.directory.syncListing(profile.userId, now);
  return true;
}

/**
 * Walks the providers (the users index, a page at a time) replacing or removing the category's stale
 * selection texts on profiles and job alerts, their listings and counts following; the place it reached
 * is kept on the category, so a large update carries on over several calls. Jobs are not touched.
 */
async function updateProvidersFor(deps: AdminCategoriesDeps, categoryId: string): Promise<{ providersDone: boolean; providersUpdated: number }> {
  const started = deps.clock().getTime();
  const budget = deps.providerUpdateBudgetMs ?? DEFAULT_UPDATE_BUDGET_MS;
  let providersUpdated = 0;
  for (;;) {
    const taxonomy = await deps.categories.listAll({ consistent: true });
    const category = taxonomy.categories.find((candidate) => candidate.categoryId === categoryId);
    if (!category?.staleSelections?.length) return { providersDone: true, providersUpdated };
    const stale = new Set(category.staleSelections);
    const replacement = category.isActive ? selectionOf(category) : undefined;
    const page = await deps.admin.listUsers('provider', category.providersCursor, PROVIDER_PAGE);
    const profiles = page.userIds.length ? await deps.accounts.getProfiles(page.userIds) : new Map<string, ProfileRecord>();
    const now = deps.clock();
    for (const profile of profiles.values()) if (await updateProvider(deps, profile, stale, replacement, now)) providersUpdated += 1;
    const saved = await deps.categories.saveProvidersProgress(category, page.nextCursor ? { cursor: page.nextCursor } : 'done');
    // Edited again meanwhile: the edit's own run starts over with every stale text.
    if (!saved) return { providersDone: false, providersUpdated };
    if (!page.nextCursor) return { providersDone: true, providersUpdated };
    if (deps.clock().getTime() - started >= budget) return { providersDone: false, providersUpdated };
  }
}
