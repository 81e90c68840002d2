import { randomInt } from 'node:crypto';
import type { Page } from '@playwright/test';
import { createTableStore } from '@solutionz/lambdas/data/table-store';
import { documents, stack } from '../../support/local-stack';
import type { Accounts } from '../support/fixtures';
import { atEveryWidth, expect, expectPageToMatch, test } from '../support/visual';
import { VISUAL_PROVIDERS } from './visual-data';

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
      // The service groups come from the live taxonomy: drawn once they are there, not while they load.
      await expect(page.getByRole('option', { name: 'Choose a service group' })).toBeAttached();
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

    test('on the Services tab of their profile', async ({ page, accounts }) => {
      await signInMember(page, accounts);
      await page.goto('/profile');
      await page.getByRole('tab', { name: 'Services' }).click();
      await expect(page.getByRole('link', { name: 'Edit Services' })).toBeVisible();
      await expectPageToMatch(page, 'profile-provider-services');
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
        // The job alert categories load after the tab: the picker is drawn loaded.
        if (tab === 'notifications') await expect(page.getByRole('option', { name: 'Choose a service group' })).toBeAttached();
        await expectPageToMatch(page, name, changing ? [page.getByText(changing)] : []);
      });
    }
  });

  test.describe('an administrator', () => {
    test.use({ signedInAs: 'admin' });

    /**
     * The admin pages show the whole marketplace, which other tests change as they run: the figures,
     * the activity and the feedback list are painted over, the last two at a fixed height.
     */
    const fixedHeight = (selector: string, rem: number) => `${selector} { height: ${rem}rem !important; overflow: hidden !important; }`;

    test('on the admin dashboard', async ({ page }) => {
      await page.goto('/admin');
      await expect(h1(page, 'Admin Dashboard')).toBeVisible();
      const figures = page.getByRole('region', { name: 'Statistics' }).locator('dd');
      await expect(figures.first()).toHaveText(/^\d/);
      await expect(page.getByRole('status', { name: 'Loading recent activity' })).toHaveCount(0);
      const activity = 'section[aria-label="Recent activity"] > :not(h2)';
      await expectPageToMatch(page, 'admin-dashboard', [figures, page.locator(activity)], fixedHeight(activity, 14));
    });

    test('on the users page, searching', async ({ page }) => {
      await page.goto('/admin/users');
      // The screenshot data's providers, by the domain of their addresses (visual.solutionz.test): the same rows on every run.
      await page.getByRole('searchbox', { name: 'Search users' }).fill('visual test');
      const names = page.getByRole('table', { name: 'Users' }).getByRole('row').locator('td:first-child > :last-child');
      await expect(names).toHaveText(VISUAL_PROVIDERS.map((provider) => `${provider.firstName} ${provider.lastName}`), { timeout: 20_000 });
      await expectPageToMatch(page, 'admin-users');
    });

    test('on the feedback page', async ({ page }) => {
      await page.goto('/admin/feedback');
      await expect(h1(page, 'Feedback Moderation')).toBeVisible();
      await expect(page.getByRole('main').getByRole('article').first()).toBeVisible();
      const list = 'main [aria-busy]';
      await expectPageToMatch(page, 'admin-feedback', [page.getByRole('group', { name: 'Show feedback' }), page.locator(list)], fixedHeight(list, 40));
    });
  });
});
