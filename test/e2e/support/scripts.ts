import type { Page } from '@playwright/test';

/**
 * Watches the scripts a page loads for zod (docs/web.md#calling-the-api): the read-only public pages load none, as a visitor without
 * a session; forms bring it with themselves. Zod is known by its code, not by a file name (the build names its
 * chunks): its core keeps each schema's state under `_zod`. Each script is read as it arrives (the browser's copy;
 * one that cannot be read counts as found, so nothing goes unchecked). Call before the page opens.
 */
export function watchZod(page: Page) {
  const checks: Promise<string | undefined>[] = [];
  page.on('response', (response) => {
    const path = new URL(response.url()).pathname;
    if (!path.endsWith('.js')) return;
    checks.push(
      response.text().then(
        (text) => (text.includes('_zod') ? path : undefined),
        (error: unknown) => `${path} (unread: ${String(error)})`,
      ),
    );
  });
  return {
    /** The scripts loaded so far that carry zod, by path. */
    loaded: async (): Promise<string[]> => (await Promise.all(checks)).filter((path) => path !== undefined),
  };
}
