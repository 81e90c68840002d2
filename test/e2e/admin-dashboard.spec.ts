import { ADMIN_CONSOLE_MESSAGES, DIRECTORY_MESSAGES, PROVIDER_PROFILE_MESSAGES } from '@solutionz/shared';
import { confirmWithReason, createBusiness, searchUsers, toast, uniqueWord, userRow, violationsAtRest } from './support/admin';
import { expect, test } from './support/fixtures';
import { bearer } from './support/security';

/**
 * The admin dashboard (docs/product/admin.md#the-console, #dashboard): its cards and four statistics,
 * and the Recent activity panel showing what an admin just did and why; hiding and showing a listed
 * business moves it out of the directory and back at once. Non-admins get none of it.
 */

const MESSAGES = ADMIN_CONSOLE_MESSAGES.users;

test.describe('an administrator', () => {
  test.use({ signedInAs: 'admin' });

  test('sees the cards and statistics; hides a listed business with a reason, which Recent activity then shows, and shows it again', async ({
    page,
    account,
    browser,
    baseURL,
  }) => {
    test.slow();
    const word = uniqueWord();
    const business = await createBusiness(account, { businessName: `${word} Landscaping`, firstName: 'Gethin', lastName: 'Price' });

    await page.goto('/admin');
    await expect(page.getByRole('heading', { level: 1, name: 'Admin Dashboard' })).toBeVisible();
    const cards: [name: string, href: string][] = [
      ['Users', '/admin/users'],
      ['Feedback', '/admin/feedback'],
      ['Categories', '/admin/categories'],
      ['Analytics', '/admin/analytics'],
      ['Businesses', '/admin/businesses'],
    ];
    for (const [card, href] of cards) {
      await expect(page.getByRole('main').getByRole('link', { name: card, exact: true })).toHaveAttribute('href', href);
    }
    const stats = page.getByRole('region', { name: 'Statistics' });
    const figure = (label: string) =>
      stats
        .locator('dt')
        .filter({ hasText: new RegExp(`^${label}$`) })
        .locator('xpath=following-sibling::dd[1]');
    // The figure beside each label is a whole number once the counters are read.
    for (const label of ['Businesses', 'Visible, active providers', 'Businesses created this month', 'Feedback awaiting approval']) {
      await expect(figure(label)).toHaveText(/^\d[\d,]*$/);
    }
    // Other tests add and remove businesses meanwhile; these three count the one this test just listed.
    for (const label of ['Businesses', 'Visible, active providers', 'Businesses created this month']) {
      expect(Number((await figure(label).textContent())!.replace(/,/g, ''))).toBeGreaterThanOrEqual(1);
    }
    expect(await violationsAtRest(page)).toEqual([]);

    // A visitor finds the business in the directory.
    const visitor = await browser.newPage({ baseURL: baseURL! });
    await visitor.goto(`/directory/${business.userId}`);
    await expect(visitor.getByRole('heading', { level: 1, name: `${word} Landscaping` })).toBeVisible();

    await page.getByRole('main').getByRole('link', { name: 'Users', exact: true }).click();
    await searchUsers(page, word, { open: false });
    const row = userRow(page, word);
    await row.getByRole('button', { name: 'Hide Gethin Price' }).click();
    const dialog = page.getByRole('alertdialog', { name: 'Hide user' });
    await expect(dialog.getByText('Gethin Price leaves the directory at once and is e-mailed the reason.')).toBeVisible();
    await confirmWithReason(dialog, 'Hide', 'misleading', `Opening hours on ${word} are wrong`);
    await expect(toast(page, MESSAGES.hidden)).toBeVisible();
    await expect(row.getByText('Hidden')).toBeVisible();

    await visitor.reload();
    await expect(visitor.getByRole('heading', { level: 1, name: PROVIDER_PROFILE_MESSAGES.notAvailable.title })).toBeVisible();
    // Searched for by name, it matches nothing: the directory says so and shows everyone else.
    await visitor.goto(`/directory?service=${word}`);
    await expect(visitor.getByText(DIRECTORY_MESSAGES.fallback)).toBeVisible();
    await expect(visitor.getByText(`${word} Landscaping`)).toHaveCount(0);

    // Back on the dashboard (the header's menu), the entry names the admin, the business and the reason.
    await page.getByRole('button', { name: 'Return to Main' }).click();
    await page.getByRole('menuitem', { name: 'Admin Dashboard' }).click();
    await expect(page).toHaveURL(/\/admin$/);
    const entry = page
      .getByRole('region', { name: 'Recent activity' })
      .getByRole('listitem')
      .filter({ hasText: `${account.fullName} hid a user from the directory: Gethin Price (${word} Landscaping)` });
    await expect(entry).toContainText(`Reason: False or misleading information (Opening hours on ${word} are wrong)`);
    await expect(entry.getByText('Less than an hour ago')).toBeVisible();

    await page.goBack();
    await searchUsers(page, word, { open: false, cached: true });
    await row.getByRole('button', { name: 'Show Gethin Price' }).click();
    await expect(toast(page, MESSAGES.shown)).toBeVisible();
    await visitor.goto(`/directory?service=${word}`);
    await expect(visitor.getByRole('region', { name: 'Results' }).getByRole('article', { name: `${word} Landscaping` })).toBeVisible();
    await visitor.close();
  });
});

for (const accountType of ['client', 'provider'] as const) {
  test.describe(`a signed-in ${accountType}`, () => {
    test.use({ signedInAs: accountType });

    test('opening /admin/users gets no data: the admin login instead, and the API answers 403', async ({ page, account, request }) => {
      const adminCalls: string[] = [];
      page.on('response', (response) => {
        if (new URL(response.url()).pathname.startsWith('/api/admin/')) adminCalls.push(`${response.status()} ${response.url()}`);
      });
      await page.goto('/admin/users');
      await expect(page.getByRole('heading', { level: 1, name: 'Admin Login' })).toBeVisible();
      await expect(page.getByRole('heading', { name: 'User Management' })).toHaveCount(0);
      await expect(page.getByRole('table')).toHaveCount(0);
      expect(adminCalls).toEqual([]);

      const headers = await bearer(account);
      for (const path of ['/api/admin/users', '/api/admin/dashboard', '/api/admin/feedback']) {
        const response = await request.get(path, { headers });
        expect(response.status(), path).toBe(403);
        expect(await response.text()).not.toContain('@');
      }
    });
  });
}
