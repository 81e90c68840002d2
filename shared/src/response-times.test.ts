import { describe, expect, it } from 'vitest';
import { repliesWithinDay, responseTimeText } from './response-times';

const measured = (medianSeconds: number | null) => ({ conversations: 4, medianSeconds, repliedWithin48hPercent: 75 });

describe('response time wording', () => {
  it('says minutes, hours, a day or days, rounding up so "within" stays true', () => {
    expect([30, 61, 3599, 3600, 3601, 23 * 3600 + 1, 86_400, 86_401].map((seconds) => responseTimeText(measured(seconds)).headline)).toEqual([
      'Usually replies within a minute',
      'Usually replies within 2 minutes',
      'Usually replies within 60 minutes',
      'Usually replies within an hour',
      'Usually replies within 2 hours',
      'Usually replies within a day',
      'Usually replies within a day',
      'Usually replies within 2 days',
    ]);
    expect(responseTimeText(measured(600)).rate).toBe('Replies to 75% of clients within 48 hours');
  });

  it('says "New on Solutionz" without a figure, and admits a provider who mostly does not reply', () => {
    expect(responseTimeText(null)).toEqual({ headline: 'New on Solutionz', rate: null });
    expect(responseTimeText(measured(null)).headline).toBe('Usually does not reply');
  });

  it('counts a provider as quick up to a day exactly', () => {
    expect([repliesWithinDay(measured(86_400)), repliesWithinDay(measured(86_401)), repliesWithinDay(measured(null)), repliesWithinDay(null)]).toEqual([
      true,
      false,
      false,
      false,
    ]);
  });
});
