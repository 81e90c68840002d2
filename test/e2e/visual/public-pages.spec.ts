import type { Page } from '@playwright/test';
import { createMessageMailsRepository } from '@solutionz/lambdas/data/message-mails-repository';
import { MESSAGE_MAILS_MESSAGES, TAXONOMY, type ListCategoriesResponse } from '@solutionz/shared';
import { VISUAL_TRANSPARENCY } from './visual-transparency';
import { documents, stack } from '../../support/local-stack';
import { atEveryWidth, expect, expectPageToMatch, test } from '../support/visual';
import { VISUAL_GROUP_SLUG, VISUAL_JOBS, VISUAL_PORTFOLIO, VISUAL_PROVIDER, VISUAL_PROVIDERS, VISUAL_TOWN } from './visual-data';

/** The pages a visitor lands on signed out, drawn as a phone and a desktop draw them. */

const providerPage = `/directory/${VISUAL_PROVIDER.userId}`;
const h1 = (page: Page, name: string) => page.getByRole('heading', { level: 1, name });

atEveryWidth(() => {
  test('home', async ({ page }) => {
    await page.goto('/');
    await expect(h1(page, 'Find trusted local professionals for any job')).toBeVisible();
    await expect(page.getByRole('heading', { name: 'What our users say' })).toBeVisible();
    await expectPageToMatch(page, 'home');
  });

  test('directory results', async ({ page }) => {
    await page.goto(`/directory?category=${VISUAL_GROUP_SLUG}&location=${VISUAL_TOWN}`);
    for (const { businessName } of VISUAL_PROVIDERS) await expect(page.getByRole('heading', { name: businessName })).toBeVisible();
    await expectPageToMatch(page, 'directory-results');
  });

  test('provider page, About', async ({ page }) => {
    await page.goto(providerPage);
    await expect(h1(page, VISUAL_PROVIDER.businessName)).toBeVisible();
    await expect(page.getByText(VISUAL_PROVIDER.bio)).toBeVisible();
    await expectPageToMatch(page, 'provider-about');
  });

  test('provider page, Portfolio', async ({ page }) => {
    await page.goto(`${providerPage}?tab=portfolio`);
    for (const { title } of VISUAL_PORTFOLIO) await expect(page.getByText(title, { exact: true })).toBeVisible();
    await expectPageToMatch(page, 'provider-portfolio');
  });

  test('provider page, Feedback', async ({ page }) => {
    await page.goto(`${providerPage}?tab=feedback`);
    for (const { title } of VISUAL_PROVIDER.reviews) await expect(page.getByText(title, { exact: true })).toBeVisible();
    await expectPageToMatch(page, 'provider-feedback');
  });

  test('categories', async ({ page }) => {
    // The seeded groups only: the admin categories spec may have a group of its own on the table for a while.
    await page.route('**/api/categories', async (route) => {
      const response = await route.fetch();
      const body = (await response.json()) as ListCategoriesResponse;
      const seeded = new Set(TAXONOMY.map((group) => group.name));
      await route.fulfill({ response, json: { ...body, groups: body.groups.filter((group) => seeded.has(group.name)) } });
    });
    // The page arrives server-rendered with every group, and asks for them again once live: that answer is the one filtered.
    const asked = page.waitForResponse('**/api/categories');
    await page.goto('/categories');
    await asked;
    await expect(page.getByRole('main').getByRole('listitem')).toHaveCount(TAXONOMY.length);
    await expect(page.getByRole('link', { name: 'Fitness, Health and Wellbeing' })).toBeVisible();
    // Every listed provider of the run counts here, whichever test made them: each card's line of counts is painted over.
    await expectPageToMatch(page, 'categories', [
      page
        .getByRole('main')
        .getByText(/^\d+ professionals?$/)
        .locator('..'),
    ]);
  });

  test('category', async ({ page }) => {
    await page.goto(`/categories/${VISUAL_GROUP_SLUG}`);
    for (const { businessName } of VISUAL_PROVIDERS) await expect(page.getByRole('heading', { name: businessName })).toBeVisible();
    await expectPageToMatch(page, 'category');
  });

  test('job board', async ({ page }) => {
    await page.goto(`/job-directory?location=${VISUAL_TOWN}`);
    for (const { title } of VISUAL_JOBS) await expect(page.getByRole('heading', { name: title })).toBeVisible();
    await expectPageToMatch(page, 'job-board');
  });

  test('login', async ({ page }) => {
    await page.goto('/login');
    await expect(h1(page, 'Sign in to your account')).toBeVisible();
    await expectPageToMatch(page, 'login');
  });

  test('sign-up', async ({ page }) => {
    await page.goto('/signup?type=provider');
    await expect(page.getByLabel('Business name')).toBeVisible();
    await expectPageToMatch(page, 'signup-provider');
  });

  test('an unsubscribe link that is not one', async ({ page }) => {
    await page.goto('/provider-updates/unsubscribe?token=not-a-real-token');
    await page.getByRole('button', { name: 'Unsubscribe from provider updates' }).click();
    await expect(page.getByRole('alert')).toBeVisible();
    await expectPageToMatch(page, 'unsubscribe-invalid');
  });

  test('message e-mails turned off from the link in a mail', async ({ page }) => {
    const token = await createMessageMailsRepository(documents, stack.tableName).unsubscribeToken(VISUAL_PROVIDER.userId, new Date());
    await page.goto(`/message-mails/unsubscribe?token=${token}`);
    await page.getByRole('button', { name: 'Turn message e-mails off' }).click();
    await expect(page.getByText(MESSAGE_MAILS_MESSAGES.unsubscribed)).toBeVisible();
    await expectPageToMatch(page, 'message-mails-unsubscribed');
  });

  test('page not found', async ({ page }) => {
    await page.goto('/no-such-page');
    await expect(page.getByRole('heading', { name: 'Page Not Found' })).toBeVisible();
    await expectPageToMatch(page, 'not-found');
  });

  test('admin login', async ({ page }) => {
    await page.goto('/admin-login');
    await expect(h1(page, 'Admin Login')).toBeVisible();
    await expectPageToMatch(page, 'admin-login');
  });

  test('transparency', async ({ page }) => {
    // The figures of the run move with every test that moderates: the page is drawn from a fixed answer.
    await page.route('**/api/transparency', (route) => route.fulfill({ json: VISUAL_TRANSPARENCY }));
    await page.goto('/transparency');
    await expect(page.getByRole('region', { name: 'Last 30 days' })).toBeVisible();
    await expectPageToMatch(page, 'transparency');
  });

  test('admin setup', async ({ page }) => {
    await page.goto('/admin-signup');
    await expect(h1(page, 'Admin Setup')).toBeVisible();
    await expectPageToMatch(page, 'admin-signup');
  });
});
