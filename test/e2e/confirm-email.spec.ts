import { ACCOUNT_MESSAGES, EMAIL_FAILURE_MESSAGES, EMAIL_MESSAGES, type MeResponse } from '@solutionz/shared';
import { fillCommonSignupFields, newClient, signUpThroughApi } from './support/accounts';
import { seriousViolations } from './support/axe';
import { expect, test } from './support/fixtures';
import { linkFromInbox, mailCount, newestMailWithLink, nowInSeconds } from './support/inbox';
import { followMailLink, openMailLink } from './support/mail-links';
import { bearer } from './support/security';

test('resend sends a new link, then counts down; after a reload the server still holds the 60 s limit', async ({ page }) => {
  const account = newClient();
  // The page's clock runs on as usual, and the test moves it a second on to see the countdown go down.
  await page.clock.install();
  await page.goto('/signup');
  await fillCommonSignupFields(page, account);
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page).toHaveURL(/\/confirm-email$/);
  await expect(page.getByLabel('Email', { exact: true })).toHaveValue(account.email);
  await newestMailWithLink(account.email, '/confirm-email');
  const before = await mailCount(account.email, 0);

  await page.getByRole('button', { name: 'Resend confirmation email' }).click();
  await expect(page.getByText(EMAIL_MESSAGES.sentOnPage)).toBeVisible();
  await expect(page.getByText(EMAIL_MESSAGES.resent.title, { exact: true })).toBeVisible();
  const countdown = page.getByRole('button', { name: /^Resend in \d+s$/ });
  await expect(countdown).toBeDisabled();
  const first = Number((await countdown.textContent())!.match(/\d+/)![0]);
  expect(first).toBeGreaterThan(55);
  await page.clock.runFor(1_000);
  await expect.poll(async () => Number((await countdown.textContent())!.match(/\d+/)![0])).toBeLessThan(first);
  await expect.poll(() => mailCount(account.email, 0)).toBe(before + 1);

  await page.reload();
  await page.getByRole('button', { name: 'Resend confirmation email' }).click();
  await expect(page.getByText(EMAIL_FAILURE_MESSAGES.RATE_LIMIT.title, { exact: true }).first()).toBeVisible();
  await expect(page.getByRole('button', { name: /^Resend in \d+s$/ })).toBeDisabled();
  expect(await mailCount(account.email, 0)).toBe(before + 1);
});

test('resend checks the address first', async ({ page }) => {
  await page.goto('/confirm-email');
  await expect(page.getByRole('heading', { level: 1, name: 'Check your inbox' })).toBeVisible();
  await page.getByRole('button', { name: 'Resend confirmation email' }).click();
  await expect(page.getByText(EMAIL_MESSAGES.noEmail.description).first()).toBeVisible();
  await page.getByLabel('Email', { exact: true }).fill('not-an-address');
  await page.getByRole('button', { name: 'Resend confirmation email' }).click();
  await expect(page.getByText(EMAIL_MESSAGES.invalidEmail.description).first()).toBeVisible();
  await expect(page.getByRole('link', { name: 'Go to login' })).toHaveAttribute('href', '/login');
});

test('opening a confirmation link confirms nothing until its button is pressed; it works once, and the second use says it is no longer valid and offers a new one', async ({
  page,
}) => {
  const account = newClient();
  const since = nowInSeconds();
  await signUpThroughApi(page.request, account);
  const link = await linkFromInbox(account.email, '/confirm-email', { since });
  const confirmed = async () => ((await (await page.request.get('/api/me', { headers: await bearer(account) })).json()) as MeResponse).emailConfirmed;

  // A mail scanner or a link preview opens it too: the address stays unconfirmed, the link unspent.
  const button = await openMailLink(page, link);
  await expect(page.getByRole('heading', { level: 1, name: 'Confirm your email' })).toBeVisible();
  expect(await confirmed()).toBe(false);
  await page.reload();
  expect(await confirmed()).toBe(false);

  await followMailLink(page, link);
  await expect(page.getByRole('heading', { level: 1, name: 'Email confirmed' })).toBeVisible();
  expect(await confirmed()).toBe(true);
  await expect(button).toHaveCount(0);

  await followMailLink(page, link);
  await expect(page.getByText(ACCOUNT_MESSAGES.confirmationLinkInvalid)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Resend confirmation email' })).toBeVisible();
});

test('a signed-in user who follows the link is told and taken to the profile', async ({ page, context, accounts }) => {
  const account = newClient();
  const since = nowInSeconds();
  await signUpThroughApi(page.request, account);
  await accounts.signIn(context, account);

  await followMailLink(page, await linkFromInbox(account.email, '/confirm-email', { since }));
  await expect(page.getByRole('heading', { level: 1, name: 'Email confirmed' })).toBeVisible();
  await expect(page.getByText(EMAIL_MESSAGES.confirmed.description).first()).toBeVisible();
  await expect(page).toHaveURL(/\/profile$/);
});

test('a signed-in user resends to their own address without typing it', async ({ page, context, accounts }) => {
  const account = newClient();
  const since = nowInSeconds();
  await signUpThroughApi(page.request, account);
  await accounts.signIn(context, account);

  await page.goto('/confirm-email');
  await expect(page.getByRole('heading', { level: 1, name: 'Check your inbox' })).toBeVisible();
  await expect(page.getByLabel('Email', { exact: true })).toHaveCount(0);
  await page.getByRole('button', { name: 'Resend confirmation email' }).click();
  await expect(page.getByText(EMAIL_MESSAGES.sentOnPage)).toBeVisible();
  await expect.poll(() => mailCount(account.email, since)).toBe(2);
});

test('the confirmation page has no serious or critical accessibility violation', async ({ page }) => {
  await page.goto('/confirm-email');
  await expect(page.getByRole('heading', { level: 1, name: 'Check your inbox' })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  await openMailLink(page, '/confirm-email?token=not-a-real-token');
  expect(await seriousViolations(page)).toEqual([]);
  await page.getByRole('button', { name: 'Confirm my email address' }).click();
  await expect(page.getByText(ACCOUNT_MESSAGES.confirmationLinkInvalid)).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
});
