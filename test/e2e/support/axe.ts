import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';

/**
 * Serious and critical axe violations of the page as it is now, once the animations under way have finished: a toast
 * fading in is partly transparent, and axe found its text's contrast too low once so in CI. Animations that never end
 * (a spinner) are not waited for, nor any for more than 3 s (a paused one would never finish).
 */
export async function seriousViolations(page: Page) {
  // As text: this project's types have no DOM.
  await page.evaluate(`Promise.race([
    Promise.all(document.getAnimations()
      .filter((animation) => Number.isFinite(Number(animation.effect?.getComputedTiming().endTime)))
      .map((animation) => animation.finished.catch(() => undefined))),
    new Promise((resolve) => setTimeout(resolve, 3000)),
  ])`);
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice']).analyze();
  return results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => ({ id: violation.id, impact: violation.impact, targets: violation.nodes.map((node) => node.target.join(' ')) }));
}
