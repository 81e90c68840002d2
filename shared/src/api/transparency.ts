import { z } from 'zod';
import { ADMIN_REASON_CODES } from './admin-constants';
import { publicReads } from './public-reads';
import { defineRoute, type RouteSpec } from './route-types';

/**
 * The moderation figures the transparency page publishes. Each is a count of events, kept by the write that
 * makes the event in its own transaction (never worked out from the audit trail when the page is asked for).
 */
export const TRANSPARENCY_FIGURES = [
  'feedback.published',
  'feedback.removed',
  'report.received',
  'report.resolved',
  'account.deactivated',
  'account.hidden',
  'claim.approved',
  'claim.refused',
  'credential.verified',
  'credential.rejected',
  'credential.expired',
] as const;
export type TransparencyFigure = (typeof TRANSPARENCY_FIGURES)[number];

/** The figures an admin's reason breaks down. */
export const TRANSPARENCY_FIGURES_BY_REASON = ['feedback.removed', 'account.deactivated', 'account.hidden'] as const satisfies readonly TransparencyFigure[];

/** A count from 1 to this less one is published as "fewer than" this: small enough to point at one person. */
export const TRANSPARENCY_SMALLEST_SHOWN = 5;
/** The periods: the last 30 UK days (today included), this UK month and the 11 before it, all time. */
export const TRANSPARENCY_DAYS = 30;
export const TRANSPARENCY_MONTHS = 12;
const TRANSPARENCY_PERIODS = ['last30Days', 'last12Months', 'allTime'] as const;
export type TransparencyPeriod = (typeof TRANSPARENCY_PERIODS)[number];

/**
 * How long reports took to resolve, in fixed buckets (upper bounds in seconds; the last bucket has none): the
 * counters keep how many resolutions fell in each, and the median is told as the bucket it falls in.
 */
export const RESOLVE_TIME_BUCKETS = [
  { upTo: 3_600, label: 'under 1 hour' },
  { upTo: 4 * 3_600, label: '1 to 4 hours' },
  { upTo: 12 * 3_600, label: '4 to 12 hours' },
  { upTo: 86_400, label: '12 to 24 hours' },
  { upTo: 2 * 86_400, label: '1 to 2 days' },
  { upTo: 4 * 86_400, label: '2 to 4 days' },
  { upTo: 7 * 86_400, label: '4 to 7 days' },
  { upTo: 14 * 86_400, label: '1 to 2 weeks' },
  { upTo: 30 * 86_400, label: '2 to 4 weeks' },
  { upTo: null, label: 'over 4 weeks' },
] as const;

/** The bucket a resolution time falls in. */
export function resolveTimeBucket(seconds: number): number {
  const index = RESOLVE_TIME_BUCKETS.findIndex((bucket) => bucket.upTo !== null && seconds < bucket.upTo);
  return index === -1 ? RESOLVE_TIME_BUCKETS.length - 1 : index;
}

/** A published count: 0, at least TRANSPARENCY_SMALLEST_SHOWN, or "fewer than" it with no number at all. */
const shownCountSchema = z.union([
  z.object({
    value: z
      .number()
      .int()
      .refine((value) => value === 0 || value >= TRANSPARENCY_SMALLEST_SHOWN, 'A small count left the server'),
  }),
  z.object({ value: z.null(), fewerThan: z.literal(TRANSPARENCY_SMALLEST_SHOWN) }),
]);
export type ShownCount = z.infer<typeof shownCountSchema>;

/** The one place a count is made fit to publish. */
export function shownCount(count: number): ShownCount {
  return count > 0 && count < TRANSPARENCY_SMALLEST_SHOWN ? { value: null, fewerThan: TRANSPARENCY_SMALLEST_SHOWN } : { value: Math.max(0, count) };
}

/** A published count as the page and the CSV write it. */
export function shownCountText(count: ShownCount): string {
  return count.value === null ? `fewer than ${count.fewerThan}` : count.value.toLocaleString('en-GB');
}

const figureCountSchema = z.object({ figure: z.enum(TRANSPARENCY_FIGURES), count: shownCountSchema });

const periodFiguresSchema = z.object({
  period: z.enum(TRANSPARENCY_PERIODS),
  /** The first UK day counted (yyyy-mm-dd); null for all time. */
  from: z.string().nullable(),
  /** The last UK day counted, today. */
  to: z.string(),
  figures: z.array(figureCountSchema.extend({ byReason: z.array(z.object({ reason: z.enum(ADMIN_REASON_CODES), count: shownCountSchema })).optional() })),
  /** The bucket (index into RESOLVE_TIME_BUCKETS) of the median time to resolve a report; null when fewer than 5 were resolved. */
  medianResolveBucket: z
    .number()
    .int()
    .min(0)
    .max(RESOLVE_TIME_BUCKETS.length - 1)
    .nullable(),
});
export type TransparencyPeriodFigures = z.infer<typeof periodFiguresSchema>;

const transparencyResponseSchema = z.object({
  /** When the figures were read: the CDN keeps the answer a few minutes. */
  asOf: z.iso.datetime(),
  periods: z.array(periodFiguresSchema),
  /** Month by month, oldest first (yyyy-mm): the chart and the CSV. */
  months: z.array(z.object({ month: z.string(), figures: z.array(figureCountSchema) })),
});
export type TransparencyResponse = z.infer<typeof transparencyResponseSchema>;

/** What the page calls each figure and how it is counted (the CSV's column names are the titles). */
export const TRANSPARENCY_FIGURE_TEXT: Readonly<Record<TransparencyFigure, { title: string; counted: string }>> = {
  'feedback.published': {
    title: 'Feedback published',
    counted: 'Each piece of feedback a client published (feedback is published at once) and each one an administrator published again.',
  },
  'feedback.removed': {
    title: 'Feedback removed',
    counted: 'Each time an administrator unpublished or deleted feedback, by the reason they gave. Feedback unpublished and later deleted counts twice.',
  },
  'report.received': { title: 'Reports received', counted: 'Each report of a conversation a person sent to the moderators.' },
  'report.resolved': {
    title: 'Reports resolved',
    counted: 'Each report an administrator dismissed or acted on (stopped the person messaging, or deactivated their account).',
  },
  'account.deactivated': { title: 'Accounts deactivated', counted: 'Each time an administrator deactivated an account, by the reason they gave.' },
  'account.hidden': { title: 'Providers hidden', counted: 'Each time an administrator took a provider out of the directory, by the reason they gave.' },
  'claim.approved': { title: 'Business claims approved', counted: 'Each business claim an administrator approved after reviewing it.' },
  'claim.refused': { title: 'Business claims refused', counted: 'Each business claim an administrator refused.' },
  'credential.verified': { title: 'Credentials verified', counted: "Each provider's credential an administrator checked and verified." },
  'credential.rejected': { title: 'Credentials rejected', counted: "Each provider's credential an administrator rejected." },
  'credential.expired': { title: 'Credentials expired', counted: 'Each verified credential that reached its expiry date.' },
};

export const TRANSPARENCY_PERIOD_LABELS: Readonly<Record<TransparencyPeriod, string>> = {
  last30Days: 'Last 30 days',
  last12Months: 'Last 12 months',
  allTime: 'All time',
};

export const transparencyRoutes = {
  getTransparency: defineRoute({
    ...publicReads.getTransparency,
    area: 'admin',
    access: 'public',
    summary:
      'Moderation figures for the last 30 days, the last 12 months and all time, and month by month; counts from 1 to 4 are given as "fewer than 5", never as a number',
    response: transparencyResponseSchema,
    // The same for every visitor and never purged: the CDN keeps it 5 minutes, browsers not at all.
    cacheSeconds: 300,
    browserCacheSeconds: 0,
  }),
} as const satisfies Record<string, RouteSpec>;
