import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { MEMBERSHIP_MESSAGES, MESSAGES, type MeResponse } from '@solutionz/shared';
import { AppProvider } from '@/app/provider';
import { createFakeAuth, fakeAccount } from '@/testing/fake-auth';
import { RequireSession, type RequireSessionProps } from './require-session';

function MembershipProbe() {
  const location = useLocation();
  return <p>membership {JSON.stringify(location.state)}</p>;
}

function renderGuarded(props: RequireSessionProps, profile?: Partial<MeResponse>, failing?: { now: boolean }) {
  const fake = createFakeAuth(profile ? { signedInAs: fakeAccount(profile) } : {});
  const fetchProfile = () => (failing?.now ? Promise.reject(new Error('503 Service Unavailable')) : fake.fetchProfile());
  const router = createMemoryRouter(
    [
      { element: <RequireSession {...props} />, children: [{ path: '/services', element: <p>the page</p> }] },
      { path: '/membership', element: <MembershipProbe /> },
      { path: '/login', element: <p>login page</p> },
    ],
    { initialEntries: ['/services?edit=1'] },
  );
  render(
    <AppProvider auth={fake.auth} fetchProfile={fetchProfile}>
      <RouterProvider router={router} />
    </AppProvider>,
  );
  return router;
}

const subscribed = { isSubscribed: true, tier: 'yearly', expiresAt: null, cancelAtPeriodEnd: false, paymentFailed: false } as const;

describe('RequireSession', () => {
  it('shows Access Denied with the way out to a client on a provider page', async () => {
    renderGuarded({ accountType: 'provider' }, { accountType: 'client' });
    expect(await screen.findByRole('heading', { name: MESSAGES.accessDenied.title })).toBeInTheDocument();
    expect(screen.getByText(MESSAGES.accessDenied.provider)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Browse Directory' })).toHaveAttribute('href', '/directory');
    expect(screen.getByRole('link', { name: 'Return Home' })).toHaveAttribute('href', '/');
  });

  it('sends a provider without a subscription to /membership saying why and from where', async () => {
    const router = renderGuarded({ requireSubscription: true }, { accountType: 'provider' });
    expect(await screen.findByText(/^membership/)).toHaveTextContent('{"redirectReason":"subscription_required","redirectFrom":"/services?edit=1"}');
    expect(router.state.location.pathname).toBe('/membership');
  });

  it('says the subscription could not be loaded when the profile could not be read, and Try Again reads it again', async () => {
    const failing = { now: true };
    renderGuarded({ requireSubscription: true }, { accountType: 'provider', subscription: subscribed }, failing);
    expect(await screen.findByRole('alert', {}, { timeout: 5000 })).toHaveTextContent(MEMBERSHIP_MESSAGES.loadError);
    expect(screen.queryByText('the page')).not.toBeInTheDocument();
    failing.now = false;
    await userEvent.click(screen.getByRole('button', { name: MEMBERSHIP_MESSAGES.loadErrorRetry }));
    expect(await screen.findByText('the page')).toBeInTheDocument();
  });

  it('lets a subscribed provider and an unsubscribed client through a subscription-only page', async () => {
    renderGuarded({ requireSubscription: true }, { accountType: 'provider', subscription: subscribed });
    expect(await screen.findByText('the page')).toBeInTheDocument();
  });

  it('lets a client through a subscription-only page without a subscription', async () => {
    renderGuarded({ requireSubscription: true }, { accountType: 'client' });
    expect(await screen.findByText('the page')).toBeInTheDocument();
  });

  it('sends a visitor to login with the path and query to come back to', async () => {
    const router = renderGuarded({ accountType: 'provider', loginQuery: { type: 'provider' } });
    expect(await screen.findByText('login page')).toBeInTheDocument();
    const params = new URLSearchParams(router.state.location.search);
    expect(params.get('return')).toBe('/services?edit=1');
    expect(params.get('type')).toBe('provider');
  });
});
