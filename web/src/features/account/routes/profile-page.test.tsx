import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { CATEGORY_CHIP_MAX_CHARS, EMPTY_SOCIAL_LINKS, MESSAGES, PROFILE_MESSAGES, type MeResponse } from '@solutionz/shared';
import { stubApi } from '@/testing/fake-api';
import { createFakeAuth, fakeAccount } from '@/testing/fake-auth';
import { renderApp } from '@/testing/render';

const subscribed = { isSubscribed: true, tier: 'monthly', expiresAt: '2099-01-01T00:00:00.000Z', cancelAtPeriodEnd: false, paymentFailed: false } as const;

/** /profile signed in with this profile, once its header is up (the first render also loads the screen's code). */
async function openProfile(profile: Partial<MeResponse>) {
  stubApi({ listCategories: () => ({ groups: [] }), listMyJobs: () => ({ jobs: [], total: 0, page: 1, pageCount: 0 }) });
  const view = renderApp('/profile', createFakeAuth({ signedInAs: fakeAccount(profile) }));
  await screen.findByRole('link', { name: 'Edit Profile' });
  return view;
}

const tabNames = () => screen.getAllByRole('tab').map((tab) => tab.textContent);

describe('/profile', () => {
  it('shows a provider their header and the provider tabs', async () => {
    await openProfile({
      accountType: 'provider',
      businessName: 'Pennine Plumbing',
      location: 'm1',
      place: { name: 'M1 1', lat: 53.48, lng: -2.24, precision: 'sector' },
    });
    expect(await screen.findByRole('heading', { level: 2, name: 'Chloe Clarke' })).toBeInTheDocument();
    expect(screen.getByText('Service Provider')).toBeInTheDocument();
    expect(screen.getByText('M1 1')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Edit Profile' })).toHaveAttribute('href', '/account');
    expect(tabNames()).toEqual(['About', 'Services', 'Portfolio', 'Reviews', 'Saved Jobs', 'Subscriptions']);
  });

  it('shows a client About, My Jobs and Subscriptions, with a way to post a job', async () => {
    const { user } = await openProfile({ accountType: 'client' });
    expect(await screen.findByText('Client')).toBeInTheDocument();
    expect(tabNames()).toEqual(['About', 'My Jobs', 'Subscriptions']);
    await user.click(screen.getByRole('tab', { name: 'My Jobs' }));
    expect(await within(await screen.findByRole('tabpanel', { name: 'My Jobs' })).findByRole('link', { name: 'Post a Job' })).toHaveAttribute(
      'href',
      '/post-job',
    );
  });

  it('gives an admin a tab with the way to the admin dashboard', async () => {
    const { user } = await openProfile({ accountType: 'admin' });
    expect(await screen.findByText('Admin')).toBeInTheDocument();
    expect(tabNames()).toEqual(['About', 'Subscriptions', 'Admin Dashboard']);
    await user.click(screen.getByRole('tab', { name: 'Admin Dashboard' }));
    expect(screen.getByRole('link', { name: 'Go to the Admin Dashboard' })).toHaveAttribute('href', '/admin');
  });

  it('shows filled-in social links as https:// links and hides the empty ones', async () => {
    await openProfile({ socialLinks: { ...EMPTY_SOCIAL_LINKS, website: 'www.chloe.example', instagram: 'https://instagram.com/chloe', tiktok: '   ' } });
    const links = within(await screen.findByRole('list', { name: 'Social links' })).getAllByRole('link');
    expect(links.map((link) => [link.textContent, link.getAttribute('href')])).toEqual([
      ['Website', 'https://www.chloe.example'],
      ['Instagram', 'https://instagram.com/chloe'],
    ]);
  });

  it('shows bio and skills, and says so when there are none', async () => {
    await openProfile({ bio: 'Twenty years of boilers.', skills: ['Boiler servicing', 'Bathrooms'] });
    expect(await screen.findByText('Twenty years of boilers.')).toBeInTheDocument();
    expect(
      within(screen.getByRole('list', { name: 'Skills' }))
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Boiler servicing', 'Bathrooms']);
    expect(screen.getByText('No social links yet.')).toBeInTheDocument();
  });

  it('shows a provider’s categories as chips cut to 25 characters, three of them, then +N more', async () => {
    const categories = ['Construction/Trade > Plumber', 'Painting, Decorating and Interior Design', 'Other: Pool cleaning', 'IT', 'Events > Weddings'];
    const { user } = await openProfile({ accountType: 'provider', categories });
    const chips = await screen.findByRole('list', { name: 'Categories' });
    expect(
      within(chips)
        .getAllByRole('listitem')
        .map((chip) => chip.textContent),
    ).toEqual(['Plumber', 'Painting, Decorating and…', 'Pool cleaning']);
    expect(within(chips).getByTitle('Painting, Decorating and Interior Design').textContent).toHaveLength(CATEGORY_CHIP_MAX_CHARS);
    await user.click(screen.getByRole('button', { name: '+2 more' }));
    expect(within(chips).getAllByRole('listitem')).toHaveLength(5);
  });

  it('sends a provider without a membership from the empty Services tab to /membership, saying why', async () => {
    const { user, router } = await openProfile({ accountType: 'provider' });
    await user.click(await screen.findByRole('tab', { name: 'Services' }));
    await user.click(screen.getByRole('button', { name: 'Add Services' }));
    expect(await screen.findByText(MESSAGES.api.subscriptionRequired)).toBeInTheDocument();
    expect(await screen.findByRole('heading', { level: 1, name: 'Choose Your Membership Plan' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/membership');
  });

  it('shows a provider the services and skills they offer in the Services tab, with the way to change them', async () => {
    const { user } = await openProfile({
      accountType: 'provider',
      categories: ['Construction/Trade > Plumber', 'Other: Pool cleaning'],
      skills: ['Boiler servicing'],
      subscription: subscribed,
    });
    await user.click(await screen.findByRole('tab', { name: 'Services' }));
    const panel = await screen.findByRole('tabpanel', { name: 'Services' });
    expect(
      within(within(panel).getByRole('list', { name: 'Services' }))
        .getAllByRole('listitem')
        .map((chip) => chip.textContent),
    ).toEqual(['Plumber', 'Pool cleaning']);
    expect(
      within(within(panel).getByRole('list', { name: 'Skills' }))
        .getAllByRole('listitem')
        .map((chip) => chip.textContent),
    ).toEqual(['Boiler servicing']);
    expect(within(panel).queryByText('No services yet')).not.toBeInTheDocument();
    expect(within(panel).getByRole('link', { name: 'Edit Services' })).toHaveAttribute('href', '/account');
  });

  it('offers a provider without a membership no way to edit their services, only the way to a membership', async () => {
    const { user } = await openProfile({ accountType: 'provider', categories: ['Construction/Trade > Plumber'], skills: ['Boiler servicing'] });
    await user.click(await screen.findByRole('tab', { name: 'Services' }));
    const panel = await screen.findByRole('tabpanel', { name: 'Services' });
    expect(within(within(panel).getByRole('list', { name: 'Skills' })).getByRole('listitem')).toHaveTextContent('Boiler servicing');
    expect(within(panel).queryByRole('link', { name: 'Edit Services' })).not.toBeInTheDocument();
    expect(within(panel).getByText(PROFILE_MESSAGES.servicesNeedMembership)).toBeInTheDocument();
    expect(within(panel).getByRole('link', { name: 'Get Membership' })).toHaveAttribute('href', '/membership');
  });

  it('opens the portfolio editor for a subscribed provider from the empty Portfolio tab', async () => {
    const { user, router } = await openProfile({ accountType: 'provider', subscription: subscribed });
    stubApi({ listCategories: () => ({ groups: [] }), listMyPortfolio: () => ({ items: [] }) });
    await user.click(await screen.findByRole('tab', { name: 'Portfolio' }));
    await user.click(await screen.findByRole('button', { name: 'Add Portfolio Item' }));
    expect(await screen.findByRole('dialog', { name: 'Add Portfolio Item' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/profile');
  });

  it('offers a provider without a membership the way to get one', async () => {
    const { user } = await openProfile({ accountType: 'provider' });
    await user.click(await screen.findByRole('tab', { name: 'Subscriptions' }));
    expect(screen.getByRole('heading', { name: 'No Active Membership' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Get Membership' })).toHaveAttribute('href', '/membership');
  });
});
