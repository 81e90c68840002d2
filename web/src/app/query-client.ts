import { QueryClient } from '@tanstack/react-query';
import type { RenderedPageData } from '@solutionz/shared';

/** How long an answer is taken as current: the page's own reads are not repeated within it. */
const STALE_TIME_MS = 60_000;

/** The app's one query cache. Loaded after the first render (provider.tsx): the home page asks nothing of it. */
export function createQueryClient(): QueryClient {
  return new QueryClient({ defaultOptions: { queries: { staleTime: STALE_TIME_MS, retry: 1, refetchOnWindowFocus: false } } });
}

/**
 * Puts the answers a page was rendered with into the cache, as read at `readAt`: the first render (hydration) then matches
 * what the server rendered. In the browser (`askAgain`) each is marked to be asked again as its screen mounts:
 * the cached page may have waited at the CDN for minutes, and a changed answer then re-renders the page. A page the
 * CDN had no cached response for was rendered for this visit (boot.tsx, shared `renderedForThisVisit`): its answers are not asked again.
 */
export function seedQueryClient(queryClient: QueryClient, data: RenderedPageData, { askAgain = false } = {}): void {
  for (const [key, answer] of data.queries) {
    queryClient.setQueryData(key, answer, { updatedAt: data.readAt });
    if (askAgain) void queryClient.invalidateQueries({ queryKey: key, exact: true, refetchType: 'none' });
  }
}
