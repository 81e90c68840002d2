import { describe, expect, it, vi } from 'vitest';
import { createOriginGuard, staticOriginSecret } from './origin-guard';

function rotatingSecret(initial: string[]) {
  let values = initial;
  const read = vi.fn(async () => values);
  return { read, set: (next: string[]) => (values = next) };
}

describe('origin guard', () => {
  it('admits the secret and nothing else', async () => {
    const guard = createOriginGuard(staticOriginSecret('s3cret-value'));
    expect(await guard.admits('s3cret-value')).toBe(true);
    for (const other of [undefined, '', 's3cret-valu', 's3cret-value ', 'S3CRET-VALUE']) expect(await guard.admits(other), String(other)).toBe(false);
  });

  it('admits every value of a rotation under way (current, pending, previous), reading them once per TTL', async () => {
    let now = 0;
    const secret = rotatingSecret(['current', 'pending', 'previous']);
    const guard = createOriginGuard(secret.read, { ttlMs: 60_000, recheckAfterMs: 30_000, now: () => now });
    for (const value of ['current', 'pending', 'previous']) expect(await guard.admits(value)).toBe(true);
    expect(secret.read).toHaveBeenCalledTimes(1);

    secret.set(['next']);
    now = 59_000;
    expect(await guard.admits('current')).toBe(true);
    now = 61_000;
    expect(await guard.admits('current')).toBe(false);
    expect(await guard.admits('next')).toBe(true);
    expect(secret.read).toHaveBeenCalledTimes(2);
  });

  it('reads again at once for a value it does not know, once its copy is old enough: CloudFront may be ahead of it', async () => {
    let now = 0;
    const secret = rotatingSecret(['old']);
    const guard = createOriginGuard(secret.read, { ttlMs: 300_000, recheckAfterMs: 30_000, now: () => now });
    expect(await guard.admits('old')).toBe(true);
    secret.set(['new', 'old']);
    now = 10_000;
    expect(await guard.admits('new')).toBe(false);
    expect(secret.read).toHaveBeenCalledTimes(1);
    now = 31_000;
    expect(await guard.admits('new')).toBe(true);
    expect(secret.read).toHaveBeenCalledTimes(2);
    // A guessed value makes it read no more often than that.
    for (let i = 0; i < 20; i++) expect(await guard.admits(`guess-${i}`)).toBe(false);
    expect(secret.read).toHaveBeenCalledTimes(2);
  });

  it('never reads the secret for a request without the header', async () => {
    const secret = rotatingSecret(['value']);
    const guard = createOriginGuard(secret.read);
    expect(await guard.admits(undefined)).toBe(false);
    expect(secret.read).not.toHaveBeenCalled();
  });

  it('tries the read again on the next request after a failed one, and ignores empty values', async () => {
    const read = vi.fn<() => Promise<string[]>>().mockRejectedValueOnce(new Error('Secrets Manager unreachable')).mockResolvedValue(['', 'value']);
    const guard = createOriginGuard(read);
    await expect(guard.admits('value')).rejects.toThrow('unreachable');
    expect(await guard.admits('value')).toBe(true);
    expect(await guard.admits('')).toBe(false);
  });
});
