import { randomUUID } from 'node:crypto';
import { CATEGORIES_MESSAGES, MESSAGES, PRODUCT_NAME, TAXONOMY } from '@solutionz/shared';
import { subscribeAccount } from '../support/membership';
import { seriousViolations } from './support/axe';
import { expect, test, type Accounts } from './support/fixtures';
import { renderedRootIn } from './support/hydration';
import { watchZod } from './support/scripts';

/**
 * The Service Categories pages (docs/product/categories.md#pages): the groups with their counts and
 * the search box, and a category's page with its listed professionals. A provider of a test's own is
 * named to sort first among its category's professionals ("Aa ..."), so other tests' providers and the
 * demo data never push it off the first page.
 */

/** A member (so listed) offering Pet Boarding in Norwich. */
async function listedPetBoarder(accounts: Accounts) {
  const businessName = `Aa Zq${randomUUID().replace(/-/g, '').slice(0, 8)} Pet Boarding`;
  const account = await accounts.create('provider', {
    businessName,
    location: 'NR2 1',
    categories: ['Pets/Animals > Pet Boarding'],
    firstName: 'Nell',
    lastName: 'Norris',
  });
  await subscribeAccount(account, 'monthly');
  return { account, businessName };
}

test('/categories shows every group with its counts and filters them as the visitor types', async ({ page }) => {
  // The page arrives server-rendered: every group is in the HTML before any script runs.
  const html = await (await page.request.get('/categories')).text();
  const root = renderedRootIn(html);
  for (const group of TAXONOMY) expect(root, group.name).toContain(group.name.replace(/&/g, '&amp;'));
  expect(html).toContain(`<title>${CATEGORIES_MESSAGES.title} | ${PRODUCT_NAME}</title>`);

  const zod = watchZod(page);
  await page.goto('/categories');
  await expect(page.getByRole('heading', { level: 1, name: CATEGORIES_MESSAGES.title })).toBeVisible();
  await expect(page).toHaveTitle(`${CATEGORIES_MESSAGES.title} | ${PRODUCT_NAME}`);
  const groups = page.getByRole('main').getByRole('listitem');
  // Every seeded group, in order (the admin categories spec may add one of its own for a while).
  await expect(groups.getByRole('link')).toContainText(TAXONOMY.map((group) => group.name));
  const pets = groups.filter({ has: page.getByRole('link', { name: 'Pets/Animals' }) });
  await expect(pets).toContainText('5 subcategories');
  await expect(pets).toContainText(/(?<!\d)\d+ professionals?/);
  expect(await seriousViolations(page)).toEqual([]);

  const search = page.getByRole('searchbox', { name: 'Search categories' });
  await expect(search).toHaveAttribute('placeholder', CATEGORIES_MESSAGES.searchPlaceholder);
  await search.fill('boarding');
  await expect(groups).toHaveCount(1);
  await expect(pets).toContainText('Matches: Pet Boarding');

  await search.fill('hair');
  await expect(groups.getByRole('link')).toHaveText(['Hair & Beauty']);

  await search.fill('underwater basket weaving');
  await expect(page.getByRole('heading', { name: CATEGORIES_MESSAGES.noneFound })).toBeVisible();
  await expect(page.getByText(CATEGORIES_MESSAGES.adjustSearch)).toBeVisible();

  await search.fill('');
  await page.getByRole('link', { name: 'Pets/Animals' }).click();
  await expect(page).toHaveURL(/\/categories\/pets-animals$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Pets/Animals' })).toBeVisible();
  // Read-only pages: no validation schemas, no zod (docs/web.md#calling-the-api), whatever the visitor did here.
  expect(await zod.loaded()).toEqual([]);
});

test('a category page shows its subcategories and the professionals listed in it', async ({ page, accounts }) => {
  const { account, businessName } = await listedPetBoarder(accounts);

  await page.goto('/categories/pets-animals');
  await expect(page.getByRole('heading', { level: 1, name: 'Pets/Animals' })).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: 'Subcategories' })).toBeVisible();
  await page.getByRole('link', { name: /^Pet Boarding \(\d+\)$/ }).click();

  await expect(page).toHaveURL(/\/categories\/pet-boarding$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Pet Boarding' })).toBeVisible();
  await expect(page).toHaveTitle(`Pet Boarding | ${PRODUCT_NAME}`);
  const card = page.getByRole('listitem').filter({ has: page.getByRole('link', { name: businessName }) });
  await expect(card).toBeVisible();
  await expect(card).toContainText('Nell Norris');
  await expect(card).toContainText('No reviews yet');
  await expect(card.getByRole('link', { name: businessName })).toHaveAttribute('href', `/directory/${account.userId}`);
  // A visitor has no save button.
  await expect(card.getByRole('button')).toHaveCount(0);
  await expect(page.getByRole('navigation', { name: 'breadcrumb' }).getByRole('link', { name: 'Pets/Animals' })).toHaveAttribute(
    'href',
    '/categories/pets-animals',
  );
  expect(await seriousViolations(page)).toEqual([]);
});

test('a category that does not exist shows the not-found screen', async ({ page }) => {
  await page.goto('/categories/underwater-basket-weaving');
  await expect(page.getByRole('heading', { name: MESSAGES.notFound.heading })).toBeVisible();
});
