import type { Page } from '@playwright/test';
import { ADMIN_CONSOLE_MESSAGES } from '@solutionz/shared';
import { uniqueWord, violationsAtRest } from './support/admin';
import { expect, test } from './support/fixtures';

/**
 * Admin analytics (spec 02, "Admin analytics"): the counters and the days are kept by the writes, so a
 * new sign-up shows in the cards, the day's row and the recent activity when the admin looks again.
 * Other tests sign people up at the same time, so the figures are compared as "at least one more".
 */

const statValue = async (page: Page, label: string) =>
  Number((await page.getByRole('definition').filter({ has: page.locator(`xpath=preceding-sibling::dt[1][normalize-space()="${label}"]`) }).textContent())?.replace(/,/g, ''));

test.use({ signedInAs: 'admin' });

test('shows the counters, the last 30 days and recent activity, and a new seeker in all three', async ({ page, accounts }) => {
  await page.goto('/admin/analytics');
  await expect(page.getByRole('heading', { level: 1, name: 'Analytics' })).toBeVisible();
  await expect(page.locator('dl[aria-label="Statistics"]')).toBeVisible({ timeout: 30_000 });
  await expect(page.getByText(ADMIN_CONSOLE_MESSAGES.analyticsLoading)).toHaveCount(0);
  const seekers = await statValue(page, 'Total Seekers');
  const newUsers = await statValue(page, 'New Users (30 days)');
  const days = page.getByRole('table');
  await expect(days.getByRole('row')).toHaveCount(31);
  const todaySignups = Number(await days.getByRole('row').nth(1).getByRole('cell').nth(1).textContent());
  expect(await violationsAtRest(page)).toEqual([]);

  const lastName = uniqueWord();
  await accounts.create('client', { firstName: 'Sally', lastName });
  await page.reload();
  await expect(page.getByText(`Sally ${lastName}`)).toBeVisible({ timeout: 30_000 });
  await expect(page.getByRole('listitem').filter({ hasText: `Sally ${lastName}` })).toContainText('signed up as a seeker');
  expect(await statValue(page, 'Total Seekers')).toBeGreaterThanOrEqual(seekers + 1);
  expect(await statValue(page, 'New Users (30 days)')).toBeGreaterThanOrEqual(newUsers + 1);
  expect(Number(await days.getByRole('row').nth(1).getByRole('cell').nth(1).textContent())).toBeGreaterThanOrEqual(todaySignups + 1);
});
