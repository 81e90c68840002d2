import { categoryRoutes } from '@solutionz/shared';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';

/** The one cache entry of the live taxonomy: every page and picker that shows categories reads it. */
const CATEGORIES_KEY = ['categories'] as const;

/** The live taxonomy with its listed-provider counts (GET /api/categories). */
export function useCategories() {
  return useQuery({ queryKey: CATEGORIES_KEY, queryFn: ({ signal }) => apiRequest(categoryRoutes.listCategories, { signal }) });
}
