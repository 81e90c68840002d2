import { randomInt } from 'node:crypto';
import type { Page } from '@playwright/test';
import { ACCOUNT_MESSAGES, AUTH_PAGE_MESSAGES, ROLE_LABELS, SIGNUP_RATE_LIMIT } from '@solutionz/shared';
import { fillCommonSignupFields, newClient, newProvider, signUpThroughApi, type NewAccount } from './support/accounts';
import { seriousViolations } from './support/axe';
import { expect, test } from './support/fixtures';
import { watchTakeOver } from './support/hydration';
import { linkFromInbox, nowInSeconds } from './support/inbox';
import { followMailLink } from './support/mail-links';
import { watchZod } from './support/scripts';

async function signIn(page: Page, account: NewAccount) {
  await page.goto(account.accountType === 'provider' ? '/login?type=provider' : '/login');
  await page.getByLabel('Email', { exact: true }).fill(account.email);
  await page.getByLabel('Password', { exact: true }).fill(account.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

/** Opens the confirmation link from the local inbox and expects the signed-out confirmed state. */
async function confirmFromInbox(page: Page, account: NewAccount, since: number) {
  await followMailLink(page, await linkFromInbox(account.email, '/confirm-email', { since }));
  await expect(page.getByRole('heading', { level: 1, name: 'Email confirmed' })).toBeVisible();
  await expect(page.getByText(`Your email address ${account.email} is confirmed.`)).toBeVisible();
  await expect(page.getByRole('link', { name: 'Continue to Profile' })).toHaveAttribute('href', '/login?return=%2Fprofile');
}

test('a provider signs up with a business name and a category, confirms from the inbox and lands on the membership page', async ({ page }) => {
  const account = newProvider();
  const since = nowInSeconds();
  await page.goto('/signup?type=provider');
  await expect(page.getByRole('heading', { level: 1, name: 'Create an account' })).toBeVisible();
  await expect(page.getByRole('tab', { name: ROLE_LABELS.provider })).toHaveAttribute('aria-selected', 'true');

  await fillCommonSignupFields(page, account);
  await page.getByLabel('Phone number').fill(account.phone!);
  await page.getByRole('combobox', { name: 'Business name' }).fill(account.businessName!);
  await page.getByLabel('Service group').selectOption('Construction/Trade');
  await page.getByLabel('Service', { exact: true }).selectOption('Plumber');
  await page.getByRole('button', { name: 'Add category' }).click();
  await expect(page.getByRole('listitem').filter({ hasText: 'Plumber' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Remove Construction/Trade > Plumber' })).toBeVisible();

  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page).toHaveURL(/\/confirm-email$/);
  await expect(page.getByText(ACCOUNT_MESSAGES.accountCreated)).toBeVisible();
  await expect(page.getByRole('heading', { level: 1, name: 'Account created' })).toBeVisible();
  await expect(page.getByText(account.email)).toBeVisible();
  const stored = (key: string) => page.evaluate(`sessionStorage.getItem(${JSON.stringify(key)})`);
  expect(await stored('solutionz.pendingSignup.email')).toBe(account.email);
  expect(await stored('solutionz.pendingSignup.accountType')).toBe('provider');

  await confirmFromInbox(page, account, since);
  expect(await stored('solutionz.pendingSignup.email')).toBeNull();

  await signIn(page, account);
  await expect(page).toHaveURL(/\/membership/);
});

test('a client signs up, confirms from the inbox and lands on the directory after signing in', async ({ page }) => {
  const account = newClient();
  const since = nowInSeconds();
  // The form arrives in the HTML (prerendered), named as the page, and the app hydrates the very form the build rendered.
  const html = await (await page.request.get('/signup')).text();
  expect(html).toContain('<title>Create an account | Solutionz</title>');
  for (const text of ['Create an account', 'Full name', 'Confirm password']) expect(html, text).toContain(text);
  const takeOver = await watchTakeOver(page, 'h1');
  const zod = watchZod(page);
  await page.goto('/signup');
  await expect(page.getByRole('tab', { name: ROLE_LABELS.client })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByLabel('Phone number')).toHaveCount(0);
  await fillCommonSignupFields(page, account);
  expect(await takeOver.hydratedInPlace()).toBe(true);
  expect(takeOver.problems).toEqual([]);
  // The form and its schema's checks are zod's, loaded when the form is first sent, not on arrival: the page stays light on a phone.
  expect(await zod.loaded()).toEqual([]);
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page).toHaveURL(/\/confirm-email$/);
  await expect(page.getByText(account.email)).toBeVisible();

  await confirmFromInbox(page, account, since);
  await signIn(page, account);
  await expect(page).toHaveURL(/\/directory$/);
});

test('every sign-up rule shows its message beside the field, for both account types', async ({ page }) => {
  await page.goto('/signup');
  const submit = page.getByRole('button', { name: 'Create account' });
  await submit.click();
  for (const message of [
    ACCOUNT_MESSAGES.fullNameRequired,
    ACCOUNT_MESSAGES.emailRequired,
    ACCOUNT_MESSAGES.locationRequired,
    ACCOUNT_MESSAGES.passwordRequired,
  ]) {
    await expect(page.getByText(message, { exact: true })).toBeVisible();
  }
  await expect(page.getByLabel('Full name')).toHaveAttribute('aria-invalid', 'true');

  await page.getByLabel('Email', { exact: true }).fill('not-an-email');
  await page.getByLabel('Password', { exact: true }).fill('short');
  await page.getByLabel('Confirm password').fill('different');
  await submit.click();
  await expect(page.getByText(ACCOUNT_MESSAGES.emailInvalid, { exact: true })).toBeVisible();
  await expect(page.getByText(ACCOUNT_MESSAGES.passwordTooShort, { exact: true })).toBeVisible();
  await expect(page.getByText(ACCOUNT_MESSAGES.passwordsDoNotMatch, { exact: true })).toBeVisible();

  await page.getByRole('tab', { name: ROLE_LABELS.provider }).click();
  await expect(page).toHaveURL(/type=provider/);
  await submit.click();
  await expect(page.getByText(ACCOUNT_MESSAGES.phoneRequired, { exact: true })).toBeVisible();
  await expect(page.getByText(ACCOUNT_MESSAGES.businessNameRequired, { exact: true })).toBeVisible();
  await expect(page.getByText(ACCOUNT_MESSAGES.categoriesRequired, { exact: true })).toBeVisible();
  await page.getByLabel('Phone number').fill('12-34');
  await submit.click();
  await expect(page.getByText(ACCOUNT_MESSAGES.phoneInvalid, { exact: true })).toBeVisible();
  await expect(page).toHaveURL(/\/signup/);
});

test('signing up with an address that already has an account says so', async ({ page, accounts }) => {
  const existing = await accounts.create('client');
  await page.goto('/signup');
  await fillCommonSignupFields(page, { ...newClient(), email: existing.email });
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page.getByText(ACCOUNT_MESSAGES.alreadyRegistered)).toBeVisible();
  await expect(page).toHaveURL(/\/signup$/);
});

test.describe('sign-up rate limit', () => {
  // The limit also counts attempts per source address, which every spec of the run shares; a test address of its own
  // (the local gateway honours X-Forwarded-For, as API Gateway does) keeps this test and the others out of each other's way.
  test.use({ extraHTTPHeaders: { 'x-forwarded-for': `10.${randomInt(256)}.${randomInt(256)}.${randomInt(1, 255)}` } });

  test('one attempt too many for an address gets the rate-limit message and a countdown that holds the button', async ({ page }) => {
    const account = newClient();
    // The page's clock runs on as usual, and the test moves it a second on to see the countdown go down.
    await page.clock.install();
    await signUpThroughApi(page.request, account);
    await page.goto('/signup');
    await fillCommonSignupFields(page, account);
    const submit = page.getByRole('button', { name: 'Create account' });
    const submitOnce = async () => {
      const answer = page.waitForResponse((response) => response.url().endsWith('/api/accounts/signup') && response.request().method() === 'POST');
      await submit.click();
      return (await answer).status();
    };

    // The API sign-up was the first attempt for this address; the rest up to the limit find it already registered.
    for (let attempt = 2; attempt <= SIGNUP_RATE_LIMIT.perEmail; attempt++) {
      expect(await submitOnce(), `attempt ${attempt}`).toBe(409);
      await expect(page.getByText(ACCOUNT_MESSAGES.alreadyRegistered)).toBeVisible();
    }
    expect(await submitOnce()).toBe(429);

    await expect(page.getByText(ACCOUNT_MESSAGES.signupRateLimited)).toBeVisible();
    const countdown = page.getByText(/^Rate limit reached\. Please wait \d+ seconds\.$/);
    await expect(countdown).toBeVisible();
    const secondsShown = async () => {
      const text = (await countdown.textContent())!;
      const seconds = Number(text.match(/\d+/)![0]);
      expect(text).toBe(AUTH_PAGE_MESSAGES.signupRateLimitCountdown(seconds));
      return seconds;
    };
    const first = await secondsShown();
    expect(first).toBeGreaterThan(1);
    expect(first).toBeLessThanOrEqual(SIGNUP_RATE_LIMIT.windowSeconds);
    await expect(submit).toBeDisabled();
    await page.clock.runFor(1_000);
    await expect.poll(secondsShown).toBeLessThan(first);
    await expect(submit).toBeDisabled();
  });
});

test('the business-name search suggests listed businesses, and the keyboard picks one', async ({ page, accounts }) => {
  const listed = await accounts.create('provider');
  await page.goto('/signup?type=provider');
  const field = page.getByRole('combobox', { name: 'Business name' });
  // The name's last word is unique to this run, so the listed business is among the few suggested.
  await field.pressSequentially(listed.businessName!.split(' ').at(-1)!);
  const option = page.getByRole('option', { name: listed.businessName! });
  await expect(option).toBeVisible();
  await field.press('ArrowDown');
  await expect(field).toHaveAttribute('aria-activedescendant', /.+/);
  await field.press('Enter');
  await expect(field).toHaveValue(listed.businessName!);
  await expect(page.getByRole('listbox', { name: 'Matching businesses' })).toBeHidden();
});

test('the business name stretches across the form like the other fields', async ({ page }) => {
  await page.goto('/signup?type=provider');
  const businessField = page.getByRole('combobox', { name: 'Business name' });
  await expect(businessField).toBeVisible();
  const email = await page.getByLabel('Email', { exact: true }).boundingBox();
  const business = await businessField.boundingBox();
  expect(email).not.toBeNull();
  expect(business).not.toBeNull();
  expect(business!.x).toBeCloseTo(email!.x, 0);
  expect(business!.width).toBeCloseTo(email!.width, 0);
});

test('the sign-up page has no serious or critical accessibility violation, on either tab', async ({ page }) => {
  await page.goto('/signup');
  await expect(page.getByRole('heading', { level: 1, name: 'Create an account' })).toBeVisible();
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page.getByText(ACCOUNT_MESSAGES.fullNameRequired)).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  await page.getByRole('tab', { name: ROLE_LABELS.provider }).click();
  await expect(page.getByLabel('Service group')).toBeEnabled();
  expect(await seriousViolations(page)).toEqual([]);
});

test('the confirmation notice and the login link are below the form', async ({ page }) => {
  await page.goto('/signup');
  await expect(page.getByText(/you need to confirm it/)).toBeVisible();
  await page.getByRole('link', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/login$/);
});
