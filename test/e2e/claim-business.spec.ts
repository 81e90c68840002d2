import type { Browser, Page } from '@playwright/test';
import { ADMIN_CLAIM_MESSAGES, ADMIN_CONSOLE_MESSAGES, CLAIM_MESSAGES, claimRequestSchema, type BusinessSearchResponse } from '@solutionz/shared';
import { stack } from '../support/local-stack';
import { confirmWithReason, createBusiness, toast, uniqueWord, violationsAtRest } from './support/admin';
import { expect, test, type Accounts, type TestAccount } from './support/fixtures';
import { linkFromInbox, nowInSeconds, uniqueEmail } from './support/inbox';
import { mailWithSubject } from './support/security';

/**
 * Business claiming (spec 02 "Business claim"): the owner of a business an admin listed opens its claim
 * link, creates their account with the spec's name, e-mail and password form and follows the claim on
 * /dashboard; an admin approves or refuses it on /admin/businesses, and the dashboard follows.
 */

const PASSWORD = 'Correct-horse-1';

/** A business an admin listed, and the id its claim link carries (the public business search names it). */
async function listedBusiness(admin: TestAccount, businessEmail?: string): Promise<{ businessId: string; businessName: string }> {
  const word = uniqueWord();
  const businessName = `${word} Roofing`;
  await createBusiness(admin, { businessName, firstName: 'Dale', lastName: 'Hughes', ...(businessEmail ? { businessEmail } : {}) });
  const response = await fetch(`${stack.apiBaseUrl}/businesses/search?q=${word}`);
  const { businesses } = (await response.json()) as BusinessSearchResponse;
  const found = businesses.find((business) => business.businessName === businessName);
  if (!found) throw new Error(`The business search did not find ${businessName}`);
  return { businessId: found.id, businessName };
}

const claimLink = (businessId: string) => `/claim-business?businessID=${encodeURIComponent(businessId)}`;

async function fillClaim(page: Page, fullName: string, email: string): Promise<void> {
  await page.getByRole('textbox', { name: 'Full name' }).fill(fullName);
  await page.getByRole('textbox', { name: 'Email' }).fill(email);
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Claim business' }).click();
}

/** Claims the business in `page` and waits for the dashboard the claimant lands on, signed in. */
async function claim(page: Page, businessId: string, email: string): Promise<void> {
  await page.goto(claimLink(businessId));
  await fillClaim(page, 'Dale Owen Hughes', email);
  await expect(page).toHaveURL(/\/dashboard$/);
}

/** /admin/businesses in a browser of the admin's own, signed in through the fixture. */
async function adminBusinesses(browser: Browser, baseURL: string, accounts: Accounts, admin: TestAccount): Promise<Page> {
  const context = await browser.newContext({ baseURL });
  await accounts.signIn(context, admin);
  const page = await context.newPage();
  await page.goto('/admin/businesses');
  await expect(page.getByRole('heading', { level: 1, name: 'Businesses' })).toBeVisible();
  return page;
}

const claimCard = (page: Page, businessName: string) => page.getByRole('article', { name: businessName });
const reviewRow = (page: Page, businessName: string) => page.getByRole('table', { name: 'Claims awaiting review' }).getByRole('row').filter({ hasText: businessName });

test('a visitor claims a listed business and lands on the dashboard with the claim pending; a second claim of it is refused', async ({ page, accounts, browser, baseURL }) => {
  test.slow();
  const admin = await accounts.create('admin');
  const { businessId, businessName } = await listedBusiness(admin);
  const email = uniqueEmail('claimant');
  // Someone else opens the same claim link before the owner sends the form.
  const rival = await browser.newPage({ baseURL: baseURL! });
  await rival.goto(claimLink(businessId));
  await expect(rival.getByRole('button', { name: 'Claim business' })).toBeVisible();

  await page.goto(claimLink(businessId));
  await expect(page.getByRole('heading', { level: 1, name: 'Claim your business' })).toBeVisible();
  await expect(page.getByText(businessName, { exact: true })).toBeVisible();

  // An empty form: each field says what is wrong, in the API's words.
  await page.getByRole('button', { name: 'Claim business' }).click();
  const empty = claimRequestSchema.safeParse({ fullName: '', email: '', password: '' });
  // Each field shows its first message, as the API answers it (an empty e-mail address also fails the address's pattern).
  const messages: Record<string, string> = {};
  for (const issue of empty.error?.issues ?? []) messages[String(issue.path[0])] ??= issue.message;
  expect(messages.fullName).toBe(CLAIM_MESSAGES.nameRequired);
  for (const field of ['Full name', 'Email', 'Password']) await expect(page.getByLabel(field)).toHaveAttribute('aria-invalid', 'true');
  for (const message of [messages.fullName, messages.email, messages.password]) await expect(page.getByText(message!, { exact: true }).first()).toBeVisible();
  expect(await violationsAtRest(page)).toEqual([]);

  await fillClaim(page, 'Dale Owen Hughes', email);
  await expect(toast(page, CLAIM_MESSAGES.claimed)).toBeVisible();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
  const card = claimCard(page, businessName);
  await expect(card.getByText('Pending', { exact: true })).toBeVisible();
  await expect(card.getByRole('heading', { name: 'Confirm your e-mail address' })).toBeVisible();
  await expect(card.getByRole('button', { name: 'Resend Email' })).toBeVisible();
  expect(await violationsAtRest(page)).toEqual([]);

  // The rival's form goes to the server, which refuses it; a fresh visit offers no form.
  await fillClaim(rival, 'Rhys Rival', uniqueEmail('rival'));
  await expect(rival.getByText(CLAIM_MESSAGES.alreadyClaimed).first()).toBeVisible();
  await expect(rival.getByRole('button', { name: 'Claim business' })).toHaveCount(0);
  await rival.goto(claimLink(businessId));
  await expect(rival.getByText(CLAIM_MESSAGES.alreadyClaimed)).toBeVisible();
  await expect(rival.getByRole('button', { name: 'Claim business' })).toHaveCount(0);
  await rival.close();
});

test("an admin approves a pending claim on /admin/businesses: it leaves the list and the claimant's dashboard shows the business as theirs", async ({
  page,
  accounts,
  browser,
  baseURL,
}) => {
  test.slow();
  const admin = await accounts.create('admin');
  const { businessId, businessName } = await listedBusiness(admin);
  const email = uniqueEmail('approved');
  await claim(page, businessId, email);
  const card = claimCard(page, businessName);
  await expect(card.getByText('Pending', { exact: true })).toBeVisible();

  const adminPage = await adminBusinesses(browser, baseURL!, accounts, admin);
  const row = reviewRow(adminPage, businessName);
  await expect(row).toContainText(email);
  expect(await violationsAtRest(adminPage)).toEqual([]);
  await row.getByRole('button', { name: `Approve the claim of ${businessName}` }).click();
  await expect(toast(adminPage, ADMIN_CLAIM_MESSAGES.approved)).toBeVisible();
  await expect(row).toHaveCount(0);
  await adminPage.context().close();

  await page.reload();
  await expect(card.getByText('Approved', { exact: true })).toBeVisible();
  await expect(card.getByRole('heading', { name: 'Your business is yours' })).toBeVisible();
  await expect(card.getByRole('link', { name: 'Edit your profile' })).toHaveAttribute('href', '/profile');
  await expect(card.getByRole('link', { name: 'See membership plans' })).toHaveAttribute('href', '/membership');
  expect(await violationsAtRest(page)).toEqual([]);
});

test("an admin refuses a claim with a reason: the claimant is e-mailed it and the dashboard shows it", async ({ page, accounts, browser, baseURL }) => {
  test.slow();
  const admin = await accounts.create('admin');
  const { businessId, businessName } = await listedBusiness(admin);
  const email = uniqueEmail('refused');
  const since = nowInSeconds();
  await claim(page, businessId, email);
  await expect(claimCard(page, businessName).getByText('Pending', { exact: true })).toBeVisible();

  const adminPage = await adminBusinesses(browser, baseURL!, accounts, admin);
  const row = reviewRow(adminPage, businessName);
  await row.getByRole('button', { name: `Refuse the claim of ${businessName}` }).click();
  const dialog = adminPage.getByRole('alertdialog', { name: 'Refuse claim' });
  await expect(dialog).toContainText(`${email} is told by e-mail that their claim of ${businessName} was refused`);
  await dialog.getByRole('button', { name: 'Refuse', exact: true }).click();
  await expect(dialog.getByText(ADMIN_CONSOLE_MESSAGES.reasonRequired)).toBeVisible();
  expect(await violationsAtRest(adminPage)).toEqual([]);
  await confirmWithReason(dialog, 'Refuse', 'other', 'The phone number on the listing does not answer');
  await expect(toast(adminPage, ADMIN_CLAIM_MESSAGES.refused)).toBeVisible();
  await expect(dialog).toHaveCount(0);
  await expect(row).toHaveCount(0);
  await adminPage.context().close();

  const mail = await mailWithSubject(email, 'Your business claim was refused', since);
  expect(mail.body.text).toContain('Reason: Other - The phone number on the listing does not answer');
  await page.reload();
  const card = claimCard(page, businessName);
  await expect(card.getByText('Refused', { exact: true })).toBeVisible();
  await expect(card.getByText('Reason: Other - The phone number on the listing does not answer')).toBeVisible();
  expect(await violationsAtRest(page)).toEqual([]);
});

test('the owner who confirms the address the admin recorded for the business has it at once, with no review', async ({ page, accounts, browser, baseURL }) => {
  test.slow();
  const admin = await accounts.create('admin');
  const email = uniqueEmail('office');
  const { businessId, businessName } = await listedBusiness(admin, email);
  await claim(page, businessId, email);
  const card = claimCard(page, businessName);
  await expect(card.getByRole('heading', { name: 'Confirm your e-mail address' })).toBeVisible();

  await page.goto(await linkFromInbox(email, '/confirm-email'));
  await expect(page.getByRole('heading', { level: 1, name: 'Email confirmed' })).toBeVisible();
  await page.goto('/dashboard');
  await expect(card.getByText('Verified', { exact: true })).toBeVisible();
  await expect(card.getByRole('heading', { name: 'Your business is yours' })).toBeVisible();

  const adminPage = await adminBusinesses(browser, baseURL!, accounts, admin);
  await expect(adminPage.getByRole('status', { name: 'Loading claims' })).toHaveCount(0);
  // Nothing for an admin to review (the businesses list below names it, claimed).
  await expect(adminPage.getByRole('region', { name: 'Claims awaiting review' }).getByText(businessName)).toHaveCount(0);
  await adminPage.context().close();
});

test('a claim link of no business says so, and an account without claims sees where to go', async ({ page, accounts }) => {
  await page.goto(claimLink('no-such-business'));
  await expect(page.getByText(CLAIM_MESSAGES.notFound)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Claim business' })).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'Find Professionals' }).last()).toHaveAttribute('href', '/directory');

  await accounts.signIn(page.context(), await accounts.create('provider'));
  await page.goto('/dashboard');
  await expect(page.getByRole('heading', { name: 'No business claims' })).toBeVisible();
  await expect(page.getByRole('main').getByRole('link', { name: 'My Profile' })).toHaveAttribute('href', '/profile');
  expect(await violationsAtRest(page)).toEqual([]);
});
