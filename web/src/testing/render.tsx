import type { QueryClient } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactElement } from 'react';
import { createMemoryRouter, RouterProvider, type InitialEntry } from 'react-router-dom';
import { AppProvider } from '@/app/provider';
import { createQueryClient } from '@/app/query-client';
import { appRoutes } from '@/app/router';
import { createFakeAuth, type FakeAuth } from './fake-auth';

/**
 * The whole app (routes, providers, toasts) at `entry` (a path, or a location with navigation state), with an
 * identity provider that needs no Cognito (signed out by default); `queryClient` may hold what a server-rendered page brought.
 */
export function renderApp(entry: InitialEntry, fake: FakeAuth = createFakeAuth(), queryClient: QueryClient = createQueryClient()) {
  const router = createMemoryRouter(appRoutes, { initialEntries: [entry] });
  const user = userEvent.setup();
  const view = render(
    <AppProvider auth={fake.auth} fetchProfile={fake.fetchProfile} queryClient={queryClient}>
      <RouterProvider router={router} />
    </AppProvider>,
  );
  return { ...view, router, user, fake };
}

/** One component inside the providers, for components that need Chakra but no routes. */
export function renderWithProviders(ui: ReactElement, fake: FakeAuth = createFakeAuth()) {
  const user = userEvent.setup();
  return {
    ...render(
      <AppProvider auth={fake.auth} fetchProfile={fake.fetchProfile} queryClient={createQueryClient()}>
        {ui}
      </AppProvider>,
    ),
    user,
  };
}
