import { createHash } from 'node:crypto';
import type { Locator, Page } from '@playwright/test';
import {
  ADMIN_AUDIT_ACTION_LABELS,
  ADMIN_CONSOLE_MESSAGES,
  erasedPersonName,
  PROVIDER_PROFILE_MESSAGES,
  ROLE_LABELS,
  SECURITY_MESSAGES,
  type ApiErrorBody,
} from '@solutionz/shared';
import sharp from 'sharp';
import {
  cellContents,
  confirmWithReason,
  createBusiness,
  rowNames,
  searchUsers,
  toast,
  uniqueWord,
  userRow,
  usersTable,
  violationsAtRest,
} from './support/admin';
import { expect, test } from './support/fixtures';
import { nowInSeconds } from './support/inbox';
import { listedProvider } from './support/provider-page';
import { bearer, mailWithSubject, signsIn } from './support/security';
import { accountMenu, expectSignedOutHeader, logIn } from './support/session';

/**
 * /admin/users (docs/product/admin.md#users): an administrator searches, filters and pages
 * through the accounts, views, edits, deactivates, activates, deletes and creates providers, each
 * with the product's wording, and sees what each action does to the person and to the directory.
 */

const MESSAGES = ADMIN_CONSOLE_MESSAGES.users;
const CREATE = ADMIN_CONSOLE_MESSAGES.createProvider;

/** The value beside `label` in the view dialog's record. */
const recordValue = (dialog: Locator, label: string) =>
  dialog
    .locator('dt')
    .filter({ hasText: new RegExp(`^${label}$`) })
    .locator('xpath=following-sibling::dd[1]');
const typeFilter = (page: Page) => page.getByRole('search').getByRole('combobox', { name: 'Account type' });
const pager = (page: Page) => page.getByRole('navigation', { name: 'Users pages' });

test.use({ signedInAs: 'admin' });

test('finds its own people by a business name word and by the start of an e-mail address, by type, and views a record', async ({ page, accounts, account }) => {
  test.slow();
  const word = uniqueWord();
  const [provider, client] = await Promise.all([
    accounts.create('provider', {
      businessName: `${word} Joinery`,
      categories: ['Construction/Trade > Carpenter', 'Construction/Trade > Plumber', 'Events > Weddings'],
    }),
    accounts.create('client', { lastName: word }),
  ]);

  await searchUsers(page, word.toLowerCase());
  await expect(usersTable(page).getByRole('row')).toHaveCount(3);
  const providerRow = userRow(page, provider.email);
  await expect(cellContents(providerRow)).toHaveText([
    provider.fullName,
    provider.email,
    ROLE_LABELS.provider,
    `${word} Joinery`,
    'Construction/Trade > Carpenter, Construction/Trade > Plumber, …',
    'ActiveVisibleNot listed',
    '',
  ]);
  await expect(cellContents(userRow(page, client.email)).nth(2)).toHaveText(ROLE_LABELS.client);
  // Hide and Show are the directory's: offered for the provider, never for a client, who is never listed.
  await expect(providerRow.getByRole('button', { name: `Hide ${provider.fullName}` })).toBeVisible();
  await expect(userRow(page, client.email).getByRole('button', { name: /^(Hide|Show) / })).toHaveCount(0);
  expect(await violationsAtRest(page)).toEqual([]);

  // The type filter narrows the same search.
  await typeFilter(page).selectOption({ label: ROLE_LABELS.client });
  await expect(rowNames(page)).toHaveText([client.fullName]);
  await typeFilter(page).selectOption({ label: ROLE_LABELS.provider });
  await expect(rowNames(page)).toHaveText([provider.fullName]);
  await typeFilter(page).selectOption({ label: ROLE_LABELS.admin });
  await expect(page.getByText(`No users match “${word.toLowerCase()}”.`)).toBeVisible();
  await typeFilter(page).selectOption({ label: 'All' });

  // The start of an address, as far as the part that is the client's own.
  const prefix = client.email.slice(0, client.email.indexOf('@') - 1);
  await searchUsers(page, prefix, { open: false });
  await expect(rowNames(page)).toHaveText([client.fullName]);

  await searchUsers(page, word, { open: false, cached: true });
  await providerRow.getByRole('button', { name: `View ${provider.fullName}` }).click();
  const dialog = page.getByRole('dialog', { name: 'User details' });
  await expect(recordValue(dialog, 'Email')).toHaveText(provider.email);
  await expect(recordValue(dialog, 'Account type')).toHaveText(ROLE_LABELS.provider);
  await expect(recordValue(dialog, 'Business name')).toHaveText(`${word} Joinery`);
  await expect(recordValue(dialog, 'Location')).toHaveText('Manchester');
  await expect(recordValue(dialog, 'Categories')).toHaveText('Construction/Trade > Carpenter, Construction/Trade > Plumber, Events > Weddings');
  await expect(recordValue(dialog, 'Status')).toHaveText('Active');
  await expect(recordValue(dialog, 'Listing')).toHaveText('Not listed');
  // Reading the record is on its history.
  await expect(dialog.getByRole('region', { name: 'Admin history' }).getByRole('listitem').first()).toContainText(
    `${account.fullName} ${ADMIN_AUDIT_ACTION_LABELS['user.view']}: ${provider.fullName} (${word} Joinery)`,
  );
});

test('pages through more than 20 matches with Next and Previous', async ({ page, accounts }) => {
  test.slow();
  const word = uniqueWord();
  const names = Array.from({ length: 21 }, (_, index) => `Pat${String.fromCharCode(97 + index)}`);
  await Promise.all(names.map((firstName) => accounts.create('client', { firstName, lastName: word, location: undefined })));

  const ours = new RegExp(`^Pat[a-u] ${word}$`);
  await searchUsers(page, word);
  await expect(rowNames(page)).toHaveText(Array<RegExp>(20).fill(ours));
  await expect(pager(page).getByText('Page 1')).toBeVisible();
  await expect(pager(page).getByRole('button', { name: 'Previous' })).toBeDisabled();
  const first = await rowNames(page).allTextContents();

  await pager(page).getByRole('button', { name: 'Next' }).click();
  await expect(pager(page).getByText('Page 2')).toBeVisible();
  await expect(rowNames(page)).toHaveText([ours]);
  await expect(pager(page).getByRole('button', { name: 'Next' })).toBeDisabled();
  const second = await rowNames(page).allTextContents();
  expect([...first, ...second].sort()).toEqual(names.map((name) => `${name} ${word}`).sort());

  await pager(page).getByRole('button', { name: 'Previous' }).click();
  await expect(pager(page).getByText('Page 1')).toBeVisible();
  await expect(rowNames(page)).toHaveText(first);
});

test('deactivates a listed provider with a reason: signed out, out of the directory, told by e-mail; activating restores it', async ({
  page,
  accounts,
  browser,
  baseURL,
}) => {
  test.slow();
  const provider = await listedProvider(accounts);
  const since = nowInSeconds();
  // The provider, signed in in a browser of their own.
  const theirs = await browser.newContext({ baseURL: baseURL! });
  await accounts.signIn(theirs, provider);
  const theirPage = await theirs.newPage();
  await theirPage.goto('/profile');
  await expect(theirPage.getByRole('heading', { level: 1, name: 'My Profile' })).toBeVisible();

  await searchUsers(page, provider.email);
  await userRow(page, provider.email)
    .getByRole('button', { name: `Deactivate ${provider.fullName}` })
    .click();
  const dialog = page.getByRole('alertdialog', { name: 'Deactivate user' });
  await expect(dialog.getByText(`${provider.fullName} will be signed out everywhere`)).toBeVisible();
  await dialog.getByRole('button', { name: 'Deactivate', exact: true }).click();
  await expect(dialog.getByText(ADMIN_CONSOLE_MESSAGES.reasonRequired)).toBeVisible();
  expect(await violationsAtRest(page)).toEqual([]);
  await confirmWithReason(dialog, 'Deactivate', 'other');
  await expect(dialog.getByText(ADMIN_CONSOLE_MESSAGES.reasonNoteRequired)).toBeVisible();
  const note = 'Three clients reported no-shows this month';
  await confirmWithReason(dialog, 'Deactivate', 'other', note);
  await expect(toast(page, MESSAGES.deactivated)).toBeVisible();
  await expect(dialog).toBeHidden();
  const row = userRow(page, provider.email);
  await expect(row.getByText('Inactive')).toBeVisible();

  // Their next page load is refused with the reason; signing in again leaves them signed out.
  await theirPage.goto('/profile');
  await expect(theirPage.getByText(SECURITY_MESSAGES.deactivated)).toBeVisible();
  await expectSignedOutHeader(theirPage);
  await logIn(theirPage, provider, 'provider');
  await expect(theirPage.getByRole('alert').filter({ hasText: SECURITY_MESSAGES.deactivated })).toBeVisible();
  await expectSignedOutHeader(theirPage);
  await theirPage.goto(`/directory/${provider.userId}`);
  await expect(theirPage.getByRole('heading', { level: 1, name: PROVIDER_PROFILE_MESSAGES.notAvailable.title })).toBeVisible();
  const mail = await mailWithSubject(provider.email, 'Your Solutionz account has been deactivated', since);
  expect(mail.body.text).toContain(`Reason: Other - ${note}`);

  await row.getByRole('button', { name: `Activate ${provider.fullName}` }).click();
  await expect(toast(page, MESSAGES.activated)).toBeVisible();
  await expect(row.getByText('Active', { exact: true })).toBeVisible();
  await logIn(theirPage, provider, 'provider');
  await expect(accountMenu(theirPage, provider.fullName)).toBeVisible();
  await theirPage.goto(`/directory/${provider.userId}`);
  await expect(theirPage.getByRole('heading', { level: 1, name: provider.businessName })).toBeVisible();
  await mailWithSubject(provider.email, 'Your Solutionz account is active again', since);
  await theirs.close();
});

test('edits the names; an account type change that would break something is refused with the reason', async ({ page, account }) => {
  test.slow();
  const word = uniqueWord();
  const business = await createBusiness(account, { businessName: `${word} Removals` });

  await searchUsers(page, word);
  await userRow(page, word).getByRole('button', { name: 'Edit Morgan Owner' }).click();
  const dialog = page.getByRole('dialog', { name: 'Edit user' });
  const firstName = dialog.getByRole('textbox', { name: 'First name' });
  await firstName.fill('');
  await dialog.getByRole('button', { name: 'Save changes' }).click();
  await expect(dialog.getByText(MESSAGES.namesRequired)).toBeVisible();

  // An admin-created business has nobody who could sign in as a client.
  await firstName.fill('Rowan');
  await dialog.getByRole('combobox', { name: 'Account type' }).selectOption({ label: ROLE_LABELS.client });
  await dialog.getByRole('button', { name: 'Save changes' }).click();
  await expect(dialog.getByRole('alert').filter({ hasText: MESSAGES.typeChange.unclaimed })).toBeVisible();
  expect(await violationsAtRest(page)).toEqual([]);

  await dialog.getByRole('combobox', { name: 'Account type' }).selectOption({ label: ROLE_LABELS.provider });
  await dialog.getByRole('button', { name: 'Save changes' }).click();
  await expect(toast(page, MESSAGES.updated)).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(rowNames(page)).toHaveText(['Rowan Owner']);
  await page.goto(`/directory/${business.userId}`);
  await expect(page.getByRole('main').getByText('Rowan Owner')).toBeVisible();
});

test('deletes an account after the warning: search no longer finds it and its sign-in fails', async ({ page, accounts }) => {
  const word = uniqueWord();
  const client = await accounts.create('client', { lastName: word, location: undefined });
  const since = nowInSeconds();

  await searchUsers(page, word);
  await userRow(page, client.email)
    .getByRole('button', { name: `Delete ${client.fullName}` })
    .click();
  const dialog = page.getByRole('alertdialog', { name: 'Delete user' });
  await expect(dialog.getByText(`${client.fullName}: ${MESSAGES.deleteWarning}`)).toBeVisible();
  await confirmWithReason(dialog, 'Delete user', 'requested', 'Asked by phone on 26 November');
  await expect(toast(page, MESSAGES.deleted)).toBeVisible();
  await expect(page.getByText(`No users match “${word}”.`)).toBeVisible();

  await searchUsers(page, client.email);
  await expect(page.getByText(`No users match “${client.email}”.`)).toBeVisible();
  expect(await signsIn(client.email, client.password)).toBe(false);
  const mail = await mailWithSubject(client.email, 'Your Solutionz account was deleted', since);
  expect(mail.body.text).toContain('Reason: Requested by the account holder - Asked by phone on 26 November');
});

test('removes another admin with a reason; the history still shows what that admin did, under one pseudonym', async ({ page, accounts, request }) => {
  test.slow();
  const word = uniqueWord();
  const [deputy, client] = await Promise.all([
    accounts.create('admin', { firstName: 'Dana', lastName: word }),
    accounts.create('client', { lastName: word, location: undefined }),
  ]);
  // The deputy's earlier work on the client, through the API their console uses.
  const headers = await bearer(deputy);
  expect((await request.patch(`/api/admin/users/${client.userId}`, { headers, data: { firstName: 'Carla', lastName: word } })).status()).toBe(200);
  expect(
    (await request.put(`/api/admin/users/${client.userId}/active`, { headers, data: { active: false, reason: { code: 'spam', note: '' } } })).status(),
  ).toBe(200);

  await searchUsers(page, word);
  await expect(rowNames(page)).toHaveCount(2);
  const row = userRow(page, deputy.email);
  // An admin is removed, never deactivated or hidden.
  await expect(row.getByRole('button', { name: `Deactivate Dana ${word}` })).toHaveCount(0);
  await row.getByRole('button', { name: `Delete Dana ${word}` }).click();
  const dialog = page.getByRole('alertdialog', { name: 'Delete user' });
  await expect(dialog.getByText(`Dana ${word}: ${MESSAGES.adminDeleteWarning}`)).toBeVisible();
  await confirmWithReason(dialog, 'Delete user', 'other', 'Left the company');
  await expect(toast(page, MESSAGES.deleted)).toBeVisible();
  await expect(rowNames(page)).toHaveText([`Carla ${word}`]);
  expect(await signsIn(deputy.email, deputy.password)).toBe(false);

  // The client's history names the removed admin by the same pseudonym in both entries, and by no name.
  const pseudonym = erasedPersonName(createHash('sha256').update(deputy.userId).digest('hex').slice(0, 8));
  await userRow(page, client.email)
    .getByRole('button', { name: `View Carla ${word}` })
    .click();
  const history = page.getByRole('dialog', { name: 'User details' }).getByRole('region', { name: 'Admin history' });
  await expect(history.getByRole('listitem').filter({ hasText: ADMIN_AUDIT_ACTION_LABELS['user.deactivate'] })).toContainText(
    `${pseudonym} ${ADMIN_AUDIT_ACTION_LABELS['user.deactivate']}: Carla ${word}`,
  );
  await expect(history.getByRole('listitem').filter({ hasText: ADMIN_AUDIT_ACTION_LABELS['user.update'] })).toContainText(
    `${pseudonym} ${ADMIN_AUDIT_ACTION_LABELS['user.update']}: Carla ${word}`,
  );
  await expect(history.getByText('Dana')).toHaveCount(0);
});

test.describe('creating a provider', () => {
  async function openCreate(page: Page): Promise<Locator> {
    await page.goto('/admin/users');
    await page.getByRole('button', { name: 'Create provider' }).click();
    return page.getByRole('dialog', { name: 'Create provider' });
  }

  test('refuses a client with the notice and waits for the names and business name; Stay shows it in the table', async ({ page, request, account }) => {
    test.slow();
    const word = uniqueWord();
    const dialog = await openCreate(page);
    const create = dialog.getByRole('button', { name: 'Create provider' });
    await expect(create).toBeDisabled();
    await dialog.getByRole('combobox', { name: 'Account type' }).selectOption({ label: ROLE_LABELS.client });
    await expect(dialog.getByText(CREATE.clientCreation.title)).toBeVisible();
    await expect(dialog.getByText(CREATE.clientCreation.description)).toBeVisible();
    await expect(create).toBeDisabled();
    await dialog.getByRole('combobox', { name: 'Account type' }).selectOption({ label: ROLE_LABELS.provider });

    await dialog.getByRole('textbox', { name: 'First name' }).fill('Ffion');
    await dialog.getByRole('textbox', { name: 'Last name' }).fill('Hughes');
    await expect(create).toBeDisabled();
    await dialog.getByRole('textbox', { name: 'Business name' }).fill(`${word} Bakery`);
    await expect(create).toBeEnabled();
    expect(await violationsAtRest(page)).toEqual([]);

    // What the button waits for, the API refuses with the same words.
    const headers = await bearer(account);
    const refused = async (data: object) => {
      const response = await request.post('/api/admin/providers', { headers, data });
      expect(response.status()).toBe(400);
      return ((await response.json()) as ApiErrorBody).error.fields;
    };
    expect(await refused({ accountType: 'client', firstName: 'A', lastName: 'B', businessName: 'C' })).toEqual({
      'body.accountType': CREATE.clientCreation.description,
    });
    expect(await refused({ firstName: 'A', lastName: ' ', businessName: 'C' })).toEqual({ 'body.lastName': MESSAGES.namesRequired });
    expect(await refused({ firstName: 'A', lastName: 'B' })).toEqual({ 'body.businessName': CREATE.businessNameRequired });

    await create.click();
    const created = page.getByRole('dialog', { name: 'Provider created' });
    await expect(created.getByText(`${CREATE.created}: ${word} Bakery.`)).toBeVisible();
    await created.getByRole('button', { name: 'Stay on this page' }).click();
    await expect(created).toBeHidden();
    await expect(page).toHaveURL(/\/admin\/users$/);

    await searchUsers(page, word, { open: false });
    const row = userRow(page, word);
    await expect(cellContents(row).first()).toHaveText('Ffion Hughes');
    await expect(row.getByText('No login (unclaimed business)')).toBeVisible();
    await expect(row.getByText('Admin-granted listing')).toBeVisible();
  });

  test('with a logo: View in Directory shows the new business with its logo', async ({ page }) => {
    const word = uniqueWord();
    const logo = await sharp({ create: { width: 96, height: 64, channels: 3, background: '#1f6f5c' } })
      .png()
      .toBuffer();
    const dialog = await openCreate(page);
    await dialog.getByRole('textbox', { name: 'First name' }).fill('Ifan');
    await dialog.getByRole('textbox', { name: 'Last name' }).fill('Rees');
    await dialog.getByRole('textbox', { name: 'Business name' }).fill(`${word} Glazing`);
    await dialog.getByRole('textbox', { name: 'Location' }).fill('Leeds');
    await dialog.getByRole('textbox', { name: 'Bio' }).fill('Double glazing fitted and repaired across West Yorkshire.');
    await dialog.getByLabel('Business logo').setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: logo });
    await dialog.getByRole('button', { name: 'Create provider' }).click();

    const created = page.getByRole('dialog', { name: 'Provider created' });
    await created.getByRole('button', { name: 'View in Directory' }).click();
    await expect(page).toHaveURL(new RegExp(`/directory\\?service=${word}%20Glazing$`));
    const card = page.getByRole('region', { name: 'Results' }).getByRole('article', { name: `${word} Glazing` });
    await card.getByRole('link', { name: `${word} Glazing` }).click();
    await expect(page.getByRole('heading', { level: 1, name: `${word} Glazing` })).toBeVisible();
    const picture = page.getByRole('main').locator('img[src*="/media/"]').first();
    await expect.poll(() => picture.evaluate((image: { naturalWidth: number }) => image.naturalWidth)).toBeGreaterThan(0);
    await expect(page.getByText('Double glazing fitted and repaired across West Yorkshire.')).toBeVisible();
  });
});
