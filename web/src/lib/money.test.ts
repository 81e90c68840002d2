import { describe, expect, it } from 'vitest';
import { formatPence } from './money';

describe('formatPence', () => {
  it('writes pence as pounds the way en-GB does', () => {
    const intl = new Intl.NumberFormat('en-GB', { style: 'currency', currency: 'GBP' });
    for (const pence of [0, 5, 99, 100, 499, 4999, 123_456, 100_000_000, -250]) expect(formatPence(pence)).toBe(intl.format(pence / 100));
  });
});
