import { QueryClient } from '@tanstack/react-query';
import type { RenderedPageData } from '@solutionz/shared';

/** How long an answer is taken as current: the page's own reads are not repeated within it. */
const STALE_TIME_MS = 60_000;

/** The app's one query cache. Loaded after the first render (provider.tsx): the home page asks nothing of it. */
export function createQueryClient(): QueryClient {
  return new QueryClient({ defaultOptions: { queries: { staleTime: STALE_TIME_MS, retry: 1, refetchOnWindowFocus: false } } });
}

/**
 * Puts the answers a page was rendered with into the cache, as read at `readAt`: the first render then draws what the
 * server drew, and a screen asks again as it mounts only when they are older than STALE_TIME_MS (the drawing may have
 * waited at the edge for minutes), as for any answer. In the browser (`askAgain`) a drawing that seems to come from the
 * future (this device's clock is behind the server's, so its age cannot be told) is marked to be asked again as well.
 */
export function seedQueryClient(queryClient: QueryClient, data: RenderedPageData, { askAgain = false } = {}): void {
  const ageUnknown = askAgain && data.readAt > Date.now();
  for (const [key, answer] of data.queries) {
    queryClient.setQueryData(key, answer, { updatedAt: data.readAt });
    if (ageUnknown) void queryClient.invalidateQueries({ queryKey: key, exact: true, refetchType: 'none' });
  }
}
