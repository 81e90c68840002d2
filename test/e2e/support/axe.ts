import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';

/**
 * Serious and critical axe violations of the page as it is now, once the animations under way have finished: a toast
 * fading in is partly transparent, and axe found its text's contrast too low once so in CI. Animations that never end
 * (a spinner) are not waited for, nor any for more than 3 s (a paused one would never finish). A page can start moving
 * while axe reads it, too: the admin categories page finishes the provider updates that another test's edit left
 * unfinished, and says so in a toast that may fade in at any moment (it did, in CI). So when axe finds something, it
 * looks again once the page is at rest: a real violation is there both times. `include` (a CSS selector) checks that
 * part of the page alone: a dialog opened over a page the test has just checked.
 */
export async function seriousViolations(page: Page, { include }: { include?: string } = {}) {
  const found = await violationsOnceStill(page, include);
  return found.length === 0 ? found : violationsOnceStill(page, include);
}

async function violationsOnceStill(page: Page, include: string | undefined) {
  // As text: this project's types have no DOM.
  await page.evaluate(`Promise.race([
    Promise.all(document.getAnimations()
      .filter((animation) => Number.isFinite(Number(animation.effect?.getComputedTiming().endTime)))
      .map((animation) => animation.finished.catch(() => undefined))),
    new Promise((resolve) => setTimeout(resolve, 3000)),
  ])`);
  // In the page itself (axe.run): the default runs each frame apart and joins the results in a blank page of its own,
  // for frames from other origins, which the site has none of; that took twice as long for the same findings.
  const axe = new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice']).setLegacyMode();
  const results = await (include ? axe.include(include) : axe).analyze();
  return results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => ({ id: violation.id, impact: violation.impact, targets: violation.nodes.map((node) => node.target.join(' ')) }));
}
