import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ADMIN_CATEGORY_MESSAGES, ERROR_CODES, type AdminCategories, type AdminCategory } from '@solutionz/shared';
import { StubbedApiError, stubApi, type ApiStubs } from '@/testing/fake-api';
import { renderApp } from '@/testing/render';
import { signedInAdmin } from '../testing';

const M = ADMIN_CATEGORY_MESSAGES;

const plumber: AdminCategory = {
  id: 'plumber',
  name: 'Plumber',
  groupId: 'construction-trade',
  groupName: 'Construction/Trade',
  displayOrder: 1,
  providerCount: 3,
  listedProviderCount: 2,
};
const CATEGORIES: AdminCategories = {
  groups: [
    { id: 'construction-trade', name: 'Construction/Trade', displayOrder: 1, categories: [plumber] },
    { id: 'events', name: 'Events', displayOrder: 2, categories: [] },
  ],
  updatingProviders: [],
};

/** /admin/categories with its Add Category dialog open; `create` answers the dialog's requests. */
async function openAddDialog(create: ApiStubs['adminCreateCategory']) {
  const api = stubApi({ adminListCategories: () => CATEGORIES, adminCreateCategory: create });
  const { user } = renderApp('/admin/categories', signedInAdmin());
  await screen.findByRole('region', { name: 'Construction/Trade' });
  await user.click(screen.getByRole('button', { name: 'Add Category' }));
  const dialog = within(await screen.findByRole('dialog', { name: 'Add Category' }));
  const submit = () => user.click(dialog.getByRole('button', { name: 'Add Category' }));
  return { api, user, dialog, submit };
}

describe('the Add Category dialog of /admin/categories', { timeout: 30_000 }, () => {
  it('says what is missing beside the field, with the toast, and sends nothing until a name and a group are given', async () => {
    const { api, user, dialog, submit } = await openAddDialog(({ body }) => ({
      category: { ...plumber, id: 'basketry', name: body.name, groupId: 'crafts', groupName: body.newGroupName },
      providersDone: true,
    }));
    await submit();
    expect(await dialog.findByText(M.nameRequired)).toBeInTheDocument();
    expect(await screen.findByText(M.validationError)).toBeInTheDocument();

    await user.type(dialog.getByRole('textbox', { name: 'Category name' }), 'Basketry');
    await submit();
    expect(await dialog.findByText(M.groupRequired)).toBeInTheDocument();
    expect(dialog.queryByText(M.nameRequired)).not.toBeInTheDocument();
    expect(api.callsTo('adminCreateCategory')).toEqual([]);

    // An existing group or a new one: choosing one clears the other.
    const existing = dialog.getByRole('combobox', { name: 'Existing group' });
    await user.selectOptions(existing, 'Events');
    await user.type(dialog.getByRole('textbox', { name: 'New group name' }), 'Crafts');
    expect(existing).toHaveValue('');
    await submit();
    await waitFor(() =>
      expect(api.callsTo('adminCreateCategory').map((call) => call.body)).toEqual([{ name: 'Basketry', groupId: '', newGroupName: 'Crafts' }]),
    );
    expect(await screen.findByText(M.added)).toBeInTheDocument();
  });

  it('shows the server refusing a name its group already has beside the name, and keeps the dialog open', async () => {
    const { dialog, user, submit } = await openAddDialog(() => {
      throw new StubbedApiError(ERROR_CODES.conflict.status, {
        error: { code: ERROR_CODES.conflict.code, message: M.nameTaken, fields: { 'body.name': M.nameTaken } },
      });
    });
    await user.type(dialog.getByRole('textbox', { name: 'Category name' }), 'plumber');
    await user.selectOptions(dialog.getByRole('combobox', { name: 'Existing group' }), 'Construction/Trade');
    await submit();
    expect(await dialog.findByText(M.nameTaken)).toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: 'Add Category' })).toBeVisible();
  });
});
