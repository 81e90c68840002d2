import { randomUUID } from 'node:crypto';
import type { Page } from '@playwright/test';
import { DIRECTORY_MESSAGES } from '@solutionz/shared';
import { sdkFor } from '../../scripts/local/stripe/client';
import { localStripeUrl, subscribeAccount } from '../support/membership';
import { seriousViolations } from './support/axe';
import { expect, test, type Accounts } from './support/fixtures';

/**
 * Saved professionals (docs/product/directory.md#saved-professionals): a client saves a professional from a
 * category page or the directory, finds them among the bookmarks, and removes them; one whose listing
 * ends stays there as no longer available. The provider's name sorts first in its category ("Aa ...").
 */

async function listedPetBoarder(accounts: Accounts) {
  const word = `Zq${randomUUID().replace(/-/g, '').slice(0, 8)}`;
  const businessName = `Aa ${word} Pet Boarding`;
  const account = await accounts.create('provider', { businessName, location: 'NR2 1', categories: ['Pets/Animals > Pet Boarding'] });
  const { stripeSubscriptionId } = await subscribeAccount(account, 'monthly');
  return { account, businessName, word, stripeSubscriptionId };
}

const toast = (page: Page, text: string) => page.getByRole('status').filter({ hasText: text });
const bookmarks = (page: Page) => page.getByRole('list', { name: 'Saved professionals' });

test.describe('a client', () => {
  test.use({ signedInAs: 'client' });

  test('saves a professional from their category page, finds them in the bookmarks and removes them', async ({ page, accounts }) => {
    const { account, businessName } = await listedPetBoarder(accounts);

    await page.goto('/categories/pet-boarding');
    const save = page.getByRole('button', { name: `Save ${businessName}` });
    await expect(save).toHaveAttribute('aria-pressed', 'false');
    await save.click();
    await expect(toast(page, DIRECTORY_MESSAGES.saved)).toBeVisible();
    const remove = page.getByRole('button', { name: `Remove ${businessName} from saved` });
    await expect(remove).toHaveAttribute('aria-pressed', 'true');

    await page.goto('/account?tab=bookmarks');
    const saved = bookmarks(page).getByRole('link', { name: businessName });
    await expect(saved).toHaveAttribute('href', `/directory/${account.userId}`);
    expect(await seriousViolations(page)).toEqual([]);

    await bookmarks(page)
      .getByRole('button', { name: `Remove ${businessName} from saved` })
      .click();
    await expect(toast(page, DIRECTORY_MESSAGES.removed)).toBeVisible();
    await expect(page.getByRole('heading', { name: 'No saved professionals yet' })).toBeVisible();

    // Still removed after a reload: the server forgot them too.
    await page.reload();
    await expect(page.getByRole('heading', { name: 'No saved professionals yet' })).toBeVisible();
  });

  test('saves from the directory, and a professional who stops being listed stays in the bookmarks as no longer available', async ({ page, accounts }) => {
    const { businessName, word, stripeSubscriptionId } = await listedPetBoarder(accounts);

    await page.goto(`/directory?service=${word}`);
    await page.getByRole('button', { name: `Save ${businessName}` }).click();
    await expect(toast(page, DIRECTORY_MESSAGES.saved)).toBeVisible();

    await sdkFor({ url: localStripeUrl() }).subscriptions.cancel(stripeSubscriptionId);
    await fetch(`${localStripeUrl()}/__settled`);

    await page.goto('/account?tab=bookmarks');
    await expect(bookmarks(page).getByText(DIRECTORY_MESSAGES.noLongerListed)).toBeVisible();
    await expect(bookmarks(page).getByRole('link', { name: businessName })).toHaveCount(0);
    await bookmarks(page).getByRole('button', { name: 'Remove unavailable professional from saved' }).click();
    await expect(page.getByRole('heading', { name: 'No saved professionals yet' })).toBeVisible();
  });
});

test('a visitor sees no save buttons', async ({ page, accounts }) => {
  const { businessName } = await listedPetBoarder(accounts);
  await page.goto('/categories/pet-boarding');
  await expect(page.getByRole('link', { name: businessName })).toBeVisible();
  await expect(page.getByRole('button', { name: /^Save / })).toHaveCount(0);
});
