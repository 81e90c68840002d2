import { expect, type Page } from '@playwright/test';
import { ROLE_LABELS, type SignupAccountType } from '@solutionz/shared';

/** Signs in on an already open /login page, on the given tab: for the tests whose subject is the form. */
export async function logInOnPage(page: Page, { email, password }: { email: string; password: string }, tab: SignupAccountType = 'client') {
  await page.getByRole('tab', { name: ROLE_LABELS[tab] }).click();
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

export async function logIn(page: Page, account: { email: string; password: string }, tab: SignupAccountType = 'client') {
  await page.goto('/login');
  await logInOnPage(page, account, tab);
}

/** The header's account menu button, named after the signed-in user. */
export const accountMenu = (page: Page, name: string) => page.getByRole('banner').getByRole('button', { name });

export async function expectSignedOutHeader(page: Page, options?: { timeout?: number }) {
  await expect(page.getByRole('banner').getByRole('link', { name: 'Login' })).toBeVisible(options);
}

/**
 * Opens the header's account menu and chooses an item, until `chosen` holds. On a loaded machine a
 * click can reach the menu while it is still opening (or re-rendering after the profile changed) and be
 * dropped; a person would choose again, so the choice is retried rather than waited for with a sleep.
 */
export async function chooseFromAccountMenu(page: Page, name: string, item: string, chosen: () => Promise<void>) {
  await expect(async () => {
    if (!(await page.getByRole('menu').isVisible())) await accountMenu(page, name).click({ timeout: 2_000 });
    await page.getByRole('menuitem', { name: item }).click({ timeout: 2_000 });
    await chosen();
  }).toPass();
}
