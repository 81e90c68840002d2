import type { Page } from '@playwright/test';
import { ACCOUNT_MESSAGES, ROLE_LABELS } from '@solutionz/shared';
import { expect, test } from './support/fixtures';

/**
 * A server-rendered or prerendered page shows before the app's code has come (it is fetched once the page is painted,
 * seconds on a phone's slow line; docs/web.md#hydration-and-early-input). What a person presses before hydration is
 * not lost, and a form is never sent by the browser itself, which would put what was typed, a password too, into the
 * address.
 */

/** A page of the test's context whose app code (the boot chain's last file) arrives only when `release` is called. */
async function pageWithAppHeldBack(page: Page) {
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/assets\/boot-app-[\w-]+\.js$/, async (route) => {
    await held;
    await route.continue();
  });
  return { release };
}

/** Opens `path` without waiting for the app (the fixture's `goto` waits for it): a person sees the server's HTML at once. */
const openBeforeHydration = async (page: Page, path: string) => {
  await page.goto(path, { waitUntil: 'commit' });
  await expect(page.locator('#root[data-prerendered]')).toHaveCount(1);
};

test('a tab pressed before the app has taken the page over is pressed once it has', async ({ context }) => {
  const page = await context.newPage();
  const app = await pageWithAppHeldBack(page);
  await openBeforeHydration(page, '/signup');
  await page.getByRole('tab', { name: ROLE_LABELS.provider }).click();
  await expect(page.getByLabel('Phone number')).toHaveCount(0);

  app.release();
  await expect(page.getByLabel('Business name')).toBeVisible();
  await expect(page.getByLabel('Phone number')).toBeVisible();
  await expect(page).toHaveURL(/\/signup\?type=provider$/);
});

test('a form sent before the app has taken the page over is checked once it has, and nothing typed goes into the address', async ({ context }) => {
  const page = await context.newPage();
  const app = await pageWithAppHeldBack(page);
  await openBeforeHydration(page, '/signup');
  await page.getByLabel('Email', { exact: true }).fill('early@example.co.uk');
  await page.getByLabel('Password', { exact: true }).fill('Typed-too-soon-1');
  await page.getByLabel('Password', { exact: true }).press('Enter');
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page).toHaveURL(/\/signup$/);

  app.release();
  await expect(page.getByText(ACCOUNT_MESSAGES.fullNameRequired, { exact: true })).toBeVisible();
  await expect(page).toHaveURL(/\/signup$/);
  await expect(page.getByLabel('Email', { exact: true })).toHaveValue('early@example.co.uk');
});

test('a link followed before the app has taken the page over opens its page', async ({ context }) => {
  const page = await context.newPage();
  const app = await pageWithAppHeldBack(page);
  await openBeforeHydration(page, '/categories');
  await page.getByRole('contentinfo').getByRole('link', { name: 'Become a Provider' }).click();
  app.release();
  await expect(page).toHaveURL(/\/signup\?type=provider$/);
  await expect(page.getByLabel('Business name')).toBeVisible();
});

test('without the app at all, the sign-up form puts nothing typed into the address', async ({ context }) => {
  const page = await context.newPage();
  await page.route(/\.js$/, (route) => route.abort());
  await openBeforeHydration(page, '/signup');
  await page.getByLabel('Password', { exact: true }).fill('Typed-without-scripts-1');
  const sent = page.waitForRequest((request) => request.isNavigationRequest() && new URL(request.url()).pathname === '/signup');
  await page.getByRole('button', { name: 'Create account' }).click();
  const request = await sent;
  expect(request.url()).not.toContain('Typed-without-scripts-1');
  expect(new URL(request.url()).search).toBe('');
  expect(request.method()).toBe('POST');
});

test('a page scrolled before the app has taken it over stays where it was, and a page the app opens starts at the top', async ({ context }) => {
  const page = await context.newPage();
  const app = await pageWithAppHeldBack(page);
  await openBeforeHydration(page, '/categories');
  const footerLink = page.getByRole('contentinfo').getByRole('link', { name: 'Become a Provider' });
  await footerLink.scrollIntoViewIfNeeded();
  const scrolled = (await page.evaluate('window.scrollY')) as number;
  expect(scrolled).toBeGreaterThan(0);

  app.release();
  await expect(page.locator('#root[data-prerendered]')).toHaveCount(0);
  expect(await page.evaluate('window.scrollY')).toBe(scrolled);

  await footerLink.click();
  await expect(page.getByLabel('Business name')).toBeVisible();
  expect(await page.evaluate('window.scrollY')).toBe(0);
});
