import { formatDatePattern } from './date-pattern';

const HOUR_MS = 3_600_000;

/** The moment British Summer Time starts or ends in `year`: 01:00 UTC on the last Sunday of `month` (0-based). */
function lastSundayAtOneUtc(year: number, month: number): number {
  const lastDay = new Date(Date.UTC(year, month + 1, 0, 1));
  return lastDay.getTime() - lastDay.getUTCDay() * 24 * HOUR_MS;
}

/**
 * How far the UK's clocks are ahead of UTC at `moment`: an hour in British Summer Time (from the last Sunday of
 * March to the last Sunday of October, at 01:00 UTC), none otherwise. Worked out rather than asked of
 * `Intl.DateTimeFormat` with a time zone, whose first use loads the zone data: a long task on a phone, on every
 * page that shows a date.
 */
function ukOffsetMs(moment: number): number {
  const year = new Date(moment).getUTCFullYear();
  return moment >= lastSundayAtOneUtc(year, 2) && moment < lastSundayAtOneUtc(year, 9) ? HOUR_MS : 0;
}

/**
 * A moment's calendar day in the UK, formatted with a date-fns pattern of day, month and year tokens
 * (date-pattern.ts). The marketplace is British, and a page the server rendered (in UTC) must read the
 * same once the browser (in any zone) takes it over.
 */
export function formatUkDate(moment: string | Date, pattern: string): string {
  const time = new Date(moment).getTime();
  const uk = new Date(time + ukOffsetMs(time));
  return formatDatePattern(new Date(uk.getUTCFullYear(), uk.getUTCMonth(), uk.getUTCDate()), pattern);
}
