import { seriousViolations } from './support/axe';
import { expect, test } from './support/fixtures';

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
