import { QueryClientContext } from '@tanstack/react-query';
import { createContext, lazy, Suspense, use, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import type { MeResponse } from '@solutionz/shared';
import { amplifyAuthClient } from './amplify-auth-client';
import { requestQueryClient } from '../query-client-gate';
import type { ProfileReport } from './profile-key';
import type { SessionEndReason } from './session-ended-signal';
import { useAuthActionsOf, useSessionEndedByApi, useSessionRenewal, useSessionUser } from './session-hooks';
import type { AuthActions, AuthClient, SessionState, SessionUser } from './session-types';

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
 * The session (docs/product/accounts.md#sessions): read at start-up, followed through sign-in, sign-out and
 * token refresh events, renewed before expiry while the tab is visible, and paired with the
 * profile from GET /api/me (re-read on every auth change, dropped on sign-out). A failure to reach
 * auth at start-up (no config, emulator down) is logged and treated as signed out, so public
 * pages keep working.
 */
export function SessionProvider({
  children,
  auth = amplifyAuthClient,
  fetchProfile = fetchProfileFromApi,
  endServerSession = endSessionAtApi,
  onSessionEnded: tell,
}: SessionProviderProps) {
  // Empty until the query client's chunk has loaded (app/provider.tsx); nothing is cached before then.
  const queryClient = use(QueryClientContext);
  const [profileReport, setProfileReport] = useState<ProfileReport | null>(null);
  // Read by listeners that must not act twice for one session (several calls refused at once).
  const userRef = useRef<SessionUser | null | undefined>(undefined);
  // A sign-in ends the session before it (Amplify signs out first): that is no sign-out of the person, whose
  // pages must not be torn down while the same person signs in again (after a password change).
  const replacingRef = useRef(false);
  /** While the API is told this session ends: its refusal (the session was revoked already) is no news to act on. */
  const endingAtApiRef = useRef(false);
  const { user, applyUser } = useSessionUser(auth, queryClient, userRef);
  useSessionRenewal(auth, queryClient, user, applyUser, replacingRef);
  useSessionEndedByApi(auth, applyUser, tell, userRef, endingAtApiRef);
  const actions = useAuthActionsOf({ auth, queryClient, applyUser, fetchProfile, endServerSession }, userRef, replacingRef, endingAtApiRef);

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
