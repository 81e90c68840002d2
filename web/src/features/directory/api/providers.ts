import { useInfiniteQuery } from '@tanstack/react-query';
import { providerSearchQuery, RENDERED_QUERY_KEYS, type ProviderSearch } from '@solutionz/shared';
import { ApiError, publicRead } from '@/lib/api-client';

/** A refusal that asking again cannot change (a place that names nowhere, a stale cursor). */
const isRefusal = (error: unknown) => error instanceof ApiError && error.status >= 400 && error.status < 500;

/**
 * The directory's results, a page at a time (`fetchNextPage` follows the cursor). Null waits: the
 * device is still finding the person's position. A page the server rendered brought its first page along.
 */
export function useProviderSearch(search: ProviderSearch | null) {
  return useInfiniteQuery({
    queryKey: RENDERED_QUERY_KEYS.providerSearch(search),
    // The first page's cursor is null in a server-rendered page's answer (JSON has no undefined): no cursor either way.
    queryFn: ({ pageParam, signal }) => publicRead('searchProviders', { query: providerSearchQuery(search!, pageParam ?? undefined), signal }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (page) => page.nextCursor,
    enabled: search !== null,
    retry: (failures, error) => !isRefusal(error) && failures < 1,
  });
}
