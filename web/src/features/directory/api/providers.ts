import { useInfiniteQuery } from '@tanstack/react-query';
import { DIRECTORY_PAGE_SIZE, directoryRoutes, type RadiusMiles, type RouteQuery, type Routes } from '@solutionz/shared';
import {ApiError, apiRequest } from '@/lib/api-client';
import type { Coordinates } from '@/lib/use-geolocation';

/** What the directory asks GET /api/providers for: a place by name or by position, never both. */
export interface ProviderSearch {
  readonly service: string;
  readonly category: string;
  readonly where: { readonly location: string } | { readonly position: Coordinates } | null;
  readonly radius: RadiusMiles;
  /** Only providers who usually reply within a day. */
  readonly quickReplies: boolean;
}

function providerSearchQuery(search: ProviderSearch, cursor: string | undefined): RouteQuery<Routes['searchProviders']> {
  const { service, category, where, radius, quickReplies } = search;
  return {
    ...(service ? { service } : {}),
    ...(category ? { category } : {}),
    ...(where && 'location' in where ? { location: where.location } : {}),
    ...(where && 'position' in where ? { lat: where.position.latitude, lng: where.position.longitude } : {}),
    radius,
    ...(quickReplies ? { replies: 'day' as const } : {}),
    ...(cursor ? { cursor } : {}),
    limit: DIRECTORY_PAGE_SIZE.default,
  };
}

/** A refusal that asking again cannot change (a place that names nowhere, a stale cursor). */
const isRefusal = (error: unknown) => error instanceof ApiError && error.status >= 400 && error.status < 500;

/**
 * The directory's results, a page at a time (`fetchNextPage` follows the cursor). Null waits: the
 * device is still finding the person's position.
 */
export function useProviderSearch(search: ProviderSearch | null) {
  return useInfiniteQuery({
    queryKey: ['providers', search],
    queryFn: ({ pageParam, signal }) => apiRequest(directoryRoutes.searchProviders, { query: providerSearchQuery(search!, pageParam), signal }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (page) => page.nextCursor,
    enabled: search !== null,
    retry: (failures, error) => !isRefusal(error) && failures < 1,
  });
}
