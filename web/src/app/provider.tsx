import { ChakraProvider } from '@chakra-ui/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { lazy, Suspense, useState, type ReactNode } from 'react';
import { SessionProvider, type SessionReader } from '@/lib/auth/session';
import { system } from './theme';

const ToasterRegion = lazy(() => import('@/components/ui/toaster-region'));

export function AppProvider({ children, readSession }: { children: ReactNode; readSession?: SessionReader }) {
  const [queryClient] = useState(
    () => new QueryClient({ defaultOptions: { queries: { staleTime: 60_000, retry: 1, refetchOnWindowFocus: false } } }),
  );
  return (
    <ChakraProvider value={system}>
      <QueryClientProvider client={queryClient}>
        <SessionProvider readSession={readSession}>
          {children}
          <Suspense>
            <ToasterRegion />
          </Suspense>
        </SessionProvider>
      </QueryClientProvider>
    </ChakraProvider>
  );
}
