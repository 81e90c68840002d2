/**
 * An amount in pence as the UK writes it (`£4.99`, `£1,250.00`), as `Intl.NumberFormat('en-GB', GBP)` would,
 * without it: its first use loads locale data, a long task on a phone on the page that shows a price.
 */
export function formatPence(pence: number): string {
  const sign = pence < 0 ? '-' : '';
  const [pounds = '0', fraction = '00'] = (Math.abs(pence) / 100).toFixed(2).split('.');
  return `${sign}£${thousands(pounds)}.${fraction}`;
}

/** Digits in groups of three from the right, joined with commas: `1250` -> `1,250`. */
function thousands(digits: string): string {
  const groups = [digits.slice(0, digits.length % 3 || 3)];
  for (let at = groups[0]!.length; at < digits.length; at += 3) groups.push(digits.slice(at, at + 3));
  return groups.join(',');
}
