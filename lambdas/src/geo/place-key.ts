/**
 * What place names are compared by: lower-case ASCII words separated by single spaces, so that
 * "St. Albans" and "st albans", or "Newcastle-upon-Tyne" and "Newcastle upon Tyne", are the same
 * text. "Saint" reads as "St", which is how GeoNames writes British places.
 */
export function placeKey(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/&/g, ' and ')
    .replace(/[^a-z0-9]+/g, ' ')
    .trim()
    .replace(/\bsaint\b/g, 'st');
}
