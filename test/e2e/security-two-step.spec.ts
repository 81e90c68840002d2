import type { Page } from '@playwright/test';
import { SECURITY_MESSAGES } from '@solutionz/shared';
import { expect, test, type TestAccount } from './support/fixtures';
import { nowInSeconds } from './support/inbox';
import { mailWithSubject, openSecurityTab, totpCode, turnOnTwoStepThroughApi, wrongTotpCode } from './support/security';
import { accountMenu, chooseFromAccountMenu, expectSignedOutHeader, logIn } from './support/session';

/** 2-step verification with an authenticator app: Cognito's software-token MFA, codes made by otplib. */

/** Turns 2-step verification on from the security tab, as the person would with their phone; the secret it showed. */
async function turnOnTwoStep(page: Page, account: TestAccount): Promise<string> {
  const since = nowInSeconds();
  await openSecurityTab(page);
  await page.getByRole('button', { name: 'Turn on' }).click();
  const dialog = page.getByRole('dialog', { name: 'Turn on 2-step verification' });

  // The session alone does not do: whoever holds only it must not start binding an authenticator.
  await dialog.getByRole('button', { name: 'Continue' }).click();
  await expect(dialog.getByText(SECURITY_MESSAGES.currentPasswordRequired)).toBeVisible();
  await dialog.getByLabel('Current password').fill('Not-the-password-1');
  await dialog.getByRole('button', { name: 'Continue' }).click();
  await expect(dialog.getByText(SECURITY_MESSAGES.currentPasswordWrong)).toBeVisible();
  await expect(dialog.getByLabel('Secret key')).toBeHidden();

  await dialog.getByLabel('Current password').fill(account.password);
  await dialog.getByRole('button', { name: 'Continue' }).click();
  await expect(dialog.getByRole('img', { name: 'QR code for your authenticator app' })).toBeVisible();
  const secretBox = dialog.getByLabel('Secret key');
  await expect(secretBox).not.toHaveValue('');
  const secret = await secretBox.inputValue();

  await dialog.getByLabel('Code from the app').fill(wrongTotpCode(secret));
  await dialog.getByRole('button', { name: 'Turn on' }).click();
  await expect(dialog.getByText(SECURITY_MESSAGES.totpCodeInvalid)).toBeVisible();
  await dialog.getByLabel('Code from the app').fill(totpCode(secret));
  await dialog.getByRole('button', { name: 'Turn on' }).click();
  await expect(page.getByText(SECURITY_MESSAGES.totpEnabled.title)).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('button', { name: 'Turn off' })).toBeVisible();
  await mailWithSubject(account.email, '2-step verification is on for your Solutionz account', since);
  return secret;
}

/** Through chooseFromAccountMenu: the header re-renders as the profile refreshes after the change, and a click can land mid-render. */
async function signOutFromMenu(page: Page, account: TestAccount) {
  await chooseFromAccountMenu(page, account.fullName, 'Sign Out', () => expectSignedOutHeader(page, { timeout: 2_000 }));
}

/** The code step of a sign-in: a wrong code is refused with a clear message, the right one signs in. */
async function answerCodeStep(page: Page, secret: string) {
  const code = page.getByLabel('Authentication code');
  await expect(code).toBeVisible();
  await code.fill(wrongTotpCode(secret));
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page.getByText(SECURITY_MESSAGES.totpCodeInvalid)).toBeVisible();
  await code.fill(totpCode(secret));
  await page.getByRole('button', { name: 'Verify' }).click();
}

test.describe('a client', () => {
  test.use({ signedInAs: 'client' });

  test('turns on 2-step verification, then signing in on /login asks for a code', async ({ page, account }) => {
    const secret = await turnOnTwoStep(page, account);
    await signOutFromMenu(page, account);

    await logIn(page, account);
    await answerCodeStep(page, secret);
    await expect(page).toHaveURL(/\/directory$/);
    await expect(accountMenu(page, account.fullName)).toBeVisible();
  });

  test('turns 2-step verification off with the password and a code, then signing in asks for none', async ({ page, account, request }) => {
    const secret = await turnOnTwoStepThroughApi(request, account);
    const since = nowInSeconds();
    await openSecurityTab(page);
    await page.getByRole('button', { name: 'Turn off' }).click();
    const dialog = page.getByRole('dialog', { name: 'Turn off 2-step verification' });
    await dialog.getByLabel('Password').fill(account.password);
    await dialog.getByLabel('Code from the app').fill(wrongTotpCode(secret));
    await dialog.getByRole('button', { name: 'Turn off' }).click();
    await expect(dialog.getByText(SECURITY_MESSAGES.totpCodeInvalid)).toBeVisible();
    await dialog.getByLabel('Code from the app').fill(totpCode(secret));
    await dialog.getByRole('button', { name: 'Turn off' }).click();
    await expect(page.getByText(SECURITY_MESSAGES.totpDisabled.title)).toBeVisible();
    await expect(page.getByRole('button', { name: 'Turn on' })).toBeVisible();
    await mailWithSubject(account.email, '2-step verification is off for your Solutionz account', since);

    await signOutFromMenu(page, account);
    await logIn(page, account);
    await expect(page).toHaveURL(/\/directory$/);
    await expect(accountMenu(page, account.fullName)).toBeVisible();
  });
});

test('an administrator with 2-step verification signs in on /admin-login with a code', async ({ page, accounts, request }) => {
  const admin = await accounts.create('admin');
  const secret = await turnOnTwoStepThroughApi(request, admin);

  await page.goto('/admin-login');
  await page.getByLabel('Username').fill(admin.username!);
  await page.getByLabel('Password').fill(admin.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await answerCodeStep(page, secret);
  await expect(page).toHaveURL(/\/admin/);
  // Signed in: the admin console's own header offers Logout.
  await expect(page.getByRole('heading', { level: 1, name: 'Admin Dashboard' })).toBeVisible();
  await expect(page.getByRole('banner').getByRole('button', { name: 'Logout' })).toBeVisible();
});
