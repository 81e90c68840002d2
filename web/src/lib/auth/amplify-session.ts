/**
 * The only module that touches aws-amplify. It is reached through dynamic `import()` alone, so
 * Amplify stays out of the entry chunk (budget: docs/benchmarks.md#web-pages).
 */
import { Amplify } from 'aws-amplify';
import { confirmSignIn, fetchAuthSession, signIn, signOut } from 'aws-amplify/auth';
import { Hub } from 'aws-amplify/utils';
import type { WebConfig } from '@solutionz/shared';
import type { AuthEvent, SessionUser } from './session-types';

let authFlowType: WebConfig['auth']['authFlowType'] = 'USER_SRP_AUTH';
let configured = false;

export function configureAmplify(config: WebConfig): void {
  if (configured) return;
  Amplify.configure({
    Auth: {
      Cognito: {
        userPoolId: config.auth.userPoolId,
        userPoolClientId: config.auth.userPoolClientId,
        ...(config.auth.userPoolEndpoint ? { userPoolEndpoint: config.auth.userPoolEndpoint } : {}),
      },
    },
  });
  authFlowType = config.auth.authFlowType;
  configured = true;
}

/**
 * How far the server's clock is ahead of this device's (ms), measured when tokens arrive fresh
 * (sign-in, forced refresh). Amplify corrects for it when deciding whether tokens expired; the
 * refresh timer must too, or a device clock that is off by hours would renew the session in a loop.
 */
let serverClockAheadMs = 0;

function measureClockDrift(issuedAtSeconds: unknown): void {
  if (typeof issuedAtSeconds === 'number') serverClockAheadMs = issuedAtSeconds * 1000 - Date.now();
}

/** The signed-in user from the stored tokens (renewed by Amplify when expired or when forced), or null. */
export async function readSessionUser(options?: { forceRefresh?: boolean }): Promise<SessionUser | null> {
  const { tokens } = await fetchAuthSession(options);
  if (!tokens?.accessToken) return null;
  const claims = tokens.accessToken.payload;
  if (options?.forceRefresh) measureClockDrift(claims.iat);
  const groups = claims['cognito:groups'];
  return {
    userId: String(claims.sub),
    email: typeof tokens.idToken?.payload.email === 'string' ? tokens.idToken.payload.email : undefined,
    groups: Array.isArray(groups) ? groups.map(String) : [],
    expiresAt: typeof claims.exp === 'number' ? claims.exp * 1000 - serverClockAheadMs : undefined,
  };
}

export async function readAccessToken(): Promise<string | undefined> {
  const { tokens } = await fetchAuthSession();
  return tokens?.accessToken.toString();
}

/** A sign-in step Amplify could not finish on its own (new password, SMS codes): this product uses none. */
export class UnsupportedSignInStepError extends Error {
  override readonly name = 'UnsupportedSignInStepError';
}

/** Signs in; an account with 2-step verification (Cognito software-token MFA) then needs confirmSignInWithCode. */
export async function signInWithPassword(email: string, password: string): Promise<'signedIn' | 'codeNeeded'> {
  // Amplify refuses a second sign-in while tokens are stored; the new credentials win.
  if ((await fetchAuthSession()).tokens) await signOut();
  const result = await signIn({ username: email, password, options: { authFlowType } });
  if (result.nextStep.signInStep === 'CONFIRM_SIGN_IN_WITH_TOTP_CODE') return 'codeNeeded';
  if (!result.isSignedIn) throw new UnsupportedSignInStepError(`Sign-in needs a further step: ${result.nextStep.signInStep}`);
  measureClockDrift((await fetchAuthSession()).tokens?.accessToken.payload.iat);
  return 'signedIn';
}

/** Answers the code challenge of signInWithPassword; a wrong code rejects with CodeMismatchException and may be retried. */
export async function confirmSignInWithCode(code: string): Promise<void> {
  const result = await confirmSignIn({ challengeResponse: code });
  if (!result.isSignedIn) throw new UnsupportedSignInStepError(`Sign-in needs a further step: ${result.nextStep.signInStep}`);
  measureClockDrift((await fetchAuthSession()).tokens?.accessToken.payload.iat);
}

/**
 * Amplify revokes the refresh token and clears the stored tokens; it ignores the server's answer
 * to the revoke (401, 403, 404 included), so only a local failure reaches the caller.
 */
export async function signOutOfSession(): Promise<void> {
  await signOut();
}

/** Errors after which a refresh token can never work again (Amplify has then cleared the tokens). */
const FINAL_REFRESH_ERRORS = [
  'NotAuthorizedException',
  'TokenRevokedException',
  'UserNotFoundException',
  'PasswordResetRequiredException',
  'UserNotConfirmedException',
  'RefreshTokenReuseException',
];

export function listenToAuthEvents(listener: (event: AuthEvent) => void): () => void {
  return Hub.listen('auth', ({ payload }) => {
    switch (payload.event) {
      case 'signedIn':
      case 'signedOut':
      case 'tokenRefresh':
        listener({ type: payload.event });
        break;
      case 'tokenRefresh_failure': {
        const name = (payload.data?.error as Error | undefined)?.name ?? '';
        listener({ type: 'tokenRefreshFailure', retryable: !FINAL_REFRESH_ERRORS.some((final) => name.startsWith(final)) });
        break;
      }
    }
  });
}
