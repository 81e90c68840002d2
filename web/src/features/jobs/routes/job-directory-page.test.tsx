import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ERROR_CODES, jobListQuery, readJobBoardFilters, RENDERED_QUERY_KEYS, type Job } from '@solutionz/shared';
import { createQueryClient, seedQueryClient } from '@/app/query-client';
import { createFakeAuth } from '@/testing/fake-auth';
import { stubApi, StubbedApiError } from '@/testing/fake-api';
import { renderApp } from '@/testing/render';

/** The board signed out at `entry`, with no jobs, once its filters are up. */
async function openBoard(entry: string) {
  const api = stubApi({ listCategories: () => ({ groups: [] }), listJobs: () => ({ jobs: [], page: 1, total: 0, pageCount: 1 }) });
  const view = renderApp(entry);
  const filters = within(await screen.findByRole('search', { name: 'Job filters' }));
  return { ...view, api, filters };
}

describe('/job-directory: the radius around a place', { timeout: 20_000 }, () => {
  it('offers a radius only once a place is typed, then searches within it and keeps it in the address', async () => {
    const { user, api, router, filters } = await openBoard('/job-directory');
    const radius = filters.getByRole('combobox', { name: 'Radius' });
    expect(radius).toBeDisabled();
    expect(radius).toHaveValue('25');
    expect(radius).toHaveAccessibleDescription('Type a place to search around it.');

    await user.type(filters.getByRole('textbox', { name: 'Location' }), 'Leeds');
    expect(radius).toBeEnabled();
    await user.selectOptions(radius, '50');
    await waitFor(() => expect(router.state.location.search).toBe('?location=Leeds&radius=50'));
    await waitFor(() => expect(api.callsTo('listJobs').at(-1)?.query).toMatchObject({ location: 'Leeds', radius: '50' }));
  });

  it('reads the radius from the address', async () => {
    const { api, filters } = await openBoard('/job-directory?location=Leeds&radius=10');
    expect(filters.getByRole('combobox', { name: 'Radius' })).toHaveValue('10');
    await waitFor(() => expect(api.callsTo('listJobs').at(-1)?.query).toMatchObject({ location: 'Leeds', radius: '10' }));
  });

  it('asks for the default radius around a place when the address gives none', async () => {
    const { api, filters } = await openBoard('/job-directory?location=York');
    expect(filters.getByRole('combobox', { name: 'Radius' })).toHaveValue('25');
    await waitFor(() => expect(api.callsTo('listJobs').at(-1)?.query).toMatchObject({ location: 'York', radius: '25' }));
  });
});

describe('/job-directory: paging', { timeout: 20_000 }, () => {
  const job = (n: number): Job => ({
    id: `job-${n}`,
    title: `Job ${n}`,
    description: 'Something to fix.',
    categories: ['Home Services > Plumber'],
    locationName: 'Leeds',
    postedAt: '2026-11-01T10:00:00.000Z',
    revealCount: 0,
    revealCap: 5,
    enoughInterest: false,
  });

  it('numbers the pages: a neighbour by its page token, the last by its number, each page an entry in the history', async () => {
    const page = (n: number, tokens: { nextCursor?: string; previousCursor?: string } = {}) => ({
      jobs: n === 3 ? [job(11)] : [1, 2, 3, 4, 5].map((k) => job((n - 1) * 5 + k)),
      page: n,
      total: 11,
      pageCount: 3,
      ...tokens,
    });
    const api = stubApi({
      listCategories: () => ({ groups: [] }),
      listJobs: ({ query }) =>
        query.cursor === 'to-2'
          ? page(2, { previousCursor: 'to-1', nextCursor: 'to-3' })
          : String(query.page) === '3'
            ? page(3, { previousCursor: 'to-2' })
            : page(1, { nextCursor: 'to-2' }),
    });
    const { user, router } = renderApp('/job-directory');
    expect(await screen.findByText('11 jobs, page 1 of 3')).toBeVisible();
    const pages = within(screen.getByRole('navigation', { name: 'Pagination' }));
    expect(pages.getByRole('button', { name: 'Previous' })).toBeDisabled();
    expect(pages.getByRole('link', { name: 'Page 1' })).toHaveAttribute('aria-current', 'page');
    expect(pages.getByRole('link', { name: 'Page 3' })).toHaveAttribute('href', '/job-directory?page=3');

    await user.click(pages.getByRole('link', { name: 'Next' }));
    expect(await screen.findByText('11 jobs, page 2 of 3')).toBeVisible();
    expect(router.state.location.search).toBe('?page=2&cursor=to-2');
    expect(pages.getByRole('link', { name: 'Page 2' })).toHaveAttribute('aria-current', 'page');
    expect(pages.getByRole('link', { name: 'Previous' })).toHaveAttribute('href', '/job-directory');

    await user.click(pages.getByRole('link', { name: 'Page 3' }));
    expect(await screen.findByText('11 jobs, page 3 of 3')).toBeVisible();
    expect(screen.getAllByRole('article')).toHaveLength(1);
    expect(pages.getByRole('button', { name: 'Next' })).toBeDisabled();
    expect(pages.getByRole('link', { name: 'Page 2' })).toHaveAttribute('href', '/job-directory?page=2&cursor=to-2');

    await router.navigate(-1);
    expect(await screen.findByText('11 jobs, page 2 of 3')).toBeVisible();
    // A filter starts again from the first page.
    await user.click(screen.getByRole('button', { name: 'Filters' }));
    await user.selectOptions(screen.getByRole('combobox', { name: 'Budget type' }), 'hourly');
    await waitFor(() => expect(router.state.location.search).toBe('?budgetType=hourly'));
    expect(screen.getByRole('button', { name: 'Filters (1)' })).toHaveAttribute('aria-expanded', 'true');
    expect(api.callsTo('listJobs').map((call) => String(call.query.page))).toContain('3');
  });

  it('shows the board a server-rendered page came with while the session is read, and asks for it again once it is known', async () => {
    const api = stubApi({ listCategories: () => ({ groups: [] }), listJobs: () => ({ jobs: [job(2)], page: 1, total: 1, pageCount: 1 }) });
    // What the page function rendered /job-directory?location=Leeds with, under the key it gives (shared RENDERED_QUERY_KEYS).
    const queryClient = createQueryClient();
    const query = jobListQuery(readJobBoardFilters(new URLSearchParams('location=Leeds')));
    seedQueryClient(
      queryClient,
      { readAt: Date.now(), queries: [[RENDERED_QUERY_KEYS.jobBoard(query, false), { jobs: [job(1)], page: 1, total: 1, pageCount: 1 }]] },
      { askAgain: true },
    );
    let sessionRead!: () => void;
    const fake = createFakeAuth();
    const reading = new Promise<null>((resolve) => (sessionRead = () => resolve(null)));
    renderApp('/job-directory?location=Leeds', { ...fake, auth: { ...fake.auth, currentUser: () => reading } }, queryClient);

    expect(await screen.findByRole('article', { name: 'Job 1' })).toBeVisible();
    expect(screen.queryByLabelText('Loading jobs')).not.toBeInTheDocument();
    expect(api.callsTo('listJobs')).toHaveLength(0);
    sessionRead();
    expect(await screen.findByRole('article', { name: 'Job 2' })).toBeVisible();
    expect(api.callsTo('listJobs')).toHaveLength(1);
  });

  it('shows why a place cannot be searched', async () => {
    stubApi({
      listCategories: () => ({ groups: [] }),
      listJobs: () => {
        throw new StubbedApiError(400, { error: { code: ERROR_CODES.validation.code, message: 'We could not find that place' } });
      },
    });
    renderApp('/job-directory?location=Nowhere');
    expect(await screen.findByText('We could not find that place')).toBeVisible();
  });
});
