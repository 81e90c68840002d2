import type { Page } from '@playwright/test';

/**
 * Watches a page that arrives drawn (issue 24) as the app takes it over: the errors the browser reports, and
 * whether `heading` (a selector) is still the very element the HTML parser made, i.e. the app hydrated the
 * drawing in place rather than drawing the page again. Call before the page opens.
 */
export async function watchTakeOver(page: Page, heading: string) {
  const problems: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') problems.push(message.text());
  });
  page.on('pageerror', (error) => problems.push(error.message));
  // Keeps the heading the parser made, before any script of the page runs (the tests' types have no DOM, so as text).
  await page.addInitScript(`new MutationObserver((_, observer) => {
    const heading = document.querySelector(${JSON.stringify(heading)});
    if (!heading) return;
    window.parsedHeading = heading;
    observer.disconnect();
  }).observe(document, { childList: true, subtree: true });`);
  return {
    problems,
    /** Whether the heading on the page now is the one the parser made. */
    keptDrawnHeading: async () => (await page.evaluate(`window.parsedHeading === document.querySelector(${JSON.stringify(heading)})`)) as boolean,
  };
}
