import { ACCOUNT_MESSAGES, MESSAGES, ROLE_LABELS } from '@solutionz/shared';
import { seriousViolations } from './support/axe';
import { expect, test } from './support/fixtures';
import { accountMenu, expectSignedOutHeader, logIn, logInOnPage } from './support/session';

test.describe('login form', () => {
  test('a client signs in on the client tab and lands on the directory, signed in', async ({ page, accounts }) => {
    const client = await accounts.create('client');
    await logIn(page, client);
    await expect(page).toHaveURL(/\/directory$/);
    await expect(accountMenu(page, client.fullName)).toBeVisible();
    await expect(page.getByRole('banner').getByRole('link', { name: 'Become a Provider' })).toHaveCount(0);
  });

  test('a provider without a membership signs in on the provider tab and lands on /membership', async ({ page, accounts }) => {
    const provider = await accounts.create('provider');
    await page.goto('/login?type=provider');
    await expect(page.getByRole('tab', { name: ROLE_LABELS.provider })).toHaveAttribute('aria-selected', 'true');
    await logInOnPage(page, provider, 'provider');
    await expect(page).toHaveURL(/\/membership$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Choose Your Membership Plan' })).toBeVisible();
    await expect(page.getByText(MESSAGES.membershipBanner.title, { exact: true })).toBeVisible();
    await expect(page.getByRole('link', { name: MESSAGES.membershipBanner.action })).toHaveAttribute('href', '/membership');
  });

  test('the wrong tab gives the mismatch error and signs the user out again', async ({ page, accounts }) => {
    const client = await accounts.create('client');
    await logIn(page, client, 'provider');
    await expect(page.getByRole('alert').filter({ hasText: ACCOUNT_MESSAGES.accountTypeMismatch('client') })).toBeVisible();
    await expect(page).toHaveURL(/\/login/);
    await expectSignedOutHeader(page);
    await page.reload();
    await expectSignedOutHeader(page);
  });

  test('both fields are required', async ({ page }) => {
    await page.goto('/login');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page.getByText(ACCOUNT_MESSAGES.loginFieldsRequired)).toBeVisible();
    await page.getByLabel('Email').fill('someone@example.co.uk');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page.getByText(ACCOUNT_MESSAGES.loginFieldsRequired)).toBeVisible();
  });

  test('a wrong password gives the failure message and the Login failed toast', async ({ page, accounts }) => {
    const client = await accounts.create('client');
    await logIn(page, { email: client.email, password: 'Not-the-password-1' });
    await expect(page.getByRole('alert').filter({ hasText: ACCOUNT_MESSAGES.loginFailed })).toBeVisible();
    await expect(page.getByText(MESSAGES.loginFailedToast)).toBeVisible();
    await expectSignedOutHeader(page);
  });

  test('a return link to another site is ignored', async ({ page, accounts }) => {
    const client = await accounts.create('client');
    await page.goto(`/login?return=${encodeURIComponent('//evil.example/steal')}`);
    await logInOnPage(page, client);
    await expect(page).toHaveURL(/localhost:\d+\/directory$/);
  });

  test('has no serious accessibility violations', async ({ page }) => {
    await page.goto('/login');
    await expect(page.getByRole('heading', { level: 1, name: 'Sign in to your account' })).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page.getByText(ACCOUNT_MESSAGES.loginFieldsRequired)).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
  });
});

test.describe('signed in', () => {
  test.use({ signedInAs: 'client' });

  test('signing out from the avatar menu shows the toast and goes home', async ({ page, account }) => {
    await page.goto('/directory');
    await accountMenu(page, account.fullName).click();
    await expect(page.getByRole('menuitem', { name: 'My Profile' })).toBeVisible();
    await expect(page.getByRole('menuitem', { name: 'Account Settings' })).toBeVisible();
    await expect(page.getByRole('menuitem', { name: 'Change Profile Photo' })).toBeVisible();
    await page.getByRole('menuitem', { name: 'Sign Out' }).click();
    await expect(page.getByText(MESSAGES.signOut.success.title)).toBeVisible();
    await expect(page.getByText(MESSAGES.signOut.success.description)).toBeVisible();
    await expect(page).toHaveURL(/localhost:\d+\/$/);
    await expectSignedOutHeader(page);
    await page.reload();
    await expectSignedOutHeader(page);
  });

  test('the session renews itself before the tokens expire, through the local Cognito proxy', async ({ page, account }) => {
    await page.clock.install();
    await page.goto('/directory');
    await expect(accountMenu(page, account.fullName)).toBeVisible();
    const refresh = page.waitForRequest((request) => request.headers()['x-amz-target']?.endsWith('.GetTokensFromRefreshToken') ?? false);
    // The emulator's tokens live 24 hours; a day later the refresh timer has fired.
    await page.clock.fastForward('24:00:00');
    const response = await (await refresh).response();
    expect(response?.status()).toBe(200);
    // Still signed in, and the API accepts the renewed token.
    await page.getByRole('banner').getByRole('link', { name: 'Find Professionals' }).click();
    await accountMenu(page, account.fullName).click();
    await page.getByRole('menuitem', { name: 'My Profile' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'My Profile' })).toBeVisible();
  });
});
