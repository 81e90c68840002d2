import { randomInt } from 'node:crypto';
import type { Page } from '@playwright/test';
import { createTableStore } from '@solutionz/lambdas/data/table-store';
import { documents, stack } from '../../support/local-stack';
import type { Accounts } from '../support/fixtures';
import { atEveryWidth, expect, expectPageToMatch, test } from '../support/visual';

/**
 * The pages of a signed-in person, drawn as a phone and a desktop draw them. The accounts are fresh
 * ones with the fixtures' fixed names; their e-mail addresses, which are not, are painted over.
 */

const h1 = (page: Page, name: string) => page.getByRole('heading', { level: 1, name });
const BUSINESS_NAME = 'Pennine Plumbing';

/**
 * A unique address whose text is always as wide: digits are all one width, so the sentence that names
 * it (painted over) wraps the same way on every run.
 */
const sameWidthEmail = () => `visual-${String(randomInt(10 ** 9, 10 ** 10))}@example.co.uk`;

/**
 * A complimentary yearly membership, written onto the profile as the demo directory's are: it never
 * ends, so the page shows no renewal date (a bought one's would move with the real date).
 */
async function giveMembership(userId: string): Promise<void> {
  await createTableStore(documents, stack.tableName).entities.profile.patch({ userId }).set({ subscriptionTier: 'yearly', cancelAtPeriodEnd: false }).go();
}

atEveryWidth(() => {
  test.describe('a client', () => {
    test.use({ signedInAs: 'client' });

    test('posts a job', async ({ page }) => {
      await page.goto('/post-job');
      await expect(h1(page, 'Post a Job')).toBeVisible();
      await expectPageToMatch(page, 'post-job', [page.getByLabel('Contact email')]);
    });

    test('on their profile', async ({ page }) => {
      await page.goto('/profile');
      await expect(h1(page, 'My Profile')).toBeVisible();
      await expect(page.getByRole('tab', { name: 'About' })).toBeVisible();
      await expectPageToMatch(page, 'profile-client');
    });
  });

  test.describe('a provider without a membership', () => {
    test.use({ signedInAs: 'provider' });

    test('chooses a membership', async ({ page }) => {
      await page.goto('/membership');
      await expect(h1(page, 'Choose Your Membership Plan')).toBeVisible();
      await expectPageToMatch(page, 'membership');
    });
  });

  test.describe('a member', () => {
    /** A provider with a membership, signed in. */
    async function signInMember(page: Page, accounts: Accounts): Promise<void> {
      const member = await accounts.create('provider', { businessName: BUSINESS_NAME, email: sameWidthEmail() });
      await giveMembership(member.userId);
      await accounts.signIn(page.context(), member);
    }

    test('on their profile', async ({ page, accounts }) => {
      await signInMember(page, accounts);
      await page.goto('/profile');
      await expect(page.getByRole('tabpanel', { name: 'About' }).getByText(BUSINESS_NAME)).toBeVisible();
      await expectPageToMatch(page, 'profile-provider');
    });

    const settingsTabs: [tab: string, heading: string, name: string, changing?: RegExp][] = [
      ['profile', 'My Profile', 'account-profile'],
      ['security', 'Account Security', 'account-security', /^You sign in with /],
      ['notifications', 'Notifications', 'account-notifications'],
      ['bookmarks', 'Bookmarks', 'account-bookmarks'],
      ['payments', 'Subscriptions', 'account-subscriptions'],
    ];
    for (const [tab, heading, name, changing] of settingsTabs) {
      test(`in the account settings, ${heading}`, async ({ page, accounts }) => {
        await signInMember(page, accounts);
        await page.goto(`/account?tab=${tab}`);
        await expect(page.getByRole('heading', { level: 2, name: heading })).toBeVisible();
        await expectPageToMatch(page, name, changing ? [page.getByText(changing)] : []);
      });
    }
  });

  test.describe('an administrator', () => {
    test.use({ signedInAs: 'admin' });

    test('on the admin landing page', async ({ page }) => {
      await page.goto('/admin');
      await expect(h1(page, 'Admin Dashboard')).toBeVisible();
      await expectPageToMatch(page, 'admin-dashboard');
    });
  });
});
