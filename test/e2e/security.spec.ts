import { createTableStore } from '@solutionz/lambdas/data/table-store';
import { SECURITY_MESSAGES } from '@solutionz/shared';
import { documents, stack } from '../support/local-stack';
import { seriousViolations } from './support/axe';
import { expect, test } from './support/fixtures';
import { linkFromInbox, nowInSeconds, uniqueEmail } from './support/inbox';
import { followMailLink, openMailLink } from './support/mail-links';
import { expectSessionEnded, mailWithSubject, openSecurityTab, signedInElsewhere, signsIn, untilSecondAfter } from './support/security';
import { accountMenu, expectSignedOutHeader, logIn, logInOnPage } from './support/session';

/** The security tab of /account (docs/product/account-settings.md#security-tab): every control, end to end through the local inbox. */
test.describe('signed in as a client', () => {
  test.use({ signedInAs: 'client' });

  test('changing the e-mail address takes the password and a single-use link sent to the new address', async ({ page, account }) => {
    // Two browsers, several sign-ins and mails through the local inbox: longer than one page's test.
    test.slow();
    const since = nowInSeconds();
    const newEmail = uniqueEmail('e2e-moved');
    await openSecurityTab(page);
    await expect(page.getByText(`You sign in with ${account.email}.`)).toBeVisible();
    await page.getByRole('button', { name: 'Change e-mail' }).click();
    const dialog = page.getByRole('dialog', { name: 'Change e-mail address' });
    await dialog.getByLabel('New e-mail address').fill(newEmail);
    await dialog.getByLabel('Current password').fill('Not-the-password-1');
    await dialog.getByRole('button', { name: 'Send confirmation link' }).click();
    await expect(dialog.getByText(SECURITY_MESSAGES.currentPasswordWrong)).toBeVisible();

    await dialog.getByLabel('Current password').fill(account.password);
    await dialog.getByRole('button', { name: 'Send confirmation link' }).click();
    await expect(dialog.getByText(SECURITY_MESSAGES.emailChangeSent(newEmail))).toBeVisible();
    await dialog.getByRole('button', { name: 'Done' }).click();
    const told = await mailWithSubject(account.email, 'Someone asked to change your Solutionz email address', since);
    expect(told.body.text).toContain(newEmail);
    // Nothing changes before the link is opened.
    await expect(signsIn(newEmail, account.password)).resolves.toBe(false);

    const link = await linkFromInbox(newEmail, '/confirm-email-change', { since });
    // Opening the link (a mail scanner does too) moves nothing: the page says what its button will do.
    const confirm = await openMailLink(page, link);
    await expect(page.getByText(SECURITY_MESSAGES.emailChangeOffer)).toBeVisible();
    await expect(signsIn(newEmail, account.password)).resolves.toBe(false);
    await openSecurityTab(page);
    await expect(page.getByText(`You sign in with ${account.email}.`)).toBeVisible();
    await expect(confirm).toHaveCount(0);

    await followMailLink(page, link);
    await expect(page.getByRole('status').filter({ hasText: SECURITY_MESSAGES.emailChanged(newEmail) })).toBeVisible();
    await mailWithSubject(account.email, 'Your Solutionz email address was changed', since);
    // The change ended every session of the account, this browser's too.
    await expect(page.getByRole('status').filter({ hasText: SECURITY_MESSAGES.signInWithNewEmail })).toBeVisible();
    await expectSignedOutHeader(page);

    await followMailLink(page, link);
    await expect(page.getByRole('alert').filter({ hasText: SECURITY_MESSAGES.emailChangeLinkInvalid })).toBeVisible();

    expect(await signsIn(account.email, account.password)).toBe(false);
    await page.getByRole('main').getByRole('link', { name: 'Login' }).click();
    await expect(page).toHaveURL(/\/login$/);
    await logInOnPage(page, { email: newEmail, password: account.password });
    await expect(page).toHaveURL(/\/directory$/);
    await expect(accountMenu(page, account.fullName)).toBeVisible();
    await openSecurityTab(page);
    await expect(page.getByText(`You sign in with ${newEmail}.`)).toBeVisible();
  });

  test('changing the password checks the current one, alerts by e-mail and signs out the other browsers', async ({
    page,
    account,
    accounts,
    browser,
    baseURL,
  }) => {
    // Two browsers, several sign-ins and mails through the local inbox: longer than one page's test.
    test.slow();
    const since = nowInSeconds();
    const { context: otherBrowser, page: elsewhere, signedInAt } = await signedInElsewhere(browser, baseURL, accounts, account);

    await openSecurityTab(page);
    await page.getByRole('button', { name: 'Change password' }).click();
    const dialog = page.getByRole('dialog', { name: 'Change password' });
    const submit = dialog.getByRole('button', { name: 'Change password' });
    await dialog.getByLabel('Current password').fill(account.password);
    await dialog.getByLabel('New password', { exact: true }).fill('short');
    await dialog.getByLabel('Confirm new password').fill('different');
    await submit.click();
    await expect(dialog.getByText(SECURITY_MESSAGES.passwordTooShort)).toBeVisible();
    await expect(dialog.getByText(SECURITY_MESSAGES.newPasswordsDoNotMatch)).toBeVisible();

    const newPassword = 'Another-horse-2';
    await dialog.getByLabel('Current password').fill('Not-the-password-1');
    await dialog.getByLabel('New password', { exact: true }).fill(newPassword);
    await dialog.getByLabel('Confirm new password').fill(newPassword);
    await submit.click();
    await expect(dialog.getByText(SECURITY_MESSAGES.currentPasswordWrong)).toBeVisible();

    await untilSecondAfter(signedInAt);
    await dialog.getByLabel('Current password').fill(account.password);
    await submit.click();
    await expect(page.getByText(SECURITY_MESSAGES.passwordChanged.title)).toBeVisible();
    await expect(dialog).toBeHidden();
    await mailWithSubject(account.email, 'Your Solutionz password was changed', since);
    // This browser signed in again with the new password; the other one is refused on its next call.
    await page.reload();
    await expect(page.getByRole('heading', { level: 2, name: 'Account Security' })).toBeVisible();

    await expectSessionEnded(elsewhere);
    expect(await signsIn(account.email, account.password)).toBe(false);
    await logIn(elsewhere, { email: account.email, password: newPassword });
    await expect(elsewhere).toHaveURL(/\/directory$/);
    await expect(accountMenu(elsewhere, account.fullName)).toBeVisible();
    await otherBrowser.close();
  });

  test('signing out of all devices ends the session in a second browser too', async ({ page, account, accounts, browser, baseURL }) => {
    // Two browsers, several sign-ins and mails through the local inbox: longer than one page's test.
    test.slow();
    const since = nowInSeconds();
    const otherBrowser = await browser.newContext({ baseURL });
    await accounts.signIn(otherBrowser, account);
    const signedInAt = nowInSeconds();
    const elsewhere = await otherBrowser.newPage();
    await elsewhere.goto('/directory');
    await expect(accountMenu(elsewhere, account.fullName)).toBeVisible();

    await openSecurityTab(page);
    await page.getByRole('button', { name: 'Sign out everywhere' }).click();
    const dialog = page.getByRole('alertdialog', { name: 'Sign out of all devices?' });
    await untilSecondAfter(signedInAt);
    await dialog.getByRole('button', { name: 'Sign out everywhere' }).click();
    await expect(page.getByText(SECURITY_MESSAGES.signedOutEverywhere.title)).toBeVisible();
    await expect(page).toHaveURL(/localhost:\d+\/$/);
    await expectSignedOutHeader(page);
    await mailWithSubject(account.email, 'Your Solutionz account was signed out everywhere', since);

    // The page it shows was loaded before; its next call to the API is refused.
    await elsewhere.goto('/profile');
    await expect(elsewhere.getByText(SECURITY_MESSAGES.sessionRevoked)).toBeVisible();
    await expect(elsewhere).toHaveURL(/\/login/);
    await expectSignedOutHeader(elsewhere);
    await elsewhere.reload();
    await expectSignedOutHeader(elsewhere);
    await otherBrowser.close();
  });

  test('a deactivated account is signed out on its next request with the reason', async ({ page, account }) => {
    await openSecurityTab(page);
    // As an administrator would: the profile's flag, straight in the table.
    await createTableStore(documents, stack.tableName).entities.profile.patch({ userId: account.userId }).set({ isActive: false }).go();
    await page.getByRole('button', { name: 'Download my data' }).click();
    // The reason is said once, by the session's end notice; the refused download adds no toast of its own.
    await expect(page.getByText(SECURITY_MESSAGES.deactivated)).toBeVisible();
    await expectSignedOutHeader(page);
    await expect(page.getByText('Download failed')).toHaveCount(0);
    await expect(page).toHaveURL(/\/login/);
    await page.goto('/profile');
    await expect(page).toHaveURL(/\/login/);
  });

  test('the security tab and its dialogs have no serious accessibility violations', async ({ page, account }) => {
    await openSecurityTab(page);
    expect(await seriousViolations(page)).toEqual([]);
    await page.getByRole('button', { name: 'Change password' }).click();
    const dialog = page.getByRole('dialog', { name: 'Change password' });
    await dialog.getByRole('button', { name: 'Change password' }).click();
    await expect(dialog.getByText(SECURITY_MESSAGES.currentPasswordRequired)).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await page.getByRole('button', { name: 'Turn on' }).click();
    // 2-step setup asks for the password first, then shows the authenticator's QR code.
    const twoStep = page.getByRole('dialog', { name: 'Turn on 2-step verification' });
    await expect(twoStep.getByLabel('Current password')).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
    await twoStep.getByLabel('Current password').fill(account.password);
    await twoStep.getByRole('button', { name: 'Continue' }).click();
    await expect(page.getByRole('img', { name: 'QR code for your authenticator app' })).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
  });
});

test.describe('signed in as an admin', () => {
  test.use({ signedInAs: 'admin' });

  test('is told the address cannot change instead of being offered a change that would be refused', async ({ page }) => {
    await openSecurityTab(page);
    await expect(page.getByText(SECURITY_MESSAGES.adminEmailFixed)).toBeVisible();
    await expect(page.getByRole('button', { name: 'Change e-mail' })).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Change password' })).toBeVisible();
  });
});
