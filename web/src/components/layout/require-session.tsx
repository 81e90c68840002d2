import { Container } from '@chakra-ui/react';
import { useState } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router-dom';
import { MEMBERSHIP_MESSAGES } from '@solutionz/shared';
import { LoadFailed } from '@/components/errors/load-failed';
import { paths } from '@/config/paths';
import { loginPathReturningTo } from '@/lib/auth/return-path';
import { useAuthActions, useSession } from '@/lib/auth/session';
import { AccessDenied } from './access-denied';
import { PageLoading } from './page-loading';

/** Router state handed to /membership when a provider without a subscription is sent there (docs/product/site.md#page-guards). */
export interface MembershipRedirectState {
  readonly redirectReason: 'subscription_required';
  readonly redirectFrom: string;
}

export interface RequireSessionProps {
  /** The account type the page is for; anyone else sees Access Denied, or goes to `otherTypesTo`. */
  readonly accountType?: 'provider' | 'client';
  readonly otherTypesTo?: string;
  /** Providers need an active subscription here; clients pass without one. */
  readonly requireSubscription?: boolean;
  /** Extra query for the login page a signed-out visitor is sent to (e.g. `{ type: 'provider' }`). */
  readonly loginQuery?: Record<string, string>;
}

/**
 * The route guard (docs/product/site.md#page-guards): skeleton while the session (or, when the page depends on
 * it, the profile) loads; signed out to /login with the way back; Access Denied for the wrong
 * account type; providers without a subscription to /membership on subscription-only pages.
 */
export function RequireSession({ accountType, otherTypesTo, requireSubscription = false, loginQuery }: RequireSessionProps) {
  const session = useSession();
  const location = useLocation();
  const here = `${location.pathname}${location.search}`;
  if (session.status === 'loading') return <PageLoading />;
  if (session.status === 'signedOut') return <Navigate to={loginPathReturningTo(here, loginQuery)} replace />;
  if (!accountType && !requireSubscription) return <Outlet />;

  if (session.profileStatus === 'pending') return <PageLoading />;
  const profile = session.profile;
  // Without the profile the guard cannot tell the account type or the membership: it says so rather than guess.
  if (!profile && session.profileStatus === 'error') return <SubscriptionLoadFailed />;
  if (accountType && profile?.accountType !== accountType) {
    return otherTypesTo ? <Navigate to={otherTypesTo} replace /> : <AccessDenied requiredType={accountType} />;
  }
  if (requireSubscription && profile?.accountType === 'provider' && !profile.subscription.isSubscribed) {
    const state: MembershipRedirectState = { redirectReason: 'subscription_required', redirectFrom: here };
    return <Navigate to={paths.membership} replace state={state} />;
  }
  return <Outlet />;
}

/** The profile (and with it the membership) could not be read: the page says so, and Try Again reads it again. */
function SubscriptionLoadFailed() {
  const { refreshProfile } = useAuthActions();
  const [retrying, setRetrying] = useState(false);
  const retry = () => {
    setRetrying(true);
    void refreshProfile()
      .catch(() => undefined)
      .finally(() => setRetrying(false));
  };
  return (
    <Container maxW="4xl" py={{ base: '8', md: '12' }} px={{ base: '4', md: '6' }}>
      <LoadFailed message={MEMBERSHIP_MESSAGES.loadError} retryLabel={MEMBERSHIP_MESSAGES.loadErrorRetry} onRetry={retry} retrying={retrying} />
    </Container>
  );
}
