import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { DIRECTORY_MESSAGES, type ProviderCard, type SavedProvidersResponse } from '@solutionz/shared';
import { stubApi } from '@/testing/fake-api';
import { createFakeAuth, fakeAccount } from '@/testing/fake-auth';
import { renderApp } from '@/testing/render';

const card = (id: string, businessName: string | null, name = 'Priya Patel'): ProviderCard => ({
  id,
  businessName,
  name,
  avatarUrl: null,
  categories: [],
  rating: { average: null, count: 0 },
  bioPreview: null,
  locationName: 'Leeds',
  distanceMiles: null,
  responseTime: null,
});

const item = (providerId: string, provider: ProviderCard | null, savedAt = '2026-11-21T12:00:00.000Z') => ({ providerId, savedAt, provider });

/** /account on the bookmarks tab, signed in as a client whose saved list the API pages as `pages` say, less what was removed. */
async function openBookmarks(pages: Record<string, SavedProvidersResponse>) {
  const removed = new Set<string>();
  const api = stubApi({
    listCategories: () => ({ groups: [] }),
    listSavedProviders: ({ query }) => {
      const page = pages[query.cursor ?? 'first']!;
      return { ...page, saved: page.saved.filter((saved) => !removed.has(saved.providerId)) };
    },
    unsaveProvider: ({ params }) => {
      removed.add(params.providerId);
      return { providerId: params.providerId, saved: false };
    },
  });
  const view = renderApp('/account?tab=bookmarks', createFakeAuth({ signedInAs: fakeAccount({ userId: 'cara' }) }));
  await screen.findByRole('heading', { level: 1, name: 'Account Settings' });
  return { ...view, api };
}

describe('/account bookmarks: saved professionals', { timeout: 20_000 }, () => {
  it('lists saved professionals newest first with links to their profiles, a page at a time, and those no longer listed as such', async () => {
    const { user } = await openBookmarks({
      first: { saved: [item('p1', card('p1', 'Pennine Plumbing')), item('gone', null, '2026-11-01T09:00:00.000Z')], nextCursor: 'page-2' },
      'page-2': { saved: [item('p2', card('p2', null, 'Omar Shah'))] },
    });
    const list = await screen.findByRole('list', { name: 'Saved professionals' });
    expect(within(list).getByRole('link', { name: 'Pennine Plumbing' })).toHaveAttribute('href', '/directory/p1');
    expect(within(list).getByText('Priya Patel · Leeds · Saved 21 Nov 2026')).toBeInTheDocument();
    expect(within(list).getByText(DIRECTORY_MESSAGES.noLongerListed)).toBeInTheDocument();
    expect(within(list).getByText('Saved 01 Nov 2026')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Load more' }));
    expect(await within(list).findByRole('link', { name: 'Omar Shah' })).toHaveAttribute('href', '/directory/p2');
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
  });

  it('removes a professional at once, including one no longer listed, and says so', async () => {
    const { user, api } = await openBookmarks({ first: { saved: [item('p1', card('p1', 'Pennine Plumbing')), item('gone', null)] } });

    await user.click(await screen.findByRole('button', { name: 'Remove Pennine Plumbing from saved' }));
    await waitFor(() => expect(screen.queryByRole('link', { name: 'Pennine Plumbing' })).not.toBeInTheDocument());
    expect(await screen.findByText(DIRECTORY_MESSAGES.removed)).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Remove unavailable professional from saved' }));
    await waitFor(() => expect(screen.queryByText(DIRECTORY_MESSAGES.noLongerListed)).not.toBeInTheDocument());
    expect(api.callsTo('unsaveProvider').map((call) => call.params.providerId)).toEqual(['p1', 'gone']);
  });

  it('offers the directory when nothing is saved', async () => {
    await openBookmarks({ first: { saved: [] } });
    expect(await screen.findByRole('heading', { name: 'No saved professionals yet' })).toBeInTheDocument();
    expect(within(screen.getByRole('tabpanel', { name: 'Bookmarks' })).getByRole('link', { name: 'Find Professionals' })).toHaveAttribute('href', '/directory');
  });
});
