import { useQuery } from '@tanstack/react-query';
import { publicRead } from '@/lib/api-client';

/** The moderation figures: one public read, the same for every visitor (the CDN keeps it a few minutes). */
export function useTransparency() {
  return useQuery({
    queryKey: ['transparency'],
    queryFn: ({ signal }) => publicRead('getTransparency', { signal }),
  });
}
