import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { SECURITY_MESSAGES, type AdminAuditAction, type AdminAuditTargetKind, type AdminReasonCode, type TransparencyFigure } from '@solutionz/shared';
import type { ProfileRecord } from './account-repository';
import { listBucket, searchWords, syncUserIndex, wordBucket } from './user-index';
import { countedAccounts, STAT, ukMonth, usersListIndex, type DailyFigure } from './admin';
import { nameWords, wordItem, type BusinessRecord } from './business-repository';
import { pageBelow } from './raw-commands';
import { createTableStore } from './table-store';
import { decodeTimeCursor, encodeTimeCursor, InvalidCursorError } from './time-cursor';
import { conflictPause, isConditionFailure, MAX_CONFLICT_RETRIES } from './write-outcomes';
import { figureEventsOfAudit, type FigureEvent } from './transparency';
import { transparencyWrites } from './transparency-repository';

/** The changed fields of an audited action, as they were and as they became. */
export type AuditSnapshot = Record<string, string | number | boolean | null | string[]>;

export interface AuditRecord {
  readonly auditId: string;
  readonly at: string;
  readonly actorId: string;
  /** Only on entries written before names were looked up when read; erasure removes it. */
  readonly actorName?: string;
  readonly action: AdminAuditAction;
  readonly targetKind: AdminAuditTargetKind;
  readonly targetId: string;
  /** What a target that is not a person was called at the time (older entries: people too, until erasure). */
  readonly targetLabel?: string;
  readonly before: AuditSnapshot | null;
  readonly after: AuditSnapshot | null;
  readonly reason: { readonly code: AdminReasonCode; readonly note: string } | null;
  /** `started`: a destructive action of many steps that has not finished yet. Absent: completed when written. */
  readonly state?: 'started' | 'completed';
}

/** The dashboard's figures as the writes keep them. */
interface AdminStats {
  readonly businesses: number;
  readonly listedProviders: number;
  readonly businessesThisMonth: number;
  readonly pendingFeedback: number;
  readonly approvedFeedback: number;
  readonly openReports: number;
  readonly providers: number;
  readonly clients: number;
}

/** A UK day's figures as the writes keep them. */
interface AdminDayFigures {
  readonly day: string;
  readonly signups: number;
  readonly jobs: number;
}

/** Adds to a day's figure outside any transaction: bulk loading only. */
export async function addToDay(client: DynamoDBDocumentClient, tableName: string, day: string, figure: DailyFigure, delta: number): Promise<void> {
  await bulkStore(client, tableName)
    .entities.adminDay.update({ day })
    .add({ [figure]: delta })
    .go({ response: 'none' });
}

/** Adds to a counter outside any transaction: bulk loading only, which writes without conditions anyway. */
export async function addToStat(client: DynamoDBDocumentClient, tableName: string, name: string, delta: number): Promise<void> {
  await bulkStore(client, tableName).entities.adminStat.update({ name }).add({ count: delta }).go({ response: 'none' });
}

/** A bulk load's addition to one transparency counter item (counterChangesAt merges them). */
export async function addToTransparency(
  client: DynamoDBDocumentClient,
  tableName: string,
  { period, figure, add }: { period: string; figure: TransparencyFigure; add: Record<string, number> },
): Promise<void> {
  await bulkStore(client, tableName).entities.transparencyCount.update({ period, figure }).add(add).go({ response: 'none' });
}

/**
 * The table store of the bulk loads' counter writes, made once per client and table: making one builds
 * every entity, ~250 ms of CPU on a busy machine, which a bulk load's hundreds of day counters each paid.
 */
const bulkStores = new WeakMap<DynamoDBDocumentClient, Map<string, ReturnType<typeof createTableStore>>>();
function bulkStore(client: DynamoDBDocumentClient, tableName: string): ReturnType<typeof createTableStore> {
  const byTable = bulkStores.get(client) ?? new Map<string, ReturnType<typeof createTableStore>>();
  bulkStores.set(client, byTable);
  const store = byTable.get(tableName) ?? createTableStore(client, tableName);
  byTable.set(tableName, store);
  return store;
}

// ── The users index ─────────────────────────────────────────────────────────────────────────────

/** A page of the users table: the ids in order and where the next page starts. */
interface UserIdPage {
  readonly userIds: string[];
  readonly nextCursor?: string;
}

/** Query pages a search reads at most for one answer page (words that other typed words reject cost reads). */
const MAX_SEARCH_READS = 10;

function encodePosition(position: string): string {
  return Buffer.from(JSON.stringify(['w', position])).toString('base64url');
}

function decodePosition(cursor: string): string {
  try {
    const parsed: unknown = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
    if (Array.isArray(parsed) && parsed.length === 2 && parsed[0] === 'w' && typeof parsed[1] === 'string' && parsed[1].includes('#')) return parsed[1];
  } catch (error) {
    throw new InvalidCursorError('The cursor is not one of ours', { cause: error });
  }
  throw new InvalidCursorError('The cursor is not one of ours');
}

// ── The repository ──────────────────────────────────────────────────────────────────────────────

/** What an admin changes on a profile, and what the profile must still say for the change to apply. */
export interface AdminProfileChange {
  readonly userId: string;
  /**
   * The acting admin, who must still be an active admin when the change is written (a condition of the same
   * transaction): of two admins removing each other at once, one goes first and the other's change fails.
   */
  readonly actorId?: string;
  readonly expect: Partial<Pick<ProfileRecord, 'isActive' | 'isVisible' | 'accountType' | 'firstName' | 'lastName'>>;
  readonly set: Partial<Pick<ProfileRecord, 'isActive' | 'isVisible' | 'accountType' | 'firstName' | 'lastName' | 'sessionsValidAfter'>> & {
    readonly updatedAt: string;
  };
  readonly audit: AuditRecord;
}

interface UnclaimedProvider {
  readonly profile: Omit<ProfileRecord, 'email' | 'isActive' | 'isVisible' | 'mfaEnabled' | 'subscriptionTier' | 'cancelAtPeriodEnd'>;
  readonly business: BusinessRecord & { readonly createdAt: string };
  readonly audit: AuditRecord;
}

interface AuditPage {
  readonly entries: AuditRecord[];
  readonly nextCursor?: string;
}

export interface AdminRepository {
  stats(now: Date): Promise<AdminStats>;
  /** Providers, listed or not, per category selection text (`Group`, `Group > Sub`), kept by the users index's sync. */
  providersPerCategory(): Promise<Record<string, number>>;
  /** The kept figures of the UK days from `from` to `to` (yyyy-mm-dd, inclusive); days without any are absent. */
  days(from: string, to: string): Promise<AdminDayFigures[]>;
  /** The audit trail newest first, or the entries about one target; throws InvalidCursorError for a cursor it did not make. */
  auditPage(page: { cursor?: string; targetId?: string; limit: number }): Promise<AuditPage>;
  /** Every entry an admin made (their data export). */
  auditByActor(actorId: string): Promise<AuditRecord[]>;
  /**
   * Erasure: the names older entries stored of the person (as actor, as target, and the name fields of the
   * snapshots of changes made to them) go; their id stays, and entries that hold none are not written.
   */
  forgetAuditNames(userId: string): Promise<void>;
  /** The newest entry of `action` about the target that is still `started`, if there is one. */
  unfinishedAudit(targetId: string, action: AdminAuditAction): Promise<AuditRecord | undefined>;
  /** Marks a started entry completed; one completed already (by a concurrent retry) is left as it is. */
  completeAudit(entry: Pick<AuditRecord, 'at' | 'auditId'>): Promise<void>;
  /** Brings the person's index entries in line with their profile as stored now (none when it is gone). */
  syncUserIndex(userId: string): Promise<void>;
  /** Users newest first, in a scope (`all` or an account type). */
  listUsers(scope: string, cursor: string | undefined, limit: number): Promise<UserIdPage>;
  /** Users with a word starting with each typed word, by the longest typed word's order. */
  searchUsers(scope: string, text: string, cursor: string | undefined, limit: number): Promise<UserIdPage>;
  /**
   * Changes the profile if it still says `expect`, with the audit entry in the same transaction:
   * 'changed', 'stale' (it says something else now), 'gone', or 'actorChanged' (the acting admin is no
   * longer an active admin).
   */
  changeProfile(change: AdminProfileChange): Promise<'changed' | 'stale' | 'gone' | 'actorChanged'>;
  /** Profile, business with its search words, counters and audit entry: all or nothing. */
  createUnclaimedProvider(provider: UnclaimedProvider): Promise<void>;
  /** An audit entry on its own (actions whose change is not one transaction: erasure). */
  recordAudit(audit: AuditRecord): Promise<void>;
}

function toAudit(item: {
  auditId: string;
  at: string;
  actorId: string;
  actorName?: string | undefined;
  action: AdminAuditAction;
  targetKind: AdminAuditTargetKind;
  targetId: string;
  targetLabel?: string | undefined;
  before?: string | undefined;
  after?: string | undefined;
  reasonCode?: AdminReasonCode | undefined;
  reasonNote?: string | undefined;
  state?: 'started' | 'completed' | undefined;
}): AuditRecord {
  return {
    auditId: item.auditId,
    at: item.at,
    actorId: item.actorId,
    ...(item.actorName !== undefined ? { actorName: item.actorName } : {}),
    action: item.action,
    targetKind: item.targetKind,
    targetId: item.targetId,
    ...(item.targetLabel !== undefined ? { targetLabel: item.targetLabel } : {}),
    before: item.before ? (JSON.parse(item.before) as AuditSnapshot) : null,
    after: item.after ? (JSON.parse(item.after) as AuditSnapshot) : null,
    reason: item.reasonCode ? { code: item.reasonCode, note: item.reasonNote ?? '' } : null,
    ...(item.state ? { state: item.state } : {}),
  };
}

/** The audit entry's attributes as stored. */
export function auditAttributes(audit: AuditRecord) {
  return {
    auditId: audit.auditId,
    at: audit.at,
    actorId: audit.actorId,
    action: audit.action,
    targetKind: audit.targetKind,
    targetId: audit.targetId,
    ...(audit.targetLabel !== undefined ? { targetLabel: audit.targetLabel } : {}),
    ...(audit.state ? { state: audit.state } : {}),
    ...(audit.before ? { before: JSON.stringify(audit.before) } : {}),
    ...(audit.after ? { after: JSON.stringify(audit.after) } : {}),
    ...(audit.reason ? { reasonCode: audit.reason.code, reasonNote: audit.reason.note } : {}),
  };
}

type WriteCallback = Parameters<ReturnType<typeof createTableStore>['transaction']['write']>[0];

/**
 * The audit entry's write with the transparency counters its action moves (and `events` besides), for the
 * transaction of the change it records: the figures count exactly the changes that happened.
 */
export function auditWrites(entities: Parameters<WriteCallback>[0], audit: AuditRecord, events: readonly FigureEvent[] = []): ReturnType<WriteCallback> {
  return [entities.auditEntry.create(auditAttributes(audit)).commit(), ...transparencyWrites(entities, [...figureEventsOfAudit(audit), ...events], audit.at)];
}

export function createAdminRepository(client: DynamoDBDocumentClient, tableName: string): AdminRepository {
  const store = createTableStore(client, tableName);
  const { adminStat, adminDay, auditEntry, userIndexEntry, profile: profiles } = store.entities;

  /** What erasing `userId` takes out of one entry: stored names only; nothing when it holds none. */
  function namesOf(entry: AuditRecord, userId: string): { set: { before?: string; after?: string }; remove: ('actorName' | 'targetLabel')[] } | undefined {
    const named = (snapshot: AuditSnapshot | null) =>
      Boolean(snapshot && Object.entries(snapshot).some(([key, value]) => /name/i.test(key) && value !== SECURITY_MESSAGES.deletedUserName));
    const scrub = (snapshot: AuditSnapshot) =>
      JSON.stringify(Object.fromEntries(Object.entries(snapshot).map(([key, value]) => [key, /name/i.test(key) ? SECURITY_MESSAGES.deletedUserName : value])));
    const about = entry.targetId === userId;
    const set = {
      ...(about && named(entry.before) ? { before: scrub(entry.before!) } : {}),
      ...(about && named(entry.after) ? { after: scrub(entry.after!) } : {}),
    };
    const remove = [
      ...(entry.actorId === userId && entry.actorName !== undefined ? (['actorName'] as const) : []),
      ...(about && entry.targetLabel !== undefined ? (['targetLabel'] as const) : []),
    ];
    return Object.keys(set).length || remove.length ? { set, remove } : undefined;
  }

  const repository: AdminRepository = {
    async providersPerCategory() {
      const { data } = await adminStat.query.byName({}).begins({ name: STAT.providersWithPrefix }).go({ pages: 'all' });
      return Object.fromEntries(data.filter((item) => item.count > 0).map((item) => [item.name.slice(STAT.providersWithPrefix.length), item.count]));
    },

    async stats(now) {
      const { data } = await adminStat.query.byName({}).go({ pages: 'all' });
      const count = (name: string) => Math.max(0, data.find((item) => item.name === name)?.count ?? 0);
      return {
        businesses: count(STAT.businesses),
        listedProviders: count(STAT.listedProviders),
        businessesThisMonth: count(STAT.businessesIn(ukMonth(now))),
        pendingFeedback: count(STAT.pendingFeedback),
        approvedFeedback: count(STAT.approvedFeedback),
        openReports: count(STAT.openReports),
        providers: count(STAT.accounts('provider')),
        clients: count(STAT.accounts('client')),
      };
    },

    async days(from, to) {
      const { data } = await adminDay.query.byDay({}).between({ day: from }, { day: to }).go({ pages: 'all' });
      return data.map((item) => ({ day: item.day, signups: Math.max(0, item.signups ?? 0), jobs: Math.max(0, item.jobs ?? 0) }));
    },

    async auditPage({ cursor, targetId, limit }) {
      const below = cursor === undefined ? undefined : decodeTimeCursor(cursor);
      const query = targetId ? auditEntry.query.byTarget({ targetId }) : auditEntry.query.newest({});
      const ranged = below ? query.lt({ at: below.at, auditId: below.id }) : query;
      const { data } = await ranged.go({ order: 'desc', limit: limit + 1 });
      const entries = data.slice(0, limit).map(toAudit);
      return data.length > limit ? { entries, nextCursor: encodeTimeCursor(entries.at(-1)!.at, entries.at(-1)!.auditId) } : { entries };
    },

    async auditByActor(actorId) {
      const { data } = await auditEntry.query.byActor({ actorId }).go({ pages: 'all', order: 'desc' });
      return data.map(toAudit);
    },

    async forgetAuditNames(userId) {
      const [{ data: asActor }, { data: asTarget }] = await Promise.all([
        auditEntry.query.byActor({ actorId: userId }).go({ pages: 'all' }),
        auditEntry.query.byTarget({ targetId: userId }).go({ pages: 'all' }),
      ]);
      const byId = new Map([...asActor, ...asTarget].map((item) => [item.auditId, toAudit(item)]));
      for (const entry of byId.values()) {
        const names = namesOf(entry, userId);
        if (!names) continue;
        // An empty `set` or `remove` adds nothing to the update.
        await auditEntry.patch({ at: entry.at, auditId: entry.auditId }).set(names.set).remove(names.remove).go({ response: 'none' });
      }
    },

    async unfinishedAudit(targetId, action) {
      const { data } = await auditEntry.query
        .byTarget({ targetId })
        .where((attr, op) => `${op.eq(attr.action, action)} AND ${op.eq(attr.state, 'started')}`)
        .go({ pages: 'all', order: 'desc' });
      return data[0] ? toAudit(data[0]) : undefined;
    },

    async completeAudit({ at, auditId }) {
      try {
        await auditEntry
          .patch({ at, auditId })
          .set({ state: 'completed' })
          .where((attr, op) => op.eq(attr.state, 'started'))
          .go({ response: 'none' });
      } catch (error) {
        if (!isConditionFailure(error)) throw error;
      }
    },

    syncUserIndex: (userId) => syncUserIndex(store, userId),

    async listUsers(scope, cursor, limit) {
      const below = cursor === undefined ? undefined : decodeTimeCursor(cursor);
      const list = usersListIndex(listBucket(scope));
      const items = await pageBelow(client, tableName, list, below ? list.position(below.at, below.id) : undefined, limit);
      const userIds = items.slice(0, limit).map((item) => item.userId as string);
      if (items.length <= limit) return { userIds };
      const [createdAt, userId] = splitPosition(items[limit - 1]![list.sortKey] as string);
      return { userIds, nextCursor: encodeTimeCursor(createdAt, userId) };
    },

    async searchUsers(scope, text, cursor, limit) {
      const typed = [...new Set(searchWords(text))];
      if (typed.length === 0) return repository.listUsers(scope, cursor, limit);
      const key = typed.reduce((a, b) => (b.length > a.length ? b : a));
      const others = typed.filter((word) => word !== key);
      let after = cursor === undefined ? undefined : decodePosition(cursor);
      if (after !== undefined && !after.startsWith(key)) throw new InvalidCursorError('The cursor belongs to another search');
      // A person with two words starting with the key is found once, by the first of them, and only when
      // every other typed word starts one of their words too.
      const accepts = (entry: { position: string; words: string[] }) =>
        splitPosition(entry.position)[0] === entry.words.filter((word) => word.startsWith(key)).sort()[0] &&
        others.every((other) => entry.words.some((word) => word.startsWith(other)));
      const found: string[] = [];
      let lastShown: string | undefined;
      for (let read = 0; read < MAX_SEARCH_READS; read++) {
        const { data } = await userIndexEntry.query
          .search({ bucket: wordBucket(scope, key) })
          .between({ position: after ?? key }, { position: `${key}~` })
          .go({ limit: limit + 1 });
        for (const entry of data) {
          if (entry.position === after || !accepts(entry)) continue;
          if (found.length === limit) return { userIds: found, nextCursor: encodePosition(lastShown!) };
          found.push(entry.userId);
          lastShown = entry.position;
        }
        if (data.length < limit + 1) return { userIds: found };
        after = data.at(-1)!.position;
      }
      // Words the other typed words reject cost reads: after so many, the page ends here and the next resumes.
      return { userIds: found, nextCursor: encodePosition(after!) };
    },

    async changeProfile({ userId, actorId, expect, set, audit }) {
      const retyped = set.accountType !== undefined && expect.accountType !== undefined && set.accountType !== expect.accountType;
      // Another transaction on the same items at the same moment (two admins removing each other) cancels
      // this one as a conflict: it is tried again, and then finds what the other one wrote.
      for (let attempt = 1; ; attempt++) {
        const result = await store.transaction
          .write((entities) => [
            // First, so that its cancellation reason is found at the front.
            ...(actorId
              ? [
                  entities.profile
                    .check({ userId: actorId })
                    .where((attr, op) => `${op.eq(attr.accountType, 'admin')} AND ${op.eq(attr.isActive, true)}`)
                    .commit(),
                ]
              : []),
            ...(retyped
              ? [
                  ...countedAccounts(expect.accountType!).map((name) => entities.adminStat.update({ name }).add({ count: -1 }).commit()),
                  ...countedAccounts(set.accountType!).map((name) => entities.adminStat.update({ name }).add({ count: 1 }).commit()),
                ]
              : []),
            entities.profile
              .patch({ userId })
              .set(set)
              .where(
                (attr, op) =>
                  Object.entries(expect)
                    .map(([name, value]) => op.eq(attr[name as keyof typeof expect] as never, value))
                    .join(' AND ') || op.exists(attr.userId),
              )
              .commit(),
            ...auditWrites(entities, audit),
          ])
          .go();
        if (!result.canceled) {
          if (set.firstName !== undefined || set.lastName !== undefined || set.accountType !== undefined) await syncUserIndex(store, userId);
          return 'changed';
        }
        const codes = (result.data as { code: string }[]).map((item) => item.code);
        if (actorId && codes[0] === 'ConditionalCheckFailed') return 'actorChanged';
        if (!codes.includes('ConditionalCheckFailed')) {
          if (codes.includes('TransactionConflict') && attempt < MAX_CONFLICT_RETRIES) {
            await conflictPause(attempt);
            continue;
          }
          throw new Error(`The admin change of ${userId} was cancelled: ${codes.join(', ')}`);
        }
        const { data } = await profiles.get({ userId }).go({ consistent: true, attributes: ['userId'] });
        return data ? 'stale' : 'gone';
      }
    },

    async createUnclaimedProvider({ profile, business, audit }) {
      const result = await store.transaction
        .write(({ profile: newProfiles, business: businesses, businessWord: words, adminStat: stats, auditEntry: entries, adminBusiness: adminBusinesses }) => [
          newProfiles
            .create({ ...profile, email: '', categories: [...profile.categories], ...(profile.skills ? { skills: [...profile.skills] } : {}) })
            .commit(),
          businesses
            .create({
              businessId: business.businessId,
              businessName: business.businessName,
              ownerUserId: profile.userId,
              createdAt: business.createdAt,
              ...(business.businessEmail ? { businessEmail: business.businessEmail } : {}),
            })
            .commit(),
          ...nameWords(business.businessName).map((word) => words.put(wordItem(word, business)).commit()),
          adminBusinesses.create({ businessId: business.businessId, createdAt: business.createdAt }).commit(),
          stats.update({ name: STAT.businesses }).add({ count: 1 }).commit(),
          stats
            .update({ name: STAT.businessesIn(ukMonth(business.createdAt)) })
            .add({ count: 1 })
            .commit(),
          stats
            .update({ name: STAT.accounts('provider') })
            .add({ count: 1 })
            .commit(),
          entries.create(auditAttributes(audit)).commit(),
        ])
        .go();
      if (result.canceled)
        throw new Error(`The provider transaction was cancelled: ${(result.data as { code: string }[]).map((item) => item.code).join(', ')}`);
      await syncUserIndex(store, profile.userId);
    },

    async recordAudit(audit) {
      await auditEntry.create(auditAttributes(audit)).go({ response: 'none' });
    },
  };
  return repository;
}

function splitPosition(position: string): [string, string] {
  const at = position.lastIndexOf('#');
  return [position.slice(0, at), position.slice(at + 1)];
}
