import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { useSession } from '@/lib/auth/session';

/**
 * GET /api/me/claims: the signed-in person's business claims. Read again when their address is
 * confirmed, which may have verified a claim.
 */
export function useMyClaims() {
  const session = useSession();
  const userId = session.status === 'signedIn' ? session.user.userId : '';
  const confirmed = session.status === 'signedIn' ? session.profile?.emailConfirmed : undefined;
  return useQuery({
    queryKey: ['myClaims', userId, confirmed] as const,
    queryFn: ({ signal }) => apiRequest('listMyClaims', { signal }),
    enabled: userId.length > 0,
  });
}
