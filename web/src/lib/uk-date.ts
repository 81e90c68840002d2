import { format } from 'date-fns';

const UK_DAY = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/London', year: 'numeric', month: '2-digit', day: '2-digit' });

/**
 * A moment's calendar day in the UK, formatted with a date-fns pattern. The marketplace is British, and a
 * page the server rendered (in UTC) must read the same once the browser (in any zone) takes it over.
 */
export function formatUkDate(moment: string | Date, pattern: string): string {
  const [year, month, day] = UK_DAY.format(new Date(moment)).split('-').map(Number) as [number, number, number];
  return format(new Date(year, month - 1, day), pattern);
}
