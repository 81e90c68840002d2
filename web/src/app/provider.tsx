import { ChakraProvider } from '@chakra-ui/react';
import { QueryClientContext, type QueryClient } from '@tanstack/react-query';
import { LucideProvider } from 'lucide-react';
import { lazy, Suspense, useEffect, useState, type ReactNode } from 'react';
import { SessionProvider, type ProfileFetcher } from '@/lib/auth/session';
import type { SessionEndReason } from '@/lib/auth/session-ended-signal';
import type { AuthClient } from '@/lib/auth/session-types';
import { markQueryClientProvided, whenQueryClientRequested } from '@/lib/query-client-gate';
import { whenToastRegionRequested } from '@/lib/toast-region-gate';
import { appSystem } from './theme';

const ToasterRegion = lazy(() => import('@/components/ui/toaster-region'));

// Rare, so its messages (and the toast queue) load only when it happens.
function tellSessionEnded(reason: SessionEndReason) {
  import('@/components/layout/session-ended-notice')
    .then(({ showSessionEndedNotice }) => showSessionEndedNotice(reason))
    .catch((error: unknown) => console.error('Could not show why the session ended', error));
}

/** The toast region mounts when the first toast is raised (toast-region-gate.ts): most visits raise none. */
function DeferredToasterRegion() {
  const [ready, setReady] = useState(false);
  useEffect(() => whenToastRegionRequested(() => setReady(true)), []);
  return ready ? (
    <Suspense>
      <ToasterRegion />
    </Suspense>
  ) : null;
}

/**
 * TanStack Query (about 14 KB gzip) stays out of the entry chunk and off a signed-out visit to the home
 * page: the client is created when first asked for (query-client-gate.ts: lazy screens and a signed-in
 * session ask). Until then the context is empty. Same mount/unmount as QueryClientProvider. The state
 * lives here, below ChakraProvider, so the client's arrival re-renders only the context's readers.
 */
function LazyQueryClientProvider({ given, children }: { given: QueryClient | undefined; children: ReactNode }) {
  const [queryClient, setQueryClient] = useState(given);
  useEffect(() => {
    if (queryClient) return;
    let active = true;
    const stop = whenQueryClientRequested(() => {
      import('./query-client')
        .then(({ createQueryClient }) => {
          // Not a transition: signed-in parts of the header (lazy chunks) read the client as soon as they load.
          if (active) setQueryClient(createQueryClient());
        })
        .catch((error: unknown) => console.error('Could not load the query client', error));
    });
    return () => {
      active = false;
      stop();
    };
  }, [queryClient]);
  useEffect(() => {
    if (!queryClient) return;
    queryClient.mount();
    markQueryClientProvided();
    return () => queryClient.unmount();
  }, [queryClient]);
  return <QueryClientContext value={queryClient}>{children}</QueryClientContext>;
}

/** `auth` and `fetchProfile` stand in for Cognito and the API in tests; `queryClient` skips the lazy load. */
export function AppProvider({
  children,
  auth,
  fetchProfile,
  queryClient,
}: {
  children: ReactNode;
  auth?: AuthClient;
  fetchProfile?: ProfileFetcher;
  queryClient?: QueryClient;
}) {
  return (
    <ChakraProvider value={appSystem()}>
      {/* Icons as tall as the text beside them unless CSS sizes them (Chakra's buttons and Icon do), not Lucide's 24 px. */}
      <LucideProvider size="1em">
        <LazyQueryClientProvider given={queryClient}>
          <SessionProvider auth={auth} fetchProfile={fetchProfile} onSessionEnded={tellSessionEnded}>
            {children}
            <DeferredToasterRegion />
          </SessionProvider>
        </LazyQueryClientProvider>
      </LucideProvider>
    </ChakraProvider>
  );
}
