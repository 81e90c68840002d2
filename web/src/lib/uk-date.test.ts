import { describe, expect, it } from 'vitest';
import { DATE_FORMATS } from '@solutionz/shared';
import { formatUkDate } from './uk-date';

describe('formatUkDate', () => {
  it('gives the day it was in the UK, in summer time and out of it', () => {
    // 23:30 UTC in July is 00:30 the next day in London (BST); in January London is on UTC.
    expect(formatUkDate('2025-07-14T23:30:00.000Z', DATE_FORMATS.short)).toBe('15 Jul 2025');
    expect(formatUkDate('2025-01-14T23:30:00.000Z', DATE_FORMATS.short)).toBe('14 Jan 2025');
    expect(formatUkDate(new Date('2025-09-03T12:00:00.000Z'), DATE_FORMATS.long)).toBe('3 September 2025');
  });
});
