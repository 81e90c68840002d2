import { SESSION_REFRESH } from '@solutionz/shared';

/** Browsers run a timeout at once when its delay exceeds a signed 32-bit number of milliseconds. */
const MAX_TIMEOUT_MS = 2 ** 31 - 1;

type VisibilityDocument = Pick<Document, 'visibilityState' | 'addEventListener' | 'removeEventListener'>;

export interface RefreshScheduleOptions {
  /** When the access token runs out (epoch ms). */
  readonly expiresAt: number;
  /** Re-reads the session; `force` renews the tokens even when they are still valid. */
  readonly refresh: (force: boolean) => void;
  readonly doc?: VisibilityDocument;
  readonly now?: () => number;
  readonly marginMs?: number;
}

/**
 * Renews the session shortly before the access token expires, and only while the tab is visible
 * (docs/product/accounts.md#sessions): hiding the tab stops the timer; showing it again re-reads the session,
 * renewing it at once if it fell due meanwhile. Returns the stop function.
 */
export function scheduleSessionRefresh({
  expiresAt,
  refresh,
  doc = document,
  now = Date.now,
  marginMs = SESSION_REFRESH.marginMs,
}: RefreshScheduleOptions): () => void {
  const dueAt = expiresAt - marginMs;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const stopTimer = () => {
    if (timer !== undefined) clearTimeout(timer);
    timer = undefined;
  };
  const arm = () => {
    stopTimer();
    timer = setTimeout(() => refresh(true), Math.min(MAX_TIMEOUT_MS, Math.max(0, dueAt - now())));
  };
  const onVisibilityChange = () => {
    if (doc.visibilityState === 'hidden') return stopTimer();
    if (now() >= dueAt) return refresh(true);
    // Another tab may have signed out or renewed the tokens while this one was hidden.
    refresh(false);
    arm();
  };

  if (doc.visibilityState !== 'hidden') arm();
  doc.addEventListener('visibilitychange', onVisibilityChange);
  return () => {
    stopTimer();
    doc.removeEventListener('visibilitychange', onVisibilityChange);
  };
}

/**
 * Runs `attempt` until it succeeds, waiting 200 ms, then 400 ms, ... between tries
 * (docs/product/accounts.md#sessions); after the last retry the error is thrown.
 */
export async function withBackoff<T>(
  attempt: () => Promise<T>,
  { baseMs = SESSION_REFRESH.retryBaseMs, retries = SESSION_REFRESH.maxRetries }: { baseMs?: number; retries?: number } = {},
): Promise<T> {
  for (let tried = 0; ; tried += 1) {
    try {
      return await attempt();
    } catch (error) {
      if (tried >= retries) throw error;
      await new Promise((resolve) => setTimeout(resolve, baseMs * 2 ** tried));
    }
  }
}
