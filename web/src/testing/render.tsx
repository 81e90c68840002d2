import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactElement } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { AppProvider } from '@/app/provider';
import { appRoutes } from '@/app/router';
import type { SessionState } from '@/lib/auth/session-types';

const signedOut = () => Promise.resolve<SessionState>({ status: 'signedOut' });

/** The whole app (routes, providers, toasts) at `path`, with a session that needs no Cognito. */
export function renderApp(path: string, readSession: () => Promise<SessionState> = signedOut) {
  const router = createMemoryRouter(appRoutes, { initialEntries: [path] });
  const user = userEvent.setup();
  const view = render(
    <AppProvider readSession={readSession}>
      <RouterProvider router={router} />
    </AppProvider>,
  );
  return { ...view, router, user };
}

/** One component inside the providers, for components that need Chakra but no routes. */
export function renderWithProviders(ui: ReactElement) {
  const user = userEvent.setup();
  return { ...render(<AppProvider readSession={signedOut}>{ui}</AppProvider>), user };
}
