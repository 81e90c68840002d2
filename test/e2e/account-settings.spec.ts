import { MESSAGES, PROFILE_MESSAGES } from '@solutionz/shared';
import { seriousViolations } from './support/axe';
import { expect, test } from './support/fixtures';
import { settingsTab } from './support/profile';
import { accountMenu, expectSignedOutHeader } from './support/session';

/**
 * The account settings (docs/product/account-settings.md#account-settings): /account and /account-settings, the tab menu
 * and what each tab holds, the sidebar's links, and the notification settings a person keeps.
 */

const NOTIFICATIONS_SAVED = 'Notification settings saved';

test.describe('a client', () => {
  test.use({ signedInAs: 'client' });

  test('/account-settings opens the settings on the tab it names, and the menu has the client tabs', async ({ page }) => {
    await page.goto('/account-settings?tab=notifications');
    await expect(page).toHaveURL(/\/account\?tab=notifications$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Account Settings' })).toBeVisible();
    await expect(page.getByRole('tablist', { name: 'Settings' }).getByRole('tab')).toHaveText(['My Profile', 'Account Security', 'Notifications', 'Bookmarks']);
    await expect(settingsTab(page, 'Notifications')).toHaveAttribute('aria-selected', 'true');
    await expect(page.getByRole('heading', { level: 3, name: 'Provider Updates' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Job Alerts' })).toHaveCount(0);
  });

  test('each tab shows its own content and puts its name in the address', async ({ page }) => {
    await page.goto('/account');
    await expect(settingsTab(page, 'My Profile')).toHaveAttribute('aria-selected', 'true');
    await expect(page.getByRole('heading', { level: 2, name: 'My Profile' })).toBeVisible();

    await settingsTab(page, 'Account Security').click();
    await expect(page).toHaveURL(/\/account\?tab=security$/);
    await expect(page.getByRole('heading', { level: 2, name: 'Account Security' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Change password' })).toBeVisible();

    await settingsTab(page, 'Bookmarks').click();
    await expect(page).toHaveURL(/\/account\?tab=bookmarks$/);
    await expect(page.getByRole('heading', { level: 2, name: 'Bookmarks' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'No saved professionals yet' })).toBeVisible();
    await expect(page.getByRole('main').getByRole('link', { name: 'Find Professionals' })).toHaveAttribute('href', '/directory');
    // Clients save professionals only.
    await expect(page.getByRole('tab', { name: 'Saved Jobs' })).toHaveCount(0);
  });

  test('a tab the menu does not have says so, and the payments tab is for providers only', async ({ page }) => {
    await page.goto('/account?tab=nonsense');
    await expect(page.getByText(PROFILE_MESSAGES.unknownTab)).toBeVisible();
    await expect(page.getByRole('tablist', { name: 'Settings' }).getByRole('tab', { selected: true })).toHaveCount(0);

    await page.goto('/account?tab=payments');
    await expect(page.getByRole('heading', { level: 2, name: 'Access denied' })).toBeVisible();
    await expect(page.getByText('You have an active subscription')).toHaveCount(0);
  });

  test('View My Profile goes to their own profile (a client has no public page) and Sign Out signs out to the home page', async ({ page, account }) => {
    await page.goto('/account');
    await page.getByRole('link', { name: 'View My Profile' }).click();
    await expect(page).toHaveURL(/\/profile$/);
    await expect(page.getByRole('heading', { name: account.fullName })).toBeVisible();
    await page.goBack();

    await page.getByRole('main').getByRole('button', { name: 'Sign Out' }).click();
    await expect(page.getByText(MESSAGES.signOut.success.title)).toBeVisible();
    await expect(page).toHaveURL(/\/$/);
    await expectSignedOutHeader(page);
    await expect(accountMenu(page, account.fullName)).toHaveCount(0);
  });

  test('Provider Updates are kept after a reload', async ({ page }) => {
    await page.goto('/account?tab=notifications');
    const updates = page.getByRole('checkbox', { name: 'Send me provider updates' });
    await expect(updates).not.toBeChecked();
    await page.getByText('Send me provider updates').click();
    await expect(updates).toBeChecked();
    await page.getByRole('region', { name: 'Provider Updates' }).getByRole('button', { name: 'Save', exact: true }).click();
    await expect(page.getByText(NOTIFICATIONS_SAVED)).toBeVisible();

    await page.reload();
    await expect(page.getByRole('checkbox', { name: 'Send me provider updates' })).toBeChecked();
  });

  for (const tab of ['My Profile', 'Account Security', 'Notifications', 'Bookmarks']) {
    test(`the ${tab} tab has no serious accessibility violation`, async ({ page }) => {
      await page.goto('/account');
      await settingsTab(page, tab).click();
      await expect(page.getByRole('heading', { level: 2, name: tab, exact: true })).toBeVisible();
      expect(await seriousViolations(page)).toEqual([]);
    });
  }
});

test.describe('a provider', () => {
  test.use({ signedInAs: 'provider' });

  test('has the Subscriptions tab too, which says there is no active subscription yet', async ({ page }) => {
    await page.goto('/account?tab=payments');
    await expect(page.getByRole('tablist', { name: 'Settings' }).getByRole('tab')).toHaveText([
      'My Profile',
      'Account Security',
      'Notifications',
      'Bookmarks',
      'Credentials',
      'Subscriptions',
    ]);
    await expect(settingsTab(page, 'Subscriptions')).toHaveAttribute('aria-selected', 'true');
    await expect(page.getByText('No active subscription')).toBeVisible();
    await expect(page.getByRole('main').getByRole('link', { name: 'Get Membership' })).toHaveAttribute('href', '/membership');

    await settingsTab(page, 'Bookmarks').click();
    const saved = page.getByRole('tablist', { name: 'Saved items' });
    await expect(saved.getByRole('tab')).toHaveText(['Saved Professionals', 'Saved Jobs']);
    await saved.getByRole('tab', { name: 'Saved Jobs' }).click();
    await expect(page.getByRole('heading', { name: 'No saved jobs yet' })).toBeVisible();
    await expect(page.getByRole('main').getByRole('link', { name: 'Browse Jobs' })).toHaveAttribute('href', '/job-directory');
  });

  test('Job Alerts (on, radius, categories) are kept after a reload', async ({ page }) => {
    await page.goto('/account?tab=notifications');
    const main = page.getByRole('main');
    await expect(main.getByRole('heading', { level: 3, name: 'Job Alerts' })).toBeVisible();
    await expect(main.getByRole('heading', { name: 'Provider Updates' })).toHaveCount(0);
    const alertsOn = main.getByRole('checkbox', { name: 'Send me job alerts' });
    const radius = main.getByRole('combobox', { name: 'Radius' });
    const chosen = main.getByRole('list', { name: 'Chosen job alert categories' }).getByRole('listitem');
    await expect(alertsOn).not.toBeChecked();
    await main.getByText('Send me job alerts').click();
    await radius.selectOption('10 miles');
    const categories = main.getByRole('group', { name: 'Job alert categories' });
    await categories.getByRole('combobox', { name: 'Service group' }).selectOption('Education');
    await categories.getByRole('combobox', { name: 'Service', exact: true }).selectOption('Tutoring');
    await categories.getByRole('button', { name: 'Add category' }).click();
    await categories.getByRole('combobox', { name: 'Service group' }).selectOption('IT');
    await categories.getByRole('button', { name: 'Add category' }).click();
    await expect(chosen).toHaveText(['Tutoring', 'IT']);
    await main.getByRole('region', { name: 'Job Alerts' }).getByRole('button', { name: 'Save', exact: true }).click();
    await expect(page.getByText(NOTIFICATIONS_SAVED)).toBeVisible();

    await page.reload();
    await expect(alertsOn).toBeChecked();
    await expect(radius).toHaveValue('10');
    await expect(chosen).toHaveText(['Tutoring', 'IT']);

    await main.getByText('Send me job alerts').click();
    await main.getByRole('region', { name: 'Job Alerts' }).getByRole('button', { name: 'Save', exact: true }).click();
    await expect(page.getByText(NOTIFICATIONS_SAVED)).toBeVisible();
    await page.reload();
    await expect(alertsOn).not.toBeChecked();
    await expect(radius).toHaveValue('10');
  });

  for (const tab of ['My Profile', 'Account Security', 'Notifications', 'Bookmarks', 'Subscriptions']) {
    test(`the ${tab} tab has no serious accessibility violation`, async ({ page }) => {
      await page.goto('/account');
      await settingsTab(page, tab).click();
      await expect(page.getByRole('heading', { level: 2, name: tab, exact: true })).toBeVisible();
      expect(await seriousViolations(page)).toEqual([]);
    });
  }
});
