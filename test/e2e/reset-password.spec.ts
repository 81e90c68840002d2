import { randomInt } from 'node:crypto';
import { ACCOUNT_MESSAGES, AUTH_PAGE_MESSAGES, EMAIL_FAILURE_MESSAGES, MAIL_RATE_LIMIT, MESSAGES, REDIRECT_AFTER_PASSWORD_RESET_MS } from '@solutionz/shared';
import { seriousViolations } from './support/axe';
import { expect, test } from './support/fixtures';
import { linkFromInbox, nowInSeconds, uniqueEmail } from './support/inbox';
import { openMailLink } from './support/mail-links';
import { expectSessionEnded, mailWithSubject, signedInElsewhere, untilSecondAfter } from './support/security';
import { accountMenu, logInOnPage } from './support/session';

test('password reset through the inbox, then the new password signs in and the link is spent', async ({ page, accounts }) => {
  const account = await accounts.create('client');
  const since = nowInSeconds();
  // The page moves on to the login a few seconds after the update; the test moves the clock instead of waiting.
  await page.clock.install();

  await page.goto('/login');
  await page.getByRole('link', { name: /forgot password/i }).click();
  await expect(page).toHaveURL(/\/reset-password$/);
  await page.getByRole('button', { name: 'Send reset link' }).click();
  await expect(page.getByText(ACCOUNT_MESSAGES.emailRequired, { exact: true })).toBeVisible();
  await page.getByLabel('Email', { exact: true }).fill(account.email);
  await page.getByRole('button', { name: 'Send reset link' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Check your inbox' })).toBeVisible();
  await expect(page.getByText(ACCOUNT_MESSAGES.resetRequested)).toBeVisible();
  await expect(page.getByText(AUTH_PAGE_MESSAGES.resetEmailSent, { exact: true })).toBeVisible();

  const link = await linkFromInbox(account.email, '/reset-password', { since });
  expect(link).toContain('mode=reset');
  // Opening the link (a mail scanner does too) spends nothing: the form's button does.
  await openMailLink(page, link);
  await expect(page.getByRole('heading', { level: 1, name: 'Choose a new password' })).toBeVisible();
  const submit = page.getByRole('button', { name: 'Update password' });
  await page.getByLabel('New password', { exact: true }).fill('short');
  await page.getByLabel('Confirm new password').fill('other');
  await submit.click();
  await expect(page.getByText(ACCOUNT_MESSAGES.passwordTooShort, { exact: true })).toBeVisible();
  await expect(page.getByText(AUTH_PAGE_MESSAGES.resetPasswordsDoNotMatch, { exact: true })).toBeVisible();

  const newPassword = 'Brand-new-pass-2';
  await page.getByLabel('New password', { exact: true }).fill(newPassword);
  await page.getByLabel('Confirm new password').fill(newPassword);
  // The page's clock stops as the answer arrives, so the 3 seconds count from the answer however slow the machine is.
  await page.route('**/api/accounts/password-reset/confirm', async (route) => {
    const response = await route.fetch();
    await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 1_000);
    await route.fulfill({ response });
  });
  await submit.click();
  // The answer reaches the screen through a zero-delay timer (the query library's), so the stopped clock moves a little.
  await expect(async () => {
    await page.clock.runFor(50);
    await expect(page.getByText(ACCOUNT_MESSAGES.passwordUpdated)).toBeVisible({ timeout: 200 });
  }).toPass();
  await page.clock.fastForward(REDIRECT_AFTER_PASSWORD_RESET_MS - 500);
  await expect(page).toHaveURL(/\/reset-password\?/);
  await page.clock.fastForward(600);
  await expect(page).toHaveURL(/\/login$/);
  await page.clock.resume();

  await page.getByLabel('Email', { exact: true }).fill(account.email);
  await page.getByLabel('Password', { exact: true }).fill(newPassword);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/directory$/);

  await page.goto(link);
  await page.getByLabel('New password', { exact: true }).fill(newPassword);
  await page.getByLabel('Confirm new password').fill(newPassword);
  await page.getByRole('button', { name: 'Update password' }).click();
  await expect(page.getByText(ACCOUNT_MESSAGES.resetLinkInvalid)).toBeVisible();
  await page.getByRole('link', { name: 'Request a new link' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Reset your password' })).toBeVisible();
});

test('a reset ends the session of a browser signed in before it, and confirms the address the link went to', async ({ page, accounts, browser, baseURL }) => {
  // Two browsers, an e-mail and a reset: on a busy CI machine the second browser's sign-in alone can take 13 s.
  test.slow();
  // Whoever signed up with this address before its owner came along: the address is not confirmed.
  const account = await accounts.create('client', { emailConfirmed: false });
  const since = nowInSeconds();
  const elsewhere = await signedInElsewhere(browser, baseURL, accounts, account);

  await page.goto('/reset-password');
  await page.getByLabel('Email', { exact: true }).fill(account.email);
  await page.getByRole('button', { name: 'Send reset link' }).click();
  await expect(page.getByText(ACCOUNT_MESSAGES.resetRequested)).toBeVisible();
  await page.goto(await linkFromInbox(account.email, '/reset-password', { since }));
  const newPassword = 'Owner-at-last-2';
  await page.getByLabel('New password', { exact: true }).fill(newPassword);
  await page.getByLabel('Confirm new password').fill(newPassword);
  // Sessions count in whole seconds: the reset comes in a later second than the other browser's sign-in.
  await untilSecondAfter(elsewhere.signedInAt);
  await page.getByRole('button', { name: 'Update password' }).click();
  await expect(page.getByText(ACCOUNT_MESSAGES.passwordUpdated)).toBeVisible();
  await mailWithSubject(account.email, 'Your Solutionz password was reset', since);

  // Its tokens were issued before the reset.
  await expectSessionEnded(elsewhere.page);
  await elsewhere.context.close();

  // The owner signs in with the new password, and the link confirmed the address: no banner asks for it.
  await page.goto('/login');
  await logInOnPage(page, { email: account.email, password: newPassword });
  await expect(accountMenu(page, account.fullName)).toBeVisible();
  await expect(page.getByText(MESSAGES.emailConfirmationBanner.title)).toHaveCount(0);
});

test.describe('asking for reset links too often', () => {
  // The day's cap counts per client address too: a network of this test's own (the local edge honours
  // X-Forwarded-For, as CloudFront's viewer address) keeps it and the other tests out of each other's way.
  test.use({ extraHTTPHeaders: { 'x-forwarded-for': `10.${randomInt(256)}.${randomInt(256)}.${randomInt(1, 255)}` } });

  test("a second link within the minute, and any once the day's cap is reached, are refused with when to try again", async ({ page, accounts }) => {
    const account = await accounts.create('client');
    const send = page.getByRole('button', { name: 'Send reset link' });
    const emailField = page.getByLabel('Email', { exact: true });
    await page.goto('/reset-password');
    await emailField.fill(account.email);
    await send.click();
    await expect(page.getByText(ACCOUNT_MESSAGES.resetRequested)).toBeVisible();

    await page.getByRole('button', { name: 'Use a different email' }).click();
    await emailField.fill(account.email);
    await send.click();
    const refusal = page.getByRole('alert').filter({ hasText: EMAIL_FAILURE_MESSAGES.RATE_LIMIT.title });
    await expect(refusal).toContainText(EMAIL_FAILURE_MESSAGES.RATE_LIMIT.description);
    await expect(refusal).toContainText(/You can try again in (5\d|60) seconds\./);
    await expect(page.getByRole('button', { name: /^Send again in \d+s$/ })).toBeDisabled();

    // Everyone else on this network asks for links to other addresses until the day's cap for it is reached.
    for (let n = 1; n < MAIL_RATE_LIMIT.perClientIp; n++) {
      const answer = await page.request.post('/api/accounts/password-reset', { data: { email: uniqueEmail('neighbour') } });
      expect(answer.status(), await answer.text()).toBe(202);
    }
    await page.reload();
    await emailField.fill(uniqueEmail('newcomer'));
    await send.click();
    await expect(refusal).toContainText(EMAIL_FAILURE_MESSAGES.RATE_LIMIT.description);
    // The day ends at midnight UTC: a clock time, unless that is under an hour away.
    await expect(refusal).toContainText(/You can try again (after \d\d:\d\d( tomorrow)?|in \d+ minutes)\./);
    await expect(page.getByRole('button', { name: /^Send again in \d+ (h \d+ )?min$/ })).toBeDisabled();
  });
});

test('an address without an account gets the same answer', async ({ page }) => {
  await page.goto('/reset-password?mode=request');
  await page.getByLabel('Email', { exact: true }).fill('nobody-here@example.co.uk');
  await page.getByRole('button', { name: 'Send reset link' }).click();
  await expect(page.getByText(ACCOUNT_MESSAGES.resetRequested)).toBeVisible();
});

test('the reset page has no serious or critical accessibility violation in either mode', async ({ page }) => {
  await page.goto('/reset-password');
  await expect(page.getByRole('heading', { level: 1, name: 'Reset your password' })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  await page.goto('/reset-password?mode=reset&token=abc');
  await page.getByRole('button', { name: 'Update password' }).click();
  await expect(page.getByText(ACCOUNT_MESSAGES.passwordRequired)).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
});
