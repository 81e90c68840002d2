import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { scheduleSessionRefresh, withBackoff } from './refresh-schedule';

/** A document whose visibility the test controls. */
function fakeDocument(initial: DocumentVisibilityState = 'visible') {
  const target = new EventTarget();
  const doc = {
    visibilityState: initial,
    addEventListener: target.addEventListener.bind(target),
    removeEventListener: target.removeEventListener.bind(target),
    set(state: DocumentVisibilityState) {
      doc.visibilityState = state;
      target.dispatchEvent(new Event('visibilitychange'));
    },
  };
  return doc;
}

const MINUTE = 60_000;

describe('scheduleSessionRefresh', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    vi.setSystemTime(new Date('2026-01-01T12:00:00Z'));
  });
  afterEach(() => vi.useRealTimers());

  it('renews the tokens one margin before they expire, not earlier', () => {
    const refresh = vi.fn();
    scheduleSessionRefresh({ expiresAt: Date.now() + 60 * MINUTE, refresh, doc: fakeDocument(), marginMs: MINUTE });
    vi.advanceTimersByTime(58 * MINUTE);
    expect(refresh).not.toHaveBeenCalled();
    vi.advanceTimersByTime(MINUTE);
    expect(refresh).toHaveBeenCalledExactlyOnceWith(true);
  });

  it('does nothing while the tab is hidden, and renews at once when it comes back after the due time', () => {
    const refresh = vi.fn();
    const doc = fakeDocument();
    scheduleSessionRefresh({ expiresAt: Date.now() + 10 * MINUTE, refresh, doc, marginMs: MINUTE });
    doc.set('hidden');
    vi.advanceTimersByTime(30 * MINUTE);
    expect(refresh).not.toHaveBeenCalled();
    doc.set('visible');
    expect(refresh).toHaveBeenCalledExactlyOnceWith(true);
  });

  it('re-reads the session without forcing when the tab comes back early, and keeps the timer', () => {
    const refresh = vi.fn();
    const doc = fakeDocument();
    scheduleSessionRefresh({ expiresAt: Date.now() + 10 * MINUTE, refresh, doc, marginMs: MINUTE });
    doc.set('hidden');
    vi.advanceTimersByTime(2 * MINUTE);
    doc.set('visible');
    expect(refresh).toHaveBeenCalledExactlyOnceWith(false);
    vi.advanceTimersByTime(7 * MINUTE);
    expect(refresh).toHaveBeenLastCalledWith(true);
    expect(refresh).toHaveBeenCalledTimes(2);
  });

  it('starts without a timer in a hidden tab', () => {
    const refresh = vi.fn();
    scheduleSessionRefresh({ expiresAt: Date.now() + 5 * MINUTE, refresh, doc: fakeDocument('hidden'), marginMs: MINUTE });
    vi.advanceTimersByTime(60 * MINUTE);
    expect(refresh).not.toHaveBeenCalled();
  });

  it('stops listening and timing once stopped', () => {
    const refresh = vi.fn();
    const doc = fakeDocument();
    const stop = scheduleSessionRefresh({ expiresAt: Date.now() + 5 * MINUTE, refresh, doc, marginMs: MINUTE });
    stop();
    vi.advanceTimersByTime(60 * MINUTE);
    doc.set('hidden');
    doc.set('visible');
    expect(refresh).not.toHaveBeenCalled();
  });
});

describe('withBackoff', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('retries after 200 ms, then 400 ms, and returns the first success', async () => {
    const attempt = vi.fn().mockRejectedValueOnce(new Error('network')).mockRejectedValueOnce(new Error('network')).mockResolvedValue('ok');
    const result = withBackoff(attempt, { baseMs: 200, retries: 5 });
    await vi.advanceTimersByTimeAsync(199);
    expect(attempt).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(attempt).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(400);
    await expect(result).resolves.toBe('ok');
    expect(attempt).toHaveBeenCalledTimes(3);
  });

  it('gives up with the last error after the retries', async () => {
    const attempt = vi.fn().mockRejectedValue(new Error('still down'));
    const result = withBackoff(attempt, { baseMs: 200, retries: 2 });
    const settled = expect(result).rejects.toThrow('still down');
    await vi.advanceTimersByTimeAsync(200 + 400);
    await settled;
    expect(attempt).toHaveBeenCalledTimes(3);
  });
});
