import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { TEST_PASSWORD } from '../../support/local-stack';
import { uniqueEmail } from './inbox';

export interface NewAccount {
  readonly accountType: 'client' | 'provider';
  readonly fullName: string;
  readonly email: string;
  readonly location: string;
  readonly password: string;
  readonly phone?: string;
  readonly businessName?: string;
}

export function newClient(): NewAccount {
  return { accountType: 'client', fullName: 'Chloe Anne Client', email: uniqueEmail('e2e-client'), location: 'Leeds', password: TEST_PASSWORD };
}

export function newProvider(): NewAccount {
  const email = uniqueEmail('e2e-provider');
  return {
    accountType: 'provider',
    fullName: 'Priya Provider',
    email,
    location: 'Manchester',
    password: TEST_PASSWORD,
    phone: '+44 161 496 0000',
    businessName: `Pennine Plumbing ${email.slice(13, 19)}`,
  };
}

/**
 * Creates the account through the sign-up API, for tests that need what sign-up does (its confirmation
 * mail); tests that only need an account take one from the `accounts` fixture.
 */
export async function signUpThroughApi(request: APIRequestContext, account: NewAccount): Promise<void> {
  const response = await request.post('/api/accounts/signup', {
    data: {
      ...account,
      confirmPassword: account.password,
      ...(account.accountType === 'provider' ? { categories: ['Construction/Trade > Plumber'] } : {}),
    },
  });
  expect(response.status(), await response.text()).toBe(201);
}

/** Fills the common sign-up fields on /signup (the tab must already be the account's). */
export async function fillCommonSignupFields(page: Page, account: NewAccount): Promise<void> {
  await page.getByLabel('Full name').fill(account.fullName);
  await page.getByLabel('Email', { exact: true }).fill(account.email);
  await page.getByLabel('Location').fill(account.location);
  await page.getByLabel('Password', { exact: true }).fill(account.password);
  await page.getByLabel('Confirm password').fill(account.password);
}
