import { randomUUID } from 'node:crypto';
import { DIRECTORY_MESSAGES, PROVIDER_UPDATES_MESSAGES } from '@solutionz/shared';
import { subscribeAccount } from '../support/membership';
import { drainTableStream } from '../support/table-stream';
import { seriousViolations } from './support/axe';
import { expect, test } from './support/fixtures';
import { linkAfter, mailsTo, nowInSeconds, type InboxMail } from './support/inbox';
import { followMailLink, openMailLink } from './support/mail-links';
import { callApiAs } from './support/provider-page';

/**
 * Provider Updates (docs/product/notifications.md#provider-updates): a client who saved a professional and turned
 * Provider Updates on gets a mail when the professional changes their services, sent by the worker the
 * local stack feeds from the table's stream; at most one a week per professional; the mail's links open
 * the professional's page and unsubscribe without signing in.
 */

test.describe('a client with Provider Updates on', () => {
  test.use({ signedInAs: 'client' });

  test('hears once a week when a professional they saved changes their services, opens the page from the mail and unsubscribes with its link', async ({
    page,
    account,
    accounts,
    browser,
    baseURL,
  }) => {
    test.slow();
    const businessName = `Zq${randomUUID().replace(/-/g, '').slice(0, 8)} Pet Boarding`;
    const provider = await accounts.create('provider', { businessName, location: 'NR2 1', categories: ['Pets/Animals > Pet Boarding'] });
    await subscribeAccount(provider, 'monthly');

    await page.goto(`/directory/${provider.userId}`);
    await page.getByRole('button', { name: `Save ${businessName}` }).click();
    await expect(page.getByRole('status').filter({ hasText: DIRECTORY_MESSAGES.saved })).toBeVisible();

    await page.goto('/account?tab=notifications');
    const main = page.getByRole('main');
    await expect(main.getByRole('checkbox', { name: 'Send me provider updates' })).not.toBeChecked();
    await main.getByText('Send me provider updates').click();
    await main.getByRole('region', { name: 'Provider Updates' }).getByRole('button', { name: 'Save', exact: true }).click();
    await expect(page.getByText('Notification settings saved')).toBeVisible();

    const since = nowInSeconds() - 1;
    const changed = await callApiAs(provider, 'PATCH', '/me/profile', { skills: ['Dog walking'] });
    expect(changed.status, await changed.text()).toBe(200);
    const subject = `${businessName} has updated their services`;
    await drainTableStream();
    expect((await mailsTo(account.email, since)).map((mail) => mail.subject)).toEqual([subject]);

    // More changes the same week send nothing more: none once the worker has taken them.
    expect((await callApiAs(provider, 'PATCH', '/me/profile', { skills: ['Dog walking', 'Cat sitting'] })).status).toBe(200);
    await drainTableStream();
    const mails = await mailsTo(account.email, since);
    expect(mails.map((mail) => mail.subject)).toEqual([subject]);
    const [mail] = mails as [InboxMail];

    await page.goto(linkAfter(mail, 'See their profile:'));
    await expect(page.getByRole('heading', { level: 1, name: businessName })).toBeVisible();

    // The unsubscribe link works without signing in.
    const visitorContext = await browser.newContext({ baseURL });
    const visitor = await visitorContext.newPage();
    // Opening it (a mail scanner does too) turns nothing off: its button does.
    const unsubscribe = await openMailLink(visitor, linkAfter(mail, 'Unsubscribe from provider updates:'));
    expect(await seriousViolations(visitor)).toEqual([]);
    await page.goto('/account?tab=notifications');
    await expect(main.getByRole('checkbox', { name: 'Send me provider updates' })).toBeChecked();
    await unsubscribe.click();
    await expect(visitor.getByRole('heading', { level: 1, name: PROVIDER_UPDATES_MESSAGES.unsubscribed })).toBeVisible();
    await expect(visitor.getByRole('link', { name: 'Notification settings' })).toBeVisible();
    expect(await seriousViolations(visitor)).toEqual([]);
    await visitorContext.close();

    await page.goto('/account?tab=notifications');
    await expect(main.getByRole('checkbox', { name: 'Send me provider updates' })).not.toBeChecked();
  });

  test('an unsubscribe link that is not one says so and points at the settings', async ({ page }) => {
    await followMailLink(page, '/provider-updates/unsubscribe?token=not-a-real-token');
    await expect(page.getByRole('alert')).toHaveText(PROVIDER_UPDATES_MESSAGES.unsubscribeInvalid);
    await expect(page.getByRole('link', { name: 'Notification settings' })).toHaveAttribute('href', '/account?tab=notifications');
  });
});
