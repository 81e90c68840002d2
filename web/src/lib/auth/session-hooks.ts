import type { QueryClient } from '@tanstack/react-query';
import { startTransition, useCallback, useEffect, useMemo, useState, type RefObject } from 'react';
import type { MeResponse } from '@solutionz/shared';
import { onEmailConfirmedElsewhere } from './email-confirmed-signal';
import { PROFILE_KEY, profileQueryKey } from './profile-key';
import { scheduleSessionRefresh, withBackoff } from './refresh-schedule';
import { onSessionEnded, type SessionEndReason } from './session-ended-signal';
import type { AuthActions, AuthClient, SessionUser, SignedIn } from './session-types';

/** Empty until the query client's chunk has loaded (app/provider.tsx); nothing is cached before then. */
type LoadedQueryClient = QueryClient | undefined;

type ApplyUser = (next: SessionUser | null) => void;

/**
 * The user the tokens name: undefined while the first read is under way, then the user or null. A failure to
 * reach auth at start-up (no config, emulator down) is logged and treated as signed out, so public pages keep working.
 */
export function useSessionUser(auth: AuthClient, queryClient: LoadedQueryClient, userRef: RefObject<SessionUser | null | undefined>) {
  const [user, setUser] = useState<SessionUser | null | undefined>(undefined);

  const applyUser = useCallback(
    (next: SessionUser | null) => {
      userRef.current = next;
      setUser(next);
      if (!next) queryClient?.removeQueries({ queryKey: [PROFILE_KEY] });
    },
    [queryClient, userRef],
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

  return { user, applyUser };
}

/**
 * Follows sign-in, sign-out and token refresh events, renews the tokens before they expire while the tab is visible,
 * and re-reads the profile when the tokens are renewed or the address was confirmed in another tab.
 */
export function useSessionRenewal(
  auth: AuthClient,
  queryClient: LoadedQueryClient,
  user: SessionUser | null | undefined,
  applyUser: ApplyUser,
  replacingRef: RefObject<boolean>,
) {
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
    [auth, applyUser, refreshSession, queryClient, replacingRef],
  );

  const expiresAt = user?.expiresAt;
  useEffect(() => {
    if (expiresAt === undefined) return;
    return scheduleSessionRefresh({ expiresAt, refresh: (force) => void refreshSession(force) });
  }, [expiresAt, refreshSession]);

  useEffect(() => onEmailConfirmedElsewhere(() => void queryClient?.invalidateQueries({ queryKey: [PROFILE_KEY] })), [queryClient]);
}

/** When the API refused the session (deactivated, ended elsewhere): signed out here at once, and told why. */
export function useSessionEndedByApi(
  auth: AuthClient,
  applyUser: ApplyUser,
  tell: ((reason: SessionEndReason) => void) | undefined,
  userRef: RefObject<SessionUser | null | undefined>,
  endingAtApiRef: RefObject<boolean>,
) {
  // Amplify then drops the tokens (its revoke call may be refused too, which it ignores).
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
    [auth, applyUser, tell, userRef, endingAtApiRef],
  );
}

interface ActionDependencies {
  readonly auth: AuthClient;
  readonly queryClient: LoadedQueryClient;
  readonly applyUser: ApplyUser;
  readonly fetchProfile: () => Promise<MeResponse>;
  readonly endServerSession: () => Promise<void>;
}

/** Sign-in (with its code), sign-out and re-reading the profile, as the session's context hands them out. */
export function useAuthActionsOf(
  { auth, queryClient, applyUser, fetchProfile, endServerSession }: ActionDependencies,
  userRef: RefObject<SessionUser | null | undefined>,
  replacingRef: RefObject<boolean>,
  endingAtApiRef: RefObject<boolean>,
): AuthActions {
  return useMemo<AuthActions>(() => {
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
  }, [auth, applyUser, queryClient, fetchProfile, endServerSession, userRef, replacingRef, endingAtApiRef]);
}
