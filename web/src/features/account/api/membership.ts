import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { z } from 'zod';
import { type CheckoutRequest, MEMBERSHIP_MESSAGES, membershipRoutes, type MeResponse, MESSAGES } from '@solutionz/shared';
import { ApiError, apiRequest } from '@/lib/api-client';
import { useProfileCache } from '@/lib/auth/profile-cache';
import { profileQueryKey } from '@/lib/auth/profile-key';
import { useAuthActions, useSession } from '@/lib/auth/session';

/** The membership calls (docs/product/membership.md): checkout, the coupon check, the portal and cancelling. */

function signedInUserId(session: ReturnType<typeof useSession>): string | undefined {
  return session.status === 'signedIn' ? session.user.userId : undefined;
}

/** POST /api/membership/checkout: the Stripe Checkout page to send the browser to. */
export function useStartCheckout() {
  return useMutation({ mutationFn: (body: CheckoutRequest) => apiRequest(membershipRoutes.membershipCheckout, { body }) });
}

/** POST /api/membership/coupon: whether the code takes (FIRST100 while slots are left); the slot itself is taken at checkout. */
export function useCheckCoupon() {
  return useMutation({ mutationFn: (couponCode: string) => apiRequest(membershipRoutes.membershipCouponCheck, { body: { couponCode } }) });
}

/** POST /api/membership/portal: Stripe's customer portal, which sends the person back to `returnTo`. */
export function useOpenPortal() {
  return useMutation({ mutationFn: (returnTo: 'account' | 'profile') => apiRequest(membershipRoutes.membershipPortal, { body: { returnTo } }) });
}

/**
 * POST /api/membership/cancel: the answer is the membership as it now stands (Cancels Soon), shown at once;
 * the profile is then read again so everything else that depends on it agrees.
 */
export function useCancelMembership() {
  const cache = useProfileCache();
  const userId = signedInUserId(useSession());
  const { refreshProfile } = useAuthActions();
  return useMutation({
    mutationFn: () => apiRequest(membershipRoutes.membershipCancel),
    onSuccess: async (subscription) => {
      if (userId) cache.patch(userId, { subscription });
      await refreshProfile().catch(() => undefined);
    },
  });
}

/** Why a checkout could not start, in the product's words (docs/product/membership.md#checkout), and whether the coupon goes. */
export function checkoutFailure(error: unknown): { message: string; clearsCoupon: boolean } {
  // The API answered 2xx without a url: the response schema refused it.
  if (error instanceof z.ZodError) return { message: MEMBERSHIP_MESSAGES.noCheckoutUrl, clearsCoupon: false };
  if (!(error instanceof ApiError)) return { message: MEMBERSHIP_MESSAGES.checkoutFailed, clearsCoupon: false };
  if (/fully claimed/i.test(error.message)) return { message: MEMBERSHIP_MESSAGES.couponClaimed, clearsCoupon: true };
  if (/already have an active subscription/i.test(error.message)) return { message: MEMBERSHIP_MESSAGES.alreadySubscribed, clearsCoupon: false };
  const serverSaid = error.fieldMessage('couponCode') ?? error.message;
  // An answer the API could not explain (a crash, a proxy's page) says nothing the person can act on.
  return { message: serverSaid && serverSaid !== MESSAGES.api.internal ? serverSaid : MEMBERSHIP_MESSAGES.checkoutFailed, clearsCoupon: false };
}

/**
 * After Stripe sends the person back, the webhook that starts the membership may land a moment later:
 * the profile is read again every second for up to half a minute until it says subscribed, so the
 * banner and the guards follow without a reload, on whichever page the person is by then.
 */
const MEMBERSHIP_START_POLL = { intervalMs: 1000, attempts: 30 } as const;

async function followMembershipStart(queryClient: QueryClient, userId: string): Promise<void> {
  const key = profileQueryKey(userId);
  for (let attempt = 0; attempt < MEMBERSHIP_START_POLL.attempts; attempt += 1) {
    // Signed out meanwhile: there is no profile left to follow.
    if (!queryClient.getQueryState(key)) return;
    await queryClient.refetchQueries({ queryKey: key, type: 'active' });
    if (queryClient.getQueryData<MeResponse>(key)?.subscription.isSubscribed) return;
    await new Promise((resolve) => setTimeout(resolve, MEMBERSHIP_START_POLL.intervalMs));
  }
}

/** Starts following the new membership; the work outlives the page that started it. */
export function useFollowMembershipStart() {
  const queryClient = useQueryClient();
  const userId = signedInUserId(useSession());
  return useCallback(() => {
    if (userId) void followMembershipStart(queryClient, userId);
  }, [queryClient, userId]);
}
