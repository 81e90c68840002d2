import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';

async function seriousViolations(page: Page) {
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice']).analyze();
  return results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => ({ id: violation.id, impact: violation.impact, targets: violation.nodes.map((node) => node.target.join(' ')) }));
}

test('the home page has no serious or critical accessibility violation', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1, name: /find trusted local professionals/i })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Sign Up' })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
});

test('the not-found page has no serious or critical accessibility violation', async ({ page }) => {
  await page.goto('/missing-page');
  await expect(page.getByRole('heading', { level: 2, name: 'Page Not Found' })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
});

test('the home page search is reachable and usable from the keyboard alone', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByRole('link', { name: 'Sign Up' })).toBeVisible();
  const service = page.getByRole('textbox', { name: 'Service' });
  for (let presses = 0; presses < 20 && !(await service.evaluate((element) => element === element.ownerDocument.activeElement)); presses++) {
    await page.keyboard.press('Tab');
  }
  await expect(service).toBeFocused();
  await page.keyboard.type('Tutoring');
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/directory\?service=Tutoring$/);
});
