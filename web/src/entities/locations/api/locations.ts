import { useQuery } from '@tanstack/react-query';
import { publicRead } from '@/lib/api-client';

/** Place answers change a few times a year; the API lets them be cached for a day. */
const PLACES_STALE_MS = 60 * 60 * 1000;

/** UK places matching what is typed (GET /api/locations). */
export function usePlaceSearch(term: string, enabled: boolean) {
  return useQuery({
    queryKey: ['locationSearch', term],
    queryFn: ({ signal }) => publicRead('searchLocations', { query: { q: term }, signal }),
    enabled,
    staleTime: PLACES_STALE_MS,
  });
}
