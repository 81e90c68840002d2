/** Billing periods as Stripe counts them, in Unix seconds. */

export const DAY = 86_400;

/** The end of a billing period `periods` intervals after `anchor`, keeping the anchor's day of the month as Stripe does. */
export function addInterval(anchor: number, recurring: { interval?: string; interval_count?: number }, periods: number): number {
  const count = (recurring.interval_count ?? 1) * periods;
  if (recurring.interval === 'day') return anchor + DAY * count;
  if (recurring.interval === 'week') return anchor + 7 * DAY * count;
  const months = (recurring.interval === 'year' ? 12 : 1) * count;
  const start = new Date(anchor * 1000);
  const monthIndex = start.getUTCMonth() + months;
  const year = start.getUTCFullYear() + Math.floor(monthIndex / 12);
  const month = ((monthIndex % 12) + 12) % 12;
  const day = Math.min(start.getUTCDate(), new Date(Date.UTC(year, month + 1, 0)).getUTCDate());
  return Math.floor(Date.UTC(year, month, day, start.getUTCHours(), start.getUTCMinutes(), start.getUTCSeconds()) / 1000);
}

/** The end of the first billing period counted from `anchor` that ends after `after`. */
export function periodEndAfter(anchor: number, recurring: { interval?: string; interval_count?: number }, after: number): number {
  for (let periods = 1; ; periods += 1) {
    const end = addInterval(anchor, recurring, periods);
    if (end > after) return end;
  }
}
