import {
  ADMIN_REASON_CODES,
  shownCount,
  TRANSPARENCY_DAYS,
  TRANSPARENCY_FIGURES,
  TRANSPARENCY_FIGURES_BY_REASON,
  TRANSPARENCY_MONTHS,
  TRANSPARENCY_SMALLEST_SHOWN,
  type TransparencyPeriod,
  type TransparencyPeriodFigures,
  type TransparencyResponse,
} from '@solutionz/shared';
import { ukDay } from '../../data/admin';
import type { TransparencyRepository } from '../../data/transparency-repository';
import type { StoredCounts } from '../../data/transparency';

export interface TransparencyDeps {
  readonly transparency: TransparencyRepository;
  readonly clock: () => Date;
}

const DAY_MS = 86_400_000;

/** The UK day `days` before `day` (yyyy-mm-dd), counted on the calendar. */
const daysBefore = (day: string, days: number) => new Date(Date.parse(`${day}T00:00:00Z`) - days * DAY_MS).toISOString().slice(0, 10);

/** The months from `count - 1` before `month` (yyyy-mm) to it, oldest first. */
function monthsEndingWith(month: string, count: number): string[] {
  const [year, number] = month.split('-').map(Number) as [number, number];
  return Array.from({ length: count }, (_, index) => {
    const at = new Date(Date.UTC(year, number - 1 - (count - 1 - index), 1));
    return at.toISOString().slice(0, 7);
  });
}

const byReason = new Set<string>(TRANSPARENCY_FIGURES_BY_REASON);

/** Adds up counter items into one figure each; `resolveBuckets` are the resolved reports' times. */
function sum(items: readonly StoredCounts[]) {
  const totals = new Map(TRANSPARENCY_FIGURES.map((figure) => [figure, { count: 0, reasons: new Map<string, number>(), resolveBuckets: [] as number[] }]));
  for (const item of items) {
    const total = totals.get(item.figure)!;
    total.count += item.count;
    for (const [reason, count] of Object.entries(item.reasons)) total.reasons.set(reason, (total.reasons.get(reason) ?? 0) + count);
    item.resolveBuckets.forEach((count, index) => (total.resolveBuckets[index] = (total.resolveBuckets[index] ?? 0) + count));
  }
  return totals;
}

/**
 * The bucket the median resolve time falls in (the lower median: the bucket of the ⌈n/2⌉-th shortest), or
 * null when fewer resolutions than the smallest count shown are behind it.
 */
function medianBucket(buckets: readonly number[]): number | null {
  const total = buckets.reduce((a, b) => a + b, 0);
  if (total < TRANSPARENCY_SMALLEST_SHOWN) return null;
  const middle = Math.ceil(total / 2);
  let seen = 0;
  for (const [index, count] of buckets.entries()) {
    seen += count;
    if (seen >= middle) return index;
  }
  return null;
}

function periodFigures(period: TransparencyPeriod, from: string | null, to: string, items: readonly StoredCounts[]): TransparencyPeriodFigures {
  const totals = sum(items);
  return {
    period,
    from,
    to,
    figures: TRANSPARENCY_FIGURES.map((figure) => {
      const total = totals.get(figure)!;
      return {
        figure,
        count: shownCount(total.count),
        ...(byReason.has(figure) ? { byReason: ADMIN_REASON_CODES.map((reason) => ({ reason, count: shownCount(total.reasons.get(reason) ?? 0) })) } : {}),
      };
    }),
    medianResolveBucket: medianBucket(totals.get('report.resolved')!.resolveBuckets),
  };
}

/**
 * The moderation figures of the last 30 UK days, of this UK month and the 11 before it (also month by month)
 * and of all time: three Queries of counter items whose number depends on the figures and the periods, never
 * on how many events there were. Every count passes through `shownCount`, so 1 to 4 leave as "fewer than 5".
 */
export async function transparencyFigures(deps: TransparencyDeps): Promise<TransparencyResponse> {
  const now = deps.clock();
  const today = ukDay(now);
  const firstDay = daysBefore(today, TRANSPARENCY_DAYS - 1);
  const months = monthsEndingWith(today.slice(0, 7), TRANSPARENCY_MONTHS);
  const [days, monthly, allTime] = await Promise.all([
    deps.transparency.days(firstDay, today),
    deps.transparency.months(months[0]!, months.at(-1)!),
    deps.transparency.allTime(),
  ]);
  return {
    asOf: now.toISOString(),
    periods: [
      periodFigures('last30Days', firstDay, today, days),
      periodFigures('last12Months', `${months[0]!}-01`, today, monthly),
      periodFigures('allTime', null, today, allTime),
    ],
    months: months.map((month) => {
      const totals = sum(monthly.filter((item) => item.at === month));
      return { month, figures: TRANSPARENCY_FIGURES.map((figure) => ({ figure, count: shownCount(totals.get(figure)!.count) })) };
    }),
  };
}
