import { expect, test } from '@playwright/test';
import { MESSAGES, ROLE_LABELS } from '@solutionz/shared';
import { newClient, signUpThroughApi } from './support/accounts';
import { linkFromInbox, nowInSeconds } from './support/inbox';
import { accountMenu, DEMO, logIn, logInOnPage } from './support/session';

test.describe('route guards and session banners', () => {
  test.describe.configure({ timeout: 60_000 });

  test('a guarded page sends a visitor to login with the way back, and login comes back to it', async ({ page }) => {
    await page.goto('/profile');
    await expect(page).toHaveURL(/\/login\?return=%2Fprofile$/);
    await logInOnPage(page, DEMO.client);
    await expect(page).toHaveURL(/\/profile$/);
    await expect(page.getByRole('heading', { level: 1, name: 'My Profile' })).toBeVisible();
  });

  test('/account-settings?tab=security keeps its query through the login', async ({ page }) => {
    await page.goto('/account-settings?tab=security');
    await expect(page).toHaveURL(/\/login\?return=%2Faccount%3Ftab%3Dsecurity$/);
    await logInOnPage(page, DEMO.provider, 'provider');
    await expect(page).toHaveURL(/\/account\?tab=security$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Account Settings' })).toBeVisible();
  });

  test('/membership: visitors log in as providers, clients go to the directory', async ({ page }) => {
    await page.goto('/membership');
    await expect(page).toHaveURL(/\/login\?type=provider&return=%2Fmembership$/);
    await expect(page.getByRole('tab', { name: ROLE_LABELS.provider })).toHaveAttribute('aria-selected', 'true');
    await page.getByRole('tab', { name: ROLE_LABELS.client }).click();
    await logInOnPage(page, DEMO.client);
    await expect(page).toHaveURL(/\/directory$/);
  });

  test('an admin page shows the admin login to a signed-in client', async ({ page }) => {
    await logIn(page, DEMO.client);
    await expect(accountMenu(page, DEMO.client.name)).toBeVisible();
    await page.goto('/admin/users');
    await expect(page.getByRole('heading', { level: 1, name: 'Admin Login' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'User Management' })).toHaveCount(0);
  });

  test('the e-mail confirmation banner: resend, then it goes away without a reload once the link is opened', async ({ page, request, context }) => {
    const account = newClient();
    const since = nowInSeconds() - 1;
    await signUpThroughApi(request, account);
    await logIn(page, account);
    await expect(page).toHaveURL(/\/directory$/);
    const banner = page.getByRole('region', { name: 'Account notices' });
    await expect(banner.getByText(MESSAGES.emailConfirmationBanner.title)).toBeVisible();

    await banner.getByRole('button', { name: MESSAGES.emailConfirmationBanner.resend }).click();
    await expect(banner.getByText(MESSAGES.emailConfirmationBanner.sent)).toBeVisible();

    const link = await linkFromInbox(account.email, '/confirm-email', { since });
    const other = await context.newPage();
    await other.goto(link);
    await expect(other.getByText(/confirmed/i).first()).toBeVisible();

    // The first page was never reloaded: the banner leaves by itself.
    await expect(banner.getByText(MESSAGES.emailConfirmationBanner.title)).toHaveCount(0, { timeout: 15_000 });
    await expect(page).toHaveURL(/\/directory$/);
  });
});
