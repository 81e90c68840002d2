import { generateKeyPairSync, randomUUID, sign, type KeyObject } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { APIGatewayProxyEventV2WithJWTAuthorizer } from 'aws-lambda';
import type { Jwk } from 'aws-jwt-verify/jwk';
import {
  GetTokensFromRefreshTokenCommand,
  GlobalSignOutCommand,
  InitiateAuthCommand,
  type AuthenticationResultType,
} from '@aws-sdk/client-cognito-identity-provider';
import { startGateway } from '../../scripts/local/gateway';
import { createJwtAuthorizer, fetchJwks } from '../../scripts/local/jwt-authorizer';
import type { LocalService } from '../../scripts/local/process';
import { createPoolUser } from '../../scripts/local/user-pool';
import { cognito, stack } from '../support/local-stack';

/**
 * The local gateway's JWT authorizer against the real emulator's tokens. A second gateway runs here
 * with a signed-in test route whose handler echoes the event it receives. Its authorizer trusts the
 * pool's keys plus one test key, so the test can mint tokens Cognito would never issue (expired, wrong
 * audience) and show that only the claim at fault makes them fail.
 */

const issuer = `${stack.cognitoEndpoint}/${stack.userPoolId}`;
const TEST_KID = 'integration-test-key';

function b64url(value: unknown): string {
  return Buffer.from(JSON.stringify(value)).toString('base64url');
}

function mint(key: KeyObject, kid: string, claims: Record<string, unknown>): string {
  const input = `${b64url({ alg: 'RS256', typ: 'JWT', kid })}.${b64url(claims)}`;
  return `${input}.${sign('RSA-SHA256', Buffer.from(input), key).toString('base64url')}`;
}

const now = () => Math.floor(Date.now() / 1000);
const accessClaims = (overrides: Record<string, unknown> = {}) => ({
  sub: randomUUID(),
  iss: issuer,
  client_id: stack.userPoolClientId,
  token_use: 'access',
  scope: 'aws.cognito.signin.user.admin',
  iat: now() - 60,
  exp: now() + 600,
  ...overrides,
});

const trustedKey = generateKeyPairSync('rsa', { modulusLength: 2048 });
const untrustedKey = generateKeyPairSync('rsa', { modulusLength: 2048 });

let gateway: LocalService;
const call = (path: string, token?: string, init: RequestInit = {}) =>
  fetch(`${gateway.url}${path}`, {
    ...init,
    headers: { ...(token === undefined ? {} : { authorization: `Bearer ${token}` }), ...(init.headers as Record<string, string>) },
  });
const echoed = async (response: Response) => (await response.json()) as APIGatewayProxyEventV2WithJWTAuthorizer;

const user = { email: `both-${randomUUID().slice(0, 8)}@example.co.uk`, password: 'Integration-1', groups: ['client', 'provider'] };
let tokens: AuthenticationResultType;

beforeAll(async () => {
  const poolKeys = await fetchJwks(`${issuer}/.well-known/jwks.json`);
  const testJwk = { ...(trustedKey.publicKey.export({ format: 'jwk' }) as Jwk), kid: TEST_KID, alg: 'RS256', use: 'sig' } as Jwk;
  gateway = await startGateway({
    routes: [
      { method: 'GET', path: '/api/test/me', area: 'system', access: 'signedIn' },
      { method: 'POST', path: '/api/test/items/{id}', area: 'system', access: 'client' },
      { method: 'GET', path: '/api/test/open', area: 'system', access: 'public' },
    ],
    handlers: { system: async (event) => ({ statusCode: 200, headers: { 'content-type': 'application/json' }, body: JSON.stringify(event) }) },
    verifier: createJwtAuthorizer({ issuer, audience: stack.userPoolClientId, jwks: { keys: [...poolKeys.keys, testJwk] } }),
    port: 0,
  });

  await createPoolUser(cognito, stack.userPoolId, user);
  const auth = await cognito.send(
    new InitiateAuthCommand({
      AuthFlow: 'USER_PASSWORD_AUTH',
      ClientId: stack.userPoolClientId,
      AuthParameters: { USERNAME: user.email, PASSWORD: user.password },
    }),
  );
  tokens = auth.AuthenticationResult!;
});

afterAll(async () => {
  await gateway?.stop();
});

describe('local gateway JWT authorizer', () => {
  it('rejects a signed-in route without a token with 401 Unauthorized', async () => {
    const response = await call('/api/test/me');
    expect(response.status).toBe(401);
    expect(await response.json()).toEqual({ message: 'Unauthorized' });
  });

  it('rejects a token that is not a JWT', async () => {
    expect((await call('/api/test/me', 'not-a-jwt')).status).toBe(401);
  });

  it('rejects a token signed by a key the pool does not have, even under the pool key id', async () => {
    const forged = mint(untrustedKey.privateKey, 'CognitoLocal', accessClaims());
    expect((await call('/api/test/me', forged)).status).toBe(401);
  });

  it('rejects a real token whose claims were altered after signing', async () => {
    const [header, payload, signature] = tokens.AccessToken!.split('.');
    const claims = JSON.parse(Buffer.from(payload!, 'base64url').toString()) as Record<string, unknown>;
    const altered = `${header}.${b64url({ ...claims, 'cognito:groups': ['admin'] })}.${signature}`;
    expect((await call('/api/test/me', altered)).status).toBe(401);
  });

  it('rejects an expired token, and accepts the same token while it is valid', async () => {
    const key = trustedKey.privateKey;
    expect((await call('/api/test/me', mint(key, TEST_KID, accessClaims({ iat: now() - 7200, exp: now() - 3600 })))).status).toBe(401);
    expect((await call('/api/test/me', mint(key, TEST_KID, accessClaims()))).status).toBe(200);
  });

  it('rejects a token for another app client or from another issuer', async () => {
    const otherClient = mint(trustedKey.privateKey, TEST_KID, accessClaims({ client_id: 'another-client' }));
    const otherIssuer = mint(trustedKey.privateKey, TEST_KID, accessClaims({ iss: `${stack.cognitoEndpoint}/eu-west-2_other` }));
    expect((await call('/api/test/me', otherClient)).status).toBe(401);
    expect((await call('/api/test/me', otherIssuer)).status).toBe(401);
  });

  it('passes a real Cognito access token and gives the handler the claims as API Gateway flattens them', async () => {
    const response = await call('/api/test/me?b=2&a=1&a=3', tokens.AccessToken!);
    expect(response.status).toBe(200);
    const event = await echoed(response);
    const claims = event.requestContext.authorizer.jwt.claims;
    expect(claims['cognito:groups']).toMatch(/^\[(client provider|provider client)\]$/);
    expect(claims.client_id).toBe(stack.userPoolClientId);
    expect(Object.values(claims).every((value) => typeof value === 'string')).toBe(true);
    expect(event.requestContext.authorizer.jwt.scopes).toEqual(['aws.cognito.signin.user.admin']);
    expect(event).toMatchObject({
      version: '2.0',
      routeKey: 'GET /api/test/me',
      rawPath: '/api/test/me',
      rawQueryString: 'b=2&a=1&a=3',
      queryStringParameters: { a: '1,3', b: '2' },
      requestContext: { http: { method: 'GET', path: '/api/test/me' }, routeKey: 'GET /api/test/me', stage: '$default' },
      isBase64Encoded: false,
    });
    expect(event.headers.authorization).toBe(`Bearer ${tokens.AccessToken}`);
  });

  it('accepts the id token too (its audience is the app client), as the HTTP API authorizer does', async () => {
    expect((await call('/api/test/me', tokens.IdToken!)).status).toBe(200);
  });

  it('passes path parameters decoded and a JSON body as text', async () => {
    const response = await call('/api/test/items/caf%C3%A9%20bar', tokens.AccessToken!, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ title: 'Boiler repair' }),
    });
    const event = await echoed(response);
    expect(event.pathParameters).toEqual({ id: 'café bar' });
    expect(event.routeKey).toBe('POST /api/test/items/{id}');
    expect(JSON.parse(event.body!)).toEqual({ title: 'Boiler repair' });
    expect(event.isBase64Encoded).toBe(false);
  });

  it('lets a public route through without a token and without an authorizer block', async () => {
    const response = await call('/api/test/open');
    expect(response.status).toBe(200);
    expect((await echoed(response)).requestContext).not.toHaveProperty('authorizer');
  });
});

describe('Cognito proxy in front of cognito-local', () => {
  it('refreshes tokens through GetTokensFromRefreshToken, and the new access token is accepted', async () => {
    const refreshed = await cognito.send(new GetTokensFromRefreshTokenCommand({ ClientId: stack.userPoolClientId, RefreshToken: tokens.RefreshToken! }));
    const access = refreshed.AuthenticationResult?.AccessToken;
    expect(access).toBeTruthy();
    expect(access).not.toBe(tokens.AccessToken);
    expect(refreshed.AuthenticationResult?.ExpiresIn).toBeGreaterThan(0);
    const event = await echoed(await call('/api/test/me', access!));
    expect(event.requestContext.authorizer.jwt.claims.username).toBe(
      (JSON.parse(Buffer.from(tokens.AccessToken!.split('.')[1]!, 'base64url').toString()) as { username: string }).username,
    );
  });

  it('answers a wrong password as Cognito does', async () => {
    await expect(
      cognito.send(
        new InitiateAuthCommand({
          AuthFlow: 'USER_PASSWORD_AUTH',
          ClientId: stack.userPoolClientId,
          AuthParameters: { USERNAME: user.email, PASSWORD: 'wrong-password' },
        }),
      ),
    ).rejects.toMatchObject({ name: 'NotAuthorizedException' });
  });

  it('accepts a global sign-out (which cognito-local lacks)', async () => {
    await expect(cognito.send(new GlobalSignOutCommand({ AccessToken: tokens.AccessToken! }))).resolves.toBeDefined();
  });

  it('lets the browser call it cross-origin', async () => {
    const preflight = await fetch(stack.cognitoEndpoint, {
      method: 'OPTIONS',
      headers: {
        origin: 'http://localhost:5173',
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'content-type,x-amz-target,x-amz-user-agent',
      },
    });
    expect(preflight.status).toBeLessThan(300);
    expect(preflight.headers.get('access-control-allow-origin')).toBe('*');
    expect(preflight.headers.get('access-control-allow-headers')).toContain('x-amz-target');
  });
});
