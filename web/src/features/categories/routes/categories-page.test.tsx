import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { CATEGORIES_MESSAGES, MESSAGES, type CategoryGroup, type ProviderCard, type ProviderSearchResponse } from '@solutionz/shared';
import { stubApi, type ApiStubs } from '@/testing/fake-api';
import { renderApp } from '@/testing/render';

const category = (name: string, slug: string, displayOrder: number, providerCount: number) => ({ id: slug, name, slug, displayOrder, providerCount });
const groups: CategoryGroup[] = [
  {
    name: 'Construction/Trade',
    slug: 'construction-trade',
    displayOrder: 1,
    providerCount: 3,
    categories: [category('Plumber', 'plumber', 1, 2), category('Electrician', 'electrician', 2, 1)],
  },
  { name: 'Pets/Animals', slug: 'pets-animals', displayOrder: 2, providerCount: 1, categories: [category('Dog Walking', 'dog-walking', 1, 1)] },
];

const card = (id: string, businessName: string): ProviderCard => ({
  id,
  businessName,
  name: 'Priya Patel',
  avatarUrl: null,
  categories: ['Construction/Trade > Plumber'],
  rating: { average: 4.5, count: 2 },
  bioPreview: 'Boilers, bathrooms and leaks.',
  locationName: 'Leeds',
  distanceMiles: null,
  responseTime: null,
});

function open(path: string, stubs: ApiStubs = {}) {
  const api = stubApi({ listCategories: () => ({ groups }), ...stubs });
  return { ...renderApp(path), api };
}

const cards = () => within(screen.getByRole('list')).getAllByRole('listitem');

describe('/categories', { timeout: 20_000 }, () => {
  it('shows a card per group with its subcategory and professional counts, each opening the group', async () => {
    open('/categories');
    expect(await screen.findByRole('heading', { level: 1, name: CATEGORIES_MESSAGES.title })).toBeInTheDocument();
    const trade = await screen.findByRole('link', { name: 'Construction/Trade' });
    expect(trade).toHaveAttribute('href', '/categories/construction-trade');
    expect(cards().map((item) => item.textContent)).toEqual(['Construction/Trade2 subcategories·3 professionals', 'Pets/Animals1 subcategory·1 professional']);
    expect(document.title).toBe('Service Categories | Solutionz');
  });

  it('filters groups and subcategories as the person types, and says when nothing matches', async () => {
    const { user } = open('/categories');
    const search = await screen.findByRole('searchbox', { name: 'Search categories' });
    expect(search).toHaveAttribute('placeholder', CATEGORIES_MESSAGES.searchPlaceholder);
    await screen.findByRole('link', { name: 'Pets/Animals' });

    await user.type(search, 'ELECTR');
    expect(await screen.findByText('Electrician')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Pets/Animals' })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Construction/Trade' })).toBeInTheDocument();

    await user.clear(search);
    await user.type(search, 'pets');
    expect(await screen.findByRole('link', { name: 'Pets/Animals' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Construction/Trade' })).not.toBeInTheDocument();

    await user.type(search, ' and spaceships');
    expect(await screen.findByRole('heading', { name: CATEGORIES_MESSAGES.noneFound })).toBeInTheDocument();
    expect(screen.getByText(CATEGORIES_MESSAGES.adjustSearch)).toBeInTheDocument();
  });
});

describe('/categories/{slug}', { timeout: 20_000 }, () => {
  it('shows a group with its subcategories and its listed professionals, a page at a time', async () => {
    const pages: Record<string, ProviderSearchResponse> = {
      first: { providers: [card('p1', 'Pennine Plumbing')], nextCursor: 'page-2' },
      'page-2': { providers: [card('p2', 'Leeds Sparks')] },
    };
    const { user, api } = open('/categories/construction-trade', { searchProviders: ({ query }) => pages[query.cursor ?? 'first']! });

    expect(await screen.findByRole('heading', { level: 1, name: 'Construction/Trade' })).toBeInTheDocument();
    expect(screen.getByText('3 professionals listed')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Plumber (2)' })).toHaveAttribute('href', '/categories/plumber');
    expect(within(screen.getByRole('navigation', { name: 'breadcrumb' })).getByRole('link', { name: CATEGORIES_MESSAGES.title })).toHaveAttribute(
      'href',
      '/categories',
    );
    expect(await screen.findByRole('link', { name: 'Pennine Plumbing' })).toHaveAttribute('href', '/directory/p1');
    expect(screen.getByText('4.5 (2 reviews)')).toBeInTheDocument();
    expect(screen.getByText('Leeds')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Load more' }));
    expect(await screen.findByRole('link', { name: 'Leeds Sparks' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
    expect(api.callsTo('searchProviders').map((call) => [call.query.category, call.query.cursor])).toEqual([
      ['construction-trade', undefined],
      ['construction-trade', 'page-2'],
    ]);
  });

  it('shows a subcategory under its group, and says so when nobody is listed in it rather than showing everyone', async () => {
    open('/categories/dog-walking', { searchProviders: () => ({ providers: [card('p1', 'Someone Else')], fallback: true }) });
    expect(await screen.findByRole('heading', { level: 1, name: 'Dog Walking' })).toBeInTheDocument();
    expect(within(screen.getByRole('navigation', { name: 'breadcrumb' })).getByRole('link', { name: 'Pets/Animals' })).toHaveAttribute(
      'href',
      '/categories/pets-animals',
    );
    expect(await screen.findByText('No professionals are listed in Dog Walking yet.')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Someone Else' })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Search near you in the directory' })).toHaveAttribute('href', '/directory?category=dog-walking');
  });

  it('shows the not-found screen for a slug that names no category', async () => {
    open('/categories/underwater-basket-weaving');
    expect(await screen.findByRole('heading', { name: MESSAGES.notFound.heading })).toBeInTheDocument();
  });
});
