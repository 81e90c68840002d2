import { randomUUID } from 'node:crypto';
import type { Locator, Page } from '@playwright/test';
import { JOB_ALERT_MESSAGES, type Job } from '@solutionz/shared';
import { drainTableStream } from '../support/table-stream';
import { seriousViolations } from './support/axe';
import { expect, test } from './support/fixtures';
import { linkAfter, mailsTo, nowInSeconds, type InboxMail } from './support/inbox';
import { openMailLink } from './support/mail-links';
import { pickPlace } from './support/profile';
import { callApiAs } from './support/provider-page';

/**
 * Job alerts: a listed provider who turned Job Alerts on gets one mail about a new job near
 * them in their categories, sent by the worker that the local stack feeds from the table's stream; the
 * mail's links open the job and unsubscribe without signing in. The provider's alerts and the jobs
 * are for a service of the test's own ("Other: Zq... kennels"), so no other test's job reaches this
 * provider's inbox, and this test's jobs reach no other test's provider.
 */

const NEW_JOB_SUBJECT = 'New job near you: ';
const uniqueWord = () => `Zq${randomUUID().replace(/-/g, '').slice(0, 8)}`;

/** The job alerts that reached `to` since `since`. */
async function alertsTo(to: string, since: number): Promise<InboxMail[]> {
  return (await mailsTo(to, since)).filter((mail) => mail.subject.startsWith(NEW_JOB_SUBJECT));
}

/** Chooses "Other: `service`" in a category picker. */
async function chooseOtherService(categories: Locator, service: string): Promise<void> {
  await categories.getByRole('combobox', { name: 'Service group' }).selectOption('Other');
  await categories.getByRole('textbox', { name: 'Other service' }).fill(service);
  await categories.getByRole('button', { name: 'Add category' }).click();
}

async function postJobThroughTheForm(page: Page, title: string, service: string): Promise<void> {
  await page.goto('/post-job');
  const form = page.getByRole('form', { name: 'Job details' });
  await form.getByRole('textbox', { name: 'Job title' }).fill(title);
  await form.getByRole('textbox', { name: 'Description' }).fill('Two dogs for a week in March, both friendly.');
  await form.getByRole('textbox', { name: 'Budget (optional)' }).fill('£150');
  await form.getByRole('combobox', { name: 'Budget type' }).selectOption('fixed');
  await chooseOtherService(form.getByRole('group', { name: 'Service categories' }), service);
  await pickPlace(form.getByRole('combobox', { name: 'Location' }), 'kw15aa', 'KW1 5AA');
  await form.getByRole('button', { name: 'Post Job' }).click();
  await expect(page).toHaveURL(/\/job-directory\?job=/);
}

test.describe('a listed provider with Job Alerts on', () => {
  test.use({ signedInAs: 'provider', membership: 'yearly' });

  test('gets one mail about a new job near them, opens the job from it and unsubscribes with its link', async ({
    page,
    account,
    accounts,
    browser,
    baseURL,
  }) => {
    test.slow();
    const word = uniqueWord();
    const service = `${word} kennels`;
    // Listed in the directory: a member with a base location and a category.
    const placed = await callApiAs(account, 'PATCH', '/me/profile', { location: 'KW1 4', categories: ['Pets/Animals > Pet Boarding'] });
    expect(placed.status, await placed.text()).toBe(200);

    await page.goto('/account?tab=notifications');
    const main = page.getByRole('main');
    const alertsOn = main.getByRole('checkbox', { name: 'Send me job alerts' });
    await expect(alertsOn).not.toBeChecked();
    await main.getByText('Send me job alerts').click();
    await main.getByRole('combobox', { name: 'Radius' }).selectOption('10 miles');
    await chooseOtherService(main.getByRole('group', { name: 'Job alert categories' }), service);
    await main.getByRole('region', { name: 'Job Alerts' }).getByRole('button', { name: 'Save', exact: true }).click();
    await expect(page.getByText('Notification settings saved')).toBeVisible();

    // A client posts a job nearby, in a browser of their own.
    const client = await accounts.create('client');
    const clientContext = await browser.newContext({ baseURL });
    await accounts.signIn(clientContext, client);
    const clientPage = await clientContext.newPage();
    const since = nowInSeconds() - 1;
    const title = `Board two ${word} spaniels`;
    await postJobThroughTheForm(clientPage, title, service);

    // Once the worker has taken every record the job wrote: one mail, and no other still to come.
    await drainTableStream();
    const alerts = await alertsTo(account.email, since);
    expect(alerts.map((mail) => mail.subject)).toEqual([`${NEW_JOB_SUBJECT}${title}`]);
    const [alert] = alerts as [InboxMail];
    expect(alert.body.text).toContain(title);
    expect(alert.body.text).toContain('£150');

    await page.goto(linkAfter(alert, 'View the job:'));
    await expect(page.getByRole('dialog', { name: title })).toBeVisible();

    // The unsubscribe link works without signing in.
    const visitorContext = await browser.newContext({ baseURL });
    const visitor = await visitorContext.newPage();
    // Opening it (a mail scanner does too) turns nothing off: its button does.
    const unsubscribe = await openMailLink(visitor, linkAfter(alert, 'Unsubscribe from job alerts:'));
    expect(await seriousViolations(visitor)).toEqual([]);
    await page.goto('/account?tab=notifications');
    await expect(main.getByRole('checkbox', { name: 'Send me job alerts' })).toBeChecked();
    await unsubscribe.click();
    await expect(visitor.getByRole('heading', { level: 1, name: JOB_ALERT_MESSAGES.unsubscribed })).toBeVisible();
    await expect(visitor.getByRole('link', { name: 'Notification settings' })).toBeVisible();
    expect(await seriousViolations(visitor)).toEqual([]);
    await visitorContext.close();

    await page.goto('/account?tab=notifications');
    await expect(main.getByRole('checkbox', { name: 'Send me job alerts' })).not.toBeChecked();

    // Another job nearby reaches nobody who unsubscribed.
    const second = await callApiAs(client, 'POST', '/jobs', {
      title: `Walk three ${word} terriers`,
      description: 'Mornings, for a fortnight.',
      contactEmail: client.email,
      categories: [`Other: ${service}`],
      location: 'KW1 5AA',
    });
    expect(second.status).toBe(201);
    expect(((await second.json()) as Job).title).toContain('terriers');
    await drainTableStream();
    expect(await alertsTo(account.email, since)).toHaveLength(1);
    await clientContext.close();
  });
});
