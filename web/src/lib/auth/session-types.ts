import type { MeResponse } from '@solutionz/shared';

/** Who the tokens say the caller is; the profile (GET /api/me) says what kind of account it is. */
export interface SessionUser {
  readonly userId: string;
  readonly email?: string;
  readonly groups: readonly string[];
  /** When the access token runs out (epoch ms by this device's clock); the session renews itself shortly before. */
  readonly expiresAt?: number;
}

export type ProfileStatus = 'pending' | 'success' | 'error';

export type SessionState =
  | { readonly status: 'loading' }
  | { readonly status: 'signedOut' }
  | {
      readonly status: 'signedIn';
      readonly user: SessionUser;
      /** Present once GET /api/me answered; re-fetched on every auth change. */
      readonly profile?: MeResponse;
      readonly profileStatus: ProfileStatus;
    };

/** A finished sign-in carries the fresh profile (null when it could not be read). */
export interface SignedIn {
  readonly status: 'signedIn';
  readonly profile: MeResponse | null;
}

/** The password was right and the account has 2-step verification: confirmSignInWithCode finishes it. */
interface CodeNeeded {
  readonly status: 'codeNeeded';
}

export interface AuthActions {
  /** Signs in (any earlier session is ended first); resolves signed in with the fresh profile, or asking for a code. */
  signIn(email: string, password: string): Promise<SignedIn | CodeNeeded>;
  /** The second step of a sign-in that asked for a code: the 6-digit code from the authenticator app. */
  confirmSignInWithCode(code: string): Promise<SignedIn>;
  /** Ends the session; a server answer meaning "already signed out" (401, 403, 404) still signs out locally. */
  signOut(): Promise<void>;
  /** Reads GET /api/me again, e.g. after the e-mail address was confirmed. */
  refreshProfile(): Promise<void>;
}

export type AuthEvent = { readonly type: 'signedIn' | 'signedOut' | 'tokenRefresh' } | { readonly type: 'tokenRefreshFailure'; readonly retryable: boolean };

/** What the session needs from the identity provider: Amplify in the app, a fake in tests. */
export interface AuthClient {
  /** The user from the stored tokens (renewed when expired, or always with `forceRefresh`), or null. */
  currentUser(options?: { forceRefresh?: boolean }): Promise<SessionUser | null>;
  /** `codeNeeded`: the account has 2-step verification and confirmSignInWithCode completes the sign-in. */
  signIn(email: string, password: string): Promise<'signedIn' | 'codeNeeded'>;
  /** Rejects with a CodeMismatchException for a wrong code (the sign-in can then be retried with another). */
  confirmSignInWithCode(code: string): Promise<void>;
  signOut(): Promise<void>;
  /** Subscribes to sign-in, sign-out and token refresh events; returns the unsubscribe. */
  onAuthEvent(listener: (event: AuthEvent) => void): () => void;
}
