import type { QueryClient } from '@tanstack/react-query';
import { RouterProvider } from 'react-router-dom';
import type { DataRouter } from 'react-router-dom';
import { AppProvider } from './provider';

/** The app in the browser: its router (main.tsx creates it once the first page's code is in) and, on a rendered page, its query cache. */
export function App({ router, queryClient }: { router: DataRouter; queryClient?: QueryClient }) {
  return (
    <AppProvider queryClient={queryClient}>
      <RouterProvider router={router} />
    </AppProvider>
  );
}
