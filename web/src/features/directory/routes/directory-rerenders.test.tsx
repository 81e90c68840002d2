import { act, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { ListCategoriesResponse, ProviderCard } from '@solutionz/shared';
import { stubApi } from '@/testing/fake-api';
import { createFakeAuth, fakeAccount } from '@/testing/fake-auth';
import { renderApp } from '@/testing/render';

/** Each rendering of a card's stars, by the rating rendered: a card that is rendered again renders its stars again. */
const starsRendered = vi.hoisted(() => [] as number[]);
vi.mock('@/components/ui/star-rating', () => ({
  StarRating: ({ value }: { value: number }) => {
    starsRendered.push(value);
    return <span>{value} stars</span>;
  },
}));

const categories: ListCategoriesResponse = { groups: [] };

function card(id: string, average: number): ProviderCard {
  return {
    id,
    businessName: `Business ${id}`,
    name: `Owner ${id}`,
    avatarUrl: null,
    categories: ['Construction/Trade > Plumber'],
    rating: { average, count: 3 },
    bioPreview: null,
    locationName: 'LS1 4',
    distanceMiles: 1,
    responseTime: null,
  };
}

/** A few turns of the event loop: the session read, the queries settled, the transitions rendered. */
const settle = () => act(() => new Promise((resolve) => setTimeout(resolve, 100)));

describe('the directory as the session changes', { timeout: 15_000 }, () => {
  it('renders each card once, and on sign-in renders the save buttons, not the cards again', async () => {
    stubApi({ listCategories: () => categories, searchProviders: () => ({ providers: [card('p-1', 4.5), card('p-2', 3)] }) });
    const account = fakeAccount({ accountType: 'client' });
    const app = renderApp('/directory?service=plumber&location=LS1+4', createFakeAuth({ accounts: [account] }));
    const results = await screen.findByRole('region', { name: 'Results' });
    expect(await within(results).findAllByRole('article')).toHaveLength(2);
    await settle();
    // Rendered once each: the search settling leaves the cards as they are.
    expect(starsRendered.sort()).toEqual([3, 4.5]);
    expect(within(results).queryByRole('button', { name: /save/i })).toBeNull();

    await act(() => app.fake.auth.signIn(account.profile.email, account.password));
    expect(await within(results).findAllByRole('button', { name: /save/i })).toHaveLength(2);
    await settle();
    expect(starsRendered).toHaveLength(2);
  });
});
