import { describe, expect, it, vi } from 'vitest';
import { loadOnce } from './load-once';

describe('a part loaded on first use', () => {
  it('is fetched once for every caller, and is there at once afterwards', async () => {
    const importPart = vi.fn(() => Promise.resolve('dialog'));
    const part = loadOnce(importPart);
    expect(part.loaded()).toBeUndefined();
    await expect(Promise.all([part.load(), part.load()])).resolves.toEqual(['dialog', 'dialog']);
    expect(part.loaded()).toBe('dialog');
    await part.load();
    expect(importPart).toHaveBeenCalledTimes(1);
  });

  it('is fetched again after a failure', async () => {
    const importPart = vi
      .fn<() => Promise<string>>()
      .mockRejectedValueOnce(new TypeError('Failed to fetch dynamically imported module'))
      .mockResolvedValue('dialog');
    const part = loadOnce(importPart);
    await expect(part.load()).rejects.toThrow('Failed to fetch');
    expect(part.loaded()).toBeUndefined();
    await expect(part.load()).resolves.toBe('dialog');
    expect(importPart).toHaveBeenCalledTimes(2);
  });
});
