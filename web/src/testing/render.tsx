import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactElement } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { AppProvider } from '@/app/provider';
import { appRoutes } from '@/app/router';
import { createFakeAuth, type FakeAuth } from './fake-auth';

/** The whole app (routes, providers, toasts) at `path`, with an identity provider that needs no Cognito (signed out by default). */
export function renderApp(path: string, fake: FakeAuth = createFakeAuth()) {
  const router = createMemoryRouter(appRoutes, { initialEntries: [path] });
  const user = userEvent.setup();
  const view = render(
    <AppProvider auth={fake.auth} fetchProfile={fake.fetchProfile}>
      <RouterProvider router={router} />
    </AppProvider>,
  );
  return { ...view, router, user, fake };
}

/** One component inside the providers, for components that need Chakra but no routes. */
export function renderWithProviders(ui: ReactElement, fake: FakeAuth = createFakeAuth()) {
  const user = userEvent.setup();
  return { ...render(<AppProvider auth={fake.auth} fetchProfile={fake.fetchProfile}>{ui}</AppProvider>), user };
}
