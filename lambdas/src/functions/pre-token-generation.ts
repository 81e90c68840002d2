import type { PreTokenGenerationV2TriggerEvent } from 'aws-lambda';
import { resolveSecrets } from '../adapters/secrets';
import { loadPreTokenGenerationConfig } from '../area-config';

/**
 * Cognito's pre token generation trigger (event version 2.0). Cognito puts the self-service scope into
 * every access token of a sign-in through its API, and with it the token alone may call Cognito's
 * self-service operations: DeleteUser, ChangePassword, AssociateSoftwareToken, VerifySoftwareToken,
 * SetUserMFAPreference, UpdateUserAttributes and the like. Our API guards each of those with the password
 * (and a code), so the tokens the browser holds, issued to the web app client, lose the scope: a stolen
 * one cannot go round the API at Cognito. Tokens of the server's own app client keep it; only the
 * Lambdas ever hold them. Locally, where cognito-local runs no such trigger, the local Cognito proxy
 * refuses those operations to web tokens instead (scripts/local/cognito-proxy.ts).
 */

/** The scope Cognito requires of an access token for its self-service operations. */
export const COGNITO_SELF_SERVICE_SCOPE = 'aws.cognito.signin.user.admin';

export function createPreTokenGenerationHandler(webClientId: () => Promise<string>) {
  return async (event: PreTokenGenerationV2TriggerEvent): Promise<PreTokenGenerationV2TriggerEvent> => {
    if (event.callerContext.clientId !== (await webClientId())) return event;
    // Cognito may send the overrides as null: nothing set them yet.
    const overrides = (event.response.claimsAndScopeOverrideDetails as typeof event.response.claimsAndScopeOverrideDetails | null) ?? {};
    const accessToken = overrides.accessTokenGeneration ?? {};
    return {
      ...event,
      response: {
        claimsAndScopeOverrideDetails: {
          ...overrides,
          accessTokenGeneration: { ...accessToken, scopesToSuppress: [...(accessToken.scopesToSuppress ?? []), COGNITO_SELF_SERVICE_SCOPE] },
        },
      },
    };
  };
}

let webClientId: Promise<string> | undefined;

/** Read at the first sign-in, as a cold start would; a failed read is tried again at the next. */
function readWebClientId(): Promise<string> {
  webClientId ??= (async () => {
    const config = loadPreTokenGenerationConfig();
    const { id } = await resolveSecrets(config.region, { id: config.webClientId });
    if (!id) throw new Error('The web app client id is empty');
    return id;
  })();
  webClientId.catch(() => (webClientId = undefined));
  return webClientId;
}

export const handler = createPreTokenGenerationHandler(readWebClientId);
