import type { Locator, Page } from '@playwright/test';
import { ADMIN_CATEGORY_MESSAGES, type AdminCategories, type AdminCategoryResult, type ListCategoriesResponse } from '@solutionz/shared';
import { createBusiness, toast, uniqueWord, violationsAtRest } from './support/admin';
import { expect, test } from './support/fixtures';
import { callApiAs } from './support/provider-page';

/**
 * Categories management (docs/product/categories.md#managing-categories): an admin adds categories to a new group and an existing one, is told what is missing, renames, and deletes a category a business offers: it leaves the business's page and the
 * categories every picker reads.
 */

const M = ADMIN_CATEGORY_MESSAGES;

const groupCard = (page: Page, name: string) => page.getByRole('region', { name });
const rowNames = (card: Locator) => card.getByRole('listitem').locator('p:first-child');
const addDialog = (page: Page) => page.getByRole('dialog', { name: 'Add Category' });

async function addCategory(page: Page, name: string, group: { existing: string } | { new: string }): Promise<void> {
  await page.getByRole('button', { name: 'Add Category' }).click();
  const dialog = addDialog(page);
  await dialog.getByRole('textbox', { name: 'Category name' }).fill(name);
  if ('existing' in group) await dialog.getByRole('combobox', { name: 'Existing group' }).selectOption({ label: group.existing });
  else await dialog.getByRole('textbox', { name: 'New group name' }).fill(group.new);
  await dialog.getByRole('button', { name: 'Add Category' }).click();
  await expect(toast(page, M.added).first()).toBeVisible();
  await expect(dialog).toBeHidden();
}

test.use({ signedInAs: 'admin' });

/** The group the running test made (a worker runs one test at a time). */
let madeGroup: string | undefined;

// What a test added leaves the table afterwards: once its group has no category left, /categories and the
// pickers no longer show it, so the other specs and the screenshots see the seeded groups only.
test.afterEach(async ({ account }) => {
  const name = madeGroup;
  madeGroup = undefined;
  if (!name) return;
  const listed = (await (await callApiAs(account, 'GET', '/admin/categories')).json()) as AdminCategories;
  for (const category of listed.groups.find((group) => group.name === name)?.categories ?? []) {
    const deleted = await callApiAs(account, 'POST', `/admin/categories/${encodeURIComponent(category.id)}/deletion`);
    expect(deleted.status).toBe(200);
  }
});

test('adds and validates categories, refuses a name twice in a group and renames one', async ({ page }) => {
  test.slow();
  const word = uniqueWord();
  const group = `${word} Crafts`;
  madeGroup = group;
  await page.goto('/admin/categories');
  // The first answers of a cold local API (the session's profile, then the categories) can take a while on a busy machine.
  await expect(page.getByRole('heading', { level: 1, name: M.title })).toBeVisible({ timeout: 30_000 });
  await expect(page.getByRole('region', { name: 'Construction/Trade' })).toBeVisible({ timeout: 30_000 });
  expect(await violationsAtRest(page)).toEqual([]);

  // What is missing is said beside the field, with the product's toast.
  await page.getByRole('button', { name: 'Add Category' }).click();
  const dialog = addDialog(page);
  // The page under it was checked just now: the dialog alone (the whole list of categories takes axe seconds).
  expect(await violationsAtRest(page, { include: '[role="dialog"]' })).toEqual([]);
  await dialog.getByRole('button', { name: 'Add Category' }).click();
  await expect(dialog.getByText(M.nameRequired)).toBeVisible();
  await expect(toast(page, M.validationError).first()).toBeVisible();
  // The dialog's other rules (a group is needed, one group or the other) are checked by the page's component test.
  await dialog.getByRole('textbox', { name: 'Category name' }).fill(`${word} Basketry`);
  await dialog.getByRole('textbox', { name: 'New group name' }).fill(group);
  await dialog.getByRole('button', { name: 'Add Category' }).click();
  await expect(toast(page, M.added).first()).toBeVisible();

  await addCategory(page, `${word} Weaving`, { existing: group });
  const card = groupCard(page, group);
  await expect(rowNames(card)).toHaveText([`${word} Basketry`, `${word} Weaving`]);
  await expect(card.getByText('2 categories', { exact: true })).toBeVisible();
  // The same name twice in a group is refused by the server, beside the name.
  await page.getByRole('button', { name: 'Add Category' }).click();
  await addDialog(page).getByRole('textbox', { name: 'Category name' }).fill(`${word} weaving`);
  await addDialog(page).getByRole('combobox', { name: 'Existing group' }).selectOption({ label: group });
  await addDialog(page).getByRole('button', { name: 'Add Category' }).click();
  await expect(addDialog(page).getByText(M.nameTaken)).toBeVisible();
  await addDialog(page).getByRole('button', { name: 'Cancel' }).click();
  await expect(addDialog(page)).toBeHidden();

  // Edit: a new name.
  await groupCard(page, group)
    .getByRole('button', { name: `Edit ${word} Basketry` })
    .click();
  const edit = page.getByRole('dialog', { name: 'Edit Category' });
  await edit.getByRole('textbox', { name: 'Category name' }).fill(`${word} Baskets`);
  await edit.getByRole('button', { name: 'Save Changes' }).click();
  await expect(toast(page, M.updated).first()).toBeVisible();
  await expect(rowNames(groupCard(page, group))).toHaveText([`${word} Baskets`, `${word} Weaving`]);
});

test("shows a category's statistics and deletes it once confirmed: it leaves the providers offering it and the pickers", async ({ page, account }) => {
  test.slow();
  const word = uniqueWord();
  const group = `${word} Crafts`;
  madeGroup = group;
  // The group, its two categories and a business offering one, made through the API: adding is the test above.
  const created = await callApiAs(account, 'POST', '/admin/categories', { name: `${word} Baskets`, newGroupName: group });
  const answer = await created.text();
  expect(created.status, answer).toBe(201);
  const { category: baskets } = JSON.parse(answer) as AdminCategoryResult;
  const weaving = await callApiAs(account, 'POST', '/admin/categories', { name: `${word} Weaving`, groupId: baskets.groupId });
  expect(weaving.status, await weaving.text()).toBe(201);
  const business = await createBusiness(account, { businessName: `${word} Workshop`, categories: [`${group} > ${word} Baskets`] });
  // A second business offering it, hidden from the directory: a deletion takes the category from it too, so it is counted.
  const hidden = await createBusiness(account, { businessName: `${word} Weavers`, categories: [`${group} > ${word} Baskets`] });
  const hide = await callApiAs(account, 'PUT', `/admin/users/${hidden.userId}/visible`, {
    visible: false,
    reason: { code: 'other', note: 'Closed for the season' },
  });
  expect(hide.status, await hide.text()).toBe(200);
  const visitor = page.context();
  const profilePage = await visitor.newPage();
  await profilePage.goto(`/directory/${business.userId}`);
  await expect(profilePage.getByRole('main').getByText(`${word} Baskets`).first()).toBeVisible();

  await page.goto('/admin/categories');
  await expect(rowNames(groupCard(page, group))).toHaveText([`${word} Baskets`, `${word} Weaving`], { timeout: 30_000 });
  await expect(groupCard(page, group).getByText(M.rowCount(2, 1), { exact: true })).toBeVisible();
  await groupCard(page, group)
    .getByRole('button', { name: `Statistics for ${word} Baskets` })
    .click();
  const stats = page.getByRole('dialog', { name: `${word} Baskets statistics` });
  await expect(stats.getByText(group)).toBeVisible();
  await expect(stats.getByText(M.usedBy(2))).toBeVisible();
  await stats.getByRole('button', { name: 'Close' }).first().click();

  await groupCard(page, group)
    .getByRole('button', { name: `Delete ${word} Baskets` })
    .click();
  const confirm = page.getByRole('alertdialog');
  await expect(confirm.getByText(M.deleteConfirm)).toBeVisible();
  // The page under it is checked at rest by the test above: the confirmation alone.
  expect(await violationsAtRest(page, { include: '[role="alertdialog"]' })).toEqual([]);
  await confirm.getByRole('button', { name: 'Delete', exact: true }).click();
  await expect(toast(page, M.deleted).first()).toBeVisible();
  await expect(rowNames(groupCard(page, group))).toHaveText([`${word} Weaving`]);

  await profilePage.reload();
  await expect(profilePage.getByRole('heading', { name: `${word} Workshop` }).first()).toBeVisible();
  await expect(profilePage.getByRole('main').getByText(`${word} Baskets`)).toHaveCount(0);
  const categories = (await (await callApiAs(account, 'GET', '/categories')).json()) as ListCategoriesResponse;
  const names = categories.groups.flatMap((candidate) => candidate.categories.map((category) => category.name));
  expect(names).toContain(`${word} Weaving`);
  expect(names).not.toContain(`${word} Baskets`);
});

test("reorders the categories of a group with the rows' up and down buttons, by keyboard too, and by dragging a handle; the order stays after a reload", async ({
  page,
}) => {
  test.slow();
  const word = uniqueWord();
  const group = `${word} Repairs`;
  madeGroup = group;
  await page.goto('/admin/categories');
  await expect(page.getByRole('region', { name: 'Construction/Trade' })).toBeVisible({ timeout: 30_000 });
  for (const name of ['Alpha', 'Bravo', 'Charlie']) await addCategory(page, `${word} ${name}`, name === 'Alpha' ? { new: group } : { existing: group });
  const card = groupCard(page, group);
  await expect(rowNames(card)).toHaveText([`${word} Alpha`, `${word} Bravo`, `${word} Charlie`]);

  // The first row cannot go up, the last cannot go down.
  await expect(card.getByRole('button', { name: `Move ${word} Alpha up` })).toBeDisabled();
  await expect(card.getByRole('button', { name: `Move ${word} Charlie down` })).toBeDisabled();
  await card.getByRole('button', { name: `Move ${word} Alpha down` }).focus();
  await page.keyboard.press('Enter');
  await expect(rowNames(card)).toHaveText([`${word} Bravo`, `${word} Alpha`, `${word} Charlie`]);
  await expect(toast(page, M.orderUpdated).first()).toBeVisible();
  // The button kept the focus, so Enter again moves the same row on.
  await expect(card.getByRole('button', { name: `Move ${word} Alpha down` })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(rowNames(card)).toHaveText([`${word} Bravo`, `${word} Charlie`, `${word} Alpha`]);
  const movedUp = page.waitForResponse((response) => response.request().method() === 'PUT' && response.url().endsWith('/order'));
  const readAgain = movedUp.then(() =>
    page.waitForResponse((response) => response.request().method() === 'GET' && new URL(response.url()).pathname === '/api/admin/categories'),
  );
  await card.getByRole('button', { name: `Move ${word} Charlie up` }).click();
  await expect(rowNames(card)).toHaveText([`${word} Charlie`, `${word} Bravo`, `${word} Alpha`]);
  // The move is saved and the list read again before the drag starts: each answer re-renders the rows, which would
  // end a drag under way.
  expect((await movedUp).status()).toBe(200);
  await readAgain;

  // A real pointer drag: the last row's handle pressed, moved over the first row and let go there. A drop a
  // re-render swallowed is dragged again, as a person would; the order is then read back after a reload.
  let savesUnderWay = 0;
  const isSave = (request: { method(): string; url(): string }) => request.method() === 'PUT' && request.url().endsWith('/order');
  page.on('request', (request) => void (isSave(request) && savesUnderWay++));
  page.on('requestfinished', (request) => void (isSave(request) && savesUnderWay--));
  page.on('requestfailed', (request) => void (isSave(request) && savesUnderWay--));
  await expect(async () => {
    // The pointer only reaches what is on the screen: other tests' groups can put this one below the fold.
    await card.scrollIntoViewIfNeeded();
    const handle = await card.getByTitle(`Drag ${word} Alpha to reorder`).boundingBox();
    const first = await card.getByRole('listitem').first().boundingBox();
    expect(handle && first).toBeTruthy();
    const x = handle!.x + handle!.width / 2;
    await page.mouse.move(x, handle!.y + handle!.height / 2);
    await page.mouse.down();
    await page.mouse.move(x, first!.y + first!.height / 2, { steps: 15 });
    await page.mouse.move(x, first!.y + 2, { steps: 5 });
    await page.mouse.up();
    await expect(rowNames(card)).toHaveText([`${word} Alpha`, `${word} Charlie`, `${word} Bravo`], { timeout: 3_000 });
  }).toPass({ timeout: 30_000 });
  await expect.poll(() => savesUnderWay).toBe(0);
  await page.reload();
  await expect(rowNames(groupCard(page, group))).toHaveText([`${word} Alpha`, `${word} Charlie`, `${word} Bravo`], { timeout: 30_000 });
});
