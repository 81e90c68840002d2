import { RENDERED_QUERY_KEYS } from '@solutionz/shared';
import { useQuery } from '@tanstack/react-query';
import { publicRead } from '@/lib/api-client';

/** The one cache entry of the live taxonomy: every page and picker that shows categories reads it. */
const CATEGORIES_KEY = RENDERED_QUERY_KEYS.categories;

/** The live taxonomy with its listed-provider counts (GET /api/categories). */
export function useCategories() {
  return useQuery({ queryKey: CATEGORIES_KEY, queryFn: ({ signal }) => publicRead('listCategories', { signal }) });
}
