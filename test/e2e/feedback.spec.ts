import { FEEDBACK_MESSAGES, JOB_MESSAGES, type Job } from '@solutionz/shared';
import { seriousViolations } from './support/axe';
import { expect, test } from './support/fixtures';
import { callApiAs, chooseStars, leaveFeedback, listedProvider, profileTabs, toast } from './support/provider-page';

/**
 * Feedback and replies (docs/product/feedback.md): a client leaves feedback on a
 * listed provider and sees it published, once (a second try is refused with the API's message); the
 * provider replies and edits the reply, and finds it on /profile's Reviews tab. Feedback from a client
 * whose job the provider revealed shows "Verified job".
 */

test.describe('a client', () => {
  test.use({ signedInAs: 'client' });

  test('leaves feedback and sees it published; a second try from another tab gets the duplicate message', async ({ page, account, accounts, context }) => {
    // A membership bought through the local Stripe, two tabs and a visitor's browser.
    test.slow();
    const provider = await listedProvider(accounts);
    await page.goto(`/directory/${provider.userId}?tab=feedback`);
    // A second tab, opened before the first sends anything: it offers the form too.
    const second = await context.newPage();
    await second.goto(`/directory/${provider.userId}?tab=feedback`);
    await second.getByRole('button', { name: 'Add Feedback' }).click();
    const secondForm = second.getByRole('form', { name: 'Leave feedback' });
    await expect(secondForm).toBeVisible();

    await page.getByRole('button', { name: 'Add Feedback' }).click();
    const form = page.getByRole('form', { name: 'Leave feedback' });
    await form.getByRole('button', { name: 'Submit Feedback' }).click();
    await expect(form.getByText(FEEDBACK_MESSAGES.ratingRequired)).toBeVisible();
    await expect(form.getByText(FEEDBACK_MESSAGES.titleRequired)).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);

    await chooseStars(form, 5);
    await form.getByRole('textbox', { name: /Title/ }).fill('Fixed our boiler in an hour');
    await form.getByRole('textbox', { name: /Description/ }).fill('Tidy, quick and fairly priced.');
    await form.getByRole('button', { name: 'Submit Feedback' }).click();
    await expect(toast(page, FEEDBACK_MESSAGES.published.description)).toBeVisible();

    const yours = page.getByRole('region', { name: 'Your feedback' });
    const entry = yours.getByRole('article', { name: 'Fixed our boiler in an hour' });
    await expect(entry.getByText(`${account.fullName} · `)).toBeVisible();
    await expect(entry.getByRole('img', { name: 'Rating: 5 out of 5 stars' })).toBeVisible();
    await expect(page.getByRole('main').getByText('5.0 (1 review)')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Add Feedback' })).toHaveCount(0);

    // Published: a visitor reads it too.
    const visitor = await context.browser()!.newPage();
    await visitor.goto(`/directory/${provider.userId}?tab=feedback`);
    await expect(visitor.getByRole('list', { name: 'Feedback' }).getByRole('article', { name: 'Fixed our boiler in an hour' })).toBeVisible();
    await visitor.close();

    await chooseStars(secondForm, 1);
    await secondForm.getByRole('textbox', { name: /Title/ }).fill('Trying again');
    await secondForm.getByRole('button', { name: 'Submit Feedback' }).click();
    await expect(toast(second, FEEDBACK_MESSAGES.duplicate)).toBeVisible();
    const secondYours = second.getByRole('region', { name: 'Your feedback' });
    await expect(secondYours.getByText(FEEDBACK_MESSAGES.duplicate)).toBeVisible();
    await expect(secondYours.getByRole('article', { name: 'Fixed our boiler in an hour' })).toBeVisible();
    await second.close();
  });

  test('edits their feedback and deletes it after confirming', async ({ page, account, accounts }) => {
    const provider = await listedProvider(accounts);
    expect((await leaveFeedback(account, provider.userId, { rating: 3, title: 'Good enough' })).status).toBe(201);

    await page.goto(`/directory/${provider.userId}?tab=feedback`);
    const yours = page.getByRole('region', { name: 'Your feedback' });
    await yours.getByRole('button', { name: 'Edit' }).click();
    const form = yours.getByRole('form', { name: 'Edit your feedback' });
    await expect(form.getByRole('radio', { name: '3 stars' })).toBeChecked();
    await chooseStars(form, 4);
    await form.getByRole('textbox', { name: /Title/ }).fill('Very good');
    await form.getByRole('button', { name: 'Save Changes' }).click();
    await expect(toast(page, FEEDBACK_MESSAGES.updated)).toBeVisible();
    await expect(yours.getByRole('article', { name: 'Very good' })).toBeVisible();
    await expect(page.getByRole('main').getByText('4.0 (1 review)')).toBeVisible();

    await yours.getByRole('button', { name: 'Delete' }).click();
    const dialog = page.getByRole('alertdialog', { name: 'Delete feedback' });
    await expect(dialog.getByText(FEEDBACK_MESSAGES.deleteConfirm)).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
    await dialog.getByRole('button', { name: 'Delete' }).click();
    await expect(toast(page, FEEDBACK_MESSAGES.deleted)).toBeVisible();
    await expect(page.getByRole('heading', { name: 'No feedback yet' })).toBeVisible();
    await expect(page.getByRole('main').getByText('No reviews yet')).toBeVisible();
  });
});

test.describe('a provider with a membership', () => {
  test.use({ signedInAs: 'provider', membership: 'yearly' });

  test('replies to feedback, edits the reply, and finds both on the Reviews tab of /profile', async ({ page, account, accounts }) => {
    const client = await accounts.create('client', { firstName: 'Chloe', lastName: 'Clarke' });
    expect((await leaveFeedback(client, account.userId, { rating: 4, title: 'Sorted the leak', description: 'Came the same day.' })).status).toBe(201);

    await page.goto(`/directory/${account.userId}?tab=feedback`);
    const entry = page.getByRole('article', { name: 'Sorted the leak' });
    await expect(entry.getByText(/^Chloe Clarke · \d{2} [A-Z][a-z]{2} \d{4}$/)).toBeVisible();
    await entry.getByRole('button', { name: 'Reply to Sorted the leak' }).click();
    const submit = entry.getByRole('button', { name: 'Submit' });
    await expect(submit).toBeDisabled();
    await entry.getByRole('textbox', { name: 'Your reply' }).fill('Thank you, glad to help.');
    expect(await seriousViolations(page)).toEqual([]);
    await submit.click();
    await expect(toast(page, FEEDBACK_MESSAGES.reply.submitted)).toBeVisible();
    await expect(entry.getByText('Thank you, glad to help.')).toBeVisible();
    await expect(entry.getByText(/^[A-Z][a-z]{2} \d{1,2}, \d{4}$/)).toBeVisible();

    await entry.getByRole('button', { name: 'Edit reply to Sorted the leak' }).click();
    const text = entry.getByRole('textbox', { name: 'Edit your reply' });
    await expect(text).toHaveValue('Thank you, glad to help.');
    await text.fill('   ');
    await expect(entry.getByRole('button', { name: 'Save' })).toBeDisabled();
    await text.fill('Thank you, Chloe: see you at the annual service.');
    await entry.getByRole('button', { name: 'Save' }).click();
    await expect(toast(page, FEEDBACK_MESSAGES.reply.updated)).toBeVisible();
    await expect(entry.getByText('Thank you, Chloe: see you at the annual service.')).toBeVisible();

    await page.goto('/profile');
    await profileTabs(page).getByRole('tab', { name: 'Reviews' }).click();
    const reviews = page.getByRole('list', { name: 'Reviews' });
    await expect(reviews.getByRole('article', { name: 'Sorted the leak' }).getByText('Thank you, Chloe: see you at the annual service.')).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
  });
});

test.describe('a member who revealed a client’s job', () => {
  test.use({ signedInAs: 'provider', membership: 'yearly' });

  test('sees that client’s feedback marked "Verified job" on their page and on Reviews, and not another client’s', async ({
    page,
    account,
    accounts,
    browser,
  }) => {
    test.slow();
    const [client, other] = await Promise.all([
      accounts.create('client', { firstName: 'Chloe', lastName: 'Clarke' }),
      accounts.create('client', { firstName: 'Omar', lastName: 'Shah' }),
    ]);
    const posted = await callApiAs(client, 'POST', '/jobs', {
      title: 'Fit a new kitchen tap',
      description: 'The old mixer tap leaks at the base.',
      contactEmail: client.email,
      budget: '£90',
      budgetType: 'fixed',
      categories: ['Home Services > Plumber'],
      location: 'Leeds',
    });
    expect(posted.status).toBe(201);
    const job = (await posted.json()) as Job;

    await page.goto(`/job-directory?job=${job.id}`);
    const dialog = page.getByRole('dialog', { name: job.title });
    await dialog.getByRole('button', { name: 'Reveal contact' }).click();
    await expect(toast(page, JOB_MESSAGES.revealed)).toBeVisible();

    // The client, in a browser of their own, leaves feedback on the provider's page.
    const clientContext = await browser.newContext();
    await accounts.signIn(clientContext, client);
    const clientPage = await clientContext.newPage();
    await clientPage.goto(`/directory/${account.userId}?tab=feedback`);
    await clientPage.getByRole('button', { name: 'Add Feedback' }).click();
    const form = clientPage.getByRole('form', { name: 'Leave feedback' });
    await chooseStars(form, 5);
    await form.getByRole('textbox', { name: /Title/ }).fill('New tap, no more drips');
    await form.getByRole('button', { name: 'Submit Feedback' }).click();
    await expect(toast(clientPage, FEEDBACK_MESSAGES.published.description)).toBeVisible();
    await expect(clientPage.getByRole('region', { name: 'Your feedback' }).getByText('Verified job')).toBeVisible();
    await clientContext.close();
    expect((await leaveFeedback(other, account.userId, { rating: 4, title: 'Found him in the directory' })).status).toBe(201);

    await page.goto(`/directory/${account.userId}?tab=feedback`);
    const list = page.getByRole('list', { name: 'Feedback' });
    await expect(list.getByRole('article', { name: 'New tap, no more drips' }).getByText('Verified job')).toBeVisible();
    await expect(list.getByRole('article', { name: 'Found him in the directory' })).toBeVisible();
    await expect(list.getByRole('article', { name: 'Found him in the directory' }).getByText('Verified job')).toHaveCount(0);
    expect(await seriousViolations(page)).toEqual([]);

    await page.goto('/profile');
    await profileTabs(page).getByRole('tab', { name: 'Reviews' }).click();
    const reviews = page.getByRole('list', { name: 'Reviews' });
    await expect(reviews.getByRole('article', { name: 'New tap, no more drips' }).getByText('Verified job')).toBeVisible();
    await expect(reviews.getByRole('article', { name: 'Found him in the directory' }).getByText('Verified job')).toHaveCount(0);
  });
});
