const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];
const pad = (value: number) => String(value).padStart(2, '0');

const TOKENS: Record<string, (date: Date) => string> = {
  yyyy: (date) => String(date.getFullYear()),
  MMMM: (date) => MONTHS[date.getMonth()]!,
  MMM: (date) => MONTHS[date.getMonth()]!.slice(0, 3),
  MM: (date) => pad(date.getMonth() + 1),
  M: (date) => String(date.getMonth() + 1),
  dd: (date) => pad(date.getDate()),
  d: (date) => String(date.getDate()),
};

/**
 * A date in a date-fns pattern made of day, month and year tokens (the app's DATE_FORMATS and ISO days), in
 * English as date-fns's default locale writes them, read in local time as date-fns does. The public pages
 * show a date or two; date-fns's `format` with its locale is about 5 KB gzip of script on each of them.
 * Throws on any other letter, so a pattern this does not know cannot print wrong.
 */
export function formatDatePattern(date: Date, pattern: string): string {
  return pattern.replace(/yyyy|MMMM|MMM|MM|M|dd|[A-Za-z]/g, (token) => {
    const write = TOKENS[token];
    if (!write) throw new Error(`formatDatePattern: unsupported token "${token}" in "${pattern}"`);
    return write(date);
  });
}
