import { useQuery, useQueryClient } from '@tanstack/react-query';
import { createContext, use, useCallback, useEffect, useMemo, useState, type ReactNode } from 'react';
import type { MeResponse } from '@solutionz/shared';
import { amplifyAuthClient } from './amplify-auth-client';
import { onEmailConfirmedElsewhere } from './email-confirmed-signal';
import { scheduleSessionRefresh, withBackoff } from './refresh-schedule';
import type { AuthActions, AuthClient, SessionState, SessionUser } from './session-types';

const SessionContext = createContext<SessionState>({ status: 'loading' });
const AuthActionsContext = createContext<AuthActions | null>(null);

/** Every cached profile lives under this key, so a sign-out can drop them all at once. */
const PROFILE_KEY = 'me';
export const profileQueryKey = (userId: string) => [PROFILE_KEY, userId] as const;

export type ProfileFetcher = () => Promise<MeResponse>;

// Imported on demand: the API client carries the shared schemas (zod), which the entry chunk must not.
async function fetchProfileFromApi(): Promise<MeResponse> {
  const { apiRequest } = await import('../api-client');
  return apiRequest('getMe');
}

export interface SessionProviderProps {
  readonly children: ReactNode;
  readonly auth?: AuthClient;
  readonly fetchProfile?: ProfileFetcher;
}

/**
 * The session of spec 01 section 4.1: read at start-up, followed through sign-in, sign-out and
 * token refresh events, renewed before expiry while the tab is visible, and paired with the
 * profile from GET /api/me (re-read on every auth change, dropped on sign-out). A failure to reach
 * auth at start-up (no config, emulator down) is logged and treated as signed out, so public
 * pages keep working.
 */
export function SessionProvider({ children, auth = amplifyAuthClient, fetchProfile = fetchProfileFromApi }: SessionProviderProps) {
  const queryClient = useQueryClient();
  // undefined while the first read is under way.
  const [user, setUser] = useState<SessionUser | null | undefined>(undefined);

  const applyUser = useCallback(
    (next: SessionUser | null) => {
      setUser(next);
      if (!next) queryClient.removeQueries({ queryKey: [PROFILE_KEY] });
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
        if (active) applyUser(next);
      });
    return () => {
      active = false;
    };
  }, [auth, applyUser]);

  useEffect(
    () =>
      auth.onAuthEvent((event) => {
        if (event.type === 'signedOut' || (event.type === 'tokenRefreshFailure' && !event.retryable)) return applyUser(null);
        if (event.type === 'tokenRefreshFailure') return;
        void refreshSession(false).then(() => {
          // A new user gets a new profile query anyway; the same user's profile is re-read.
          if (event.type === 'tokenRefresh') void queryClient.invalidateQueries({ queryKey: [PROFILE_KEY] });
        });
      }),
    [auth, applyUser, refreshSession, queryClient],
  );

  const expiresAt = user?.expiresAt;
  useEffect(() => {
    if (expiresAt === undefined) return;
    return scheduleSessionRefresh({ expiresAt, refresh: (force) => void refreshSession(force) });
  }, [expiresAt, refreshSession]);

  useEffect(() => onEmailConfirmedElsewhere(() => void queryClient.invalidateQueries({ queryKey: [PROFILE_KEY] })), [queryClient]);

  const profile = useQuery({
    queryKey: profileQueryKey(user?.userId ?? ''),
    queryFn: fetchProfile,
    enabled: Boolean(user),
  });

  const actions = useMemo<AuthActions>(
    () => ({
      async signIn(email, password) {
        await auth.signIn(email, password);
        const next = await auth.currentUser();
        if (!next) throw new Error('The sign-in returned no session');
        applyUser(next);
        try {
          return { profile: await queryClient.fetchQuery({ queryKey: profileQueryKey(next.userId), queryFn: fetchProfile, staleTime: 0 }) };
        } catch (error) {
          console.error('Could not read the profile after sign-in', error);
          return { profile: null };
        }
      },
      async signOut() {
        await auth.signOut();
        applyUser(null);
      },
      async refreshProfile() {
        await queryClient.refetchQueries({ queryKey: [PROFILE_KEY], type: 'active' });
      },
    }),
    [auth, applyUser, queryClient, fetchProfile],
  );

  const state = useMemo<SessionState>(() => {
    if (user === undefined) return { status: 'loading' };
    if (user === null) return { status: 'signedOut' };
    return { status: 'signedIn', user, profile: profile.data, profileStatus: profile.status };
  }, [user, profile.data, profile.status]);

  return (
    <AuthActionsContext value={actions}>
      <SessionContext value={state}>{children}</SessionContext>
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
