import { claimRoutes, ERROR_CODES, type ClaimCompleted, type ClaimRequest, type ClaimRequestResponse } from '@solutionz/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ApiError, apiRequest } from '@/lib/api-client';

const claimableKey = (businessId: string) => ['claimable', businessId] as const;

/** An answer about this business or link that asking again cannot change: only a failure of the server itself is worth a second try. */
const retryServerFailures = (failures: number, error: Error) => failures < 1 && !(error instanceof ApiError && error.status < 500);

/** The claim page's header: the business's name and whether it may still be claimed (404 for an unknown one). */
export function useClaimable(businessId: string) {
  return useQuery({
    queryKey: claimableKey(businessId),
    queryFn: ({ signal }) => apiRequest(claimRoutes.getClaimable, { params: { businessId }, signal }),
    enabled: businessId.length > 0,
    retry: retryServerFailures,
  });
}

/** The claim form: mails the address a link and opens nothing. */
export function useRequestClaim(businessId: string) {
  return useMutation<ClaimRequestResponse, Error, ClaimRequest>({
    mutationFn: (body) => apiRequest(claimRoutes.claimBusiness, { params: { businessId }, body }),
  });
}

/** The link is unknown, expired, used or cancelled (the API's TOKEN_INVALID). */
export const isDeadLink = (error: unknown) => error instanceof ApiError && error.code === ERROR_CODES.tokenInvalid.code;

/**
 * What the claim link's page shows: the business, the address and whether it has an account. A read that
 * changes nothing (a POST keeps the token out of access logs); read once, as its answer only changes when
 * the page's own button is pressed.
 */
export function useClaimLink(token: string) {
  return useQuery({
    queryKey: ['claimLink', token] as const,
    queryFn: ({ signal }) => apiRequest(claimRoutes.inspectClaimLink, { body: { token }, signal }),
    enabled: token.length > 0,
    retry: retryServerFailures,
    staleTime: Infinity,
    refetchOnWindowFocus: false,
  });
}

/** The person's claims on /dashboard are read again once a claim is made. */
function useClaimsChanged() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: ['myClaims'] });
}

/** Finishes the claim with a new account and the password chosen on the link's page. */
export function useCompleteClaim(token: string) {
  const claimsChanged = useClaimsChanged();
  return useMutation<ClaimCompleted, Error, { password: string; confirmPassword: string }>({
    mutationFn: (body) => apiRequest(claimRoutes.completeClaim, { body: { token, ...body } }),
    onSuccess: claimsChanged,
  });
}

/** Finishes the claim for the signed-in account the link was sent to. */
export function useCompleteClaimSignedIn(token: string) {
  const claimsChanged = useClaimsChanged();
  return useMutation<ClaimCompleted, Error, void>({
    mutationFn: () => apiRequest(claimRoutes.completeClaimSignedIn, { body: { token } }),
    onSuccess: claimsChanged,
  });
}

/** The mail's "this wasn't me": the link stops working. */
export function useCancelClaim(token: string) {
  return useMutation({ mutationFn: () => apiRequest(claimRoutes.cancelClaim, { body: { token } }) });
}
