import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ADMIN_CONSOLE_MESSAGES } from '@solutionz/shared';
import { StubbedApiError, stubApi } from '@/testing/fake-api';
import { renderApp } from '@/testing/render';
import { createFakeAuth, fakeAccount } from '@/testing/fake-auth';
import { auditEntry, signedInAdmin } from '../testing';

const STATS = { businesses: 1204, listedProviders: 987, businessesThisMonth: 31, pendingFeedback: 6, openReports: 3 };

describe('/admin: the admin dashboard', { timeout: 20_000 }, () => {
  it('shows the counters, the cards to each screen and the recent activity with its reason', async () => {
    stubApi({ adminDashboard: () => ({ stats: STATS, recentActivity: [auditEntry()] }) });
    renderApp('/admin', signedInAdmin());
    expect(await screen.findByRole('heading', { level: 1, name: 'Admin Dashboard' })).toBeInTheDocument();

    const stats = within(screen.getByRole('region', { name: 'Statistics' }));
    expect(await stats.findByText('1,204')).toBeInTheDocument();
    expect(stats.getByText('Businesses').nextElementSibling).toHaveTextContent('1,204');
    expect(stats.getByText('Visible, active providers').nextElementSibling).toHaveTextContent('987');
    expect(stats.getByText('Businesses created this month').nextElementSibling).toHaveTextContent('31');
    expect(stats.getByText('Feedback awaiting approval').nextElementSibling).toHaveTextContent('6');
    expect(stats.getByText('Open conversation reports').nextElementSibling).toHaveTextContent('3');

    expect(screen.getByRole('link', { name: 'Users' })).toHaveAttribute('href', '/admin/users');
    expect(screen.getByRole('link', { name: 'Feedback' })).toHaveAttribute('href', '/admin/feedback');
    expect(screen.getByRole('link', { name: 'Categories' })).toHaveAttribute('href', '/admin/categories');
    expect(screen.getByRole('link', { name: 'Analytics' })).toHaveAttribute('href', '/admin/analytics');
    expect(screen.getByRole('link', { name: 'Reports' })).toHaveAttribute('href', '/admin/reports');

    const activity = within(screen.getByRole('region', { name: 'Recent activity' }));
    expect(activity.getByText('Shah Plumbing').parentElement).toHaveTextContent('Head Office hid a user from the directory: Shah Plumbing');
    expect(activity.getByText('Reason: False or misleading information (Claims a Gas Safe number it does not hold)')).toBeInTheDocument();
    expect(activity.getByText('3 hours ago')).toBeInTheDocument();
  });

  it('says when there is no activity yet, and offers to try again when the figures cannot be read', async () => {
    let fail = true;
    stubApi({
      adminDashboard: () => {
        if (fail) throw new StubbedApiError(500, { error: { code: 'INTERNAL', message: 'boom' } });
        return { stats: STATS, recentActivity: [] };
      },
    });
    const { user } = renderApp('/admin/dashboard', signedInAdmin());
    const statistics = within(await screen.findByRole('region', { name: 'Statistics' }));
    expect(await statistics.findByText(ADMIN_CONSOLE_MESSAGES.statsFailed)).toBeInTheDocument();
    fail = false;
    await user.click(statistics.getByRole('button', { name: 'Try again' }));
    expect(await statistics.findByText('1,204')).toBeInTheDocument();
    expect(screen.getByText('No admin actions yet.')).toBeInTheDocument();
  });

  it('sends an admin without 2-step verification to set it up where the stage requires it', async () => {
    stubApi({
      adminDashboard: () => {
        throw new StubbedApiError(403, { error: { code: 'ADMIN_MFA_REQUIRED', message: ADMIN_CONSOLE_MESSAGES.mfaRequired } });
      },
    });
    const { user, router } = renderApp('/admin', signedInAdmin());
    const statistics = within(await screen.findByRole('region', { name: 'Statistics' }));
    expect(await statistics.findByText(ADMIN_CONSOLE_MESSAGES.mfaRequired)).toBeInTheDocument();
    await user.click(statistics.getByRole('link', { name: 'Set up 2-step verification' }));
    await waitFor(() => expect(`${router.state.location.pathname}${router.state.location.search}`).toBe('/account?tab=security'));
  });

  it('has the admin header: Return to Main leads to the main website, Logout signs the admin out', async () => {
    const api = stubApi({ adminDashboard: () => ({ stats: STATS, recentActivity: [] }), signOut: () => ({ signedOut: true as const }) });
    const { user, router, fake } = renderApp('/admin', signedInAdmin());
    await screen.findByRole('heading', { level: 1, name: 'Admin Dashboard' });
    const header = within(screen.getByRole('banner'));

    await user.click(header.getByRole('button', { name: 'Return to Main' }));
    expect(await screen.findByRole('menuitem', { name: 'Admin Dashboard' })).toBeInTheDocument();
    // Chosen by keyboard: a click in the menu's first moments after opening is not taken as a choice on a busy machine.
    // One key at a time, each after the one before has moved the highlight: pressed again before the menu had rendered
    // the move, the highlight went on past the item and round the menu (a run waited ten seconds for it so).
    const menu = screen.getByRole('menu');
    await waitFor(() => expect(menu).toHaveFocus());
    const items = within(menu).getAllByRole('menuitem');
    const highlighted = () => items.find((item) => item.hasAttribute('data-highlighted'));
    const main = screen.getByRole('menuitem', { name: 'Main Website' });
    for (let moves = 0; highlighted() !== main; moves += 1) {
      expect(moves).toBeLessThan(items.length);
      const from = highlighted();
      await user.keyboard('{ArrowDown}');
      await waitFor(() => expect(highlighted()).not.toBe(from));
    }
    await user.keyboard('{Enter}');
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));

    await router.navigate('/admin');
    await user.click(await within(screen.getByRole('banner')).findByRole('button', { name: 'Logout' }));
    await waitFor(async () => expect(await fake.auth.currentUser()).toBeNull());
    expect(api.callsTo('signOut')).toHaveLength(1);
  });

  it('shows anyone but an admin the admin login, with Sign In in the header', async () => {
    const api = stubApi({ adminDashboard: () => ({ stats: STATS, recentActivity: [] }) });
    renderApp('/admin', createFakeAuth({ signedInAs: fakeAccount({ accountType: 'client' }) }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Admin Login' })).toBeInTheDocument();
    expect(within(screen.getByRole('banner')).getByRole('link', { name: 'Sign In' })).toHaveAttribute('href', '/admin-login');
    expect(api.callsTo('adminDashboard')).toEqual([]);
  });
});
