import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { ADMIN_CONSOLE_MESSAGES, type AdminAnalytics } from '@solutionz/shared';
import { StubbedApiError, stubApi } from '@/testing/fake-api';
import { renderApp } from '@/testing/render';
import { auditEntry, signedInAdmin } from '../testing';

// jsdom has no layout for the chart to measure: what matters here is that the screen loads it with the days.
vi.mock('../components/daily-chart', () => ({ DailyChart: ({ daily }: { daily: AdminAnalytics['daily'] }) => <p>Chart of {daily.length} days</p> }));

function analytics(): AdminAnalytics {
  const today = Date.parse(`${new Date().toISOString().slice(0, 10)}T00:00:00Z`);
  return {
    stats: { totalProviders: 1204, totalSeekers: 3310, activeSessions: 428, approvedFeedback: 812, pendingFeedback: 6, newUsers: 97 },
    popularCategories: [
      { categoryId: 'plumber', name: 'Plumber', groupName: 'Construction/Trade', providerCount: 200 },
      { categoryId: 'electrician', name: 'Electrician', groupName: 'Construction/Trade', providerCount: 50 },
      { categoryId: 'dog-walker', name: 'Dog Walker', groupName: 'Pets', providerCount: 1 },
    ],
    daily: Array.from({ length: 30 }, (_, index) => ({
      day: new Date(today - (29 - index) * 86_400_000).toISOString().slice(0, 10),
      signups: index,
      jobs: 2 * index,
    })),
    recentActivity: [
      { kind: 'signup', at: new Date(Date.now() - 30 * 60_000).toISOString(), userId: 'u-9', name: 'Sam Seeker', accountType: 'client' },
      { kind: 'audit', at: auditEntry().at, entry: auditEntry() },
    ],
  };
}

describe('/admin/analytics', { timeout: 20_000 }, () => {
  it('shows the loading message, then the counters, the recent activity with relative times and the 30 days', async () => {
    stubApi({ adminAnalytics: () => analytics() });
    renderApp('/admin/analytics', signedInAdmin());
    expect(await screen.findByText(ADMIN_CONSOLE_MESSAGES.analyticsLoading)).toBeInTheDocument();
    expect(await screen.findByText('1,204')).toBeInTheDocument();
    const stats = within(screen.getByLabelText('Statistics'));
    expect(stats.getByText('Total Providers').nextElementSibling).toHaveTextContent('1,204');
    expect(stats.getByText('Total Seekers').nextElementSibling).toHaveTextContent('3,310');
    expect(stats.getByText('Active Sessions').nextElementSibling).toHaveTextContent('428');
    expect(stats.getAllByRole('term').map((term) => term.textContent)).toEqual([
      'Total Providers',
      'Total Seekers',
      'Active Sessions',
      'Approved Feedback',
      'Pending Feedback',
      'New Users (30 days)',
    ]);
    expect(stats.getByText('Approved Feedback').nextElementSibling).toHaveTextContent('812');
    expect(stats.getByText('Pending Feedback').nextElementSibling).toHaveTextContent('6');
    expect(stats.getByText('New Users (30 days)').nextElementSibling).toHaveTextContent('97');

    const activity = within(screen.getByRole('region', { name: 'Recent Activity' }));
    expect(activity.getByText('Sam Seeker').parentElement).toHaveTextContent('Sam Seeker signed up as a seeker');
    expect(activity.getByText('Less than an hour ago')).toBeInTheDocument();
    expect(activity.getByText('Shah Plumbing').parentElement).toHaveTextContent('Head Office hid a user from the directory: Shah Plumbing');

    const popular = within(screen.getByRole('region', { name: 'Most Popular Categories' })).getAllByRole('listitem');
    expect(popular.map((item) => item.textContent)).toEqual([
      'Plumber (Construction/Trade)200 providers',
      'Electrician (Construction/Trade)50 providers',
      'Dog Walker (Pets)1 provider',
    ]);
    // Bars against the most popular one, the smallest still 10% wide.
    expect(popular.map((item) => (item.querySelector('[data-bar]') as HTMLElement).style.width)).toEqual(['100%', '25%', '10%']);

    const days = within(screen.getByRole('region', { name: 'Sign-ups and jobs, last 30 days' }));
    expect(await days.findByText('Chart of 30 days')).toBeInTheDocument();
    const rows = days.getAllByRole('row');
    expect(rows).toHaveLength(31);
    expect(rows[1]).toHaveTextContent(/2958$/);
  });

  it('says so when no category has a listed provider yet', async () => {
    stubApi({ adminAnalytics: () => ({ ...analytics(), popularCategories: [] }) });
    renderApp('/admin/analytics', signedInAdmin());
    expect(
      await within(await screen.findByRole('region', { name: 'Most Popular Categories' })).findByText('No category has a listed provider yet.'),
    ).toBeInTheDocument();
  });

  it('says when the figures cannot be read and offers to try again', async () => {
    let fail = true;
    stubApi({
      adminAnalytics: () => {
        if (fail) throw new StubbedApiError(500, { error: { code: 'INTERNAL', message: 'boom' } });
        return analytics();
      },
    });
    const { user } = renderApp('/admin/analytics', signedInAdmin());
    expect(await screen.findByText(ADMIN_CONSOLE_MESSAGES.analyticsFailed)).toBeInTheDocument();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('1,204')).toBeInTheDocument();
  });
});
