import type { PreTokenGenerationV2TriggerEvent } from 'aws-lambda';
import { describe, expect, it } from 'vitest';
import { COGNITO_SELF_SERVICE_SCOPE, createPreTokenGenerationHandler } from './pre-token-generation';

const WEB_CLIENT = 'web-client-id';
const SERVER_CLIENT = 'server-client-id';

/** What Cognito sends the trigger (event version 2.0) when it issues tokens to `clientId`. */
function event(
  clientId: string,
  triggerSource: PreTokenGenerationV2TriggerEvent['triggerSource'] = 'TokenGeneration_Authentication',
): PreTokenGenerationV2TriggerEvent {
  return {
    version: '2',
    region: 'eu-west-2',
    userPoolId: 'eu-west-2_pool',
    triggerSource,
    userName: 'a1b2',
    callerContext: { awsSdkVersion: 'aws-sdk-unknown-unknown', clientId },
    request: {
      userAttributes: { sub: 'a1b2', email: 'cara@example.co.uk' },
      groupConfiguration: { groupsToOverride: ['client'] },
      scopes: [COGNITO_SELF_SERVICE_SCOPE],
    },
    // Cognito sends no overrides yet as null.
    response: { claimsAndScopeOverrideDetails: null as never },
  } as PreTokenGenerationV2TriggerEvent;
}

const handler = createPreTokenGenerationHandler(async () => WEB_CLIENT);

describe('the pre token generation trigger', () => {
  it.each(['TokenGeneration_Authentication', 'TokenGeneration_RefreshTokens'] as const)(
    'takes the self-service scope out of the access tokens of the web client (%s)',
    async (triggerSource) => {
      const answer = await handler(event(WEB_CLIENT, triggerSource));
      expect(answer.response.claimsAndScopeOverrideDetails).toEqual({ accessTokenGeneration: { scopesToSuppress: [COGNITO_SELF_SERVICE_SCOPE] } });
      // Nothing else of the tokens changes: the groups and the other claims stay as Cognito made them.
      expect(answer.response.claimsAndScopeOverrideDetails.idTokenGeneration).toBeUndefined();
      expect(answer.response.claimsAndScopeOverrideDetails.groupOverrideDetails).toBeUndefined();
    },
  );

  it('leaves the tokens of the server client as Cognito makes them, the scope in', async () => {
    const input = event(SERVER_CLIENT);
    const answer = await handler(input);
    expect(answer).toBe(input);
    expect(answer.response.claimsAndScopeOverrideDetails).toBeNull();
  });

  it('keeps what was set already and adds the scope to what is suppressed', async () => {
    const input = event(WEB_CLIENT);
    input.response.claimsAndScopeOverrideDetails = {
      accessTokenGeneration: { scopesToSuppress: ['other'], claimsToSuppress: ['x'] },
      idTokenGeneration: { claimsToSuppress: ['y'] },
    };
    expect((await handler(input)).response.claimsAndScopeOverrideDetails).toEqual({
      accessTokenGeneration: { scopesToSuppress: ['other', COGNITO_SELF_SERVICE_SCOPE], claimsToSuppress: ['x'] },
      idTokenGeneration: { claimsToSuppress: ['y'] },
    });
  });

  it('refuses the sign-in when it cannot tell which client is the web’s', async () => {
    const failing = createPreTokenGenerationHandler(() => Promise.reject(new Error('SSM is unreachable')));
    await expect(failing(event(WEB_CLIENT))).rejects.toThrow('SSM is unreachable');
  });
});
