import { Entity } from 'electrodb';
import {
  ADMIN_REASON_CODES,
  RESOLVE_TIME_BUCKETS,
  resolveTimeBucket,
  TRANSPARENCY_FIGURES,
  type AdminAuditAction,
  type AdminReasonCode,
  type TransparencyFigure,
} from '@solutionz/shared';
import { ukDay, ukMonth } from './admin';
import { PARAMS_ONLY, pk, sk } from './key-templates';
import type { Item } from './raw-commands';

/**
 * The transparency page's counters: one item per figure and period, moved by `ADD` inside the transaction of
 * the event it counts (the same transaction as the admin's audit entry), so a cancelled change counts nothing
 * and the page reads a bounded number of items however many events there were.
 *   a UK day's   PK = TRANSPARENCY  SK = D<yyyy-mm-dd>#<figure>
 *   a UK month's PK = TRANSPARENCY  SK = M<yyyy-mm>#<figure>
 *   all time     PK = TRANSPARENCY  SK = ALL#<figure>
 *   "days from <a> to <b>": Query SK between D<a> and D<b>~ (at most 30 days x the figures);
 *   "months from <a> to <b>": the same with M; "all time": Query SK begins_with ALL#.
 * Beside `count`, a figure broken down by the admin's reason keeps one attribute per reason code
 * (`reason_<code>`), and the resolved reports one per resolve-time bucket (`resolve_<index>`).
 */
const REASON_ATTRIBUTES = ADMIN_REASON_CODES.map((code) => `reason_${code}` as const);
const RESOLVE_ATTRIBUTES = RESOLVE_TIME_BUCKETS.map((_bucket, index) => `resolve_${index}`);

const numbers = <const N extends string>(names: readonly N[]) =>
  Object.fromEntries(names.map((name) => [name, { type: 'number' }])) as Record<N, { type: 'number' }>;

export const transparencyCountEntity = new Entity({
  model: { entity: 'transparencyCount', version: '1', service: 'solutionz' },
  attributes: {
    period: { type: 'string', required: true, readOnly: true },
    figure: { type: TRANSPARENCY_FIGURES, required: true, readOnly: true },
    count: { type: 'number' },
    ...numbers(REASON_ATTRIBUTES),
    ...numbers(RESOLVE_ATTRIBUTES),
  },
  indexes: {
    byPeriod: { pk: pk('TRANSPARENCY', []), sk: sk('${period}#${figure}', ['period', 'figure']) },
  },
});

/** One event a figure counts: with the admin's reason where the figure is broken down by it, with the time taken for a resolved report. */
export interface FigureEvent {
  readonly figure: TransparencyFigure;
  readonly reason?: AdminReasonCode;
  readonly resolveSeconds?: number;
}

/** The audited admin actions each figure counts (a resolved report is counted with its time by the reports' own write). */
const AUDITED_FIGURES: Partial<Record<AdminAuditAction, TransparencyFigure>> = {
  'feedback.approve': 'feedback.published',
  'feedback.unapprove': 'feedback.removed',
  'feedback.delete': 'feedback.removed',
  'user.deactivate': 'account.deactivated',
  'user.hide': 'account.hidden',
  'claim.approve': 'claim.approved',
  'claim.refuse': 'claim.refused',
};

/** The figure events an audited action makes. */
export function figureEventsOfAudit(audit: { readonly action: AdminAuditAction; readonly reason: { readonly code: AdminReasonCode } | null }): FigureEvent[] {
  const figure = AUDITED_FIGURES[audit.action];
  return figure ? [{ figure, ...(audit.reason ? { reason: audit.reason.code } : {}) }] : [];
}

/** Period keys. */
export const dayPeriod = (day: string) => `D${day}`;
export const monthPeriod = (month: string) => `M${month}`;
export const ALL_TIME = 'ALL';
/** The upper bound of a range of periods that ends with `period` (every figure of it sorts below). */
export const throughPeriod = (period: string) => `${period}~`;

/** A counter item's change: its key and what to add to which attributes. */
interface CounterChange {
  readonly period: string;
  readonly figure: TransparencyFigure;
  readonly add: Record<string, number>;
}

/**
 * The counter changes of some events at a time: each event adds 1 to its figure's day, month and all-time
 * items (and to the reason's or bucket's attribute); events of one figure are merged into one change per
 * item, as a transaction may write an item once.
 */
export function counterChanges(events: readonly FigureEvent[], at: Date | string): CounterChange[] {
  const periods = [dayPeriod(ukDay(at)), monthPeriod(ukMonth(at)), ALL_TIME];
  const merged = new Map<string, CounterChange>();
  for (const event of events) {
    const attributes = [
      'count',
      ...(event.reason ? [`reason_${event.reason}`] : []),
      ...(event.resolveSeconds !== undefined ? [`resolve_${resolveTimeBucket(event.resolveSeconds)}`] : []),
    ];
    for (const period of periods) {
      const key = `${period}#${event.figure}`;
      const change = merged.get(key) ?? { period, figure: event.figure, add: {} };
      for (const attribute of attributes) change.add[attribute] = (change.add[attribute] ?? 0) + 1;
      merged.set(key, change);
    }
  }
  return [...merged.values()];
}

/** The counter changes of events that happened at different times, merged per item (a bulk load's, written once each). */
export function counterChangesAt(events: readonly (FigureEvent & { readonly at: Date | string })[]): CounterChange[] {
  const merged = new Map<string, CounterChange>();
  for (const { at, ...event } of events) {
    for (const { period, figure, add } of counterChanges([event], at)) {
      const key = `${period}#${figure}`;
      const into = merged.get(key) ?? { period, figure, add: {} };
      for (const [attribute, delta] of Object.entries(add)) into.add[attribute] = (into.add[attribute] ?? 0) + delta;
      merged.set(key, into);
    }
  }
  return [...merged.values()];
}

/** The counter changes of some events as raw transaction items (for the raw transactions of a business claim's move). */
export function transparencyUpdateItems(tableName: string, events: readonly FigureEvent[], at: Date | string) {
  return counterChanges(events, at).map(({ period, figure, add }) => {
    const { TableName: _unused, ...update } = transparencyCountEntity.update({ period, figure }).add(add).params<Record<string, unknown>>(PARAMS_ONLY);
    return { Update: { ...update, TableName: tableName } } as { Update: Item & { TableName: string; Key: Item; UpdateExpression: string } };
  });
}

/** A stored counter item as its figure's numbers: the count, by reason, by resolve-time bucket. */
export interface StoredCounts {
  /** The UK day (yyyy-mm-dd) or month (yyyy-mm) counted; empty for all time. */
  readonly at: string;
  readonly figure: TransparencyFigure;
  readonly count: number;
  readonly reasons: Partial<Record<AdminReasonCode, number>>;
  readonly resolveBuckets: number[];
}

export function storedCounts(item: Record<string, unknown> & { period: string; figure: TransparencyFigure }): StoredCounts {
  const number = (name: string) => (typeof item[name] === 'number' ? item[name] : 0);
  return {
    at: item.period === ALL_TIME ? '' : item.period.slice(1),
    figure: item.figure,
    count: number('count'),
    reasons: Object.fromEntries(ADMIN_REASON_CODES.filter((code) => number(`reason_${code}`) > 0).map((code) => [code, number(`reason_${code}`)])),
    resolveBuckets: RESOLVE_ATTRIBUTES.map(number),
  };
}
