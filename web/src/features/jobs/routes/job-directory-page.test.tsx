import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { stubApi } from '@/testing/fake-api';
import { renderApp } from '@/testing/render';

/** The board signed out at `entry`, with no jobs, once its filters are up. */
async function openBoard(entry: string) {
  const api = stubApi({ listCategories: () => ({ groups: [] }), listJobs: () => ({ jobs: [], total: 0, page: 1, pageCount: 0 }) });
  const view = renderApp(entry);
  const filters = within(await screen.findByRole('search', { name: 'Job filters' }, { timeout: 5000 }));
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
