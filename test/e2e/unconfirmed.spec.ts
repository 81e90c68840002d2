import type { Locator, Page } from '@playwright/test';
import { MESSAGES, type Job } from '@solutionz/shared';
import { seriousViolations } from './support/axe';
import { expect, test } from './support/fixtures';
import { linkFromInbox, nowInSeconds } from './support/inbox';
import { followMailLink } from './support/mail-links';
import { callApiAs, listedProvider } from './support/provider-page';

/**
 * An account whose e-mail address is not confirmed edits itself but acts on nobody else
 * (docs/product/accounts.md#unconfirmed-accounts): where it would post a job, leave feedback, reveal a contact or take FIRST100, the page
 * says so before there is anything to fill in, with the resend at hand; once the link is opened, the
 * form is there.
 */

const notice = (scope: Page | Locator) => scope.getByText(MESSAGES.emailConfirmationRequired);

test.describe('a client whose address is not confirmed', () => {
  test.use({ signedInAs: 'client', emailConfirmed: false });

  test('is told why before posting a job or leaving feedback, resends the link, and can post once it is opened', async ({ page, account, accounts }) => {
    // A membership bought through the local Stripe for the provider to leave feedback on.
    test.slow();
    const since = nowInSeconds() - 1;
    await page.goto('/post-job');
    const card = page.getByRole('main');
    await expect(notice(card)).toBeVisible();
    await expect(page.getByRole('form', { name: 'Job details' })).toHaveCount(0);
    expect(await seriousViolations(page)).toEqual([]);

    const provider = await listedProvider(accounts);
    await page.goto(`/directory/${provider.userId}?tab=feedback`);
    await page.getByRole('button', { name: 'Add Feedback' }).click();
    const section = page.getByRole('region', { name: `Leave feedback for ${provider.businessName}` });
    await expect(notice(section)).toBeVisible();
    await expect(page.getByRole('form', { name: 'Leave feedback' })).toHaveCount(0);
    await section.getByRole('button', { name: MESSAGES.emailConfirmationBanner.resend }).click();
    await expect(section.getByText(MESSAGES.emailConfirmationBanner.sent)).toBeVisible();

    await followMailLink(page, await linkFromInbox(account.email, '/confirm-email', { since }));
    await expect(page.getByText(/confirmed/i).first()).toBeVisible();
    await page.goto('/post-job');
    await expect(page.getByRole('form', { name: 'Job details' })).toBeVisible();
    await expect(notice(page)).toHaveCount(0);
  });
});

test.describe('a member whose address is not confirmed', () => {
  test.use({ signedInAs: 'provider', emailConfirmed: false, membership: 'monthly' });

  test('is told why instead of a Reveal button on a job', async ({ page, accounts }) => {
    const client = await accounts.create('client');
    const response = await callApiAs(client, 'POST', '/jobs', {
      title: 'Rehang a garden gate',
      description: 'The hinges pulled out of the post.',
      contactEmail: client.email,
      categories: ['Construction/Trade > Builder'],
      location: 'Leeds',
    });
    expect(response.status).toBe(201);
    const job = (await response.json()) as Job;
    await page.goto(`/job-directory?job=${job.id}`);
    const dialog = page.getByRole('dialog', { name: job.title });
    await expect(notice(dialog)).toBeVisible();
    await expect(dialog.getByRole('button', { name: 'Reveal contact' })).toHaveCount(0);
    await expect(dialog.getByText(client.email)).toHaveCount(0);
  });
});

test.describe('a provider whose address is not confirmed', () => {
  test.use({ signedInAs: 'provider', emailConfirmed: false });

  test('is told why there is no FIRST100 code to enter, and may still buy a plan', async ({ page }) => {
    await page.goto('/membership');
    const checkout = page.getByRole('form', { name: 'Membership checkout' });
    await expect(notice(checkout)).toBeVisible();
    await expect(checkout.getByRole('textbox', { name: 'Coupon code' })).toHaveCount(0);
    await expect(checkout.getByRole('button', { name: 'Continue to Checkout' })).toBeEnabled();
  });
});
