import { LOCALE } from '@solutionz/shared';
import { ApiError } from './api-client';

/**
 * When a refused request (429, `Retry-After`) may be tried again, in words: seconds or minutes while
 * the wait is short, else the clock time, and "tomorrow" when that is another day.
 */
export function tryAgainText(seconds: number, now: Date = new Date()): string {
  if (seconds < 90) return `You can try again in ${seconds} second${seconds === 1 ? '' : 's'}.`;
  if (seconds < 3600) return `You can try again in ${Math.ceil(seconds / 60)} minutes.`;
  const at = new Date(now.getTime() + seconds * 1000);
  const time = at.toLocaleTimeString(LOCALE, { hour: '2-digit', minute: '2-digit' });
  return at.toDateString() === now.toDateString() ? `You can try again after ${time}.` : `You can try again after ${time} tomorrow.`;
}

/** A countdown on a button: `45s` (the resend minute counts down in seconds), `12 min`, `3 h 5 min`. */
export function waitLabel(seconds: number): string {
  if (seconds < 90) return `${seconds}s`;
  const minutes = Math.ceil(seconds / 60);
  if (minutes < 60) return `${minutes} min`;
  return `${Math.floor(minutes / 60)} h ${minutes % 60} min`;
}

/** The API's message, with when to try again when the answer was a rate limit that says so. */
export function errorMessageWithRetry(error: unknown, fallback: string): string {
  if (!(error instanceof ApiError)) return fallback;
  return error.status === 429 && error.retryAfterSeconds ? `${error.message} ${tryAgainText(error.retryAfterSeconds)}` : error.message;
}
