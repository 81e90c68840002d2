import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { MESSAGES } from '@solutionz/shared';
import { stubApi } from '@/testing/fake-api';
import { renderApp } from '@/testing/render';
import { signedInAdmin } from '../testing';

const STATS = { businesses: 0, listedProviders: 0, businessesThisMonth: 0, pendingFeedback: 0, openReports: 0 };

describe('the admin header', { timeout: 20_000 }, () => {
  it('says Logout failed in the console’s words, and the admin stays signed in', async () => {
    stubApi({ adminDashboard: () => ({ stats: STATS, recentActivity: [] }) });
    const fake = signedInAdmin();
    fake.auth.signOut = () => Promise.reject(new Error('Network error'));
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const { user } = renderApp('/admin', fake);
    const header = within(await screen.findByRole('banner'));
    await user.click(await header.findByRole('button', { name: 'Logout' }));
    expect(await screen.findByText(MESSAGES.signOut.adminFailure.title)).toBeInTheDocument();
    expect(header.getByRole('button', { name: 'Logout' })).toBeInTheDocument();
  });
});
