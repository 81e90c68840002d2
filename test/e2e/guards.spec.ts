import { MESSAGES, ROLE_LABELS } from '@solutionz/shared';
import { expect, test } from './support/fixtures';
import { linkFromInbox, nowInSeconds } from './support/inbox';
import { followMailLink } from './support/mail-links';
import { logInOnPage } from './support/session';

test.describe('route guards through the login form', () => {
  test('a guarded page sends a visitor to login with the way back, and login comes back to it', async ({ page, accounts }) => {
    const client = await accounts.create('client');
    await page.goto('/profile');
    await expect(page).toHaveURL(/\/login\?return=%2Fprofile$/);
    await logInOnPage(page, client);
    await expect(page).toHaveURL(/\/profile$/);
    await expect(page.getByRole('heading', { level: 1, name: 'My Profile' })).toBeVisible();
  });

  test('/account-settings?tab=security keeps its query through the login', async ({ page, accounts }) => {
    const provider = await accounts.create('provider');
    await page.goto('/account-settings?tab=security');
    await expect(page).toHaveURL(/\/login\?return=%2Faccount%3Ftab%3Dsecurity$/);
    await logInOnPage(page, provider, 'provider');
    await expect(page).toHaveURL(/\/account\?tab=security$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Account Settings' })).toBeVisible();
  });

  test('/membership: visitors log in as providers, clients go to the directory', async ({ page, accounts }) => {
    const client = await accounts.create('client');
    await page.goto('/membership');
    await expect(page).toHaveURL(/\/login\?type=provider&return=%2Fmembership$/);
    await expect(page.getByRole('tab', { name: ROLE_LABELS.provider })).toHaveAttribute('aria-selected', 'true');
    await page.getByRole('tab', { name: ROLE_LABELS.client }).click();
    await logInOnPage(page, client);
    await expect(page).toHaveURL(/\/directory$/);
  });
});

test.describe('a signed-in client', () => {
  test.use({ signedInAs: 'client' });

  test('is shown the admin login on an admin page', async ({ page }) => {
    await page.goto('/admin/users');
    await expect(page.getByRole('heading', { level: 1, name: 'Admin Login' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'User Management' })).toHaveCount(0);
  });
});

test.describe('a signed-in client whose e-mail is not confirmed', () => {
  test.use({ signedInAs: 'client', emailConfirmed: false });

  test('sees the confirmation banner: resend, then it goes away without a reload once the link is opened', async ({ page, account, context }) => {
    const since = nowInSeconds() - 1;
    await page.goto('/directory');
    const banner = page.getByRole('region', { name: 'Account notices' });
    await expect(banner.getByText(MESSAGES.emailConfirmationBanner.title)).toBeVisible();

    await banner.getByRole('button', { name: MESSAGES.emailConfirmationBanner.resend }).click();
    await expect(banner.getByText(MESSAGES.emailConfirmationBanner.sent)).toBeVisible();

    const link = await linkFromInbox(account.email, '/confirm-email', { since });
    const other = await context.newPage();
    await followMailLink(other, link);
    await expect(other.getByText(/confirmed/i).first()).toBeVisible();

    // The first page was never reloaded: the banner leaves by itself.
    await expect(banner.getByText(MESSAGES.emailConfirmationBanner.title)).toHaveCount(0, { timeout: 15_000 });
    await expect(page).toHaveURL(/\/directory$/);
  });
});
