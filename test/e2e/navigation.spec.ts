import type { Page } from '@playwright/test';
import { CONTACT_EMAIL, DIRECTORY_MESSAGES, JOB_MESSAGES, MESSAGES, PROVIDER_PROFILE_MESSAGES } from '@solutionz/shared';
import { seriousViolations } from './support/axe';
import { expect, test } from './support/fixtures';
import { accountMenu } from './support/session';

test('an unknown path shows the not-found screen with a way home and to login', async ({ page }) => {
  await page.goto('/this/does/not/exist');
  await expect(page.getByRole('heading', { level: 1, name: MESSAGES.notFound.title })).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: MESSAGES.notFound.heading })).toBeVisible();
  await expect(page.getByRole('main').getByRole('link', { name: 'Login' })).toHaveAttribute('href', '/login');

  await page.getByRole('link', { name: 'Back to Home' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('heading', { level: 1, name: /find trusted local professionals/i })).toBeVisible();
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

const redirects = [
  { from: '/jobs/post?ref=footer', to: '/post-job?ref=footer', heading: 'Post a Job' },
  { from: '/forgot-password?ref=mail', to: '/reset-password?ref=mail', heading: 'Reset your password' },
] as const;

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

test('the footer leads to the page for businesses and to the accessibility statement, both prerendered and accessible', async ({ page }) => {
  for (const [path, heading] of [
    ['/business', 'Solutionz for businesses'],
    ['/accessibility', 'Accessibility statement'],
  ]) {
    expect(await (await page.request.get(path!)).text(), path).toContain(`${heading}</h1>`);
  }
  await page.goto('/');
  const footer = page.getByRole('contentinfo');
  await footer.getByRole('link', { name: 'Businesses' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Solutionz for businesses' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Membership plans' })).toContainText('£2.99 a month');
  await expect(page.getByRole('region', { name: 'Get started' }).getByRole('link', { name: 'Sign up as a provider' })).toHaveAttribute(
    'href',
    '/signup?type=provider',
  );
  expect(await seriousViolations(page)).toEqual([]);
  await page.getByRole('link', { name: 'Find your business in the directory' }).click();
  await expect(page.getByRole('heading', { level: 1, name: DIRECTORY_MESSAGES.title, exact: true })).toBeVisible();

  await footer.getByRole('link', { name: 'Accessibility' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Accessibility statement' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'The standard we aim for' })).toContainText('WCAG) 2.2 at level AA');
  await expect(page.getByRole('region', { name: 'Report a problem' }).getByRole('link', { name: CONTACT_EMAIL })).toHaveAttribute('href', /^mailto:/);
  expect(await seriousViolations(page)).toEqual([]);
});

/** The in-app addresses of the links in `scope`: mail links and other sites (the social profiles) are not ours to open. */
async function appLinks(page: Page, scope: ReturnType<Page['getByRole']>): Promise<string[]> {
  const origin = new URL(page.url()).origin;
  const hrefs = await scope.locator('a[href]').evaluateAll((links) => links.map((link) => (link as unknown as { href: string }).href));
  return hrefs.filter((href) => new URL(href).origin === origin).map((href) => href.slice(origin.length));
}

/** Fails if the page shown is a dead end: not found, or a provider page nobody can see. */
async function expectRealPage(page: Page, path: string): Promise<void> {
  const heading = page.getByRole('heading', { level: 1 }).first();
  await expect(heading, path).toBeVisible();
  await expect(heading, path).not.toHaveText(new RegExp(`^(${MESSAGES.notFound.title}|${PROVIDER_PROFILE_MESSAGES.notAvailable.title})$`));
  await expect(page.getByText(MESSAGES.notFound.heading, { exact: true }), path).toHaveCount(0);
}

/** The header's account menu, opened (a click can reach it while it is still opening and be dropped: a person would click again). */
async function openAccountMenu(page: Page, name: string) {
  const menu = page.getByRole('menu');
  await expect(async () => {
    if (!(await menu.isVisible())) await accountMenu(page, name).click({ timeout: 2_000 });
    await expect(menu.getByRole('menuitem', { name: 'Account Settings' })).toBeVisible({ timeout: 2_000 });
  }).toPass();
  return menu;
}

/**
 * Every link of the header (with the avatar menu's) and the footer leads to a page, each followed by clicking it in the
 * shell of the page the one before led to; for the signed-in also Account Settings' View My Profile. A signed-in
 * account is offered no Become a Provider, which it could not use.
 */
async function walkShellLinks(page: Page, signedInAs?: string): Promise<void> {
  await page.goto('/');
  const shell = page.locator('header, footer');
  await expect(page.getByRole('contentinfo').getByRole('link', { name: 'Businesses' })).toBeVisible();
  // Until the session is read, the shell is the visitor's: its links are collected once the account's shell is there.
  if (signedInAs) await expect(accountMenu(page, signedInAs)).toBeVisible();
  const links = new Set(await appLinks(page, shell));
  const inMenu = new Set<string>();
  if (signedInAs) {
    for (const path of await appLinks(page, await openAccountMenu(page, signedInAs))) inMenu.add(path);
    await page.keyboard.press('Escape');
    await expect(page.getByRole('link', { name: 'Become a Provider' })).toHaveCount(0);
  }
  expect([...links]).toEqual(expect.arrayContaining(['/directory', '/job-directory', '/business', '/accessibility']));
  for (const path of [...links, ...inMenu]) {
    const fromMenu = inMenu.has(path) && !links.has(path);
    // A menu re-rendering as the page under it loads can drop a click: a person would choose again.
    await expect(async () => {
      const scope = fromMenu ? await openAccountMenu(page, signedInAs!) : shell;
      await scope.locator(`a[href="${path}"]`).filter({ visible: true }).first().click({ timeout: 2_000 });
      await expect(page, path).toHaveURL((url) => `${url.pathname}${url.search}` === path, { timeout: 2_000 });
    }).toPass({ timeout: 15_000 });
    // Closed before the next is opened: a menu still closing would take the next click.
    await expect(page.getByRole('menu')).toBeHidden();
    await expectRealPage(page, path);
  }
  if (!signedInAs) return;
  // The menu's Account Settings, the walk's last stop.
  await expect(page).toHaveURL(/\/account$/);
  await page.getByRole('link', { name: 'View My Profile' }).click();
  await expect(page).not.toHaveURL(/\/account/);
  await expectRealPage(page, 'View My Profile');
}

test.describe('every header and footer link leads to a page', () => {
  test('for a visitor', async ({ page }) => {
    await walkShellLinks(page);
  });

  for (const role of ['client', 'provider', 'admin'] as const) {
    test.describe(() => {
      test.use({ signedInAs: role });
      test(`for a ${role}`, async ({ page, account }) => {
        await walkShellLinks(page, account.fullName);
      });
    });
  }

  test.describe(() => {
    test.use({ signedInAs: 'provider', membership: 'monthly' });
    test('for a provider with a membership', async ({ page, account }) => {
      await walkShellLinks(page, account.fullName);
    });
  });
});
