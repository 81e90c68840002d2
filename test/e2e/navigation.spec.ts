import { JOB_MESSAGES, MESSAGES } from '@solutionz/shared';
import { expect, test } from './support/fixtures';

test('an unknown path shows the not-found screen with a way home and to login', async ({ page }) => {
  await page.goto('/this/does/not/exist');
  await expect(page.getByRole('heading', { level: 1, name: MESSAGES.notFound.title })).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: MESSAGES.notFound.heading })).toBeVisible();
  await expect(page.getByRole('main').getByRole('link', { name: 'Login' })).toHaveAttribute('href', '/login');

  await page.getByRole('link', { name: 'Back to Home' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('heading', { level: 1, name: /find trusted local professionals/i })).toBeVisible();
});

test('the footer Businesses link, which points at a path outside the route table, lands on not found', async ({ page }) => {
  await page.goto('/business');
  await expect(page.getByRole('heading', { level: 2, name: MESSAGES.notFound.heading })).toBeVisible();
});

test('/jobs?job=7 redirects to /job-directory?job=7, which opens that job: one that does not exist says so, and closing shows the board', async ({ page }) => {
  await page.goto('/jobs?job=7');
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByText(JOB_MESSAGES.notFound)).toBeVisible();
  const url = new URL(page.url());
  expect(`${url.pathname}${url.search}`).toBe('/job-directory?job=7');
  await page.keyboard.press('Escape');
  await expect(page.getByRole('heading', { level: 1, name: 'Job Directory', exact: true })).toBeVisible();
  await expect(page).toHaveURL(/\/job-directory$/);
});

const redirects = [{ from: '/jobs/post?ref=footer', to: '/post-job?ref=footer', heading: 'Post a Job' }] as const;

for (const { from, to, heading } of redirects) {
  test(`${from} redirects to ${to}`, async ({ page }) => {
    await page.goto(from);
    await expect(page.getByRole('heading', { level: 1, name: heading, exact: true })).toBeVisible();
    const url = new URL(page.url());
    expect(`${url.pathname}${url.search}`).toBe(to);
  });
}

test('/account-settings goes to /account, whose guard sends a signed-out visitor to login with the way back', async ({ page }) => {
  await page.goto('/account-settings?tab=security');
  await expect(page.getByRole('heading', { level: 1, name: 'Sign in to your account', exact: true })).toBeVisible();
  const url = new URL(page.url());
  expect(url.pathname).toBe('/login');
  expect(url.searchParams.get('return')).toBe('/account?tab=security');
});

test('the signed-out header offers the site navigation on a wide screen', async ({ page }) => {
  await page.goto('/');
  const nav = page.getByRole('navigation', { name: 'Main' });
  await expect(nav.getByRole('link', { name: 'Find Professionals' })).toHaveAttribute('href', '/directory');
  await expect(nav.getByRole('link', { name: 'Post a Job' })).toHaveAttribute('href', '/post-job');
  await expect(nav.getByRole('link', { name: 'Job Directory' })).toHaveAttribute('href', '/job-directory');
  await expect(nav.getByRole('link', { name: 'Become a Provider' })).toHaveAttribute('href', '/signup?type=provider');
  const header = page.getByRole('banner');
  await expect(header.getByRole('link', { name: 'Login' })).toBeVisible();
  await expect(header.getByRole('link', { name: 'Sign Up' })).toBeVisible();
  await expect(header.getByRole('button', { name: 'Open menu' })).toBeHidden();
});

test.describe('on a 360 px wide phone', () => {
  test.use({ viewport: { width: 360, height: 740 } });

  test('the menu opens from the hamburger and collapses after navigating', async ({ page }) => {
    await page.goto('/');
    const header = page.getByRole('banner');
    await expect(header.getByRole('navigation', { name: 'Main' })).toBeHidden();

    await header.getByRole('button', { name: 'Open menu' }).click();
    const menu = header.getByRole('navigation', { name: 'Mobile' });
    await expect(menu).toBeVisible();
    await expect(header.getByRole('button', { name: 'Close menu' })).toHaveAttribute('aria-expanded', 'true');

    await menu.getByRole('link', { name: 'Job Directory' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Job Directory', exact: true })).toBeVisible();
    await expect(menu).toBeHidden();
    await expect(header.getByRole('button', { name: 'Open menu' })).toHaveAttribute('aria-expanded', 'false');
  });

  test('the home page fits the screen without sideways scrolling', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1, name: /find trusted local professionals/i })).toBeVisible();
    const widths = await page.evaluate('[document.documentElement.scrollWidth, window.innerWidth]');
    const [scrollWidth, innerWidth] = widths as [number, number];
    expect(scrollWidth).toBeLessThanOrEqual(innerWidth);
  });
});
