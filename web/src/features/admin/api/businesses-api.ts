import { useInfiniteQuery } from '@tanstack/react-query';
import { claimRoutes } from '@solutionz/shared';
import { apiRequest } from '@/lib/api-client';

/** The admin-created businesses, a page at a time (Load more); under the admin key, so every admin action refreshes it. */
export function useAdminBusinesses() {
  return useInfiniteQuery({
    queryKey: ['admin', 'businesses'],
    queryFn: ({ pageParam, signal }) => apiRequest(claimRoutes.adminListBusinesses, { query: { cursor: pageParam }, signal }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (page) => page.nextCursor,
  });
}
