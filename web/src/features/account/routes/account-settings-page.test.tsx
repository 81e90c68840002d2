import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import {
  ERROR_CODES,
  LOCATION_MESSAGES,
  NOTIFICATION_MESSAGES,
  PROFILE_MESSAGES,
  SECURITY_MESSAGES,
  type MeResponse,
  type Place,
  type ProfileUpdate,
} from '@solutionz/shared';
import { StubbedApiError, stubApi, type ApiStubs } from '@/testing/fake-api';
import { createFakeAuth, fakeAccount, type FakeAccount } from '@/testing/fake-auth';
import { renderApp } from '@/testing/render';

const subscribed = { isSubscribed: true, tier: 'monthly', expiresAt: '2099-01-01T00:00:00.000Z', cancelAtPeriodEnd: false, paymentFailed: false } as const;

const stAlbans: Place[] = [{ name: 'St Albans, Hertfordshire', lat: 51.75, lng: -0.34, precision: 'town' }];

/** /account at `path`, signed in as `account`, once the settings are up. */
async function openSettings(path: string, account: FakeAccount, stubs: ApiStubs = {}) {
  const api = stubApi({
    listCategories: () => ({ groups: [] }),
    searchLocations: () => ({ best: null, suggestions: [] }),
    listSavedProviders: () => ({ saved: [] }),
    ...stubs,
  });
  const fake = createFakeAuth({ signedInAs: account });
  const view = renderApp(path, fake);
  await screen.findByRole('heading', { level: 1, name: 'Account Settings' });
  return { ...view, api };
}

/** What PATCH /api/me/profile does with a body: the stored profile with those fields replaced. */
const saved = (profile: MeResponse, body: ProfileUpdate): MeResponse => {
  const next = { ...profile, ...body, socialLinks: { ...profile.socialLinks, ...body.socialLinks } } as MeResponse;
  return { ...next, displayName: `${next.firstName} ${next.lastName}` };
};

const tabNames = () =>
  within(screen.getByRole('tablist', { name: 'Settings' }))
    .getAllByRole('tab')
    .map((tab) => tab.textContent);

describe('/account', { timeout: 20_000 }, () => {
  it('offers a provider the six tabs, with Credentials and Subscriptions, and a client four', async () => {
    await openSettings('/account', fakeAccount({ accountType: 'provider', userId: 'p-1' }));
    expect(tabNames()).toEqual(['My Profile', 'Account Security', 'Notifications', 'Bookmarks', 'Credentials', 'Subscriptions']);
    expect(screen.getByRole('link', { name: 'View My Profile' })).toHaveAttribute('href', '/directory/p-1');
    expect(screen.getByRole('tab', { name: 'My Profile' })).toHaveAttribute('aria-selected', 'true');
  });

  it('says so for a tab that does not exist, and for a client on the providers’ Subscriptions tab', async () => {
    const { router, user } = await openSettings('/account?tab=billing', fakeAccount());
    expect(tabNames()).toEqual(['My Profile', 'Account Security', 'Notifications', 'Bookmarks']);
    // A client has no page in the directory: their View My Profile is their own profile.
    expect(screen.getByRole('link', { name: 'View My Profile' })).toHaveAttribute('href', '/profile');
    expect(screen.getByText(PROFILE_MESSAGES.unknownTab)).toBeInTheDocument();

    await router.navigate('/account?tab=payments');
    expect(await screen.findByRole('heading', { name: 'Access denied' })).toBeInTheDocument();

    await user.click(screen.getByRole('tab', { name: 'Bookmarks' }));
    expect(router.state.location.search).toBe('?tab=bookmarks');
    expect(await screen.findByRole('heading', { name: 'No saved professionals yet' })).toBeInTheDocument();
    expect(screen.queryByRole('tab', { name: 'Saved Jobs' })).not.toBeInTheDocument();
  });

  it('shows a provider whether their subscription is active', async () => {
    await openSettings('/account?tab=payments', fakeAccount({ accountType: 'provider' }));
    expect(await screen.findByText('No active subscription')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Get Membership' })).toHaveAttribute('href', '/membership');
  });

  it('gives a client no business, phone or category fields', async () => {
    await openSettings('/account', fakeAccount());
    expect(await screen.findByLabelText('First name')).toHaveValue('Chloe');
    expect(screen.queryByLabelText('Business name')).not.toBeInTheDocument();
    expect(screen.queryByLabelText('Phone number')).not.toBeInTheDocument();
    expect(screen.queryByRole('group', { name: 'Categories' })).not.toBeInTheDocument();
  });

  it('adds skills trimmed, once, never blank, and removes them', async () => {
    const { user } = await openSettings('/account', fakeAccount({ skills: ['Plumbing'] }));
    const skill = await screen.findByRole('textbox', { name: 'New skill' });
    await user.type(skill, '  Boiler   servicing  {Enter}');
    await user.type(skill, 'plumbing{Enter}');
    await user.type(skill, '   {Enter}');
    await user.type(skill, 'Tiling');
    await user.click(screen.getByRole('button', { name: 'Add skill' }));
    const skills = () =>
      within(screen.getByRole('list', { name: 'Your skills' }))
        .getAllByRole('listitem')
        .map((item) => item.textContent);
    expect(skills()).toEqual(['Plumbing', 'Boiler servicing', 'Tiling']);
    expect(skill).toHaveValue('');

    await user.click(screen.getByRole('button', { name: 'Remove Plumbing' }));
    expect(skills()).toEqual(['Boiler servicing', 'Tiling']);
  });

  it('saves the profile, says so, and the header shows the new name at once', async () => {
    const account = fakeAccount();
    const { user, api } = await openSettings('/account', account, { updateProfile: ({ body }) => saved(account.profile, body) });
    const firstName = await screen.findByLabelText('First name');
    await user.clear(firstName);
    await user.type(firstName, 'Charlotte');
    await user.type(screen.getByLabelText('Website'), 'charlotte.example');
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));

    expect(await screen.findByText(PROFILE_MESSAGES.saved.title)).toBeInTheDocument();
    expect(screen.getByText(PROFILE_MESSAGES.saved.description)).toBeInTheDocument();
    expect(within(screen.getByRole('banner')).getByText('Charlotte Clarke')).toBeInTheDocument();
    const [sent] = api.callsTo('updateProfile');
    expect(sent?.body).toMatchObject({ firstName: 'Charlotte', socialLinks: { website: 'https://charlotte.example' } });
    // The location was left as it was: it is placed already, so it is not sent again.
    expect(sent?.body).not.toHaveProperty('location');
    expect(sent?.body).not.toHaveProperty('businessName');
  });

  it('takes a provider to their public page after saving', async () => {
    const account = fakeAccount({
      accountType: 'provider',
      userId: 'p-7',
      businessName: 'Pennine Plumbing',
      phoneNumber: '+44 161 496 0000',
      categories: ['IT'],
      subscription: subscribed,
    });
    const { user, router, api } = await openSettings('/account', account, { updateProfile: ({ body }) => saved(account.profile, body) });
    await user.type(await screen.findByLabelText('Bio'), 'Boilers and bathrooms.');
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/directory/p-7'));
    expect(api.callsTo('updateProfile')[0]?.body).toMatchObject({ bio: 'Boilers and bathrooms.', businessName: 'Pennine Plumbing', categories: ['IT'] });
  });

  it('shows a provider without a membership their services and skills without controls, the way to a membership, and sends neither', async () => {
    const account = fakeAccount({
      accountType: 'provider',
      businessName: 'Pennine Plumbing',
      phoneNumber: '+44 161 496 0000',
      categories: ['IT'],
      skills: ['Boilers'],
    });
    const { user, api } = await openSettings('/account', account, { updateProfile: ({ body }) => saved(account.profile, body) });
    const services = await screen.findByRole('group', { name: 'Services and skills' });
    expect(within(within(services).getByRole('list', { name: 'Categories' })).getAllByRole('listitem')).toHaveLength(1);
    expect(within(within(services).getByRole('list', { name: 'Skills' })).getByRole('listitem')).toHaveTextContent('Boilers');
    expect(within(services).getByText(PROFILE_MESSAGES.servicesNeedMembership)).toBeInTheDocument();
    expect(within(services).getByRole('link', { name: 'Get Membership' })).toHaveAttribute('href', '/membership');
    expect(screen.queryByRole('textbox', { name: 'New skill' })).not.toBeInTheDocument();
    expect(screen.queryByRole('group', { name: 'Categories' })).not.toBeInTheDocument();
    expect(within(services).queryByRole('button')).not.toBeInTheDocument();

    await user.type(screen.getByLabelText('Bio'), 'Boilers and bathrooms.');
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    await waitFor(() => expect(api.callsTo('updateProfile')).toHaveLength(1));
    const [sent] = api.callsTo('updateProfile');
    expect(sent?.body).toMatchObject({ bio: 'Boilers and bathrooms.', businessName: 'Pennine Plumbing' });
    expect(sent?.body).not.toHaveProperty('categories');
    expect(sent?.body).not.toHaveProperty('skills');
  });

  it('shows the API’s field messages beside the fields, and the places it offers for a location it could not place', async () => {
    const { user } = await openSettings('/account', fakeAccount(), {
      updateProfile: () => {
        const { status, code } = ERROR_CODES.validation;
        throw new StubbedApiError(status, {
          error: {
            code,
            message: 'Some of the information you sent is not valid.',
            fields: { 'body.location': LOCATION_MESSAGES.notFound, 'body.socialLinks.twitter': 'Enter a web address, e.g. www.example.co.uk' },
            suggestions: stAlbans,
          },
        });
      },
    });
    const location = await screen.findByRole('combobox', { name: 'Location' });
    await user.clear(location);
    await user.type(location, 'St Albins');
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));

    expect(await screen.findByText(LOCATION_MESSAGES.notFound)).toBeVisible();
    expect(screen.getByText('Enter a web address, e.g. www.example.co.uk')).toBeVisible();
    expect(screen.getByText(PROFILE_MESSAGES.saveFailed.title)).toBeInTheDocument();
    await user.click(within(screen.getByRole('group', { name: 'Places to choose from' })).getByRole('button', { name: 'St Albans, Hertfordshire' }));
    expect(location).toHaveValue('St Albans, Hertfordshire');
    await waitFor(() => expect(screen.queryByText(LOCATION_MESSAGES.notFound)).not.toBeInTheDocument());
  });

  it('saves a provider’s job alerts', async () => {
    const account = fakeAccount({ accountType: 'provider' });
    const { user, api } = await openSettings('/account?tab=notifications', account, {
      updateNotificationSettings: ({ body }) => ({ ...account.profile.notifications, ...body }),
    });
    await user.click(await screen.findByRole('checkbox', { name: 'Send me job alerts' }));
    await user.selectOptions(screen.getByRole('combobox', { name: 'Radius' }), '50 miles');
    await user.click(within(screen.getByRole('region', { name: 'Job Alerts' })).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Notification settings saved')).toBeInTheDocument();
    expect(api.callsTo('updateNotificationSettings')[0]?.body).toEqual({ jobAlerts: { enabled: true, radiusMiles: 50, categories: [] } });
    expect(screen.queryByRole('checkbox', { name: 'Send me provider updates' })).not.toBeInTheDocument();
  });

  it('says Error updating categories when a provider’s job alerts cannot be saved', async () => {
    const { user } = await openSettings('/account?tab=notifications', fakeAccount({ accountType: 'provider' }), {
      updateNotificationSettings: () => {
        throw new StubbedApiError(500, { error: { code: ERROR_CODES.internal.code, message: 'An unexpected error occurred. Please try again.' } });
      },
    });
    await user.click(await screen.findByRole('checkbox', { name: 'Send me job alerts' }));
    await user.click(within(screen.getByRole('region', { name: 'Job Alerts' })).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(NOTIFICATION_MESSAGES.jobAlertsSaveFailed)).toBeInTheDocument();
  });

  it.each(['client', 'provider'] as const)('lets a %s turn message e-mails off (on by default)', async (accountType) => {
    const account = fakeAccount({ accountType });
    const { user, api } = await openSettings('/account?tab=notifications', account, {
      updateNotificationSettings: ({ body }) => ({ ...account.profile.notifications, ...body }),
    });
    const messages = within(await screen.findByRole('region', { name: 'Messages' }));
    const toggle = messages.getByRole('checkbox', { name: 'E-mail me about unread messages' });
    expect(toggle).toBeChecked();
    await user.click(toggle);
    await user.click(messages.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Notification settings saved')).toBeInTheDocument();
    expect(api.callsTo('updateNotificationSettings')[0]?.body).toEqual({ messages: { enabled: false } });
  });

  it('lets a provider turn credential expiry reminders off (on by default)', async () => {
    const account = fakeAccount({ accountType: 'provider' });
    const { user, api } = await openSettings('/account?tab=notifications', account, {
      updateNotificationSettings: ({ body }) => ({ ...account.profile.notifications, ...body }),
    });
    const reminders = within(await screen.findByRole('region', { name: 'Credential Reminders' }));
    const toggle = reminders.getByRole('checkbox', { name: 'Remind me before my credentials expire' });
    expect(toggle).toBeChecked();
    await user.click(toggle);
    await user.click(reminders.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Notification settings saved')).toBeInTheDocument();
    expect(api.callsTo('updateNotificationSettings')[0]?.body).toEqual({ credentialReminders: { enabled: false } });
  });

  it('shows a client no credential reminders', async () => {
    await openSettings('/account?tab=notifications', fakeAccount({ accountType: 'client' }));
    expect(await screen.findByRole('region', { name: 'Messages' })).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Credential Reminders' })).not.toBeInTheDocument();
  });

  it('shows the security alerts as always on', async () => {
    await openSettings('/account?tab=security', fakeAccount());
    const alerts = await screen.findByRole('checkbox', { name: 'Security alerts' });
    expect(alerts).toBeChecked();
    expect(alerts).toBeDisabled();
    expect(screen.getByText(SECURITY_MESSAGES.alertsAlwaysOn)).toBeInTheDocument();
  });
});
