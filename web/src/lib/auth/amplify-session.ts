/**
 * The only module that touches aws-amplify. It is reached through dynamic `import()` alone, so
 * Amplify stays out of the entry chunk (budget: DESIGN.md section 10, issue 2).
 */
import { Amplify } from 'aws-amplify';
import { fetchAuthSession } from 'aws-amplify/auth';
import type { WebConfig } from '@solutionz/shared';
import type { SessionUser } from './session-types';

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
  configured = true;
}

/** The signed-in user from the stored (and, when near expiry, refreshed) tokens, or null. */
export async function readSessionUser(): Promise<SessionUser | null> {
  const { tokens } = await fetchAuthSession();
  if (!tokens?.accessToken) return null;
  const claims = tokens.accessToken.payload;
  const groups = claims['cognito:groups'];
  return {
    userId: String(claims.sub),
    email: typeof tokens.idToken?.payload.email === 'string' ? tokens.idToken.payload.email : undefined,
    groups: Array.isArray(groups) ? groups.map(String) : [],
  };
}

export async function readAccessToken(): Promise<string | undefined> {
  const { tokens } = await fetchAuthSession();
  return tokens?.accessToken.toString();
}
