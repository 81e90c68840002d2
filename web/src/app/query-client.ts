import { QueryClient } from '@tanstack/react-query';
import type { RenderedPageData } from '@solutionz/shared';

/** How long an answer is taken as current: the page's own reads are not repeated within it. */
const STALE_TIME_MS = 60_000;

/** The app's one query cache. Loaded after the first render (provider.tsx): the home page asks nothing of it. */
export function createQueryClient(): QueryClient {
  return new QueryClient({ defaultOptions: { queries: { staleTime: STALE_TIME_MS, retry: 1, refetchOnWindowFocus: false } } });
}

/**
 * Puts the answers a page was rendered with into the cache, as read at `readAt`: the first render then draws
 * what the server drew. In the browser (`askAgain`) each is marked to be asked again as its screen mounts:
 * the drawing may have waited at the edge for minutes, and a changed answer then redraws the page. A page the
 * edge had no copy of was drawn for this visit (boot.tsx, shared `drawnForThisVisit`): its answers are not asked again.
 */
export function seedQueryClient(queryClient: QueryClient, data: RenderedPageData, { askAgain = false } = {}): void {
  for (const [key, answer] of data.queries) {
    queryClient.setQueryData(key, answer, { updatedAt: data.readAt });
    if (askAgain) void queryClient.invalidateQueries({ queryKey: key, exact: true, refetchType: 'none' });
  }
}
