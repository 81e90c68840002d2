import { randomInt, randomUUID } from 'node:crypto';
import type { Page } from '@playwright/test';
import type { AuthorizedCaller } from '@solutionz/lambdas/auth/caller';
import { createRepositories } from '@solutionz/lambdas/data/repositories';
import { createTableStore } from '@solutionz/lambdas/data/table-store';
import { markConversationRead, sendMessage, startConversation } from '@solutionz/lambdas/services/messages/conversations';
import { reportConversation } from '@solutionz/lambdas/services/messages/report';
import { messagesTestDeps } from '@solutionz/lambdas/testing/messages-deps';
import { documents, stack, type TestAccount } from '../../support/local-stack';
import type { Accounts } from '../support/fixtures';
import { atEveryWidth, expect, expectPageToMatch, test } from '../support/visual';
import type { AdminBusinessesPage } from '@solutionz/shared';
import { createBusiness } from '../support/admin';
import { linkFromInbox } from '../support/inbox';
import { callApiAs, listedProvider } from '../support/provider-page';
import { VISUAL_NOW, VISUAL_PROVIDERS, VISUAL_TOWN } from './visual-data';

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

/** What the messages services act as: the account, as the API would see it after its access check. */
function callerOf(account: TestAccount, accountType: 'client' | 'provider'): AuthorizedCaller {
  return { kind: 'signedIn', userId: account.userId, groups: [accountType], accountType, subscribed: accountType === 'provider', emailConfirmed: true };
}

/**
 * A conversation the client started, the two taking turns, through the messages service with its clock at
 * fixed minutes before VISUAL_NOW (through the API each message would carry the real time); the client
 * has read the provider's answer. Answers the conversation's id.
 */
async function writeConversation(client: TestAccount, provider: TestAccount, texts: readonly string[]): Promise<string> {
  const repositories = createRepositories(documents, stack.tableName);
  const at = (minutesBefore: number) => messagesTestDeps(repositories, () => new Date(VISUAL_NOW.getTime() - minutesBefore * 60_000));
  const [first, ...rest] = texts;
  const { conversationId } = await startConversation(at(95), callerOf(client, 'client'), {
    providerId: provider.userId,
    messageId: randomUUID(),
    text: first!,
  });
  for (const [index, text] of rest.entries()) {
    await sendMessage(at(80 - index * 20), callerOf(index % 2 === 0 ? provider : client, index % 2 === 0 ? 'provider' : 'client'), conversationId, {
      messageId: randomUUID(),
      text,
    });
  }
  await markConversationRead(at(30), callerOf(provider, 'provider'), conversationId);
  await markConversationRead(at(30), callerOf(client, 'client'), conversationId);
  return conversationId;
}

/** A report of the conversation by the client in it, made through the reports service at a fixed moment before VISUAL_NOW. */
async function writeReport(
  client: TestAccount,
  conversationId: string,
  minutesBefore: number,
  report: Parameters<typeof reportConversation>[3],
): Promise<string> {
  const repositories = createRepositories(documents, stack.tableName);
  const deps = {
    ...repositories,
    reports: repositories.messageReports,
    clock: () => new Date(VISUAL_NOW.getTime() - minutesBefore * 60_000),
    random: { id: () => randomUUID() },
  };
  return (await reportConversation(deps, callerOf(client, 'client'), conversationId, report)).reportId;
}

atEveryWidth((width) => {
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

  test.describe('a client writing to a provider', () => {
    test.use({ signedInAs: 'client' });

    test('in the conversation and the inbox', async ({ page, account: client, accounts }) => {
      // A listed provider (a membership bought), a conversation, and two pages drawn at two widths.
      test.slow();
      const provider = await listedProvider(accounts, { businessName: 'Calder Joinery' });
      // Written at fixed moments before the frozen clock, so the times shown never change.
      const conversation = await writeConversation(client, provider, [
        'Hello, could you hang two internal doors next week? The frames are already in.',
        'Yes, I can do Tuesday morning. Are the doors standard size?',
        'They are 762 mm, bought already. Tuesday suits me.',
      ]);
      await page.goto(`/messages/${conversation}`);
      await expect(page.getByRole('list', { name: 'Messages' }).getByText('Tuesday suits me.')).toBeVisible();
      await expectPageToMatch(page, 'messages-thread');
      await page.goto('/messages');
      await expect(page.getByRole('list', { name: 'Conversations' }).getByRole('link').filter({ hasText: 'Calder Joinery' })).toBeVisible();
      await expectPageToMatch(page, 'messages-inbox');
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

  test.describe('the owner of a business an administrator listed', () => {
    test.use({ signedInAs: 'admin' });

    test('claims it and follows the claim on the dashboard', async ({ page, account, browser, baseURL }) => {
      // One business per width, as the two may be drawn at the same time.
      const businessName = width < 1000 ? 'Kernow Roofing & Leadwork' : 'Trelawny Roofing & Leadwork';
      await createBusiness(account, { businessName, firstName: 'Dale', lastName: 'Hughes', location: VISUAL_TOWN });
      // The claim link carries the business's id, as the admin's list of businesses (newest first) names it.
      const listed = (await (await callApiAs(account, 'GET', '/admin/businesses')).json()) as AdminBusinessesPage;
      const business = listed.businesses.find(
        (candidate) => candidate.businessName === businessName && candidate.status === 'unclaimed' && !candidate.claimPending,
      );
      if (!business) throw new Error(`${businessName} is not among the businesses to claim`);
      // The owner is a visitor in a browser of their own, with the clock standing still as in every screenshot.
      const owner = await browser.newContext({ baseURL: baseURL!, viewport: page.viewportSize()! });
      const claimant = await owner.newPage();
      await claimant.clock.setFixedTime(VISUAL_NOW);
      await claimant.goto(`/claim-business?businessID=${encodeURIComponent(business.businessId)}`);
      await expect(claimant.getByRole('heading', { level: 1 })).toBeVisible();
      await expect(claimant.getByRole('button', { name: 'Claim business' })).toBeVisible();
      await expectPageToMatch(claimant, 'claim-business');

      const email = sameWidthEmail();
      await claimant.getByRole('textbox', { name: 'Full name' }).fill('Dale Owen Hughes');
      await claimant.getByRole('textbox', { name: 'Email' }).fill(email);
      await claimant.getByRole('button', { name: 'Claim business' }).click();
      await expect(claimant.getByText(`We've sent a link to ${email}.`, { exact: false })).toBeVisible();
      // The claim mail's link, where the owner chooses the password of the account that claims the business.
      await claimant.goto(await linkFromInbox(email, '/claim-business/complete'));
      await claimant.getByRole('textbox', { name: 'Password', exact: true }).fill('Correct-horse-1');
      await claimant.getByRole('textbox', { name: 'Confirm password' }).fill('Correct-horse-1');
      await claimant.getByRole('button', { name: `Claim ${businessName}` }).click();
      await expect(claimant).toHaveURL(/\/dashboard$/);
      // Drawn afresh, without the toast that greets the claim; the day the server recorded it is painted over.
      await claimant.reload();
      await expect(claimant.getByRole('article', { name: businessName })).toBeVisible();
      await expectPageToMatch(claimant, 'claimant-dashboard', [claimant.getByText(/@example\.co\.uk/), claimant.getByText(/^Claimed on /)]);
      await owner.close();
    });
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
      await expect(names).toHaveText(
        VISUAL_PROVIDERS.map((provider) => `${provider.firstName} ${provider.lastName}`),
        { timeout: 20_000 },
      );
      await expectPageToMatch(page, 'admin-users');
    });

    test('on the categories page', async ({ page }) => {
      await page.goto('/admin/categories');
      await expect(h1(page, 'Categories Management')).toBeVisible();
      await expect(page.getByRole('region', { name: 'Construction/Trade' })).toBeVisible({ timeout: 30_000 });
      // The seeded groups come first; a group another test is adding would come last: only the first are drawn.
      const groups = 'main div:has(> section[aria-labelledby])';
      // Positioned, so that the rows' visually hidden texts (placed absolutely) are cut off with the rest.
      // How many providers offer each category changes as other tests list people: painted over.
      await expectPageToMatch(
        page,
        'admin-categories',
        [page.getByText(/^Used by \d+ providers? \(\d+ listed\)$/)],
        `${fixedHeight(groups, 48)} ${groups} { position: relative !important; }`,
      );
    });

    test('on the businesses page', async ({ page, account }) => {
      // At least one business to list, whichever tests ran before.
      await createBusiness(account, { businessName: 'Penwith Glazing', location: VISUAL_TOWN });
      await page.goto('/admin/businesses');
      await expect(h1(page, 'Businesses')).toBeVisible();
      await expect(page.getByRole('status', { name: 'Loading claims' })).toHaveCount(0);
      await expect(page.getByRole('table', { name: 'Businesses created by administrators' })).toBeVisible();
      // Other tests add businesses and claims as they run: both lists are painted over, at a fixed height.
      const claims = 'section[aria-label="Claims awaiting review"] > :not(h2)';
      const businesses = 'section[aria-label="Claims awaiting review"] ~ [aria-busy]';
      await expectPageToMatch(
        page,
        'admin-businesses',
        [page.locator(claims), page.locator(businesses)],
        `${fixedHeight(claims, 10)} ${fixedHeight(businesses, 16)}`,
      );
    });

    test('on the reports page', async ({ page, account, accounts }) => {
      // Three accounts, two conversations and three reports, one acted on.
      test.slow();
      // One reported business per width, as the two may be drawn at the same time; its reports are the only ones drawn.
      const businessName = width < 1000 ? 'Tamar Valley Roofing' : 'Fowey Harbour Roofing';
      const [provider, first, second] = await Promise.all([
        accounts.create('provider', { businessName, location: VISUAL_TOWN }),
        accounts.create('client'),
        accounts.create('client'),
      ]);
      const [asked, shouted] = await Promise.all([
        writeConversation(first, provider, [
          'Hello, a few slates have slipped on the back roof. Could you have a look this week?',
          'I can come Thursday. I will need £200 in cash up front, paid outside the site, before I start.',
          'I would rather pay through Solutionz once the work is done.',
        ]),
        writeConversation(second, provider, [
          'Could you quote for replacing the flashing around our chimney?',
          'Stop wasting my time with small jobs like this!',
        ]),
      ]);
      // An earlier report about the business, acted on through the admin API: the two open ones say the provider may no longer send.
      const earlier = await writeReport(first, asked, 40, { reason: 'spam', note: '' });
      const stopped = await callApiAs(account, 'POST', `/admin/reports/${earlier}/resolution`, {
        action: 'blockMessaging',
        reason: { code: 'policyBreach', note: '' },
      });
      expect(stopped.status, await stopped.text()).toBe(200);
      await writeReport(first, asked, 20, { reason: 'offPlatformPayment', note: 'Wants cash before any work, outside the site.' });
      await writeReport(second, shouted, 10, { reason: 'harassment', note: '' });

      await page.goto('/admin/reports');
      // The first admin read after the writes may wake a second instance of the admin function.
      await expect(h1(page, 'Reported conversations')).toBeVisible({ timeout: 30_000 });
      const ours = page.getByRole('article', { name: `Report about ${businessName}` });
      await expect(ours).toHaveCount(2, { timeout: 30_000 });
      // The older report (the one with a note) drawn with its messages open.
      const withNote = ours.filter({ hasText: 'Asks for payment outside Solutionz' });
      await withNote.getByRole('button', { name: 'Show the 3 messages' }).click();
      await expect(withNote.getByRole('listitem')).toHaveCount(3);
      // Other tests' reports (and how many are open) change as they run: only this business's are drawn.
      await expectPageToMatch(
        page,
        'admin-reports',
        [page.getByText(/ open reports?$/)],
        `main article:not([aria-label="Report about ${businessName}"]) { display: none !important; }`,
      );
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
