import { QueryClientContext } from '@tanstack/react-query';
import { createContext, lazy, startTransition, Suspense, use, useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import type { MeResponse } from '@solutionz/shared';
import { amplifyAuthClient } from './amplify-auth-client';
import { requestQueryClient } from '../query-client-gate';
import { onEmailConfirmedElsewhere } from './email-confirmed-signal';
import { PROFILE_KEY, profileQueryKey, type ProfileReport } from './profile-key';
import { scheduleSessionRefresh, withBackoff } from './refresh-schedule';
import { onSessionEnded, type SessionEndReason } from './session-ended-signal';
import type { AuthActions, AuthClient, SessionState, SessionUser, SignedIn } from './session-types';

const SessionContext = createContext<SessionState>({ status: 'loading' });
const AuthActionsContext = createContext<AuthActions | null>(null);

// The profile query runs in its own chunk, with TanStack Query's observer, which the entry chunk must not carry.
const ProfileQuery = lazy(() => import('./profile-query'));

export type ProfileFetcher = () => Promise<MeResponse>;

// Imported on demand: the API client and the routes' schemas (zod) must stay out of the entry chunk.
async function fetchProfileFromApi(): Promise<MeResponse> {
  const { fetchProfile } = await import('./session-api');
  return fetchProfile();
}

async function endSessionAtApi(): Promise<void> {
  const { endSession } = await import('./session-api');
  await endSession();
}

export interface SessionProviderProps {
  readonly children: ReactNode;
  readonly auth?: AuthClient;
  readonly fetchProfile?: ProfileFetcher;
  /** Ends the session at the API before the tokens are dropped; a failure (the session ended already) never keeps anyone signed in. */
  readonly endServerSession?: () => Promise<void>;
  /** Tells the person why they were signed out when the API refused their session (deactivated, ended elsewhere). */
  readonly onSessionEnded?: (reason: SessionEndReason) => void;
}

/**
 * The session of spec 01 section 4.1: read at start-up, followed through sign-in, sign-out and
 * token refresh events, renewed before expiry while the tab is visible, and paired with the
 * profile from GET /api/me (re-read on every auth change, dropped on sign-out). A failure to reach
 * auth at start-up (no config, emulator down) is logged and treated as signed out, so public
 * pages keep working.
 */
export function SessionProvider({ children, auth = amplifyAuthClient, fetchProfile = fetchProfileFromApi, endServerSession = endSessionAtApi, onSessionEnded: tell }: SessionProviderProps) {
  // Empty until the query client's chunk has loaded (app/provider.tsx); nothing is cached before then.
  const queryClient = use(QueryClientContext);
  const [profileReport, setProfileReport] = useState<ProfileReport | null>(null);
  // undefined while the first read is under way.
  const [user, setUser] = useState<SessionUser | null | undefined>(undefined);
  // Read by listeners that must not act twice for one session (several calls refused at once).
  const userRef = useRef<SessionUser | null | undefined>(undefined);
  // A sign-in ends the session before it (Amplify signs out first): that is no sign-out of the person, whose
  // pages must not be torn down while the same person signs in again (after a password change).
  const replacingRef = useRef(false);
  /** While the API is told this session ends: its refusal (the session was revoked already) is no news to act on. */
  const endingAtApiRef = useRef(false);

  const applyUser = useCallback(
    (next: SessionUser | null) => {
      userRef.current = next;
      setUser(next);
      if (!next) queryClient?.removeQueries({ queryKey: [PROFILE_KEY] });
    },
    [queryClient],
  );

  /** Re-reads the tokens (renewing them when forced or expired); passing failures are retried with backoff. */
  const refreshSession = useCallback(
    async (force: boolean) => {
      try {
        applyUser(await withBackoff(() => auth.currentUser({ forceRefresh: force })));
      } catch (error) {
        // Amplify keeps the tokens after a passing failure; the next timer or visibility change tries again.
        console.error('Could not refresh the session', error);
      }
    },
    [auth, applyUser],
  );

  useEffect(() => {
    let active = true;
    auth
      .currentUser()
      .catch((error: unknown) => {
        console.error('Could not read the session', error);
        return null;
      })
      .then((next) => {
        if (!active) return;
        // Signed out (most first visits), as a transition: right after a prerendered page hydrates, the header and the
        // hero re-render in short slices, instead of one long task that also hydrates the rest of the page at once.
        // Signed in, at once: that first render asks for the query client, which only a committed render provides,
        // and a transition held behind a suspended part left signed-in pages on "Loading".
        if (next) applyUser(next);
        else startTransition(() => applyUser(null));
      });
    return () => {
      active = false;
    };
  }, [auth, applyUser]);

  useEffect(
    () =>
      auth.onAuthEvent((event) => {
        if (event.type === 'signedOut' && replacingRef.current) return;
        if (event.type === 'signedOut' || (event.type === 'tokenRefreshFailure' && !event.retryable)) return applyUser(null);
        if (event.type === 'tokenRefreshFailure') return;
        void refreshSession(false).then(() => {
          // A new user gets a new profile query anyway; the same user's profile is re-read.
          if (event.type === 'tokenRefresh') void queryClient?.invalidateQueries({ queryKey: [PROFILE_KEY] });
        });
      }),
    [auth, applyUser, refreshSession, queryClient],
  );

  const expiresAt = user?.expiresAt;
  useEffect(() => {
    if (expiresAt === undefined) return;
    return scheduleSessionRefresh({ expiresAt, refresh: (force) => void refreshSession(force) });
  }, [expiresAt, refreshSession]);

  useEffect(() => onEmailConfirmedElsewhere(() => void queryClient?.invalidateQueries({ queryKey: [PROFILE_KEY] })), [queryClient]);

  // Signed out here at once; Amplify then drops the tokens (its revoke call may be refused too, which it ignores).
  useEffect(
    () =>
      onSessionEnded((reason) => {
        // A sign-out or a sign-in over the session is under way and settles it: signing out here as well would race
        // the new sign-in (Amplify's sign-out could drop the new tokens) and tell the person of an ending they chose.
        if (!userRef.current || endingAtApiRef.current) return;
        applyUser(null);
        tell?.(reason);
        auth.signOut().catch((error: unknown) => console.error('Could not clear the ended session', error));
      }),
    [auth, applyUser, tell],
  );

  const actions = useMemo<AuthActions>(() => {
    async function signedIn(): Promise<SignedIn> {
      const next = await auth.currentUser();
      if (!next) throw new Error('The sign-in returned no session');
      applyUser(next);
      try {
        const profile = queryClient
          ? await queryClient.fetchQuery({ queryKey: profileQueryKey(next.userId), queryFn: fetchProfile, staleTime: 0 })
          : await fetchProfile();
        return { status: 'signedIn', profile };
      } catch (error) {
        console.error('Could not read the profile after sign-in', error);
        return { status: 'signedIn', profile: null };
      }
    }
    /** The API is told first, while the tokens still work; refused (ended elsewhere, deactivated) or unreachable, the sign-out goes on. */
    async function endAtApi(): Promise<void> {
      if (!userRef.current) return;
      endingAtApiRef.current = true;
      try {
        await endServerSession().catch((error: unknown) => console.error('Could not end the session at the API', error));
      } finally {
        endingAtApiRef.current = false;
      }
    }
    return {
      async signIn(email, password) {
        replacingRef.current = true;
        try {
          // A sign-in over another ends that session (Amplify signs out first).
          await endAtApi();
          // While the code is asked for, the page stays as it was; the code (or a sign-out) settles it.
          if ((await auth.signIn(email, password)) === 'codeNeeded') return { status: 'codeNeeded' };
        } catch (error) {
          // The session before may or may not have been ended by the attempt.
          applyUser(await auth.currentUser().catch(() => null));
          throw error;
        } finally {
          replacingRef.current = false;
        }
        return signedIn();
      },
      async confirmSignInWithCode(code) {
        await auth.confirmSignInWithCode(code);
        return signedIn();
      },
      async signOut() {
        await endAtApi();
        await auth.signOut();
        applyUser(null);
      },
      async refreshProfile() {
        await queryClient?.refetchQueries({ queryKey: [PROFILE_KEY], type: 'active' });
      },
    };
  }, [auth, applyUser, queryClient, fetchProfile, endServerSession]);

  // The profile is cached by TanStack Query, whose client is loaded only once someone is signed in (or a screen needs it).
  const signedIn = Boolean(user);
  useEffect(() => {
    if (signedIn && !queryClient) void requestQueryClient();
  }, [signedIn, queryClient]);

  const state = useMemo<SessionState>(() => {
    if (user === undefined) return { status: 'loading' };
    if (user === null) return { status: 'signedOut' };
    // A report about another user (the one before a switch) says nothing about this one.
    const report = profileReport?.userId === user.userId ? profileReport : null;
    return { status: 'signedIn', user, profile: report?.data, profileStatus: report?.status ?? 'pending' };
  }, [user, profileReport]);

  return (
    <AuthActionsContext value={actions}>
      <SessionContext value={state}>{children}</SessionContext>
      {user && queryClient && (
        <Suspense>
          <ProfileQuery userId={user.userId} fetchProfile={fetchProfile} onReport={setProfileReport} />
        </Suspense>
      )}
    </AuthActionsContext>
  );
}

export function useSession(): SessionState {
  return use(SessionContext);
}

export function useAuthActions(): AuthActions {
  const actions = use(AuthActionsContext);
  if (!actions) throw new Error('useAuthActions needs a SessionProvider above it');
  return actions;
}
