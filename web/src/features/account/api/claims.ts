import { claimRoutes } from '@solutionz/shared';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { useSession } from '@/lib/auth/session';

/**
 * GET /api/me/claims: the signed-in person's business claims, once their profile says whether their
 * address is confirmed (what a pending claim asks of them depends on it).
 */
export function useMyClaims() {
  const session = useSession();
  const signedIn = session.status === 'signedIn' ? session : undefined;
  const confirmed = signedIn?.profile?.emailConfirmed ?? null;
  return useQuery({
    queryKey: ['myClaims', signedIn?.user.userId ?? '', confirmed] as const,
    queryFn: ({ signal }) => apiRequest(claimRoutes.listMyClaims, { signal }),
    enabled: signedIn !== undefined && signedIn.profileStatus !== 'pending',
  });
}
