import { useInfiniteQuery } from '@tanstack/react-query';
import { DEFAULT_RADIUS_MILES, DIRECTORY_PAGE_SIZE, type RouteQuery, type Routes } from '@solutionz/shared';
import { publicRead } from '@/lib/api-client';

/** A category with no place: the radius goes unused, as the API's query always carries one. */
const categoryQuery = (category: string, cursor: string | undefined): RouteQuery<Routes['searchProviders']> => ({
  category,
  radius: DEFAULT_RADIUS_MILES,
  limit: DIRECTORY_PAGE_SIZE.default,
  ...(cursor ? { cursor } : {}),
});

/** The listed professionals of one group or subcategory (the directory filtered by it), a page at a time. */
export function useCategoryProviders(slug: string) {
  return useInfiniteQuery({
    queryKey: ['category-providers', slug],
    queryFn: ({ pageParam, signal }) => publicRead('searchProviders', { query: categoryQuery(slug, pageParam), signal }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (page) => page.nextCursor,
  });
}
