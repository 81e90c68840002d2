import { act, render, screen, waitFor } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { describe, expect, it, vi } from 'vitest';
import type { MeResponse } from '@solutionz/shared';
import { createFakeAuth, fakeAccount } from '@/testing/fake-auth';
import { SessionProvider, useAuthActions, useSession } from './session';
import { reportSessionEnded } from './session-ended-signal';
import type { AuthClient } from './session-types';

function Probe() {
  const session = useSession();
  const actions = useAuthActions();
  return (
    <div>
      <p data-testid="status">{session.status}</p>
      <p data-testid="profile">{session.status === 'signedIn' ? (session.profile?.displayName ?? `profile ${session.profileStatus}`) : '-'}</p>
      <p data-testid="confirmed">{session.status === 'signedIn' && session.profile ? String(session.profile.emailConfirmed) : '-'}</p>
      <button
        onClick={() =>
          void actions
            .signIn('chloe@example.com', 'Correct-horse-1')
            .then((result) => (document.title = result.status === 'signedIn' ? (result.profile?.accountType ?? 'none') : result.status))
        }
      >
        sign in
      </button>
      <button onClick={() => void actions.signOut()}>sign out</button>
      <button onClick={() => void actions.refreshProfile()}>refresh profile</button>
    </div>
  );
}

function renderSession(auth: AuthClient, fetchProfile: () => Promise<MeResponse>, endServerSession: () => Promise<void> = async () => undefined) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <SessionProvider auth={auth} fetchProfile={fetchProfile} endServerSession={endServerSession}>
        <Probe />
      </SessionProvider>
    </QueryClientProvider>,
  );
}

const status = () => screen.getByTestId('status').textContent;
const profile = () => screen.getByTestId('profile').textContent;

describe('SessionProvider', () => {
  it('signs in, resolves with the profile, and signs out again dropping the profile', async () => {
    const account = fakeAccount({ accountType: 'provider' });
    const fake = createFakeAuth({ accounts: [account] });
    const fetchProfile = vi.fn(fake.fetchProfile);
    renderSession(fake.auth, fetchProfile);
    await waitFor(() => expect(status()).toBe('signedOut'));

    await act(() => screen.getByRole('button', { name: 'sign in' }).click());
    await waitFor(() => expect(profile()).toBe('Chloe Clarke'));
    expect(status()).toBe('signedIn');
    await waitFor(() => expect(document.title).toBe('provider'));

    await act(() => screen.getByRole('button', { name: 'sign out' }).click());
    await waitFor(() => expect(status()).toBe('signedOut'));
    expect(profile()).toBe('-');
  });

  it('ends the session at the API while the tokens still work, and signs out here even when the API refuses', async () => {
    const fake = createFakeAuth({ signedInAs: fakeAccount() });
    const order: string[] = [];
    const auth: AuthClient = { ...fake.auth, signOut: () => (order.push('tokens dropped'), fake.auth.signOut()) };
    const endServerSession = vi.fn(async () => void order.push('api told'));
    renderSession(auth, fake.fetchProfile, endServerSession);
    await waitFor(() => expect(status()).toBe('signedIn'));
    await act(() => screen.getByRole('button', { name: 'sign out' }).click());
    await waitFor(() => expect(status()).toBe('signedOut'));
    expect(order).toEqual(['api told', 'tokens dropped']);

    // Signed in again; this time the API refuses (the session had ended elsewhere): the person is signed out all the same.
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    endServerSession.mockRejectedValueOnce(new Error('401'));
    await act(() => screen.getByRole('button', { name: 'sign in' }).click());
    await waitFor(() => expect(status()).toBe('signedIn'));
    await act(() => screen.getByRole('button', { name: 'sign out' }).click());
    await waitFor(() => expect(status()).toBe('signedOut'));
    expect(endServerSession).toHaveBeenCalledTimes(2);
  });

  it('a sign-in over a session the API revoked (a password change) keeps the new session: the refused sign-out call ends nothing more', async () => {
    const fake = createFakeAuth({ signedInAs: fakeAccount() });
    const signOuts = vi.fn(fake.auth.signOut);
    const told = vi.fn();
    // As the API client does on a 401 SESSION_REVOKED: it reports the ending, then the call fails.
    const endServerSession = vi.fn(async () => {
      reportSessionEnded('revoked');
      throw new Error('401');
    });
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    render(
      <QueryClientProvider client={client}>
        <SessionProvider auth={{ ...fake.auth, signOut: signOuts }} fetchProfile={fake.fetchProfile} endServerSession={endServerSession} onSessionEnded={told}>
          <Probe />
        </SessionProvider>
      </QueryClientProvider>,
    );
    await waitFor(() => expect(status()).toBe('signedIn'));
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    await act(() => screen.getByRole('button', { name: 'sign in' }).click());
    await waitFor(() => expect(profile()).toBe('Chloe Clarke'));
    expect(endServerSession).toHaveBeenCalledTimes(1);
    expect(signOuts).not.toHaveBeenCalled();
    expect(told).not.toHaveBeenCalled();
    expect(status()).toBe('signedIn');
  });

  it('treats a start-up failure to reach auth as signed out', async () => {
    const auth: AuthClient = { ...createFakeAuth().auth, currentUser: () => Promise.reject(new Error('no /config.json')) };
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    renderSession(auth, () => Promise.reject(new Error('unused')));
    await waitFor(() => expect(status()).toBe('signedOut'));
  });

  it('re-reads the profile when the tokens are refreshed, and follows a sign-out made elsewhere', async () => {
    const account = fakeAccount({ emailConfirmed: false, emailConfirmedAt: null });
    const fake = createFakeAuth({ signedInAs: account });
    renderSession(fake.auth, fake.fetchProfile);
    await waitFor(() => expect(screen.getByTestId('confirmed').textContent).toBe('false'));

    fake.updateProfile({ emailConfirmed: true, emailConfirmedAt: '2026-01-01T00:00:00.000Z' });
    act(() => fake.emit({ type: 'tokenRefresh' }));
    await waitFor(() => expect(screen.getByTestId('confirmed').textContent).toBe('true'));

    act(() => fake.emit({ type: 'signedOut' }));
    await waitFor(() => expect(status()).toBe('signedOut'));
  });

  it('ends the session on a refresh failure that cannot be retried, but not on a passing one', async () => {
    const fake = createFakeAuth({ signedInAs: fakeAccount() });
    renderSession(fake.auth, fake.fetchProfile);
    await waitFor(() => expect(status()).toBe('signedIn'));
    act(() => fake.emit({ type: 'tokenRefreshFailure', retryable: true }));
    expect(status()).toBe('signedIn');
    act(() => fake.emit({ type: 'tokenRefreshFailure', retryable: false }));
    await waitFor(() => expect(status()).toBe('signedOut'));
  });

  it('refreshProfile reads GET /api/me again', async () => {
    const fake = createFakeAuth({ signedInAs: fakeAccount({ emailConfirmed: false, emailConfirmedAt: null }) });
    renderSession(fake.auth, fake.fetchProfile);
    await waitFor(() => expect(screen.getByTestId('confirmed').textContent).toBe('false'));
    fake.updateProfile({ emailConfirmed: true });
    await act(() => screen.getByRole('button', { name: 'refresh profile' }).click());
    await waitFor(() => expect(screen.getByTestId('confirmed').textContent).toBe('true'));
  });
});
