import { ChakraProvider } from '@chakra-ui/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { lazy, Suspense, useEffect, useState, type ReactNode } from 'react';
import { SessionProvider, type ProfileFetcher } from '@/lib/auth/session';
import type { AuthClient } from '@/lib/auth/session-types';
import { system } from './theme';

const ToasterRegion = lazy(() => import('@/components/ui/toaster-region'));

/** The toast region mounts once the first page is up: nothing can toast before then, and it costs start-up time. */
function DeferredToasterRegion() {
  const [ready, setReady] = useState(false);
  useEffect(() => {
    const idle = window.requestIdleCallback ?? ((callback: () => void) => window.setTimeout(callback, 1));
    idle(() => setReady(true));
  }, []);
  return ready ? (
    <Suspense>
      <ToasterRegion />
    </Suspense>
  ) : null;
}

/** `auth` and `fetchProfile` stand in for Cognito and the API in tests. */
export function AppProvider({ children, auth, fetchProfile }: { children: ReactNode; auth?: AuthClient; fetchProfile?: ProfileFetcher }) {
  const [queryClient] = useState(
    () => new QueryClient({ defaultOptions: { queries: { staleTime: 60_000, retry: 1, refetchOnWindowFocus: false } } }),
  );
  return (
    <ChakraProvider value={system}>
      <QueryClientProvider client={queryClient}>
        <SessionProvider auth={auth} fetchProfile={fetchProfile}>
          {children}
          <DeferredToasterRegion />
        </SessionProvider>
      </QueryClientProvider>
    </ChakraProvider>
  );
}
