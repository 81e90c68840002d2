import { claimRoutes } from '@solutionz/shared';
import { useMutation, useQuery } from '@tanstack/react-query';
import type { ClaimRequest, ClaimResponse } from '@solutionz/shared';
import {ApiError, apiRequest } from '@/lib/api-client';

const claimableKey = (businessId: string) => ['claimable', businessId] as const;

/** The claim page's header: the business's name and whether it may still be claimed (404 for an unknown one). */
export function useClaimable(businessId: string) {
  return useQuery({
    queryKey: claimableKey(businessId),
    queryFn: ({ signal }) => apiRequest(claimRoutes.getClaimable, { params: { businessId }, signal }),
    enabled: businessId.length > 0,
    // An unknown business stays unknown: only a failure of the server itself is worth a second try.
    retry: (failures, error) => failures < 1 && !(error instanceof ApiError && error.status < 500),
  });
}

export function useClaimBusiness(businessId: string) {
  return useMutation<ClaimResponse, Error, ClaimRequest>({
    mutationFn: (body) => apiRequest(claimRoutes.claimBusiness, { params: { businessId }, body }),
  });
}
