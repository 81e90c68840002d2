import type { Page } from '@playwright/test';

/**
 * Watches a server-rendered or prerendered page as the app hydrates it: the errors the browser reports, and
 * whether `heading` (a selector) is still the very element the HTML parser made, i.e. the app hydrated the
 * server's markup in place rather than rendering the page again. Only what the parser made counts: the element is taken
 * when parsing ends (readyState "interactive"), before any script of the page has run, so an element the app rendered
 * later (the server's markup lacked it) is never taken for it. Call before the page opens.
 */
export async function watchTakeOver(page: Page, heading: string) {
  const problems: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') problems.push(message.text());
  });
  page.on('pageerror', (error) => problems.push(error.message));
  // Keeps the heading the parser made: deferred and module scripts run only after readyState turns "interactive"
  // (the tests' types have no DOM, so as text).
  await page.addInitScript(`document.addEventListener('readystatechange', () => {
    if (document.readyState === 'interactive') window.parsedHeading = document.querySelector(${JSON.stringify(heading)});
  });`);
  return {
    problems,
    /** Whether the heading on the page now is the one the parser made (and the parser made one). */
    hydratedInPlace: async () =>
      (await page.evaluate(`Boolean(window.parsedHeading) && window.parsedHeading === document.querySelector(${JSON.stringify(heading)})`)) as boolean,
  };
}

/** The page's server-rendered markup in its HTML: the app's root as the server filled it, without the data it was rendered with. */
export function renderedRootIn(html: string): string {
  const root = html.slice(html.indexOf('<div id="root"'));
  const data = root.indexOf('<script type="application/json"');
  return data === -1 ? root : root.slice(0, data);
}
