import { ADMIN_REASON_CODES, shownCount, TRANSPARENCY_FIGURES, TRANSPARENCY_FIGURES_BY_REASON, type TransparencyResponse } from '@solutionz/shared';
import { VISUAL_NOW } from './visual-data';

/** Each figure's count in the last 30 days, the last 12 months and all time: large, small ("fewer than 5") and none. */
// prettier-ignore
const COUNTS: Record<string, readonly [number, number, number]> = {
  'feedback.published': [214, 2_480, 5_903], 'feedback.removed': [12, 131, 388], 'report.received': [9, 96, 240], 'report.resolved': [7, 90, 233],
  'account.deactivated': [3, 27, 61], 'account.hidden': [0, 8, 19], 'claim.approved': [2, 14, 30], 'claim.refused': [0, 4, 9],
  'credential.verified': [18, 44, 44], 'credential.rejected': [1, 6, 6], 'credential.expired': [0, 0, 0],
};
/** How a figure broken down by reason splits: the share of each reason code. */
const SHARES = [0.5, 0.2, 0.15, 0.05, 0.05, 0.03, 0.02];
/** Feedback removed, month by month, oldest first. */
const MONTHLY = [9, 14, 3, 11, 0, 8, 17, 12, 6, 21, 18, 12];

const day = (offset: number) => new Date(VISUAL_NOW.getTime() + offset * 86_400_000).toISOString().slice(0, 10);
const month = (back: number) => new Date(Date.UTC(VISUAL_NOW.getUTCFullYear(), VISUAL_NOW.getUTCMonth() - back, 1)).toISOString().slice(0, 7);

/** A fixed answer of GET /api/transparency, as the page is drawn for its screenshots. */
export const VISUAL_TRANSPARENCY: TransparencyResponse = {
  asOf: VISUAL_NOW.toISOString(),
  periods: (['last30Days', 'last12Months', 'allTime'] as const).map((period, index) => ({
    period,
    from: period === 'allTime' ? null : period === 'last30Days' ? day(-29) : `${month(11)}-01`,
    to: day(0),
    figures: TRANSPARENCY_FIGURES.map((figure) => {
      const total = COUNTS[figure]![index]!;
      return {
        figure,
        count: shownCount(total),
        ...((TRANSPARENCY_FIGURES_BY_REASON as readonly string[]).includes(figure)
          ? { byReason: ADMIN_REASON_CODES.map((reason, r) => ({ reason, count: shownCount(Math.round(total * SHARES[r]!)) })) }
          : {}),
      };
    }),
    medianResolveBucket: [2, 3, 3][index]!,
  })),
  months: MONTHLY.map((removed, index) => ({
    month: month(11 - index),
    figures: TRANSPARENCY_FIGURES.map((figure) => ({ figure, count: shownCount(figure === 'feedback.removed' ? removed : 0) })),
  })),
};
