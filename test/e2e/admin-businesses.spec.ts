import { ADMIN_BUSINESSES_MESSAGES } from '@solutionz/shared';
import { createBusiness, uniqueWord, violationsAtRest } from './support/admin';
import { expect, test } from './support/fixtures';

/**
 * /admin/businesses (docs/product/claims.md): the businesses admins created, newest first, whether
 * someone has claimed them, the owner and the claim date. Other tests create businesses on the same
 * stack, so this one finds its own by a made-up word.
 */

test.use({ signedInAs: 'admin' });

test('a business the admin just created is listed first-page as Unclaimed, with no owner or claim date', async ({ page, account }) => {
  const word = uniqueWord();
  await createBusiness(account, { businessName: `${word} Roofing`, firstName: 'Dale', lastName: 'Hughes' });

  await page.goto('/admin');
  await page.getByRole('main').getByRole('link', { name: 'Businesses', exact: true }).click();
  await expect(page).toHaveURL(/\/admin\/businesses$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Businesses' })).toBeVisible();
  const table = page.getByRole('table', { name: 'Businesses created by administrators' });
  const row = table.getByRole('row').filter({ hasText: `${word} Roofing` });
  await expect(row).toBeVisible({ timeout: 30_000 });
  await expect(row).toContainText(ADMIN_BUSINESSES_MESSAGES.unclaimed);
  await expect(row).toContainText(ADMIN_BUSINESSES_MESSAGES.noOwner);
  await expect(row).not.toContainText(ADMIN_BUSINESSES_MESSAGES.claimed);
  await expect(page.getByRole('status', { name: 'Loading businesses' })).toHaveCount(0);
  expect(await violationsAtRest(page)).toEqual([]);
});
