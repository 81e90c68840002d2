import { act, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { HOME_TITLE, MESSAGES } from '@solutionz/shared';
import { createFakeAuth, fakeAccount } from '@/testing/fake-auth';
import { stubGeolocation } from '@/testing/geolocation';
import { renderApp } from '@/testing/render';

afterEach(() => vi.unstubAllGlobals());

const DIRECTORY_TEST_MS = 15_000;

async function openHome(readSession?: Parameters<typeof renderApp>[1]) {
  const app = renderApp('/', readSession);
  await screen.findByRole('heading', { level: 1, name: /find trusted local professionals/i });
  return app;
}

describe('home page search', () => {
  it('names the page with the home title', async () => {
    await openHome();
    // The title is set by an effect, which may run just after the heading appears.
    await waitFor(() => expect(document.title).toBe(HOME_TITLE));
  });

  it('warns with a toast and stays put when both fields are empty', async () => {
    const { user, router } = await openHome();
    await user.click(screen.getByRole('button', { name: 'Search' }));
    expect(await screen.findByText(MESSAGES.searchEmpty.title)).toBeInTheDocument();
    expect(screen.getByText(MESSAGES.searchEmpty.description)).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/');
  });

  it(
    'searches on Enter in the service box with service and location',
    async () => {
      const { user, router } = await openHome();
      await user.type(screen.getByRole('textbox', { name: 'Location' }), 'Manchester');
      await user.type(screen.getByRole('textbox', { name: 'Service' }), 'Plumber & gas{Enter}');
      expect(await screen.findByRole('heading', { level: 1, name: 'Professionals' })).toBeInTheDocument();
      expect(router.state.location.pathname).toBe('/directory');
      const query = new URLSearchParams(router.state.location.search);
      expect(query.get('service')).toBe('Plumber & gas');
      expect(query.get('location')).toBe('Manchester');
      expect(query.has('nearme')).toBe(false);
    },
    DIRECTORY_TEST_MS,
  );

  it(
    'searches near me with the applied radius',
    async () => {
      let answer: ((position: { coords: { latitude: number; longitude: number } }) => void) | undefined;
      stubGeolocation({ getCurrentPosition: (success) => (answer = success) });
      const { user, router } = await openHome();
      await user.type(screen.getByRole('textbox', { name: 'Service' }), 'Electrician');
      await user.click(screen.getByRole('button', { name: 'Near me' }));
      act(() => answer?.({ coords: { latitude: 52.48, longitude: -1.9 } }));
      await user.selectOptions(screen.getByRole('combobox', { name: 'Search radius' }), '10 miles');
      await user.click(screen.getByRole('button', { name: 'Apply' }));
      await user.click(screen.getByRole('button', { name: 'Search' }));
      expect(await screen.findByRole('heading', { level: 1, name: 'Professionals' })).toBeInTheDocument();

      const query = new URLSearchParams(router.state.location.search);
      expect(router.state.location.pathname).toBe('/directory');
      expect(Object.fromEntries(query)).toEqual({ service: 'Electrician', nearme: 'true', radius: '10' });
      // The position goes along in the history entry, not in the address, so the directory need not ask again.
      expect(router.state.location.state).toEqual({ nearMe: { latitude: 52.48, longitude: -1.9 } });
    },
    DIRECTORY_TEST_MS,
  );

  it('shows signed-out visitors both calls to action', async () => {
    await openHome();
    const hero = screen.getByRole('region', { name: /find trusted local professionals/i });
    expect(await within(hero).findByRole('link', { name: 'Become Part of the Solution' })).toHaveAttribute('href', '/signup?type=provider');
    expect(within(hero).getByRole('link', { name: 'Post a Job' })).toHaveAttribute('href', '/post-job');
  });

  it('shows signed-in visitors only Post a Job', async () => {
    const { user } = await openHome(createFakeAuth({ signedInAs: fakeAccount() }));
    // jsdom applies the base (narrow-screen) styles, so the header's links are behind the menu button.
    await user.click(await screen.findByRole('button', { name: 'Open menu' }));
    expect((await screen.findAllByRole('button', { name: 'Chloe Clarke' })).length).toBeGreaterThan(0);
    const hero = screen.getByRole('region', { name: /find trusted local professionals/i });
    expect(within(hero).queryByRole('link', { name: 'Become Part of the Solution' })).not.toBeInTheDocument();
    expect(within(hero).getByRole('link', { name: 'Post a Job' })).toHaveAttribute('href', '/post-job');
  });
});
