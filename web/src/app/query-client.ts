import { QueryClient } from '@tanstack/react-query';

/** The app's one query cache. Loaded after the first render (provider.tsx): the home page asks nothing of it. */
export function createQueryClient(): QueryClient {
  return new QueryClient({ defaultOptions: { queries: { staleTime: 60_000, retry: 1, refetchOnWindowFocus: false } } });
}
