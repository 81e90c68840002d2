import { LOCATION_MESSAGES, meResponseSchema } from '@solutionz/shared';
import { signInTokens } from '../support/local-stack';
import { fillCommonSignupFields, newClient } from './support/accounts';
import { seriousViolations } from './support/axe';
import { expect, test } from './support/fixtures';

/** UK locations as a person types them: the autocomplete, and what sign-up does with a place it cannot find. */

test('sign-up offers places as a postcode is typed, and the account keeps the place picked', async ({ page, request }) => {
  const account = newClient();
  await page.goto('/signup');
  await fillCommonSignupFields(page, { ...account, location: '' });
  const location = page.getByRole('combobox', { name: 'Location' });
  await location.pressSequentially('sw1a1a');

  await expect(page.getByRole('listbox', { name: 'Matching places' })).toBeVisible();
  await expect(page.getByRole('option', { name: 'SW1A 1', exact: true })).toBeVisible();
  await location.pressSequentially('a');
  await page.getByRole('option', { name: 'SW1A 1AA' }).click();
  await expect(location).toHaveValue('SW1A 1AA');
  await expect(page.getByRole('listbox', { name: 'Matching places' })).toBeHidden();

  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page).toHaveURL(/\/confirm-email$/);

  const { accessToken } = await signInTokens(account.email, account.password);
  const me = meResponseSchema.parse(await (await request.get('/api/me', { headers: { authorization: `Bearer ${accessToken}` } })).json());
  expect(me.location).toBe('SW1A 1AA');
  expect(me.place).toMatchObject({ name: 'SW1A 1AA', precision: 'sector' });
});

test('a place sign-up cannot find shows the message under Location with places to choose, and nothing typed is lost', async ({ page }) => {
  const account = newClient();
  await page.goto('/signup');
  await fillCommonSignupFields(page, { ...account, location: 'Leedz' });
  await page.getByRole('button', { name: 'Create account' }).click();

  const location = page.getByRole('combobox', { name: 'Location' });
  await expect(page.getByText(LOCATION_MESSAGES.notFound)).toBeVisible();
  await expect(location).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByLabel('Full name')).toHaveValue(account.fullName);
  await expect(page.getByLabel('Email', { exact: true })).toHaveValue(account.email);
  await expect(page.getByLabel('Password', { exact: true })).toHaveValue(account.password);
  expect(await seriousViolations(page)).toEqual([]);

  const choices = page.getByRole('group', { name: 'Places to choose from' });
  await choices.getByRole('button', { name: 'Leeds' }).click();
  await expect(location).toHaveValue('Leeds');
  await expect(page.getByText(LOCATION_MESSAGES.notFound)).toBeHidden();

  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page).toHaveURL(/\/confirm-email$/);
  await expect(page.getByText(account.email)).toBeVisible();
});

test('the home page offers places for a location set manually', async ({ page }) => {
  await page.goto('/');
  const form = page.getByRole('search');
  await form.getByRole('button', { name: 'Set manually' }).click();
  const box = form.getByRole('combobox', { name: 'Enter a location' });
  await box.pressSequentially('ls1');
  await form.getByRole('option', { name: 'LS1 4', exact: true }).click();
  await expect(box).toHaveValue('LS1 4');
  expect(await seriousViolations(page)).toEqual([]);

  await form.getByRole('button', { name: 'Apply' }).click();
  await form.getByRole('button', { name: 'Search' }).click();
  await expect(page).toHaveURL(/\/directory\?location=LS1\+4$/);
});
