import { useLocation, useNavigate } from 'react-router-dom';
import { MESSAGES, PORTFOLIO_MESSAGES } from '@solutionz/shared';
import type { MembershipRedirectState } from '@/components/layout/require-session';
import { toaster } from '@/components/ui/toaster';
import { paths } from '@/config/paths';
import { ApiError } from '@/lib/api-client';
import { useAuthActions, useSession } from '@/lib/auth/session';

/** The API's answer to a provider whose membership is not running (access 'subscribedProvider'). */
const isSubscriptionRequired = (error: unknown) => error instanceof ApiError && error.status === 403 && error.message === MESSAGES.api.subscriptionRequired;

/**
 * Adding, editing and reordering portfolio items needs a running membership (docs/product/provider-profile.md#portfolio): a
 * provider without one is sent to /membership with a destructive toast saying why. Deleting does not.
 */
export function useMembershipGate() {
  const session = useSession();
  const { refreshProfile } = useAuthActions();
  const navigate = useNavigate();
  const location = useLocation();
  // Until the profile is read the API decides; it refuses just the same.
  const subscribed = session.status === 'signedIn' && session.profile?.subscription.isSubscribed !== false;

  const sendToMembership = () => {
    toaster.error(PORTFOLIO_MESSAGES.subscriptionRequired);
    const state: MembershipRedirectState = { redirectReason: 'subscription_required', redirectFrom: `${location.pathname}${location.search}` };
    navigate(paths.membership, { state });
  };

  return {
    /** Runs `action` for a member; anyone else goes to get a membership. */
    whenSubscribed(action: () => void): void {
      if (subscribed) action();
      else sendToMembership();
    },
    /**
     * Whether the API refused because the membership ended meanwhile: the profile is read again (the
     * page then knows) and the person is sent to /membership.
     */
    handledAsUnsubscribed(error: unknown): boolean {
      if (!isSubscriptionRequired(error)) return false;
      void refreshProfile().catch(() => undefined);
      sendToMembership();
      return true;
    },
  };
}
