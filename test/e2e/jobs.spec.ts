import { randomUUID } from 'node:crypto';
import type { Page } from '@playwright/test';
import { JOB_MESSAGES, type Job, type JobPostInput } from '@solutionz/shared';
import { seriousViolations } from './support/axe';
import { expect, test, type Accounts, type TestAccount } from './support/fixtures';
import { renderedRootIn, watchTakeOver } from './support/hydration';
import { watchZod } from './support/scripts';
import { pickPlace } from './support/profile';
import { subscribeAccount } from '../support/membership';
import { callApiAs } from './support/provider-page';

/**
 * Jobs (docs/product/jobs.md): a client posts a job and finds it on the board; providers see
 * contact details only as members, reveal them (the open lead count rises) and save jobs; the board's
 * filters and pages live in the address bar. Jobs made here carry a word of their own ("Other: Zq...")
 * so that other tests' jobs never land among them.
 */

const toast = (page: Page, text: string) => page.getByRole('status').filter({ hasText: text });
const uniqueWord = () => `Zq${randomUUID().replace(/-/g, '').slice(0, 8)}`;

async function postJob(client: TestAccount, job: Partial<JobPostInput> = {}): Promise<Job> {
  const response = await callApiAs(client, 'POST', '/jobs', {
    title: `Fix the ${uniqueWord()} fence`,
    description: 'Six panels blew down in the storm.',
    contactEmail: client.email,
    contactPhone: '07700 900123',
    budget: '£400',
    budgetType: 'fixed',
    categories: ['Construction/Trade > Builder'],
    location: 'SW1A 1AA',
    ...job,
  });
  expect(response.status).toBe(201);
  return (await response.json()) as Job;
}

async function jobByAClient(accounts: Accounts, job: Partial<JobPostInput> = {}): Promise<Job> {
  return postJob(await accounts.create('client'), job);
}

test.describe('a client', () => {
  test.use({ signedInAs: 'client' });

  test('posts a job and finds it on the board with its contact details', async ({ page, account }) => {
    const title = `Tutor for ${uniqueWord()} maths`;
    await page.goto('/post-job');
    const form = page.getByRole('form', { name: 'Job details' });
    await expect(form.getByRole('textbox', { name: 'Contact email' })).toHaveValue(account.email);
    expect(await seriousViolations(page)).toEqual([]);

    await form.getByRole('button', { name: 'Post Job' }).click();
    await expect(toast(page, JOB_MESSAGES.categoryRequired.title)).toBeVisible();
    await expect(form.getByText(JOB_MESSAGES.titleRequired)).toBeVisible();

    await form.getByRole('textbox', { name: 'Job title' }).fill(title);
    await form.getByRole('textbox', { name: 'Description' }).fill('GCSE revision, two evenings a week.');
    await form.getByRole('textbox', { name: 'Budget (optional)' }).fill('£25');
    await form.getByRole('combobox', { name: 'Budget type' }).selectOption('hourly');
    const categories = form.getByRole('group', { name: 'Service categories' });
    await categories.getByRole('combobox', { name: 'Service group' }).selectOption('Education');
    await categories.getByRole('combobox', { name: 'Service', exact: true }).selectOption('Tutoring');
    await categories.getByRole('button', { name: 'Add category' }).click();
    await pickPlace(form.getByRole('combobox', { name: 'Location' }), 'sw1a1aa', 'SW1A 1AA');
    await form.getByRole('combobox', { name: /How many professionals/ }).selectOption('3');
    await form.getByRole('button', { name: 'Post Job' }).click();

    await expect(page).toHaveURL(/\/job-directory\?job=/);
    const dialog = page.getByRole('dialog', { name: title });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByText('0 of 3 contacts revealed')).toBeVisible();
    await expect(dialog.getByText(`contact ${account.email}`)).toBeVisible();
  });
});

test.describe('a client with jobs', () => {
  test.use({ signedInAs: 'client' });

  test('finds their job in My Jobs and deletes it', async ({ page, account }) => {
    const job = await postJob(account);
    await page.goto('/profile');
    await page.getByRole('tab', { name: 'My Jobs' }).click();
    const mine = page.getByRole('list', { name: 'My jobs' });
    await expect(mine.getByRole('article', { name: job.title })).toBeVisible();
    await mine.getByRole('listitem').filter({ hasText: job.title }).getByRole('button', { name: 'Delete job' }).click();
    const confirm = page.getByRole('alertdialog');
    await expect(confirm.getByText(JOB_MESSAGES.deleteConfirm)).toBeVisible();
    await confirm.getByRole('button', { name: 'Delete job' }).click();
    await expect(toast(page, JOB_MESSAGES.deleted)).toBeVisible();
    await expect(page.getByRole('article', { name: job.title })).toHaveCount(0);
  });
});

test.describe('a client changing a reveal limit', () => {
  test.use({ signedInAs: 'client' });

  test('lowers the limit of a job in My Jobs, and once two members reveal it a third sees enough interest', async ({ page, account, accounts, browser }) => {
    // Three memberships bought through the local Stripe.
    test.slow();
    const job = await postJob(account);
    const members = Promise.all(
      [1, 2, 3].map(async () => {
        const member = await accounts.create('provider');
        await subscribeAccount(member, 'monthly');
        return member;
      }),
    );

    await page.goto('/profile');
    await page.getByRole('tab', { name: 'My Jobs' }).click();
    const mine = page.getByRole('list', { name: 'My jobs' }).getByRole('listitem').filter({ hasText: job.title });
    await expect(mine.getByText('0 of 5 contacts revealed')).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
    await mine.getByRole('combobox', { name: 'Reveal limit' }).selectOption('2');
    await mine.getByRole('button', { name: 'Save limit' }).click();
    await expect(toast(page, JOB_MESSAGES.revealCapSaved)).toBeVisible();
    await expect(mine.getByText('0 of 2 contacts revealed')).toBeVisible();

    await page.goto(`/job-directory?job=${job.id}`);
    await expect(page.getByRole('dialog', { name: job.title }).getByText('0 of 2 contacts revealed')).toBeVisible();

    const [first, second, third] = await members;
    for (const member of [first!, second!]) expect((await callApiAs(member, 'POST', `/jobs/${job.id}/reveal`)).status).toBe(200);

    const memberContext = await browser.newContext();
    await accounts.signIn(memberContext, third!);
    const memberPage = await memberContext.newPage();
    await memberPage.goto(`/job-directory?job=${job.id}`);
    const dialog = memberPage.getByRole('dialog', { name: job.title });
    await expect(dialog.getByText(JOB_MESSAGES.enoughInterest)).toBeVisible();
    await expect(dialog.getByRole('button', { name: 'Reveal contact' })).toBeDisabled();
    await memberContext.close();

    // Two have revealed it: the client can no longer choose a limit of one.
    await page.goto('/profile');
    await page.getByRole('tab', { name: 'My Jobs' }).click();
    await expect(mine.getByText(JOB_MESSAGES.enoughInterest)).toBeVisible();
    await expect(mine.getByRole('option', { name: '1', exact: true })).toBeDisabled();
  });
});

test('a visitor is asked to sign in before posting a job', async ({ page }) => {
  await page.goto('/post-job');
  await expect(toast(page, JOB_MESSAGES.loginRequired.title)).toBeVisible();
  await expect(page.getByRole('link', { name: 'Sign In' })).toHaveAttribute('href', '/login?return=%2Fpost-job');
  await expect(page.getByRole('link', { name: 'Create Account' })).toBeVisible();
});

test.describe('a provider without a membership', () => {
  test.use({ signedInAs: 'provider' });

  test('cannot post, and sees no contact details but the upgrade hint', async ({ page, accounts }) => {
    await page.goto('/post-job');
    await expect(page.getByRole('heading', { name: JOB_MESSAGES.clientsOnly.title })).toBeVisible();
    await expect(page.getByText(JOB_MESSAGES.clientsOnly.description)).toBeVisible();

    const job = await jobByAClient(accounts);
    // A link that opens a job (a job alert mail's) arrives server-rendered with the job open, and the app hydrates it in place.
    const rendered = renderedRootIn(await (await page.request.get(`/job-directory?job=${job.id}`)).text());
    expect(rendered).toContain('role="dialog"');
    expect(rendered).toContain(job.title);
    const takeOver = await watchTakeOver(page, 'main h1');
    await page.goto(`/job-directory?job=${job.id}`);
    const dialog = page.getByRole('dialog', { name: job.title });
    await expect(dialog.getByText(JOB_MESSAGES.upgradeHint)).toBeVisible();
    expect(await takeOver.hydratedInPlace()).toBe(true);
    expect(takeOver.problems).toEqual([]);
    await expect(dialog.getByRole('link', { name: 'Become a member' })).toHaveAttribute('href', '/membership');
    await expect(dialog.getByRole('button', { name: 'Reveal contact' })).toHaveCount(0);
    await expect(dialog.getByRole('group', { name: 'Contact details' })).toHaveCount(0);
  });
});

test.describe('a subscribed provider', () => {
  test.use({ signedInAs: 'provider', membership: 'yearly' });

  test('reveals a job, sees the lead count rise, and saves the job', async ({ page, accounts }) => {
    const client = await accounts.create('client');
    const job = await postJob(client, { revealCap: 2 });
    await page.goto(`/job-directory?job=${job.id}`);
    const dialog = page.getByRole('dialog', { name: job.title });
    await expect(dialog.getByText('0 of 2 contacts revealed')).toBeVisible();
    await dialog.getByRole('button', { name: 'Reveal contact' }).click();
    await expect(toast(page, JOB_MESSAGES.revealed)).toBeVisible();
    await expect(dialog.getByText('1 of 2 contacts revealed')).toBeVisible();
    await expect(dialog.getByRole('group', { name: 'Contact details' }).getByRole('link', { name: client.email })).toBeVisible();

    await dialog.getByRole('button', { name: 'Save job' }).click();
    await expect(toast(page, JOB_MESSAGES.saved)).toBeVisible();
    await expect(dialog.getByRole('button', { name: 'Unsave job' })).toHaveAttribute('aria-pressed', 'true');

    await page.reload();
    await expect(page.getByRole('dialog', { name: job.title }).getByRole('group', { name: 'Contact details' })).toBeVisible();

    await page.goto('/account?tab=bookmarks');
    await page.getByRole('tab', { name: 'Saved Jobs' }).click();
    await expect(page.getByRole('list', { name: 'Saved jobs' }).getByRole('article', { name: job.title })).toBeVisible();
  });
});

/** The pagination landmark as it reads: page numbers and ellipses between Previous and Next. */
const pageList = async (page: Page) =>
  (await page.getByRole('navigation', { name: 'Pagination' }).locator('a, button, p').allTextContents()).filter((text) => !['Previous', 'Next'].includes(text));

test('the board numbers its pages: the last by its number, the neighbours, Back, and a filter starts again from page 1', async ({ page, accounts }) => {
  test.slow();
  const category = `Other: ${uniqueWord()}`;
  const clients = await Promise.all([1, 2, 3].map(() => accounts.create('client')));
  // 21 jobs, newest first 5 a page: page 1 holds Job 21 to Job 17, page 4 Job 6 to Job 2, page 5 Job 1 alone. Odd ones fixed, even ones hourly.
  for (let n = 1; n <= 21; n++) {
    await postJob(clients[n % 3]!, { title: `Job ${n} ${category}`, categories: [category], budgetType: n % 2 ? 'fixed' : 'hourly' });
  }
  const pages = page.getByRole('navigation', { name: 'Pagination' });
  const current = () => pages.locator('[aria-current="page"]');
  const jobs = page.getByRole('article');

  // The whole board, from the header: its last page by number, and Back to the first.
  await page.goto('/');
  await page.getByRole('banner').getByRole('link', { name: 'Job Directory' }).click();
  await expect(current()).toHaveAccessibleName('Page 1');
  const last = pages.getByRole('link', { name: /^Page \d+$/ }).last();
  const lastName = (await last.getAttribute('aria-label'))!;
  await last.click();
  await expect(current()).toHaveAccessibleName(lastName);
  await expect(page).toHaveURL(new RegExp(`[?&]page=${lastName.replace('Page ', '')}$`));
  await page.goBack();
  await expect(current()).toHaveAccessibleName('Page 1');

  await page.goto(`/job-directory?${new URLSearchParams({ category })}`);
  await expect(page.getByText('21 jobs, page 1 of 5')).toBeVisible();
  expect(await pageList(page)).toEqual(['1', '2', '…', '5']);
  expect(await seriousViolations(page)).toEqual([]);

  await pages.getByRole('link', { name: 'Page 5' }).click();
  await expect(page.getByText('21 jobs, page 5 of 5')).toBeVisible();
  await expect(jobs).toHaveCount(1);
  await expect(jobs.first()).toHaveAccessibleName(`Job 1 ${category}`);
  expect(await pageList(page)).toEqual(['1', '…', '4', '5']);

  // The neighbour through the page token the last page gave.
  await pages.getByRole('link', { name: 'Previous' }).click();
  await expect(page).toHaveURL(/[?&]page=4&cursor=/);
  await expect(current()).toHaveAccessibleName('Page 4');
  await expect(jobs.first()).toHaveAccessibleName(`Job 6 ${category}`);
  await pages.getByRole('link', { name: 'Page 3' }).click();
  await expect(current()).toHaveAccessibleName('Page 3');
  await expect(jobs.first()).toHaveAccessibleName(`Job 11 ${category}`);
  expect(await pageList(page)).toEqual(['1', '2', '3', '4', '5']);

  await page.goBack();
  await expect(current()).toHaveAccessibleName('Page 4');
  await page.goBack();
  await expect(current()).toHaveAccessibleName('Page 5');

  await page.getByRole('combobox', { name: 'Budget type' }).selectOption('hourly');
  await expect(page.getByText('10 jobs, page 1 of 2')).toBeVisible();
  await expect(page).not.toHaveURL(/page=|cursor=/);
  await expect(jobs.first()).toHaveAccessibleName(`Job 20 ${category}`);

  // A page by its number arrives server-rendered, and the app hydrates it in place.
  const takeOver = await watchTakeOver(page, 'main article h2');
  await page.goto(`/job-directory?${new URLSearchParams({ category, budgetType: 'hourly', page: '2' })}`);
  await expect(jobs.first()).toHaveAccessibleName(`Job 10 ${category}`);
  expect(await takeOver.hydratedInPlace()).toBe(true);
  expect(takeOver.problems).toEqual([]);
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('the first job and the first professional show without scrolling, the filters behind a button that counts them', async ({ page, accounts }) => {
    const category = `Other: ${uniqueWord()}`;
    await postJob(await accounts.create('client'), { title: `Phone ${category}`, categories: [category] });

    await page.goto(`/job-directory?${new URLSearchParams({ category, budgetType: 'fixed' })}`);
    await expect(page.getByRole('article', { name: `Phone ${category}` })).toBeInViewport();
    const filters = page.getByRole('search', { name: 'Job filters' });
    await expect(filters).toBeHidden();
    await page.getByRole('button', { name: 'Filters (2)' }).click();
    await expect(filters.getByRole('combobox', { name: 'Budget type' })).toHaveValue('fixed');

    await page.goto('/directory');
    await expect(page.getByRole('region', { name: 'Results' }).getByRole('listitem').first()).toBeInViewport();
    await expect(page.getByRole('search', { name: 'Filter professionals' })).toBeHidden();
    await expect(page.getByRole('button', { name: 'Filters', exact: true })).toHaveAttribute('aria-expanded', 'false');
  });
});

test('the board finds jobs within the chosen radius of a place', async ({ page, accounts }) => {
  const client = await accounts.create('client');
  const category = `Other: ${uniqueWord()}`;
  // From Leeds, Harrogate (HG1) is about 14 miles away and Manchester (M1) about 36.
  await postJob(client, { title: `Harrogate ${category}`, categories: [category], location: 'HG1' });
  await postJob(client, { title: `Manchester ${category}`, categories: [category], location: 'M1' });

  // The board arrives server-rendered: its jobs are in the HTML before any script runs, and the app hydrates the
  // very job the parser made, with no complaint.
  const html = await (await page.request.get(`/job-directory?${new URLSearchParams({ category })}`)).text();
  expect(renderedRootIn(html)).toContain(`Harrogate ${category}`);
  const takeOver = await watchTakeOver(page, 'main article h2');
  const zod = watchZod(page);
  await page.goto(`/job-directory?${new URLSearchParams({ category })}`);
  await expect(page.getByText('2 jobs')).toBeVisible();
  expect(await takeOver.hydratedInPlace()).toBe(true);
  expect(takeOver.problems).toEqual([]);
  const filters = page.getByRole('search', { name: 'Job filters' });
  const radius = filters.getByRole('combobox', { name: 'Radius' });
  await expect(radius).toBeDisabled();
  await expect(filters.getByText('Type a place to search around it.')).toBeVisible();

  await filters.getByRole('textbox', { name: 'Location' }).fill('Leeds');
  await filters.getByRole('button', { name: 'Search' }).click();
  await expect(page.getByText('1 job', { exact: true })).toBeVisible();
  await expect(page.getByRole('article')).toHaveAccessibleName(`Harrogate ${category}`);
  await expect(radius).toHaveValue('25');
  expect(await seriousViolations(page)).toEqual([]);
  // The board and its place search load no zod (docs/web.md#calling-the-api).
  expect(await zod.loaded()).toEqual([]);

  await radius.selectOption('50');
  await expect(page).toHaveURL(/[?&]location=Leeds&radius=50(&|$)/);
  await expect(page.getByText('2 jobs')).toBeVisible();

  await page.goBack();
  await expect(page.getByText('1 job', { exact: true })).toBeVisible();
  await expect(radius).toHaveValue('25');
});
