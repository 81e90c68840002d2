import type { Page } from '@playwright/test';
import { ADMIN_CONSOLE_MESSAGES, type AdminCategoryResult } from '@solutionz/shared';
import { subscribeAccount } from '../support/membership';
import { uniqueWord, violationsAtRest } from './support/admin';
import { expect, test } from './support/fixtures';
import { callApiAs } from './support/provider-page';
import { accountMenu, chooseFromAccountMenu, expectSignedOutHeader, logIn } from './support/session';

/**
 * Admin analytics (docs/product/admin.md#analytics): the counters and the days are kept by the writes, so a
 * new sign-up shows in the cards, the day's row and the recent activity when the admin looks again.
 * Other tests sign people up (and in) at the same time, so the figures are compared as "at least one more".
 */

const statValue = async (page: Page, label: string) =>
  Number(
    (
      await page
        .getByRole('definition')
        .filter({ has: page.locator(`xpath=preceding-sibling::dt[1][normalize-space()="${label}"]`) })
        .textContent()
    )?.replace(/,/g, ''),
  );

test.use({ signedInAs: 'admin' });

test('shows the counters, the last 30 days and recent activity, and a new seeker in all three', async ({ page, accounts }) => {
  test.slow();
  await page.goto('/admin/analytics');
  // The admin's session and the first answer of a cold local API can take a while on a busy machine.
  await expect(page.getByRole('heading', { level: 1, name: 'Analytics' })).toBeVisible({ timeout: 60_000 });
  await expect(page.locator('dl[aria-label="Statistics"]')).toBeVisible({ timeout: 30_000 });
  await expect(page.getByText(ADMIN_CONSOLE_MESSAGES.analyticsLoading)).toHaveCount(0);
  const seekers = await statValue(page, 'Total Seekers');
  const newUsers = await statValue(page, 'New Users (30 days)');
  const days = page.getByRole('table');
  await expect(days.getByRole('row')).toHaveCount(31);
  const todaySignups = Number(await days.getByRole('row').nth(1).getByRole('cell').nth(1).textContent());
  // The chart draws both series over the 30 days, above the table that says the same in words.
  const chart = page.getByRole('region', { name: 'Sign-ups and jobs, last 30 days' }).locator('.recharts-wrapper');
  await expect(chart.locator('path.recharts-line-curve')).toHaveCount(2);
  for (const line of await chart.locator('path.recharts-line-curve').all()) expect((await line.getAttribute('d'))?.length).toBeGreaterThan(20);
  await expect(chart.locator('.recharts-legend-item-text')).toHaveText(['Sign-ups', 'Jobs posted']);
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

test('counts active sessions: the admin’s own, and one more once someone signs in on another browser', async ({ page, accounts, browser, baseURL }) => {
  test.slow();
  await page.goto('/admin/analytics');
  await expect(page.getByRole('heading', { level: 1, name: 'Analytics' })).toBeVisible({ timeout: 60_000 });
  await expect(page.locator('dl[aria-label="Statistics"]')).toBeVisible({ timeout: 30_000 });
  const before = await statValue(page, 'Active Sessions');
  // This admin is signed in: their own session is one of them.
  expect(before).toBeGreaterThanOrEqual(1);

  const lastName = uniqueWord();
  const seeker = await accounts.create('client', { firstName: 'Sid', lastName });
  const theirs = await browser.newContext({ baseURL: baseURL! });
  try {
    const other = await theirs.newPage();
    await logIn(other, seeker);
    await expect(accountMenu(other, `Sid ${lastName}`)).toBeVisible({ timeout: 30_000 });

    await expect(async () => {
      await page.reload();
      expect(await statValue(page, 'Active Sessions')).toBeGreaterThanOrEqual(before + 1);
    }).toPass({ timeout: 30_000 });

    // Signing out tells the API that this browser's session is over before the tokens go.
    const ended = other.waitForResponse((response) => response.url().endsWith('/api/me/sign-out') && response.request().method() === 'POST');
    await chooseFromAccountMenu(other, `Sid ${lastName}`, 'Sign Out', () => expectSignedOutHeader(other, { timeout: 2_000 }));
    expect((await ended).status()).toBe(200);
  } finally {
    await theirs.close();
  }
});

test('Most Popular Categories counts listed providers only, most first, each with a bar at least 10% wide', async ({ page, account, accounts }) => {
  test.slow();
  const name = `${uniqueWord()} Fireworks`;
  const created = await callApiAs(account, 'POST', '/admin/categories', { name, groupId: 'events', newGroupName: '' });
  const answer = await created.text();
  expect(created.status, answer).toBe(201);
  const { category } = JSON.parse(answer) as AdminCategoryResult;
  try {
    const offering = { categories: [`Events > ${name}`], location: 'Leeds' };
    // Two members are listed; a provider without a membership is not, so is not counted.
    const members = await Promise.all([accounts.create('provider', offering), accounts.create('provider', offering)]);
    await Promise.all([...members.map((member) => subscribeAccount(member, 'monthly')), accounts.create('provider', offering)]);

    await page.goto('/admin/analytics');
    const popular = page.getByRole('region', { name: 'Most Popular Categories' });
    await expect(popular.getByRole('listitem').filter({ hasText: name })).toContainText(`${name} (Events)2 providers`, { timeout: 30_000 });
    const items = popular.getByRole('listitem');
    const count = await items.count();
    expect(count).toBeLessThanOrEqual(10);
    const figures = (await items.allTextContents()).map((text) => Number(/(?<![\d,])([\d,]+) providers?$/.exec(text)![1]!.replace(/,/g, '')));
    expect(figures).toEqual([...figures].sort((a, b) => b - a));
    for (let index = 0; index < count; index++) {
      const bar = await items.nth(index).locator('[data-bar]').boundingBox();
      const track = await items.nth(index).locator('[data-bar]').locator('..').boundingBox();
      const share = bar!.width / track!.width;
      expect(share).toBeGreaterThanOrEqual(0.099);
      expect(share).toBeCloseTo(Math.max(0.1, figures[index]! / figures[0]!), 1);
    }
    expect(await violationsAtRest(page)).toEqual([]);
  } finally {
    const deleted = await callApiAs(account, 'POST', `/admin/categories/${encodeURIComponent(category.id)}/deletion`);
    expect(deleted.status).toBe(200);
  }
});
