import { describe, expect, it } from 'vitest';
import { relativeTimeText } from './relative-time';

describe('relativeTimeText', () => {
  const now = new Date('2026-03-10T12:00:00.000Z');
  const ago = (ms: number) => new Date(now.getTime() - ms).toISOString();
  const HOUR = 3_600_000;

  it('says less than an hour, then whole hours, then whole days', () => {
    expect(relativeTimeText(ago(59 * 60_000), now)).toBe('Less than an hour ago');
    expect(relativeTimeText(ago(HOUR), now)).toBe('1 hour ago');
    expect(relativeTimeText(ago(23 * HOUR + 59 * 60_000), now)).toBe('23 hours ago');
    expect(relativeTimeText(ago(24 * HOUR), now)).toBe('1 day ago');
    expect(relativeTimeText(ago(49 * HOUR), now)).toBe('2 days ago');
  });
});
