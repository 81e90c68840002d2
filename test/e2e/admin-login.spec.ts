import { ADMIN_MESSAGES } from '@solutionz/shared';
import type { Page } from '@playwright/test';
import { expect, test } from './support/fixtures';
import { expectSignedOutHeader } from './support/session';

async function submit(page: Page, username: string, password: string) {
  await page.getByLabel('Username').fill(username);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

test.describe('admin login', () => {
  test("a non-admin account is signed out again with the product's message", async ({ page, accounts }) => {
    // A client tries the admin entry with their own address: the sign-in works, the profile is not an admin's.
    const client = await accounts.create('client');
    await page.goto('/admin-login');
    await submit(page, `  ${client.email.toUpperCase()} `, client.password);
    await expect(page.getByRole('alert').filter({ hasText: ADMIN_MESSAGES.notAuthorized })).toBeVisible();
    await expectSignedOutHeader(page);
  });

  test('required fields, wrong password, forgot password', async ({ page, accounts }) => {
    const admin = await accounts.create('admin');
    await page.goto('/admin-login');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page.getByText(ADMIN_MESSAGES.fieldsRequired)).toBeVisible();
    await submit(page, admin.username!, 'Wrong-password-1');
    await expect(page.getByRole('alert').filter({ hasText: ADMIN_MESSAGES.invalidCredentials })).toBeVisible();
    await page.getByRole('button', { name: 'Forgot password?' }).click();
    await expect(page.getByText(ADMIN_MESSAGES.forgotPassword)).toBeVisible();
    await expect(page.getByRole('link', { name: 'Set up the admin account' })).toHaveAttribute('href', '/admin-signup');
  });

  test('the admin signs in and reaches the admin dashboard', async ({ page, accounts }) => {
    const admin = await accounts.create('admin');
    await page.goto('/admin-login');
    await submit(page, admin.username!, admin.password);
    await expect(page.getByText(ADMIN_MESSAGES.loginSuccessful)).toBeVisible();
    await expect(page).toHaveURL(/\/admin$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Admin Dashboard' })).toBeVisible();
  });

  test('an admin signed in already goes from /admin-login to the dashboard, and reaches their own settings from its menu', async ({ page, accounts }) => {
    await accounts.signIn(page.context(), await accounts.create('admin'));
    await page.goto('/admin-login');
    await expect(page).toHaveURL(/\/admin$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Admin Dashboard' })).toBeVisible();
    await page.getByRole('button', { name: 'Return to Main' }).click();
    await page.getByRole('menuitem', { name: 'Account Settings' }).click();
    await expect(page).toHaveURL(/\/account$/);
    await page.getByRole('tab', { name: 'Account Security' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Account Settings' })).toBeVisible();
    await expect(page.getByText(/2-step verification/i).first()).toBeVisible();
  });

  test('someone signed in with a member account is told the form would sign that account out', async ({ page, accounts }) => {
    await accounts.signIn(page.context(), await accounts.create('client'));
    await page.goto('/admin-login');
    await expect(page.getByText(ADMIN_MESSAGES.signedInNotAdmin)).toBeVisible();
    await expect(page.getByLabel('Username')).toBeVisible();
  });
});
