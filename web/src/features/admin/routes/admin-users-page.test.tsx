import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ADMIN_AUDIT_STATE_LABELS, ADMIN_BUSINESSES_MESSAGES, ADMIN_CONSOLE_MESSAGES, type AdminUserRecord } from '@solutionz/shared';
import { StubbedApiError, stubApi, type ApiStubs } from '@/testing/fake-api';
import { renderApp } from '@/testing/render';
import { adminUser, auditEntry, signedInAdmin, summaryOf } from '../testing';

const MESSAGES = ADMIN_CONSOLE_MESSAGES.users;
const priya = adminUser({ categories: ['Construction/Trade > Plumber', 'Construction/Trade > Electrician', 'Cleaning & Removal Services'] });
const tom = adminUser({
  userId: 'user-2',
  firstName: 'Tom',
  lastName: 'Reed',
  email: 'tom@example.com',
  accountType: 'client',
  businessName: null,
  categories: [],
  listing: 'none',
});
const unclaimed = adminUser({
  userId: 'user-3',
  firstName: 'Ben',
  lastName: 'Ali',
  email: null,
  businessName: 'Ali Roofing',
  listing: 'adminGranted',
  unclaimedBusiness: true,
});

/** The users page over the given accounts, one page of them, with `more` standing for the next page's cursor. */
async function openUsers(stubs: ApiStubs = {}, users: readonly AdminUserRecord[] = [priya, tom, unclaimed]) {
  const api = stubApi({
    adminListUsers: ({ query }) =>
      query.cursor === 'page-2'
        ? { users: [summaryOf(adminUser({ userId: 'user-21', firstName: 'Zoe', lastName: 'Page' }))] }
        : { users: users.map(summaryOf), nextCursor: 'page-2' },
    listCategories: () => ({ groups: [] }),
    ...stubs,
  });
  const view = renderApp('/admin/users', signedInAdmin());
  await screen.findByRole('heading', { level: 1, name: 'User Management' });
  const table = within(await screen.findByRole('table', { name: 'Users' }));
  return { ...view, api, table };
}

const rowOf = (name: string) => within(screen.getByText(name).closest('tr')!);

async function chooseAction(user: ReturnType<typeof renderApp>['user'], name: string, action: string) {
  await user.click(await screen.findByRole('button', { name: `${action} ${name}` }));
}

describe('/admin/users', { timeout: 30_000 }, () => {
  it('lists accounts with e-mail, type, business, the first two categories and how each is listed', async () => {
    const { table } = await openUsers();
    expect(table.getAllByRole('row')).toHaveLength(4);
    const row = rowOf('Priya Shah');
    expect(row.getByText('priya@example.com')).toBeInTheDocument();
    expect(row.getByText('Solutionz Provider')).toBeInTheDocument();
    expect(row.getByText('Construction/Trade > Plumber, Construction/Trade > Electrician', { exact: false })).toHaveTextContent(
      'Construction/Trade > Plumber, Construction/Trade > Electrician, …',
    );
    expect(row.getByLabelText('and 1 more')).toBeInTheDocument();
    expect(rowOf('Tom Reed').getByText('Solutionz Seeker')).toBeInTheDocument();
    const business = rowOf('Ben Ali');
    expect(business.getByText('No login (unclaimed business)')).toBeInTheDocument();
    expect(business.getByText('Admin-granted listing')).toBeInTheDocument();
  });

  it('searches as the admin types, filters by type, and starts again at page 1', async () => {
    const { user, api } = await openUsers();
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('Zoe Page')).toBeInTheDocument();
    expect(screen.getByText('Page 2')).toBeInTheDocument();

    await user.type(screen.getByRole('searchbox', { name: 'Search users' }), 'shah');
    await waitFor(() => expect(api.callsTo('adminListUsers').at(-1)?.query).toEqual({ q: 'shah', type: 'all' }));
    await user.selectOptions(screen.getByRole('combobox', { name: 'Account type' }), 'Solutionz Provider');
    await waitFor(() => expect(api.callsTo('adminListUsers').at(-1)?.query).toEqual({ q: 'shah', type: 'provider' }));
    expect(await screen.findByText('Priya Shah')).toBeInTheDocument();
    expect(screen.getByText('Page 1')).toBeInTheDocument();
  });

  it('pages on with the cursor and back with Previous', async () => {
    const { user, api } = await openUsers();
    expect(screen.getByRole('button', { name: 'Previous' })).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('Zoe Page')).toBeInTheDocument();
    expect(api.callsTo('adminListUsers').at(-1)?.query).toMatchObject({ cursor: 'page-2' });
    expect(screen.getByRole('button', { name: 'Next' })).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Previous' }));
    expect(await screen.findByText('Priya Shah')).toBeInTheDocument();
    expect(screen.getByText('Page 1')).toBeInTheDocument();
  });

  it('says when nothing matches', async () => {
    const { user } = await openUsers({ adminListUsers: ({ query }) => (query.q ? { users: [] } : { users: [summaryOf(priya)] }) });
    await user.type(screen.getByRole('searchbox', { name: 'Search users' }), 'nobody');
    expect(await screen.findByText('No users match “nobody”.')).toBeInTheDocument();
  });

  it('shows the failure with a way to try again', async () => {
    stubApi({ adminListUsers: () => Promise.reject(new StubbedApiError(500, { error: { code: 'INTERNAL', message: 'boom' } })) });
    renderApp('/admin/users', signedInAdmin());
    expect(await screen.findByText(MESSAGES.loadFailed)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });

  it('deactivates only with a reason, which it sends; activating needs none', async () => {
    const { user, api } = await openUsers({
      adminSetUserActive: ({ body }) => adminUser({ isActive: body.active }),
    });
    await chooseAction(user, 'Priya Shah', 'Deactivate');
    const dialog = within(await screen.findByRole('alertdialog', { name: 'Deactivate user' }));
    await user.click(dialog.getByRole('button', { name: 'Deactivate' }));
    expect(await dialog.findByText(ADMIN_CONSOLE_MESSAGES.reasonRequired)).toBeInTheDocument();
    expect(api.callsTo('adminSetUserActive')).toEqual([]);

    await user.selectOptions(dialog.getByRole('combobox', { name: /Reason/ }), 'Other');
    await user.click(dialog.getByRole('button', { name: 'Deactivate' }));
    expect(await dialog.findByText(ADMIN_CONSOLE_MESSAGES.reasonNoteRequired)).toBeInTheDocument();
    await user.type(dialog.getByRole('textbox', { name: /Details/ }), 'Threatening messages to clients');
    await user.click(dialog.getByRole('button', { name: 'Deactivate' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    expect(api.callsTo('adminSetUserActive')).toEqual([
      { params: { userId: 'user-1' }, query: {}, body: { active: false, reason: { code: 'other', note: 'Threatening messages to clients' } } },
    ]);
    expect(await screen.findByText(MESSAGES.deactivated)).toBeInTheDocument();
  });

  it('activates and shows at once, without a reason', async () => {
    const asleep = adminUser({ isActive: false, isVisible: false });
    const { user, api } = await openUsers({ adminSetUserActive: () => adminUser(), adminSetUserVisible: () => adminUser() }, [asleep]);
    expect(rowOf('Priya Shah').getByText('Inactive')).toBeInTheDocument();
    expect(rowOf('Priya Shah').getByText('Hidden')).toBeInTheDocument();
    await chooseAction(user, 'Priya Shah', 'Activate');
    await waitFor(() => expect(api.callsTo('adminSetUserActive').map((call) => call.body)).toEqual([{ active: true }]));
    await chooseAction(user, 'Priya Shah', 'Show');
    await waitFor(() => expect(api.callsTo('adminSetUserVisible').map((call) => call.body)).toEqual([{ visible: true }]));
  });

  it('offers Hide and Show for providers only: a client is never in the directory', async () => {
    const hiddenClient = adminUser({ ...tom, userId: 'user-5', firstName: 'Tess', isVisible: false });
    await openUsers({}, [priya, tom, hiddenClient, adminUser({ ...priya, userId: 'user-4', firstName: 'Hana', isVisible: false })]);
    expect(screen.getByRole('button', { name: 'Hide Priya Shah' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Show Hana Shah' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Deactivate Tess Reed' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^(Hide|Show) (Tom|Tess) Reed$/ })).not.toBeInTheDocument();
  });

  it('hides with a reason and tells the admin when the API refuses', async () => {
    const { user } = await openUsers({
      adminSetUserVisible: () => Promise.reject(new StubbedApiError(409, { error: { code: 'CONFLICT', message: MESSAGES.notOnYourself } })),
    });
    await chooseAction(user, 'Priya Shah', 'Hide');
    const dialog = within(await screen.findByRole('alertdialog', { name: 'Hide user' }));
    await user.selectOptions(dialog.getByRole('combobox', { name: /Reason/ }), 'Spam or advertising');
    await user.click(dialog.getByRole('button', { name: 'Hide' }));
    expect(await screen.findByText(MESSAGES.visibilityFailed)).toBeInTheDocument();
    expect(screen.getByText(MESSAGES.notOnYourself)).toBeInTheDocument();
  });

  it('warns before deleting, and deletes with the reason', async () => {
    const { user, api } = await openUsers({ adminDeleteUser: ({ params }) => ({ userId: params.userId, deleted: true }) });
    await chooseAction(user, 'Tom Reed', 'Delete');
    const dialog = within(await screen.findByRole('alertdialog', { name: 'Delete user' }));
    expect(dialog.getByText(MESSAGES.deleteWarning, { exact: false })).toBeInTheDocument();
    await user.selectOptions(dialog.getByRole('combobox', { name: /Reason/ }), 'Requested by the account holder');
    await user.click(dialog.getByRole('button', { name: 'Delete user' }));
    await waitFor(() =>
      expect(api.callsTo('adminDeleteUser')).toEqual([{ params: { userId: 'user-2' }, query: {}, body: { reason: { code: 'requested', note: '' } } }]),
    );
    expect(await screen.findByText(MESSAGES.deleted)).toBeInTheDocument();
  });

  it('offers to remove another admin, with its own warning, but never the admin signed in; admins are not deactivated or hidden', async () => {
    const self = adminUser({
      userId: 'admin-1',
      firstName: 'Head',
      lastName: 'Office',
      email: 'head.office@admin.solutionz.test',
      accountType: 'admin',
      businessName: null,
      categories: [],
      listing: 'none',
    });
    const deputy = adminUser({
      userId: 'admin-2',
      firstName: 'Dana',
      lastName: 'Deputy',
      email: 'dana@admin.solutionz.test',
      accountType: 'admin',
      businessName: null,
      categories: [],
      listing: 'none',
    });
    const { user, api } = await openUsers({ adminDeleteUser: ({ params }) => ({ userId: params.userId, deleted: true }) }, [self, deputy]);
    expect(screen.queryByRole('button', { name: 'Delete Head Office' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Deactivate Dana Deputy' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Hide Dana Deputy' })).not.toBeInTheDocument();

    await chooseAction(user, 'Dana Deputy', 'Delete');
    const dialog = within(await screen.findByRole('alertdialog', { name: 'Delete user' }));
    expect(dialog.getByText(`Dana Deputy: ${MESSAGES.adminDeleteWarning}`)).toBeInTheDocument();
    await user.selectOptions(dialog.getByRole('combobox', { name: /Reason/ }), 'Other');
    await user.type(dialog.getByRole('textbox', { name: /Details/ }), 'Left the company');
    await user.click(dialog.getByRole('button', { name: 'Delete user' }));
    await waitFor(() =>
      expect(api.callsTo('adminDeleteUser')).toEqual([
        { params: { userId: 'admin-2' }, query: {}, body: { reason: { code: 'other', note: 'Left the company' } } },
      ]),
    );
  });

  it('says which admin action has not finished', async () => {
    const { user } = await openUsers({
      adminGetUser: () => tom,
      adminListAudit: () => ({ entries: [auditEntry({ action: 'user.delete', state: 'started', target: { kind: 'user', id: 'user-2', label: 'Tom Reed' } })] }),
    });
    await chooseAction(user, 'Tom Reed', 'View');
    const history = within(await screen.findByRole('region', { name: 'Admin history' }));
    expect(await history.findByText(ADMIN_AUDIT_STATE_LABELS.started)).toBeInTheDocument();
    expect(history.getByText('Tom Reed').parentElement).toHaveTextContent(`Head Office deleted a user: Tom Reed ${ADMIN_AUDIT_STATE_LABELS.started}`);
  });

  it('views every field of the admin user record and what admins did to it', async () => {
    const { user, api } = await openUsers({
      adminGetUser: () => priya,
      adminListAudit: () => ({ entries: [auditEntry({ action: 'user.activate', reason: null })] }),
    });
    await chooseAction(user, 'Priya Shah', 'View');
    const dialog = within(await screen.findByRole('dialog', { name: 'User details' }));
    for (const [label, value] of [
      ['Email', 'priya@example.com'],
      ['Business name', 'Shah Plumbing'],
      ['Location', 'Leeds'],
      ['Phone number', '07700 900123'],
      ['Bio', 'Boilers and bathrooms.'],
      ['Status', 'Active'],
      ['Visibility', 'Visible'],
      ['Listing', 'Membership'],
    ] as const) {
      expect(await dialog.findByText(label)).toBeInTheDocument();
      expect(dialog.getByText(label).nextElementSibling).toHaveTextContent(value);
    }
    const history = within(dialog.getByRole('region', { name: 'Admin history' }));
    expect(await history.findByText('Shah Plumbing')).toBeInTheDocument();
    expect(history.getByText('Shah Plumbing').parentElement).toHaveTextContent('Head Office activated a user: Shah Plumbing');
    expect(api.callsTo('adminListAudit')[0]?.query).toEqual({ targetId: 'user-1' });
  });

  it('shows a person stopped from messaging, since when and after which report, and allows them again once confirmed', async () => {
    let ban: AdminUserRecord['messagingBan'] = { since: '2026-11-20T10:00:00.000Z', reportId: 'report-9', reportReason: 'scam' };
    const stopped = () => adminUser({ messagingBan: ban });
    const { user, api, table } = await openUsers(
      {
        adminListUsers: () => ({ users: [summaryOf(stopped()), summaryOf(tom)] }),
        adminGetUser: () => stopped(),
        adminListAudit: () => ({ entries: [] }),
        adminAllowMessaging: ({ params }) => {
          ban = null;
          return { userId: params.userId, messagingBan: null };
        },
      },
      [],
    );
    expect(rowOf('Priya Shah').getByText(MESSAGES.messagingStopped)).toBeInTheDocument();
    // Only a stopped person is offered the action.
    expect(rowOf('Tom Reed').queryByText(MESSAGES.messagingStopped)).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Allow messaging again Tom Reed' })).not.toBeInTheDocument();

    await chooseAction(user, 'Priya Shah', 'View');
    const details = within(await screen.findByRole('dialog', { name: 'User details' }));
    expect((await details.findByText('Messaging')).nextElementSibling).toHaveTextContent(
      /^Stopped since 20 Nov 2026, \d\d:00, after a report \(Scam or fraud\) Report report-9$/,
    );
    await user.click(details.getByRole('button', { name: 'Close' }));

    await chooseAction(user, 'Priya Shah', 'Allow messaging again');
    const dialog = within(await screen.findByRole('dialog', { name: 'Allow messaging again' }));
    expect(dialog.getByText(/stopped Priya Shah sending messages on 20 Nov 2026, \d\d:00, after report report-9/)).toBeInTheDocument();
    // Cancelled: nothing sent.
    await user.click(dialog.getByRole('button', { name: 'Cancel' }));
    expect(api.callsTo('adminAllowMessaging')).toEqual([]);

    await chooseAction(user, 'Priya Shah', 'Allow messaging again');
    await user.click(within(await screen.findByRole('dialog', { name: 'Allow messaging again' })).getByRole('button', { name: 'Allow messaging' }));
    expect(await screen.findByText(MESSAGES.messagingAllowed)).toBeInTheDocument();
    expect(api.callsTo('adminAllowMessaging')).toEqual([{ params: { userId: 'user-1' }, query: {}, body: undefined }]);
    // The list reads again: the badge and the action are gone.
    await waitFor(() => expect(table.queryByText(MESSAGES.messagingStopped)).not.toBeInTheDocument());
    expect(screen.queryByRole('button', { name: 'Allow messaging again Priya Shah' })).not.toBeInTheDocument();
  });

  it('says why messaging could not be allowed again when the API refuses', async () => {
    const ban = { since: '2026-11-20T10:00:00.000Z', reportId: 'report-9', reportReason: 'scam' };
    const { user } = await openUsers(
      { adminAllowMessaging: () => Promise.reject(new StubbedApiError(409, { error: { code: 'CONFLICT', message: MESSAGES.messagingNotStopped } })) },
      [adminUser({ messagingBan: ban })],
    );
    await chooseAction(user, 'Priya Shah', 'Allow messaging again');
    await user.click(within(await screen.findByRole('dialog', { name: 'Allow messaging again' })).getByRole('button', { name: 'Allow messaging' }));
    expect(await screen.findByText(MESSAGES.allowMessagingFailed)).toBeInTheDocument();
    expect(screen.getByText(MESSAGES.messagingNotStopped)).toBeInTheDocument();
  });

  it('edits names (both required) and shows why a type change cannot be made', async () => {
    const { user, api } = await openUsers({
      adminUpdateUser: ({ body }) => {
        if (body.accountType) throw new StubbedApiError(409, { error: { code: 'CONFLICT', message: MESSAGES.typeChange.membership } });
        return adminUser({ firstName: body.firstName, lastName: body.lastName });
      },
    });
    await chooseAction(user, 'Priya Shah', 'Edit');
    const dialog = within(await screen.findByRole('dialog', { name: 'Edit user' }));
    const first = dialog.getByRole('textbox', { name: /First name/ });
    await user.clear(first);
    await user.click(dialog.getByRole('button', { name: 'Save changes' }));
    expect(await dialog.findByText(MESSAGES.namesRequired)).toBeInTheDocument();

    await user.type(first, 'Priyanka');
    await user.selectOptions(dialog.getByRole('combobox', { name: 'Account type' }), 'Solutionz Seeker');
    await user.click(dialog.getByRole('button', { name: 'Save changes' }));
    expect(await dialog.findByText(MESSAGES.typeChange.membership)).toBeInTheDocument();

    await user.selectOptions(dialog.getByRole('combobox', { name: 'Account type' }), 'Solutionz Provider');
    await user.click(dialog.getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Edit user' })).not.toBeInTheDocument());
    expect(api.callsTo('adminUpdateUser').at(-1)?.body).toEqual({ firstName: 'Priyanka', lastName: 'Shah' });
    expect(await screen.findByText(MESSAGES.updated)).toBeInTheDocument();
  });
});

describe('/admin/users: create provider', { timeout: 30_000 }, () => {
  it('enables Create only with both names and a business name, refuses clients, and offers Stay or View in Directory', async () => {
    const created = adminUser({
      userId: 'new-1',
      firstName: 'Ann',
      lastName: 'Lee',
      email: null,
      businessName: 'Lee & Sons Joinery',
      listing: 'adminGranted',
      unclaimedBusiness: true,
    });
    const { user, api, router } = await openUsers({ adminCreateProvider: () => ({ provider: created, businessId: 'biz-9' }) });
    await user.click(screen.getByRole('button', { name: 'Create provider' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Create provider' }));
    const create = dialog.getByRole('button', { name: 'Create provider' });

    await user.selectOptions(dialog.getByRole('combobox', { name: 'Account type' }), 'Solutionz Seeker');
    expect(dialog.getByText(ADMIN_CONSOLE_MESSAGES.createProvider.clientCreation.title)).toBeInTheDocument();
    expect(dialog.getByText(ADMIN_CONSOLE_MESSAGES.createProvider.clientCreation.description)).toBeInTheDocument();
    expect(create).toBeDisabled();

    await user.selectOptions(dialog.getByRole('combobox', { name: 'Account type' }), 'Solutionz Provider');
    await user.type(dialog.getByRole('textbox', { name: /First name/ }), 'Ann');
    await user.type(dialog.getByRole('textbox', { name: /Last name/ }), 'Lee');
    expect(create).toBeDisabled();
    await user.type(dialog.getByRole('textbox', { name: /Business name/ }), 'Lee & Sons Joinery');
    await user.type(dialog.getByRole('textbox', { name: 'Website' }), 'leejoinery.co.uk');
    expect(create).toBeEnabled();
    await user.click(create);

    const success = within(await screen.findByRole('dialog', { name: 'Provider created' }));
    expect(success.getByText(ADMIN_CONSOLE_MESSAGES.createProvider.created, { exact: false })).toBeInTheDocument();
    // The claim link to send to the owner opens the claim page with this business chosen.
    expect(success.getByRole('textbox', { name: ADMIN_BUSINESSES_MESSAGES.claimLink })).toHaveValue(
      `${window.location.origin}/claim-business?businessID=biz-9`,
    );
    expect(api.callsTo('adminCreateProvider')[0]?.body).toEqual({
      accountType: 'provider',
      firstName: 'Ann',
      lastName: 'Lee',
      businessName: 'Lee & Sons Joinery',
      websiteUrl: 'leejoinery.co.uk',
      categories: [],
    });
    await user.click(success.getByRole('button', { name: 'View in Directory' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/directory'));
    expect(new URLSearchParams(router.state.location.search).get('service')).toBe('Lee & Sons Joinery');
  });

  it("shows the API's message beside the field it refused", async () => {
    const { user } = await openUsers({
      adminCreateProvider: () => {
        throw new StubbedApiError(400, {
          error: { code: 'VALIDATION', message: 'Invalid phone number format', fields: { 'body.phoneNumber': 'Invalid phone number format' } },
        });
      },
    });
    await user.click(screen.getByRole('button', { name: 'Create provider' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Create provider' }));
    await user.type(dialog.getByRole('textbox', { name: /First name/ }), 'Ann');
    await user.type(dialog.getByRole('textbox', { name: /Last name/ }), 'Lee');
    await user.type(dialog.getByRole('textbox', { name: /Business name/ }), 'Lee Joinery');
    await user.click(dialog.getByRole('button', { name: 'Create provider' }));
    expect(await screen.findByText(ADMIN_CONSOLE_MESSAGES.createProvider.failed)).toBeInTheDocument();
    expect(dialog.getByText('Invalid phone number format')).toBeInTheDocument();
    expect(dialog.getByRole('textbox', { name: 'Phone number' })).toHaveAttribute('aria-invalid', 'true');
  });
});
