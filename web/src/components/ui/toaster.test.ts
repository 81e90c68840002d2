import { afterEach, describe, expect, it, vi } from 'vitest';

// The queue's file cannot be fetched (the connection dropped, or a new release replaced it).
vi.mock('./toast-store', () => {
  throw new Error('Failed to fetch dynamically imported module');
});

describe('a toast whose queue cannot load', () => {
  afterEach(() => {
    vi.useRealTimers();
    document.body.innerHTML = '';
  });

  it('still says its words, an error as an alert, and goes after a few seconds', async () => {
    const { toaster } = await import('./toaster');
    toaster.error({ title: 'Could not save your profile', description: 'Check your connection and try again.' });
    await vi.waitFor(() => expect(document.querySelector('[role="alert"]')).not.toBeNull());
    const alert = document.querySelector('[role="alert"]')!;
    expect([...alert.children].map((line) => line.textContent)).toEqual(['Could not save your profile', 'Check your connection and try again.']);

    vi.useFakeTimers();
    toaster.success({ title: 'Saved' });
    await vi.waitFor(() => expect(document.querySelector('[role="status"]')?.textContent).toBe('Saved'));
    // One at a time: the newer replaces the older.
    expect(document.querySelector('[role="alert"]')).toBeNull();
    vi.advanceTimersByTime(8_000);
    expect(document.querySelector('[role="status"]')).toBeNull();
  });
});
