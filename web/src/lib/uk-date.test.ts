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

  it('changes to and from summer time when the UK does (01:00 UTC on the last Sunday of March and October)', () => {
    // 2026: summer time from 29 March to 25 October.
    expect(formatUkDate('2026-03-28T23:30:00.000Z', 'yyyy-MM-dd')).toBe('2026-03-28');
    expect(formatUkDate('2026-03-29T00:59:00.000Z', 'yyyy-MM-dd')).toBe('2026-03-29');
    expect(formatUkDate('2026-10-24T23:30:00.000Z', 'yyyy-MM-dd')).toBe('2026-10-25');
    expect(formatUkDate('2026-10-25T23:30:00.000Z', 'yyyy-MM-dd')).toBe('2026-10-25');
  });

  it('agrees with the time zone database on every half hour from 2020 to 2030', () => {
    const london = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/London', year: 'numeric', month: '2-digit', day: '2-digit' });
    const disagreements: string[] = [];
    for (let time = Date.UTC(2020, 0, 1); time < Date.UTC(2031, 0, 1); time += 1_800_000) {
      const moment = new Date(time);
      if (formatUkDate(moment, 'yyyy-MM-dd') !== london.format(moment)) disagreements.push(moment.toISOString());
    }
    expect(disagreements).toEqual([]);
  });
});
