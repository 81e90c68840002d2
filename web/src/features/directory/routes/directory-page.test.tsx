import { act, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import {
  DIRECTORY_MESSAGES,
  ERROR_CODES,
  LOCATION_MESSAGES,
  MESSAGES,
  PRODUCT_NAME,
  RESPONSE_TIME_MESSAGES,
  type ListCategoriesResponse,
  type ProviderCard,
} from '@solutionz/shared';
import { StubbedApiError, stubApi, type ApiStubs } from '@/testing/fake-api';
import { createFakeAuth, fakeAccount } from '@/testing/fake-auth';
import { stubGeolocation } from '@/testing/geolocation';
import { renderApp } from '@/testing/render';

function card(overrides: Partial<ProviderCard> = {}): ProviderCard {
  return {
    id: 'p-1',
    businessName: 'Aire Valley Plumbing',
    name: 'Priya Patel',
    avatarUrl: null,
    categories: ['Construction/Trade > Plumber'],
    rating: { average: null, count: 0 },
    bioPreview: 'Boilers, bathrooms and leaks across Leeds.',
    locationName: 'LS1 4',
    distanceMiles: null,
    responseTime: null,
    ...overrides,
  };
}

const categories: ListCategoriesResponse = {
  groups: [
    {
      name: 'Construction/Trade',
      slug: 'construction-trade',
      displayOrder: 1,
      providerCount: 2,
      categories: [
        { id: 'c-1', name: 'Plumber', slug: 'plumber', displayOrder: 1, providerCount: 1 },
        { id: 'c-2', name: 'Electrician', slug: 'electrician', displayOrder: 2, providerCount: 1 },
      ],
    },
  ],
};

function stubDirectory(searchProviders: NonNullable<ApiStubs['searchProviders']>, extra: ApiStubs = {}) {
  return stubApi({ listCategories: () => categories, searchProviders, ...extra });
}

async function openDirectory(entry: Parameters<typeof renderApp>[0], auth?: Parameters<typeof renderApp>[1]) {
  const app = renderApp(entry, auth);
  await screen.findByRole('heading', { level: 1, name: 'Professionals' });
  return app;
}

const results = () => screen.getByRole('region', { name: 'Results' });
const filters = () => screen.getByRole('search', { name: 'Filter professionals' });

describe('directory page', { timeout: 15_000 }, () => {
  it.each(['provider', 'client', 'admin'] as const)('lists the professionals at a bare /directory for a signed-in %s, who stays on it', async (accountType) => {
    stubDirectory(() => ({ providers: [card()] }));
    const { router } = await openDirectory('/directory', createFakeAuth({ signedInAs: fakeAccount({ userId: 'me-1', accountType }) }));
    expect(await within(results()).findByRole('article', { name: 'Aire Valley Plumbing' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/directory');
  });

  it('searches with the filters in the address and shows each professional as a card', async () => {
    const api = stubDirectory(() => ({
      providers: [
        card({
          id: 'p-1',
          distanceMiles: 0.4,
          rating: { average: 4.5, count: 12 },
          categories: ['Construction/Trade > Plumber', 'Construction/Trade > Electrician', 'Construction/Trade > Tiler', 'Construction/Trade > Roofer', 'IT'],
        }),
        card({ id: 'p-2', businessName: null, name: 'Sam Shah', distanceMiles: 3.25, bioPreview: null, locationName: 'LS6 2' }),
      ],
    }));
    await openDirectory('/directory?service=plumber&category=plumber&location=LS1+4&radius=10');

    await waitFor(() => expect(document.title).toBe(`Plumber near LS1 4 | ${PRODUCT_NAME}`));
    const first = await within(results()).findByRole('article', { name: 'Aire Valley Plumbing' });
    expect(api.callsTo('searchProviders')[0]!.query).toMatchObject({ service: 'plumber', category: 'plumber', location: 'LS1 4', radius: '10' });
    expect(within(first).getByRole('link', { name: 'Aire Valley Plumbing' })).toHaveAttribute('href', '/directory/p-1');
    expect(within(first).getByText('Priya Patel')).toBeInTheDocument();
    const services = within(first).getByRole('list', { name: 'Services' });
    const chips = within(services).getAllByRole('listitem');
    expect(chips.slice(0, 3).map((chip) => chip.textContent)).toEqual(['Plumber', 'Electrician', 'Tiler']);
    expect(chips[3]).toHaveTextContent('+2 and 2 more');
    expect(within(first).getByRole('img', { name: 'Rating: 4.5 out of 5 stars' })).toBeInTheDocument();
    expect(within(first).getByText('4.5 (12 reviews)')).toBeInTheDocument();
    expect(within(first).getByText('0.4 miles away')).toBeInTheDocument();

    const second = within(results()).getByRole('article', { name: 'Sam Shah' });
    expect(within(second).getByText('No reviews yet')).toBeInTheDocument();
    expect(within(second).getByText('3.3 miles away')).toBeInTheDocument();
    expect(within(second).getByText('LS6 2')).toBeInTheDocument();

    const bar = filters();
    expect(within(bar).getByRole('textbox', { name: 'Service' })).toHaveValue('plumber');
    expect(within(bar).getByRole('combobox', { name: 'Location' })).toHaveValue('LS1 4');
    expect(within(bar).getByRole('combobox', { name: 'Radius' })).toHaveValue('10');
    await waitFor(() => expect(within(bar).getByRole('combobox', { name: 'Category' })).toHaveValue('plumber'));
  });

  it('shows each card’s measured reply time, and the quick-replies switch searches at once and goes into the address', async () => {
    const api = stubDirectory(({ query }) => ({
      providers:
        query.replies === 'day'
          ? [card({ responseTime: { conversations: 5, medianSeconds: 25 * 60, repliedWithin48hPercent: 100 } })]
          : [
              card({ responseTime: { conversations: 5, medianSeconds: 25 * 60, repliedWithin48hPercent: 100 } }),
              card({ id: 'p-new', businessName: 'Fresh Start Plumbing' }),
            ],
    }));
    const { user, router } = await openDirectory('/directory?service=plumber');
    const quick = await within(results()).findByRole('article', { name: 'Aire Valley Plumbing' });
    expect(within(quick).getByText('Usually replies within 25 minutes')).toBeInTheDocument();
    expect(within(quick).getByText('· Replies to 100% of clients within 48 hours')).toBeInTheDocument();
    expect(within(results()).getByRole('article', { name: 'Fresh Start Plumbing' })).toHaveTextContent(RESPONSE_TIME_MESSAGES.newProvider);

    await user.click(within(filters()).getByRole('checkbox', { name: RESPONSE_TIME_MESSAGES.filterLabel }));
    // Asked first: the results are empty for a moment before the request goes out, while the new search loads.
    await waitFor(() => expect(api.callsTo('searchProviders').at(-1)!.query).toMatchObject({ service: 'plumber', replies: 'day' }));
    expect(await within(results()).findByRole('article', { name: 'Aire Valley Plumbing' })).toBeInTheDocument();
    expect(within(results()).queryByRole('article', { name: 'Fresh Start Plumbing' })).not.toBeInTheDocument();
    expect(router.state.location.search).toBe('?service=plumber&replies=day');
  });

  it('shows no distance when the search has no place', async () => {
    stubDirectory(() => ({ providers: [card()] }));
    await openDirectory('/directory');
    const found = await within(results()).findByRole('article', { name: 'Aire Valley Plumbing' });
    expect(within(found).queryByText(/miles away/)).not.toBeInTheDocument();
  });

  it('loads more with the cursor and keeps the cards already shown', async () => {
    const api = stubDirectory(({ query }) =>
      query.cursor === 'page-2' ? { providers: [card({ id: 'p-2', businessName: 'Kirkstall Heating' })] } : { providers: [card()], nextCursor: 'page-2' },
    );
    const { user } = await openDirectory('/directory?service=plumber');
    await within(results()).findByRole('article', { name: 'Aire Valley Plumbing' });
    expect(screen.getByText('Showing the first 1 professional')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Load more' }));
    expect(await within(results()).findByRole('article', { name: 'Kirkstall Heating' })).toBeInTheDocument();
    expect(within(results()).getByRole('article', { name: 'Aire Valley Plumbing' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
    expect(api.callsTo('searchProviders').map((call) => call.query.cursor)).toEqual([undefined, 'page-2']);
  });

  it('searches again when the radius changes, puts it in the address, and Back restores the search before', async () => {
    const api = stubDirectory(({ query }) => ({
      providers: query.radius === 50 ? [card(), card({ id: 'p-far', businessName: 'Harrogate Heating', distanceMiles: 14.2 })] : [card()],
      place: { name: 'Leeds', lat: 53.8, lng: -1.55, precision: 'town' },
    }));
    const { user, router } = await openDirectory('/directory?service=plumber&location=Leeds');
    await within(results()).findByRole('article', { name: 'Aire Valley Plumbing' });
    expect(screen.getByText('Showing 1 professional within 25 miles of Leeds')).toBeInTheDocument();

    await user.selectOptions(within(filters()).getByRole('combobox', { name: 'Radius' }), '50 miles');
    expect(await within(results()).findByRole('article', { name: 'Harrogate Heating' })).toBeInTheDocument();
    expect(Object.fromEntries(new URLSearchParams(router.state.location.search))).toEqual({ service: 'plumber', location: 'Leeds', radius: '50' });
    expect(api.callsTo('searchProviders').at(-1)!.query).toMatchObject({ location: 'Leeds', radius: '50' });

    await act(() => router.navigate(-1));
    await waitFor(() => expect(within(results()).queryByRole('article', { name: 'Harrogate Heating' })).not.toBeInTheDocument());
    expect(within(filters()).getByRole('combobox', { name: 'Radius' })).toHaveValue('25');
    expect(within(filters()).getByRole('combobox', { name: 'Location' })).toHaveValue('Leeds');
  });

  it('searches the typed service and place on Search, and a category at once', async () => {
    const api = stubDirectory(() => ({ providers: [card()] }));
    const { user, router } = await openDirectory('/directory');
    await within(results()).findByRole('article', { name: 'Aire Valley Plumbing' });

    const bar = filters();
    await user.type(within(bar).getByRole('textbox', { name: 'Service' }), 'sparky');
    await user.type(within(bar).getByRole('combobox', { name: 'Location' }), 'York');
    await user.click(within(bar).getByRole('button', { name: 'Search' }));
    await waitFor(() => expect(router.state.location.search).toBe('?service=sparky&location=York'));

    await waitFor(() => expect(within(bar).getByRole('option', { name: 'All Construction/Trade' })).toBeInTheDocument());
    await user.selectOptions(within(bar).getByRole('combobox', { name: 'Category' }), 'Electrician');
    await waitFor(() => expect(router.state.location.search).toBe('?service=sparky&category=electrician&location=York'));
    await waitFor(() => expect(api.callsTo('searchProviders').at(-1)!.query).toMatchObject({ service: 'sparky', category: 'electrician', location: 'York' }));
  });

  it('warns when nothing matched and these are all professionals instead', async () => {
    stubDirectory(() => ({ providers: [card({ distanceMiles: 120.5 })], fallback: true, place: { name: 'York', lat: 53.96, lng: -1.08, precision: 'town' } }));
    await openDirectory('/directory?service=unicorn+grooming&location=York');
    expect(await screen.findByText(DIRECTORY_MESSAGES.fallback)).toBeInTheDocument();
    expect(within(results()).getByRole('article', { name: 'Aire Valley Plumbing' })).toBeInTheDocument();
    // Everyone is shown, not only those within the radius.
    expect(screen.getByText('Showing 1 professional')).toBeInTheDocument();
  });

  it('says no professionals were found and Clear Filters starts over', async () => {
    stubDirectory(({ query }) => ({ providers: query.service ? [] : [card()] }));
    const { user, router } = await openDirectory('/directory?service=plumber&location=Leeds');
    expect(await screen.findByRole('heading', { name: 'No professionals found' })).toBeInTheDocument();

    await user.click(screen.getByRole('link', { name: DIRECTORY_MESSAGES.clearFilters }));
    expect(await within(results()).findByRole('article', { name: 'Aire Valley Plumbing' })).toBeInTheDocument();
    expect(router.state.location.search).toBe('');
    expect(within(filters()).getByRole('textbox', { name: 'Service' })).toHaveValue('');
  });

  it('shows a place the API cannot find under Location with places to choose, and choosing one searches from it', async () => {
    const api = stubDirectory(({ query }) => {
      if (query.location === 'Leedz') {
        throw new StubbedApiError(400, {
          error: {
            code: ERROR_CODES.validation.code,
            message: MESSAGES.api.invalidRequest,
            fields: { 'query.location': LOCATION_MESSAGES.notFound },
            suggestions: [{ name: 'Leeds', lat: 53.8, lng: -1.55, precision: 'town' }],
          },
        });
      }
      return { providers: [card({ distanceMiles: 0.2 })] };
    });
    const { user, router } = await openDirectory('/directory?location=Leedz');

    const location = within(filters()).getByRole('combobox', { name: 'Location' });
    await waitFor(() => expect(location).toHaveAttribute('aria-invalid', 'true'));
    expect(screen.getByText(`${LOCATION_MESSAGES.notFound}. ${DIRECTORY_MESSAGES.manualLocation}`)).toBeInTheDocument();
    expect(screen.queryByText(DIRECTORY_MESSAGES.loadFailed)).not.toBeInTheDocument();
    expect(api.callsTo('searchProviders')).toHaveLength(1);

    await user.click(within(screen.getByRole('group', { name: 'Places to choose from' })).getByRole('button', { name: 'Leeds' }));
    expect(await within(results()).findByText('0.2 miles away')).toBeInTheDocument();
    expect(router.state.location.search).toBe('?location=Leeds');
    expect(screen.queryByText(LOCATION_MESSAGES.notFound, { exact: false })).not.toBeInTheDocument();
  });

  it('says the professionals could not be loaded, and Try again loads them', async () => {
    let fail = true;
    stubDirectory(() => {
      if (fail) throw new StubbedApiError(500, { error: { code: 'INTERNAL', message: MESSAGES.api.internal } });
      return { providers: [card()] };
    });
    const { user } = await openDirectory('/directory');
    // The client asks once more before it gives up on a server error.
    expect(await screen.findByText(DIRECTORY_MESSAGES.loadFailed)).toBeInTheDocument();

    fail = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await within(results()).findByRole('article', { name: 'Aire Valley Plumbing' })).toBeInTheDocument();
  });

  it('offers the save button to signed-in people only', async () => {
    stubDirectory(() => ({ providers: [card()] }), { listSavedProviders: () => ({ saved: [] }) });
    await openDirectory('/directory', createFakeAuth({ signedInAs: fakeAccount() }));
    const found = await within(results()).findByRole('article', { name: 'Aire Valley Plumbing' });
    expect(await within(found).findByRole('button', { name: 'Save Aire Valley Plumbing' })).toBeInTheDocument();
  });

  it('shows visitors no save button', async () => {
    stubDirectory(() => ({ providers: [card()] }));
    await openDirectory('/directory');
    const found = await within(results()).findByRole('article', { name: 'Aire Valley Plumbing' });
    expect(within(found).queryByRole('button', { name: /save/i })).not.toBeInTheDocument();
  });
});

describe('directory near me', { timeout: 15_000 }, () => {
  const position = (latitude: number, longitude: number) => ({ coords: { latitude, longitude } });

  it('uses the position the home page found without asking the device again', async () => {
    const getCurrentPosition = vi.fn();
    stubGeolocation({ getCurrentPosition });
    const api = stubDirectory(() => ({ providers: [card({ distanceMiles: 1.1 })] }));
    await openDirectory({ pathname: '/directory', search: '?nearme=true&radius=10', state: { nearMe: { latitude: 53.8, longitude: -1.55 } } });

    expect(await within(results()).findByText('1.1 miles away')).toBeInTheDocument();
    expect(api.callsTo('searchProviders')[0]!.query).toMatchObject({ lat: '53.8', lng: '-1.55', radius: '10' });
    expect(within(filters()).getByText('Using your location')).toBeInTheDocument();
    expect(screen.getByText('Showing 1 professional within 10 miles of your location')).toBeInTheDocument();
    expect(getCurrentPosition).not.toHaveBeenCalled();
  });

  it('asks the device where it is for a near-me address opened anew, and keeps the position out of the address', async () => {
    stubGeolocation({ getCurrentPosition: (success) => success(position(51.5, -0.12)) });
    const api = stubDirectory(() => ({ providers: [card({ distanceMiles: 2 })] }));
    const { router } = await openDirectory('/directory?service=plumber&nearme=true&radius=25');

    expect(await within(results()).findByText('2.0 miles away')).toBeInTheDocument();
    expect(api.callsTo('searchProviders')[0]!.query).toMatchObject({ service: 'plumber', lat: '51.5', lng: '-0.12', radius: '25' });
    expect(router.state.location.search).toBe('?service=plumber&nearme=true&radius=25');
  });

  it('searches near me from the Near me button with the service typed, and the X goes back to a place', async () => {
    stubGeolocation({ getCurrentPosition: (success) => success(position(53.48, -2.24)) });
    const api = stubDirectory(() => ({ providers: [card()] }));
    const { user, router } = await openDirectory('/directory?location=Leeds');
    await within(results()).findByRole('article', { name: 'Aire Valley Plumbing' });

    await user.type(within(filters()).getByRole('textbox', { name: 'Service' }), 'sparky');
    await user.click(within(filters()).getByRole('button', { name: 'Near me' }));
    await waitFor(() => expect(router.state.location.search).toBe('?service=sparky&nearme=true&radius=25'));
    await waitFor(() => expect(api.callsTo('searchProviders').at(-1)!.query).toMatchObject({ lat: '53.48', lng: '-2.24' }));
    expect(api.callsTo('searchProviders').at(-1)!.query).not.toHaveProperty('location');

    await user.click(within(filters()).getByRole('button', { name: 'Clear location' }));
    await waitFor(() => expect(router.state.location.search).toBe('?service=sparky'));
    expect(within(filters()).getByRole('combobox', { name: 'Location' })).toHaveValue('');
  });

  it('says why the device gave no position and that a place can be typed instead, and searches without one', async () => {
    stubGeolocation({ getCurrentPosition: (_success, failure) => failure?.({ code: 1, message: 'denied' }) });
    const api = stubDirectory(() => ({ providers: [card()] }));
    await openDirectory('/directory?service=plumber&nearme=true&radius=25');

    expect(await screen.findByText(`${MESSAGES.geolocation.denied}. ${DIRECTORY_MESSAGES.manualLocation}`)).toBeInTheDocument();
    expect(within(filters()).getByRole('combobox', { name: 'Location' })).toHaveAttribute('aria-invalid', 'true');
    expect(await within(results()).findByRole('article', { name: 'Aire Valley Plumbing' })).toBeInTheDocument();
    const sent = api.callsTo('searchProviders')[0]!.query;
    expect(sent).toMatchObject({ service: 'plumber' });
    expect(sent).not.toHaveProperty('lat');
  });
});
