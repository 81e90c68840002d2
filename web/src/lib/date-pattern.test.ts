import { format } from 'date-fns';
import { describe, expect, it } from 'vitest';
import { DATE_FORMATS } from '@solutionz/shared';
import { formatDatePattern } from './date-pattern';

describe('formatDatePattern', () => {
  it('writes every date format the app uses as date-fns does, on every day of two years', () => {
    const patterns = [...Object.values(DATE_FORMATS), 'yyyy-MM-dd', 'd MMM yyyy', 'M/d/yyyy'];
    const disagreements: string[] = [];
    for (let day = new Date(2024, 0, 1); day.getFullYear() < 2026; day = new Date(day.getFullYear(), day.getMonth(), day.getDate() + 1)) {
      for (const pattern of patterns) {
        if (formatDatePattern(day, pattern) !== format(day, pattern)) disagreements.push(`${pattern} ${day.toDateString()}`);
      }
    }
    expect(disagreements).toEqual([]);
    expect(formatDatePattern(new Date(2025, 8, 3), DATE_FORMATS.long)).toBe('3 September 2025');
  });

  it('refuses a token it does not know rather than print it', () => {
    expect(() => formatDatePattern(new Date(2025, 0, 1), 'EEEE d MMM')).toThrow('unsupported token "E"');
  });
});
