import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ADMIN_MESSAGES } from '@solutionz/shared';
import { stubApi } from '@/testing/fake-api';
import { createFakeAuth, fakeAccount } from '@/testing/fake-auth';
import { renderApp } from '@/testing/render';
import { signedInAdmin } from '../testing';

const STATS = { businesses: 0, listedProviders: 0, businessesThisMonth: 0, pendingFeedback: 0, openReports: 0 };

describe('/admin-login and /admin/settings', { timeout: 20_000 }, () => {
  it('sends an admin signed in already from /admin-login to the dashboard', async () => {
    stubApi({ adminDashboard: () => ({ stats: STATS, recentActivity: [] }) });
    const { router } = renderApp('/admin-login', signedInAdmin());
    expect(await screen.findByRole('heading', { level: 1, name: 'Admin Dashboard' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/admin');
    expect(screen.queryByLabelText('Username')).not.toBeInTheDocument();
  });

  it('tells someone signed in with another account that the form signs that account out', async () => {
    stubApi({});
    renderApp('/admin-login', createFakeAuth({ signedInAs: fakeAccount({ accountType: 'client' }) }));
    expect(await screen.findByText(ADMIN_MESSAGES.signedInNotAdmin)).toBeInTheDocument();
    expect(screen.getByLabelText('Username')).toBeInTheDocument();
  });

  it("opens an admin's own account settings at /admin/settings", async () => {
    stubApi({});
    const { router } = renderApp('/admin/settings', signedInAdmin());
    expect(await screen.findByRole('heading', { level: 1, name: 'Account Settings' })).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe('/account'));
    expect(screen.getByRole('tab', { name: 'Account Security' })).toBeInTheDocument();
  });
});
