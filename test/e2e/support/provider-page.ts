import { expect, type Locator, type Page } from '@playwright/test';
import type { FeedbackForm, ProfileUpdateInput } from '@solutionz/shared';
import { createDirectoryRepository } from '@solutionz/lambdas/data/directory-repository';
import { createTableStore } from '@solutionz/lambdas/data/table-store';
import { createTestAccount, documents, signInTokens, stack, type TestAccount } from '../../support/local-stack';
import { subscribeAccount } from '../../support/membership';
import type { Accounts } from './fixtures';

/** Calls the API as `account` would from the app: signed in, JSON in and out. */
export async function callApiAs(account: Pick<TestAccount, 'email' | 'password'>, method: string, path: string, body?: unknown): Promise<Response> {
  const { accessToken } = await signInTokens(account.email, account.password);
  return fetch(`${stack.apiBaseUrl}${path}`, {
    method,
    headers: { authorization: `Bearer ${accessToken}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
}

/** A provider who bought a membership, so is listed, and filled in their profile (what the page shows; services need the membership). */
export async function listedProvider(accounts: Accounts, profile: ProfileUpdateInput = {}): Promise<TestAccount> {
  const account = await accounts.create('provider', { location: 'Leeds' });
  await subscribeAccount(account, 'monthly');
  if (Object.keys(profile).length > 0) {
    const edit = await callApiAs(account, 'PATCH', '/me/profile', profile);
    expect(edit.status, await edit.text()).toBe(200);
  }
  return account;
}

/**
 * A provider listed at once: a complimentary yearly membership written onto the profile, as the demo directory's are,
 * and their listing written as the API writes it. For tests whose subject is not the membership (no checkout, no
 * webhooks to wait for).
 */
export async function complimentaryMember(accounts: Accounts, overrides: Parameters<Accounts['create']>[1] = {}): Promise<TestAccount> {
  const account = await accounts.create('provider', { location: 'Leeds', ...overrides });
  await createTableStore(documents, stack.tableName).entities.profile.patch({ userId: account.userId }).set({ subscriptionTier: 'yearly' }).go();
  await createDirectoryRepository(documents, stack.tableName).syncListing(account.userId, new Date());
  return account;
}

/** Hidden by an administrator through the admin console's route, with a reason, and so out of the directory. */
export async function hideProvider(account: TestAccount): Promise<void> {
  const admin = await createTestAccount('admin');
  const hidden = await callApiAs(admin, 'PUT', `/admin/users/${encodeURIComponent(account.userId)}/visible`, {
    visible: false,
    reason: { code: 'policyBreach' },
  });
  expect(hidden.status, await hidden.text()).toBe(200);
}

/** Feedback a client left through the API, as the page would send it. */
export async function leaveFeedback(client: TestAccount, providerId: string, feedback: FeedbackForm): Promise<Response> {
  return callApiAs(client, 'POST', `/providers/${encodeURIComponent(providerId)}/feedback`, feedback);
}

export const toast = (page: Page, text: string) => page.getByRole('status').filter({ hasText: text });
export const sideCard = (page: Page, name: string) => page.getByRole('complementary').getByRole('region', { name });
export const profileTabs = (page: Page) => page.getByRole('tablist', { name: 'Profile sections' });

/** Chooses a rating as a person does, by clicking the star (its radio button is visually hidden under it). */
export async function chooseStars(form: Locator, stars: number): Promise<void> {
  const radio = form.page().getByRole('radio', { name: `${stars} ${stars === 1 ? 'star' : 'stars'}` });
  await form.locator('label').filter({ has: radio }).click();
  await expect(form.getByRole('radio', { name: `${stars} ${stars === 1 ? 'star' : 'stars'}` })).toBeChecked();
}
