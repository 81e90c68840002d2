import type { Page } from '@playwright/test';
import { ADMIN_BUSINESSES_MESSAGES, ADMIN_CONSOLE_MESSAGES, SIGNUP_LISTED_BUSINESS_MESSAGES as LISTED } from '@solutionz/shared';
import { createBusiness, uniqueWord } from './support/admin';
import { expect, test } from './support/fixtures';

/**
 * How the owner of a business an admin listed reaches its claim page (docs/product/claims.md#finding-the-claim-page):
 * from the business's page, from sign-up's business search, and from the link an admin sends from the console.
 */

/** The claim page, opened with the business chosen: its name and the claim form. */
async function expectClaimFormFor(page: Page, businessName: string): Promise<void> {
  await expect(page).toHaveURL(/\/claim-business\?businessID=/);
  // The address changes before the claim page has replaced the page it was opened from.
  await expect(page.getByRole('heading', { level: 1, name: 'Claim your business' })).toBeVisible();
  await expect(page.getByText(businessName, { exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Claim business' })).toBeVisible();
}

test('an owner reaches the claim form from their business’s page and from sign-up, where picking it does not list it twice', async ({ page, accounts }) => {
  test.slow();
  const admin = await accounts.create('admin');
  const word = uniqueWord();
  const businessName = `${word} Glazing`;
  const business = await createBusiness(admin, { businessName });

  // A visitor on the business's page.
  await page.goto(`/directory/${business.userId}`);
  const card = page.getByRole('region', { name: 'Is this your business?' });
  await card.getByRole('link', { name: 'Claim it' }).click();
  await expectClaimFormFor(page, businessName);

  // Sign-up: picking the listed business by name offers its claim instead of a second listing.
  await page.goto('/signup?type=provider');
  const field = page.getByRole('combobox', { name: 'Business name' });
  await field.pressSequentially(word);
  await page.getByRole('option', { name: businessName }).click();
  await expect(page.getByText(LISTED.listed(businessName))).toBeVisible();
  await page.getByRole('link', { name: LISTED.claim }).click();
  await expectClaimFormFor(page, businessName);
});

test.describe('as an admin', () => {
  test.use({ signedInAs: 'admin' });

  test('creating a provider shows the claim link to send to the owner, which the businesses list offers too', async ({ page }) => {
    test.slow();
    const word = uniqueWord();
    const businessName = `${word} Plastering`;
    await page.goto('/admin');
    await page.getByRole('main').getByRole('link', { name: 'Users' }).click();
    await page.getByRole('button', { name: 'Create provider' }).click();
    const dialog = page.getByRole('dialog', { name: 'Create provider' });
    await dialog.getByRole('textbox', { name: /First name/ }).fill('Rhys');
    await dialog.getByRole('textbox', { name: /Last name/ }).fill('Morgan');
    await dialog.getByRole('textbox', { name: /Business name/ }).fill(businessName);
    await dialog.getByRole('button', { name: 'Create provider' }).click();
    const created = page.getByRole('dialog', { name: 'Provider created' });
    await expect(created.getByText(ADMIN_CONSOLE_MESSAGES.createProvider.created, { exact: false })).toBeVisible();
    const link = await created.getByRole('textbox', { name: ADMIN_BUSINESSES_MESSAGES.claimLink }).inputValue();
    expect(link).toMatch(/\/claim-business\?businessID=.+/);
    await created.getByRole('button', { name: 'Stay on this page' }).click();

    await page.goto('/admin');
    await page.getByRole('main').getByRole('link', { name: 'Businesses', exact: true }).click();
    const rowLink = page.getByRole('link', { name: `${ADMIN_BUSINESSES_MESSAGES.claimLink} for ${businessName}` });
    await expect(rowLink).toHaveAttribute('href', link);
    // The link the owner is sent opens the claim form with the business chosen.
    await page.goto(link);
    await expectClaimFormFor(page, businessName);
  });
});
