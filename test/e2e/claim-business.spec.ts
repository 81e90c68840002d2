import type { Browser, Page } from '@playwright/test';
import {
  ACCOUNT_MESSAGES,
  ADMIN_CLAIM_MESSAGES,
  ADMIN_CONSOLE_MESSAGES,
  CLAIM_MESSAGES,
  claimRequestSchema,
  type BusinessSearchResponse,
} from '@solutionz/shared';
import { stack } from '../support/local-stack';
import { confirmWithReason, createBusiness, toast, uniqueWord, violationsAtRest } from './support/admin';
import { expect, test, type Accounts, type TestAccount } from './support/fixtures';
import { linkFromInbox, nowInSeconds, uniqueEmail } from './support/inbox';
import { mailWithSubject, signsIn } from './support/security';
import { logIn } from './support/session';

/**
 * Business claiming (docs/product/claims.md): the claim form asks for a name and an e-mail address and
 * mails that address a link; only whoever reads the mailbox can choose the account's password on the
 * link's page, and its pages act only when their button is pressed. A claim from the address the admin
 * recorded moves the business at once; any other waits for an admin on /admin/businesses.
 */

const PASSWORD = 'Chosen-horse-7';

/** A business an admin listed, with the address the admin recorded, and the id its claim link carries. */
async function listedBusiness(admin: TestAccount, businessEmail?: string): Promise<{ businessId: string; businessName: string; providerId: string }> {
  const word = uniqueWord();
  const businessName = `${word} Roofing`;
  const provider = await createBusiness(admin, { businessName, firstName: 'Dale', lastName: 'Hughes', ...(businessEmail ? { businessEmail } : {}) });
  const response = await fetch(`${stack.apiBaseUrl}/businesses/search?q=${word}`);
  const { businesses } = (await response.json()) as BusinessSearchResponse;
  const found = businesses.find((business) => business.businessName === businessName);
  if (!found) throw new Error(`The business search did not find ${businessName}`);
  return { businessId: found.id, businessName, providerId: provider.userId };
}

const claimLink = (businessId: string) => `/claim-business?businessID=${encodeURIComponent(businessId)}`;

/** Sends the claim form and waits for the page to say where the link went. */
async function askToClaim(page: Page, business: { businessId: string; businessName: string }, fullName: string, email: string): Promise<void> {
  await page.goto(claimLink(business.businessId));
  await page.getByRole('textbox', { name: 'Full name' }).fill(fullName);
  await page.getByRole('textbox', { name: 'Email' }).fill(email);
  await page.getByRole('button', { name: 'Claim business' }).click();
  await expect(page.getByText(`We've sent a link to ${email}. Open it to finish claiming ${business.businessName}.`)).toBeVisible();
}

/** Opens the claim mail's link, chooses the password and lands signed in on /dashboard. */
async function finishFromMail(page: Page, email: string, businessName: string): Promise<void> {
  await page.goto(await linkFromInbox(email, '/claim-business/complete'));
  await expect(page.getByRole('heading', { level: 1, name: `Claim ${businessName}` })).toBeVisible();
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill(PASSWORD);
  await page.getByRole('textbox', { name: 'Confirm password' }).fill(PASSWORD);
  await page.getByRole('button', { name: `Claim ${businessName}` }).click();
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
const reviewRow = (page: Page, businessName: string) =>
  page.getByRole('table', { name: 'Claims awaiting review' }).getByRole('row').filter({ hasText: businessName });

test("the attack: a claim typed with the owner's address opens no account; the owner's 'this wasn't me' kills the link and the business stays unclaimed", async ({
  page,
  accounts,
  browser,
  baseURL,
}) => {
  test.slow();
  const admin = await accounts.create('admin');
  const office = uniqueEmail('office');
  const business = await listedBusiness(admin, office);

  // The attacker's form has no password to choose, and says what is wrong with each field in the API's words.
  await page.goto(claimLink(business.businessId));
  await expect(page.getByRole('heading', { level: 1, name: 'Claim your business' })).toBeVisible();
  await expect(page.getByLabel(/Password/)).toHaveCount(0);
  await page.getByRole('button', { name: 'Claim business' }).click();
  const empty = claimRequestSchema.safeParse({ fullName: '', email: '' });
  const messages: Record<string, string> = {};
  for (const issue of empty.error?.issues ?? []) messages[String(issue.path[0])] ??= issue.message;
  for (const field of ['Full name', 'Email']) await expect(page.getByLabel(field)).toHaveAttribute('aria-invalid', 'true');
  for (const message of [messages.fullName, messages.email]) await expect(page.getByText(message!, { exact: true }).first()).toBeVisible();
  expect(await violationsAtRest(page)).toEqual([]);

  await askToClaim(page, business, 'Mallory Taker', office);
  // No account exists for the address, whatever password the attacker tries.
  await logIn(page, { email: office, password: 'Correct-horse-1' }, 'provider');
  await expect(page.getByRole('alert').filter({ hasText: ACCOUNT_MESSAGES.loginFailed })).toBeVisible();
  expect(await signsIn(office, PASSWORD)).toBe(false);

  // The owner reads the mail: its links open pages that wait for a press.
  const owner = await (await browser.newContext({ baseURL: baseURL! })).newPage();
  const complete = await linkFromInbox(office, '/claim-business/complete');
  const cancel = await linkFromInbox(office, '/claim-business/cancel');
  await owner.goto(complete);
  await expect(owner.getByRole('heading', { level: 1, name: `Claim ${business.businessName}` })).toBeVisible();
  await owner.goto(cancel);
  await expect(owner.getByRole('heading', { level: 1, name: 'Cancel a claim' })).toBeVisible();
  expect(await violationsAtRest(owner)).toEqual([]);
  await owner.getByRole('button', { name: 'Cancel this claim' }).click();
  await expect(owner.getByRole('heading', { level: 1, name: CLAIM_MESSAGES.cancelled })).toBeVisible();
  await expect(owner.getByText(`The request to claim ${business.businessName} is cancelled.`, { exact: false })).toBeVisible();

  // The finish link is dead now.
  await owner.goto(complete);
  await expect(owner.getByText(CLAIM_MESSAGES.linkInvalid)).toBeVisible();
  await expect(owner.getByRole('textbox', { name: 'Password', exact: true })).toHaveCount(0);
  await owner.context().close();

  // The attacker has nothing: no account, and the business is still there to be claimed.
  expect(await signsIn(office, PASSWORD)).toBe(false);
  await page.goto(claimLink(business.businessId));
  await expect(page.getByRole('button', { name: 'Claim business' })).toBeVisible();
});

test("the owner's path: the recorded address's link sets the password, the owner lands signed in on the dashboard and the business's page is theirs", async ({
  page,
  request,
  accounts,
}) => {
  test.slow();
  const admin = await accounts.create('admin');
  const office = uniqueEmail('office');
  const business = await listedBusiness(admin, office);
  await askToClaim(page, business, 'Dale Owen Hughes', office);

  // Fetching the links' pages (a mail scanner) and opening the cancel page without pressing change nothing.
  const complete = await linkFromInbox(office, '/claim-business/complete');
  const cancel = await linkFromInbox(office, '/claim-business/cancel');
  expect((await request.get(complete)).status()).toBe(200);
  expect((await request.get(cancel)).status()).toBe(200);
  await page.goto(cancel);
  await expect(page.getByRole('button', { name: 'Cancel this claim' })).toBeVisible();

  await finishFromMail(page, office, business.businessName);
  await expect(toast(page, CLAIM_MESSAGES.claimed)).toBeVisible();
  const card = claimCard(page, business.businessName);
  await expect(card.getByText('Verified', { exact: true })).toBeVisible();
  await expect(card.getByRole('heading', { name: 'Your business is yours' })).toBeVisible();
  expect(await violationsAtRest(page)).toEqual([]);

  // The business's page (its old address follows to the new one) is the owner's own.
  await page.goto(`/directory/${business.providerId}`);
  await expect(page).not.toHaveURL(new RegExp(`/directory/${business.providerId}$`));
  await expect(page.getByRole('heading', { level: 1, name: business.businessName })).toBeVisible();
  await expect(page.getByRole('complementary', { name: 'Your profile' })).toBeVisible();
  expect(await signsIn(office, PASSWORD)).toBe(true);

  // Claimed once: the claim page offers no form, and the used link is dead.
  await page.goto(claimLink(business.businessId));
  await expect(page.getByText(CLAIM_MESSAGES.alreadyClaimed)).toBeVisible();
  await page.goto(complete);
  await expect(page.getByText(CLAIM_MESSAGES.linkInvalid)).toBeVisible();
});

test("the admin path: a claim from another address waits for review; the admin sees both addresses, that they differ and that the claimant's is confirmed, and approves", async ({
  page,
  accounts,
  browser,
  baseURL,
}) => {
  test.slow();
  const admin = await accounts.create('admin');
  const office = uniqueEmail('office');
  const business = await listedBusiness(admin, office);
  const email = uniqueEmail('claimant');
  await askToClaim(page, business, 'Dale Owen Hughes', email);
  await finishFromMail(page, email, business.businessName);
  const card = claimCard(page, business.businessName);
  await expect(card.getByText('Pending', { exact: true })).toBeVisible();
  await expect(card.getByRole('heading', { name: 'Waiting for review' })).toBeVisible();

  const adminPage = await adminBusinesses(browser, baseURL!, accounts, admin);
  const row = reviewRow(adminPage, business.businessName);
  await expect(row).toContainText(office);
  await expect(row).toContainText(email);
  await expect(row.getByText(ADMIN_CLAIM_MESSAGES.emailsDiffer, { exact: true })).toBeVisible();
  await expect(row.getByText(ADMIN_CLAIM_MESSAGES.claimantConfirmed, { exact: true })).toBeVisible();
  expect(await violationsAtRest(adminPage)).toEqual([]);
  await row.getByRole('button', { name: `Approve the claim of ${business.businessName}` }).click();
  await expect(toast(adminPage, ADMIN_CLAIM_MESSAGES.approved)).toBeVisible();
  await expect(row).toHaveCount(0);
  await adminPage.context().close();

  await page.reload();
  await expect(card.getByText('Approved', { exact: true })).toBeVisible();
  await expect(card.getByRole('heading', { name: 'Your business is yours' })).toBeVisible();
  await expect(card.getByRole('link', { name: 'Edit your profile' })).toHaveAttribute('href', '/profile');
  await expect(card.getByRole('link', { name: 'See membership plans' })).toHaveAttribute('href', '/membership');
});

test('an admin refuses a claim with a reason: the claimant is e-mailed it and the dashboard shows it', async ({ page, accounts, browser, baseURL }) => {
  test.slow();
  const admin = await accounts.create('admin');
  const business = await listedBusiness(admin);
  const email = uniqueEmail('refused');
  const since = nowInSeconds();
  await askToClaim(page, business, 'Dale Owen Hughes', email);
  await finishFromMail(page, email, business.businessName);
  await expect(claimCard(page, business.businessName).getByText('Pending', { exact: true })).toBeVisible();

  const adminPage = await adminBusinesses(browser, baseURL!, accounts, admin);
  const row = reviewRow(adminPage, business.businessName);
  await expect(row.getByText(ADMIN_CLAIM_MESSAGES.noBusinessEmail, { exact: true })).toBeVisible();
  await row.getByRole('button', { name: `Refuse the claim of ${business.businessName}` }).click();
  const dialog = adminPage.getByRole('alertdialog', { name: 'Refuse claim' });
  await expect(dialog).toContainText(`${email} is told by e-mail that their claim of ${business.businessName} was refused`);
  await dialog.getByRole('button', { name: 'Refuse', exact: true }).click();
  await expect(dialog.getByText(ADMIN_CONSOLE_MESSAGES.reasonRequired)).toBeVisible();
  await confirmWithReason(dialog, 'Refuse', 'other', 'The phone number on the listing does not answer');
  await expect(toast(adminPage, ADMIN_CLAIM_MESSAGES.refused)).toBeVisible();
  await expect(row).toHaveCount(0);
  await adminPage.context().close();

  const mail = await mailWithSubject(email, 'Your business claim was refused', since);
  expect(mail.body.text).toContain('Reason: Other - The phone number on the listing does not answer');
  await page.reload();
  const card = claimCard(page, business.businessName);
  await expect(card.getByText('Refused', { exact: true })).toBeVisible();
  await expect(card.getByText('Reason: Other - The phone number on the listing does not answer')).toBeVisible();
});

test('a claim link of no business says so, and an account without claims sees where to go', async ({ page, accounts }) => {
  await page.goto(claimLink('no-such-business'));
  await expect(page.getByText(CLAIM_MESSAGES.notFound)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Claim business' })).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'Find Professionals' }).last()).toHaveAttribute('href', '/directory');
  await page.goto('/claim-business/complete?token=not-a-real-token');
  await expect(page.getByText(CLAIM_MESSAGES.linkInvalid)).toBeVisible();

  await accounts.signIn(page.context(), await accounts.create('provider'));
  await page.goto('/dashboard');
  await expect(page.getByRole('heading', { name: 'No business claims' })).toBeVisible();
  await expect(page.getByRole('main').getByRole('link', { name: 'My Profile' })).toHaveAttribute('href', '/profile');
  expect(await violationsAtRest(page)).toEqual([]);
});
