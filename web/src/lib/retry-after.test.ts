import { describe, expect, it } from 'vitest';
import { ApiError } from './api-client';
import { errorMessageWithRetry, tryAgainText, waitLabel } from './retry-after';

describe('when to try again', () => {
  const noon = new Date(2026, 10, 21, 12, 0, 0);

  it('counts a short wait in seconds, a longer one in minutes', () => {
    expect(tryAgainText(1, noon)).toBe('You can try again in 1 second.');
    expect(tryAgainText(59, noon)).toBe('You can try again in 59 seconds.');
    expect(tryAgainText(600, noon)).toBe('You can try again in 10 minutes.');
  });

  it('names the clock time of a long wait, and tomorrow when it is another day', () => {
    expect(tryAgainText(3 * 3600 + 300, noon)).toBe('You can try again after 15:05.');
    expect(tryAgainText(13 * 3600, noon)).toBe('You can try again after 01:00 tomorrow.');
  });

  it('labels a countdown briefly', () => {
    expect(waitLabel(45)).toBe('45s');
    expect(waitLabel(60)).toBe('60s');
    expect(waitLabel(600)).toBe('10 min');
    expect(waitLabel(3 * 3600 + 300)).toBe('3 h 5 min');
  });

  it('adds when to try again to a rate-limit answer only', () => {
    const limited = new ApiError(429, 'RATE_LIMITED', 'Please wait before trying again.', {}, 30, 'RATE_LIMIT');
    expect(errorMessageWithRetry(limited, 'Failed')).toBe('Please wait before trying again. You can try again in 30 seconds.');
    expect(errorMessageWithRetry(new ApiError(400, 'VALIDATION_FAILED', 'Bad'), 'Failed')).toBe('Bad');
    expect(errorMessageWithRetry(new Error('network'), 'Failed')).toBe('Failed');
  });
});
