import { Entity } from 'electrodb';
import { ADMIN_AUDIT_ACTIONS, ADMIN_AUDIT_STATES, ADMIN_AUDIT_TARGET_KINDS, ADMIN_REASON_CODES, type AccountType } from '@solutionz/shared';
import { gsi1, gsi2, gsi3, pagedIndex, PARAMS_ONLY, pk, sk } from './key-templates';
import type { Item } from './raw-commands';

/**
 * The admin console's items: the dashboard's counters, the audit trail and the users search index.
 * Every key format of these items is here and nowhere else.
 */

/**
 * One counter per dashboard figure, moved by `ADD` inside the transaction of the change it counts, so a
 * cancelled change moves nothing and concurrent changes add up.
 *   "a figure": GetItem PK = ADMINSTAT, SK = <name>; the dashboard reads all of them in one Query.
 * Names: businesses, listedProviders, pendingFeedback, approvedFeedback, businesses#<yyyy-mm> (UK month),
 * accounts#provider, accounts#client, openReports, providersWith#<category selection>.
 */
export const adminStatEntity = new Entity({
  model: { entity: 'adminStat', version: '1', service: 'solutionz' },
  attributes: {
    name: { type: 'string', required: true, readOnly: true },
    count: { type: 'number', required: true, default: 0 },
  },
  indexes: {
    byName: { pk: pk('ADMINSTAT', []), sk: sk('${name}', ['name']) },
  },
});

/**
 * The append-only audit trail: one item per admin action (or audited read), written with
 * attribute_not_exists in the transaction of the change. It names people by id only (their names are
 * looked up when it is read), so erasure leaves the ids and rewrites nothing but the names older entries
 * stored (AdminRepository.forgetAuditNames). No route deletes an entry; the one change an entry ever sees
 * is `state` going from `started` to `completed` when a destructive action of many steps finishes.
 *   "newest entries": Query PK = AUDIT, descending.
 *   "entries about one target": Query GSI1 PK = AUDIT_TARGET#<targetId>, descending.
 *   "entries by one admin" (their data export, erasure): Query GSI2 PK = AUDIT_ACTOR#<actorId>.
 */
export const auditEntryEntity = new Entity({
  model: { entity: 'auditEntry', version: '1', service: 'solutionz' },
  attributes: {
    auditId: { type: 'string', required: true, readOnly: true },
    at: { type: 'string', required: true, readOnly: true },
    actorId: { type: 'string', required: true, readOnly: true },
    /** Only on entries written before names were looked up when read. */
    actorName: { type: 'string' },
    action: { type: ADMIN_AUDIT_ACTIONS, required: true, readOnly: true },
    targetKind: { type: ADMIN_AUDIT_TARGET_KINDS, required: true, readOnly: true },
    targetId: { type: 'string', required: true, readOnly: true },
    /** What a target that is not a person was called at the time (older entries: people too). */
    targetLabel: { type: 'string' },
    /** Absent: completed when written. */
    state: { type: ADMIN_AUDIT_STATES },
    /** JSON of the changed fields before and after (never e-mail addresses or secrets). */
    before: { type: 'string' },
    after: { type: 'string' },
    reasonCode: { type: ADMIN_REASON_CODES },
    reasonNote: { type: 'string' },
  },
  indexes: {
    newest: { pk: pk('AUDIT', []), sk: sk('${at}#${auditId}', ['at', 'auditId']) },
    byTarget: gsi1('AUDIT_TARGET#${targetId}', ['targetId'], '${at}#${auditId}', ['at', 'auditId']),
    byActor: gsi2('AUDIT_ACTOR#${actorId}', ['actorId'], '${at}#${auditId}', ['at', 'auditId']),
  },
});

/**
 * The users table's index, kept by `syncUserIndex` after every write that changes a name, an address, the
 * business name or the account type (like the directory's listing), in one transaction with a version
 * on the head item so concurrent syncs of one user take turns.
 *   head                 PK = USER#<id>  SK = UIDX               version, the entries it wrote
 *   newest-first entry   GSI3 PK = UIDX#LIST#<scope>             SK = <createdAt>#<userId>
 *   word entry           GSI3 PK = UIDX#WORD#<scope>#<letter>    SK = <word>#<userId>   with every word of the user
 * scope is `all` or the account type, so the type filter is a key, not a filter. "users whose word starts
 * with <text>": Query GSI3 PK = UIDX#WORD#<scope>#<text[0]>, SK between <text> and <text>~.
 */
export const userIndexHeadEntity = new Entity({
  model: { entity: 'userIndexHead', version: '1', service: 'solutionz' },
  attributes: {
    userId: { type: 'string', required: true, readOnly: true },
    version: { type: 'number', required: true },
    /** The slots of the entries written, `<bucket>|<position>`. */
    slots: { type: 'list', items: { type: 'string' }, required: true },
    /** The category selections the person is counted under (STAT.providersWith), so a sync moves only the difference. */
    categories: { type: 'list', items: { type: 'string' } },
  },
  indexes: {
    byUser: { pk: pk('USER#${userId}', ['userId']), sk: sk('UIDX', []) },
  },
});

export const userIndexEntryEntity = new Entity({
  model: { entity: 'userIndexEntry', version: '1', service: 'solutionz' },
  attributes: {
    userId: { type: 'string', required: true, readOnly: true },
    bucket: { type: 'string', required: true, readOnly: true },
    position: { type: 'string', required: true, readOnly: true },
    words: { type: 'list', items: { type: 'string' }, required: true },
  },
  indexes: {
    byUser: { pk: pk('USER#${userId}', ['userId']), sk: sk('UIDX#${bucket}#${position}', ['bucket', 'position']) },
    search: gsi3('UIDX#${bucket}', ['bucket'], '${position}', ['position']),
  },
});

/** The newest-first list of a users index bucket. */
export const usersListIndex = (bucket: string) => pagedIndex(2, `UIDX#${bucket}`, '', (createdAt, userId) => `${createdAt}#${userId}`);

const PROVIDERS_WITH = 'providersWith#';

/** The names of the counters (the sort keys of their items). */
export const STAT = {
  businesses: 'businesses',
  listedProviders: 'listedProviders',
  pendingFeedback: 'pendingFeedback',
  approvedFeedback: 'approvedFeedback',
  /** Conversation reports awaiting an admin (message-reports.ts). */
  openReports: 'openReports',
  /** Businesses created in a UK month, yyyy-mm. */
  businessesIn: (month: string) => `businesses#${month}`,
  feedback: (approved: boolean) => (approved ? 'approvedFeedback' : 'pendingFeedback'),
  /** Accounts of a type (providers, clients), moved by sign-up, an admin's type change and erasure. */
  accounts: (accountType: 'provider' | 'client') => `accounts#${accountType}`,
  /**
   * Providers, listed or not, whose profile has a category selection (`Group` or `Group > Sub`), moved by the users
   * index's sync (user-index.ts) in its own transaction; `providersWithPrefix` starts every one of them.
   */
  providersWith: (selection: string) => `${PROVIDERS_WITH}${selection}`,
  providersWithPrefix: PROVIDERS_WITH,
} as const;

const UK_MONTH = new Intl.DateTimeFormat('en-GB', { timeZone: 'Europe/London', year: 'numeric', month: '2-digit' });

/** The UK calendar month of a time, yyyy-mm. */
export function ukMonth(at: Date | string): string {
  const parts = UK_MONTH.formatToParts(typeof at === 'string' ? new Date(at) : at);
  return `${parts.find((part) => part.type === 'year')!.value}-${parts.find((part) => part.type === 'month')!.value}`;
}

/** The counter an account of this type is counted in (admins are not counted). */
export function countedAccounts(accountType: AccountType): string[] {
  return accountType === 'admin' ? [] : [STAT.accounts(accountType)];
}

const UK_DAY = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/London', year: 'numeric', month: '2-digit', day: '2-digit' });

/** The UK calendar day of a time, yyyy-mm-dd. */
export function ukDay(at: Date | string): string {
  return UK_DAY.format(typeof at === 'string' ? new Date(at) : at);
}

/**
 * The analytics' per-day aggregates: one item per UK day, its figures moved by `ADD` inside the transaction
 * of the write they count (a sign-up, a job posted), so the 30-day series is one Query of 30 items.
 *   "days from <a> to <b>": Query PK = ADMINDAY, SK between <a> and <b> (yyyy-mm-dd).
 */
export const adminDayEntity = new Entity({
  model: { entity: 'adminDay', version: '1', service: 'solutionz' },
  attributes: {
    day: { type: 'string', required: true, readOnly: true },
    signups: { type: 'number' },
    jobs: { type: 'number' },
  },
  indexes: {
    byDay: { pk: pk('ADMINDAY', []), sk: sk('${day}', ['day']) },
  },
});

export type DailyFigure = 'signups' | 'jobs';

/** A day's figure change as one raw transaction item (for the raw transactions of the job board). */
export function dayUpdateItem(tableName: string, at: Date | string, figure: DailyFigure, delta: number) {
  const { TableName: _unused, ...update } = adminDayEntity
    .update({ day: ukDay(at) })
    .add({ [figure]: delta })
    .params<Record<string, unknown>>(PARAMS_ONLY);
  return { Update: { ...update, TableName: tableName } } as { Update: Item & { TableName: string; Key: Item; UpdateExpression: string } };
}

/** A counter's change as one raw transaction item (for the directory's raw transactions). */
export function statUpdateItem(tableName: string, name: string, delta: number) {
  const { TableName: _unused, ...update } = adminStatEntity.update({ name }).add({ count: delta }).params<Record<string, unknown>>(PARAMS_ONLY);
  return { Update: { ...update, TableName: tableName } } as { Update: Item & { TableName: string; Key: Item; UpdateExpression: string } };
}

/**
 * The businesses admins created, kept as a list so /admin/businesses pages them without a Scan: one item
 * each, written in the business's own transaction.
 *   "admin-created businesses, newest first": Query PK = ADMIN_BUSINESSES, SK < <createdAt>#<businessId>, descending.
 */
export const adminBusinessEntity = new Entity({
  model: { entity: 'adminBusiness', version: '1', service: 'solutionz' },
  attributes: {
    businessId: { type: 'string', required: true, readOnly: true },
    createdAt: { type: 'string', required: true, readOnly: true },
  },
  indexes: {
    newest: { pk: pk('ADMIN_BUSINESSES', []), sk: sk('${createdAt}#${businessId}', ['createdAt', 'businessId']) },
  },
});
