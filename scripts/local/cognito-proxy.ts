import { createSign } from 'node:crypto';
import { createRequire } from 'node:module';
import { buffer } from 'node:stream/consumers';
import { request as httpRequest, type IncomingMessage, type ServerResponse } from 'node:http';
import { serveHttp, type LocalService } from './process';

/**
 * Sits in front of cognito-local and fills its gaps (docs/local-stack.md#the-stand-ins-and-their-gaps), so the web (aws-amplify)
 * and the Lambdas talk to it as they would to Cognito:
 * - `GetTokensFromRefreshToken` (Amplify's token refresh) becomes `InitiateAuth REFRESH_TOKEN_AUTH`;
 * - `GlobalSignOut` and `AdminUserGlobalSignOut` sign the user out everywhere as Cognito does: refresh
 *   tokens and access tokens issued before that second are refused (NotAuthorizedException) when used
 *   with Cognito. cognito-local offers no way to list a user's refresh tokens, so the proxy keeps the
 *   moment per user, in memory: a restart of the local stack forgets it. `RevokeToken` goes through;
 * - `AdminSetUserMFAPreference`, which cognito-local lacks, becomes its `SetUserMFAPreference` for that
 *   user (which reads only the `sub` and `client_id` of the access token it is given);
 * - `AdminUpdateUserAttributes` refuses an e-mail another user has, with Cognito's `AliasExistsException`;
 * - Cognito's self-service operations (DeleteUser, ChangePassword, the 2-step setup, attribute writes, ...)
 *   are refused to access tokens of the web app client, as Cognito refuses a token without the
 *   `aws.cognito.signin.user.admin` scope: this mirrors the cloud's pre token generation trigger, which
 *   takes that scope out of the web client's tokens (cognito-local always puts it in and runs no version 2
 *   trigger). Tokens of the server's app client pass;
 * - `UpdateUserAttributes` and `DeleteUserAttributes` with a user's own access token touch only the app
 *   client's write attributes, as Cognito has it (cognito-local keeps the list but lets anything through);
 * - a wrong password gives Cognito's `NotAuthorizedException`, not cognito-local's `InvalidPasswordException`;
 * - a disabled user (an admin's deactivation) gets no tokens, from a sign-in or a refresh: Cognito's
 *   `NotAuthorizedException` "User is disabled." (cognito-local issues them all the same);
 * - refreshed tokens keep the `auth_time` of the sign-in, as Cognito's do (cognito-local stamps the
 *   refresh's own time): the API names the session a token belongs to by it. The proxy re-signs them
 *   with cognito-local's own key, so they verify against the same JWKS;
 * - every answer carries CORS headers, including the proxy's own.
 * Known gap: cognito-local does not keep the refresh token of a sign-in that answered a 2-step
 * challenge (RespondToAuthChallenge), so such a session cannot be refreshed locally.
 */

const CORS_HEADERS = {
  'access-control-allow-origin': '*',
  'access-control-allow-methods': 'GET, POST, OPTIONS',
  'access-control-allow-headers':
    'content-type, x-amz-target, x-amz-user-agent, x-amz-date, x-amz-security-token, authorization, amz-sdk-invocation-id, amz-sdk-request, cache-control',
  'access-control-expose-headers': 'x-amzn-requestid, x-amzn-errortype, x-amzn-errormessage, date',
  'access-control-max-age': '86400',
} as const;

const JSON_TYPE = 'application/x-amz-json-1.1';
const TARGET_PREFIX = 'AWSCognitoIdentityProviderService.';
const REFRESH_FLOWS = new Set(['REFRESH_TOKEN', 'REFRESH_TOKEN_AUTH']);

interface Upstream {
  readonly status: number;
  readonly headers: Record<string, string>;
  readonly body: Buffer;
}

function forward(
  target: URL,
  req: Pick<IncomingMessage, 'headers' | 'url' | 'method'>,
  body: Buffer,
  headerOverrides: Record<string, string> = {},
): Promise<Upstream> {
  return new Promise((resolve, reject) => {
    const headers: Record<string, string | string[]> = {};
    for (const [name, value] of Object.entries(req.headers)) if (value !== undefined) headers[name] = value;
    Object.assign(headers, headerOverrides, { host: target.host, 'content-length': String(body.length) });
    const upstream = httpRequest({ host: target.hostname, port: target.port, path: req.url, method: req.method, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => {
        const responseHeaders: Record<string, string> = {};
        for (const [name, value] of Object.entries(res.headers)) {
          if (value !== undefined) responseHeaders[name] = Array.isArray(value) ? value.join(', ') : value;
        }
        resolve({ status: res.statusCode ?? 502, headers: responseHeaders, body: Buffer.concat(chunks) });
      });
      res.on('error', reject);
    });
    upstream.on('error', reject);
    upstream.end(body);
  });
}

function send(res: ServerResponse, status: number, headers: Record<string, string>, body: Buffer | string): void {
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers)) {
    if (!['content-length', 'transfer-encoding', 'connection', 'keep-alive'].includes(name) && !name.startsWith('access-control-')) {
      out[name] = value;
    }
  }
  res.writeHead(status, { ...out, ...CORS_HEADERS, 'content-length': String(Buffer.byteLength(body)) });
  res.end(body);
}

function sendJson(res: ServerResponse, status: number, value: unknown): void {
  send(res, status, { 'content-type': JSON_TYPE }, JSON.stringify(value));
}

function parseJson(raw: Buffer): Record<string, unknown> {
  try {
    const value: unknown = JSON.parse(raw.toString('utf8') || '{}');
    return value !== null && typeof value === 'object' ? (value as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

function claimsOf(jwt: unknown): Record<string, unknown> {
  return typeof jwt === 'string' ? parseJson(Buffer.from(jwt.split('.')[1] ?? '', 'base64url')) : {};
}

function secondsUntilExpiry(jwt: unknown): number | undefined {
  const { exp } = claimsOf(jwt);
  return typeof exp === 'number' ? Math.max(0, exp - Math.floor(Date.now() / 1000)) : undefined;
}

const nowSeconds = () => Math.floor(Date.now() / 1000);

const require = createRequire(import.meta.url);
/** The key cognito-local signs every token with (kid CognitoLocal), part of its package. */
const signingKey = () => (require('cognito-local/lib/keys/cognitoLocal.private.json') as { pem: string }).pem;

/** The token with its `auth_time` replaced, signed again as cognito-local signs (RS256, same header). */
function withAuthTime(jwt: unknown, authTime: number): unknown {
  if (typeof jwt !== 'string') return jwt;
  const header = jwt.split('.')[0]!;
  const signed = `${header}.${Buffer.from(JSON.stringify({ ...claimsOf(jwt), auth_time: authTime })).toString('base64url')}`;
  return `${signed}.${createSign('RSA-SHA256').update(signed).sign(signingKey()).toString('base64url')}`;
}

/**
 * Tokens a refresh gave, with the `auth_time` of the sign-in the refresh token came from (its `iat`:
 * cognito-local issues the three tokens of a sign-in in the same second).
 */
function keepSignInTime(result: Record<string, unknown>, refreshToken: unknown): Record<string, unknown> {
  const { iat } = claimsOf(refreshToken);
  if (typeof iat !== 'number') return result;
  return { ...result, AccessToken: withAuthTime(result.AccessToken, iat), IdToken: withAuthTime(result.IdToken, iat) };
}

/**
 * What a user's access token may call only with the self-service scope: the operations our API guards
 * with the password (and a code), and the rest of their kind.
 */
const SELF_SERVICE_OPERATIONS = new Set([
  'DeleteUser',
  'ChangePassword',
  'AssociateSoftwareToken',
  'VerifySoftwareToken',
  'SetUserMFAPreference',
  'SetUserSettings',
  'UpdateUserAttributes',
  'DeleteUserAttributes',
  'VerifyUserAttribute',
  'GetUserAttributeVerificationCode',
]);

function notAuthorized(res: ServerResponse, message: string): void {
  sendJson(res, 400, { __type: 'NotAuthorizedException', message });
}

/** A call of the proxy's own to cognito-local, with the same credentials the caller sent. */
async function callUpstream(upstreamUrl: URL, req: IncomingMessage, target: string, input: unknown): Promise<Upstream> {
  return forward(upstreamUrl, { headers: req.headers, url: '/', method: 'POST' }, Buffer.from(JSON.stringify(input)), {
    'x-amz-target': `${TARGET_PREFIX}${target}`,
    'content-type': JSON_TYPE,
  });
}

/** The moment each user (by the pool's username, the `sub`) last signed out everywhere, epoch seconds. */
type SignOuts = Map<string, number>;

/**
 * The name of the local pool's web app client (user-pool.ts gives it): the proxy tells the web's tokens
 * by it, as the cloud's trigger tells them by the client's id.
 */
export const WEB_CLIENT_NAME = 'web';

/** Whether each app client (by id) is the web's; a client's name never changes. */
type WebClients = Map<string, boolean>;

/** True when the access token was issued to the web app client, the one whose tokens the browser holds. */
async function isWebClientToken(upstreamUrl: URL, req: IncomingMessage, accessToken: unknown, webClients: WebClients): Promise<boolean> {
  const { client_id: clientId, iss } = claimsOf(accessToken);
  if (typeof clientId !== 'string' || typeof iss !== 'string') return false;
  const known = webClients.get(clientId);
  if (known !== undefined) return known;
  const described = await callUpstream(upstreamUrl, req, 'DescribeUserPoolClient', { UserPoolId: iss.split('/').at(-1), ClientId: clientId });
  if (described.status !== 200) return false;
  const isWeb = (parseJson(described.body).UserPoolClient as { ClientName?: string } | undefined)?.ClientName === WEB_CLIENT_NAME;
  webClients.set(clientId, isWeb);
  return isWeb;
}

/** A token is revoked when it was issued before its user's last sign-out everywhere (Cognito's rule). */
function isRevoked(signOuts: SignOuts, username: unknown, issuedAt: unknown): boolean {
  const since = typeof username === 'string' ? signOuts.get(username) : undefined;
  return since !== undefined && (typeof issuedAt !== 'number' || issuedAt < since);
}

/** The user a Username (the sub or an alias such as the e-mail) names, or cognito-local's error answer. */
async function poolUser(
  upstreamUrl: URL,
  req: IncomingMessage,
  userPoolId: unknown,
  username: unknown,
): Promise<{ user: Record<string, unknown> } | { error: Upstream }> {
  const found = await callUpstream(upstreamUrl, req, 'AdminGetUser', { UserPoolId: userPoolId, Username: username });
  return found.status === 200 ? { user: parseJson(found.body) } : { error: found };
}

/** Tokens cognito-local issued (a sign-in, a refresh, an answered challenge) to a user who is disabled. */
async function isDisabledUsersSession(upstreamUrl: URL, req: IncomingMessage, upstream: Upstream): Promise<boolean> {
  const result = parseJson(upstream.body).AuthenticationResult as Record<string, unknown> | undefined;
  if (!result?.AccessToken) return false;
  const { iss, username } = claimsOf(result.AccessToken);
  const userPoolId = typeof iss === 'string' ? iss.slice(iss.lastIndexOf('/') + 1) : undefined;
  if (!userPoolId || typeof username !== 'string') return false;
  const found = await poolUser(upstreamUrl, req, userPoolId, username);
  return 'user' in found && found.user.Enabled === false;
}

function attributeOf(user: Record<string, unknown>, name: string): string | undefined {
  const attributes = Array.isArray(user.UserAttributes) ? (user.UserAttributes as { Name?: string; Value?: string }[]) : [];
  return attributes.find((attribute) => attribute.Name === name)?.Value;
}

async function adminGlobalSignOut(
  upstreamUrl: URL,
  req: IncomingMessage,
  input: Record<string, unknown>,
  res: ServerResponse,
  signOuts: SignOuts,
): Promise<void> {
  const found = await poolUser(upstreamUrl, req, input.UserPoolId, input.Username);
  if ('error' in found) return send(res, found.error.status, found.error.headers, found.error.body);
  signOuts.set(String(found.user.Username), nowSeconds());
  sendJson(res, 200, {});
}

/**
 * cognito-local's SetUserMFAPreference finds the user by the `sub` and the pool by the `client_id`
 * of the access token without checking its signature, so an unsigned token naming them lets an
 * administrator's call act for the user.
 */
async function adminSetMfaPreference(upstreamUrl: URL, req: IncomingMessage, input: Record<string, unknown>, res: ServerResponse): Promise<void> {
  const found = await poolUser(upstreamUrl, req, input.UserPoolId, input.Username);
  if ('error' in found) return send(res, found.error.status, found.error.headers, found.error.body);
  const clients = await callUpstream(upstreamUrl, req, 'ListUserPoolClients', { UserPoolId: input.UserPoolId, MaxResults: 1 });
  const clientId = (parseJson(clients.body).UserPoolClients as { ClientId?: string }[] | undefined)?.[0]?.ClientId;
  if (!clientId) return sendJson(res, 400, { __type: 'ResourceNotFoundException', message: 'The user pool has no app client' });
  const encode = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
  const actingToken = `${encode({ alg: 'none', typ: 'JWT' })}.${encode({ sub: attributeOf(found.user, 'sub'), client_id: clientId, token_use: 'access' })}.`;
  const upstream = await callUpstream(upstreamUrl, req, 'SetUserMFAPreference', {
    AccessToken: actingToken,
    SMSMfaSettings: input.SMSMfaSettings,
    SoftwareTokenMfaSettings: input.SoftwareTokenMfaSettings,
  });
  send(res, upstream.status, upstream.headers, upstream.body);
}

/** True when the answer went out: an e-mail that another user of the pool has already. */
async function refuseTakenEmail(upstreamUrl: URL, req: IncomingMessage, input: Record<string, unknown>, res: ServerResponse): Promise<boolean> {
  const attributes = Array.isArray(input.UserAttributes) ? (input.UserAttributes as { Name?: string; Value?: string }[]) : [];
  const email = attributes.find((attribute) => attribute.Name === 'email')?.Value;
  if (!email) return false;
  const found = await poolUser(upstreamUrl, req, input.UserPoolId, input.Username);
  if ('error' in found) return false;
  const listed = await callUpstream(upstreamUrl, req, 'ListUsers', { UserPoolId: input.UserPoolId, Filter: `email = "${email.replace(/"/g, '')}"` });
  const users = (parseJson(listed.body).Users as { Username?: string }[] | undefined) ?? [];
  if (!users.some((user) => user.Username !== found.user.Username)) return false;
  sendJson(res, 400, { __type: 'AliasExistsException', message: 'An account with the given email already exists.' });
  return true;
}

/**
 * True when the answer went out: a user's own call that would change an attribute outside the write
 * attributes of the client their token was issued to. The pool is the last part of the token's issuer.
 */
async function refuseUnwritableAttributes(
  upstreamUrl: URL,
  req: IncomingMessage,
  target: string,
  input: Record<string, unknown>,
  res: ServerResponse,
): Promise<boolean> {
  const names =
    target === 'UpdateUserAttributes'
      ? ((input.UserAttributes as { Name?: string }[] | undefined) ?? []).map((attribute) => attribute.Name)
      : ((input.UserAttributeNames as string[] | undefined) ?? []);
  const { client_id: clientId, iss } = claimsOf(input.AccessToken);
  const userPoolId = typeof iss === 'string' ? iss.split('/').at(-1) : undefined;
  const described = await callUpstream(upstreamUrl, req, 'DescribeUserPoolClient', { UserPoolId: userPoolId, ClientId: clientId });
  const writable = (parseJson(described.body).UserPoolClient as { WriteAttributes?: string[] } | undefined)?.WriteAttributes ?? [];
  // A client without a list may write every standard attribute, as in Cognito.
  if (writable.length === 0 || names.every((name) => name !== undefined && writable.includes(name))) return false;
  notAuthorized(res, 'A client attempted to write unauthorized attribute');
  return true;
}

async function refreshTokens(upstreamUrl: URL, req: IncomingMessage, input: Record<string, unknown>, res: ServerResponse): Promise<void> {
  const initiateAuth = {
    AuthFlow: 'REFRESH_TOKEN_AUTH',
    ClientId: input.ClientId,
    AuthParameters: { REFRESH_TOKEN: input.RefreshToken },
    ClientMetadata: input.ClientMetadata,
  };
  const upstream = await forward(upstreamUrl, req, Buffer.from(JSON.stringify(initiateAuth)), {
    'x-amz-target': `${TARGET_PREFIX}InitiateAuth`,
  });
  if (upstream.status !== 200) return send(res, upstream.status, upstream.headers, upstream.body);
  const result = keepSignInTime((parseJson(upstream.body).AuthenticationResult ?? {}) as Record<string, unknown>, input.RefreshToken);
  sendJson(res, 200, {
    AuthenticationResult: {
      AccessToken: result.AccessToken,
      IdToken: result.IdToken,
      TokenType: 'Bearer',
      ExpiresIn: secondsUntilExpiry(result.AccessToken),
    },
  });
}

async function handle(upstreamUrl: URL, req: IncomingMessage, res: ServerResponse, signOuts: SignOuts, webClients: WebClients): Promise<void> {
  if (req.method === 'OPTIONS') return send(res, 204, {}, '');
  const body = await buffer(req);
  const targetHeader = req.headers['x-amz-target'];
  const target = typeof targetHeader === 'string' && targetHeader.startsWith(TARGET_PREFIX) ? targetHeader.slice(TARGET_PREFIX.length) : undefined;
  const input = target ? parseJson(body) : {};

  // Every call made with a user's access token (GetUser, AssociateSoftwareToken, GlobalSignOut, ...).
  if (input.AccessToken !== undefined) {
    const { username, iat } = claimsOf(input.AccessToken);
    if (isRevoked(signOuts, username, iat)) return notAuthorized(res, 'Access Token has been revoked');
  }
  const refreshToken =
    target === 'GetTokensFromRefreshToken'
      ? input.RefreshToken
      : REFRESH_FLOWS.has(String(input.AuthFlow))
        ? (input.AuthParameters as Record<string, unknown> | undefined)?.REFRESH_TOKEN
        : undefined;
  if (refreshToken !== undefined) {
    const claims = claimsOf(refreshToken);
    if (isRevoked(signOuts, claims['cognito:username'], claims.iat)) return notAuthorized(res, 'Refresh Token has been revoked');
  }

  if (target && SELF_SERVICE_OPERATIONS.has(target) && (await isWebClientToken(upstreamUrl, req, input.AccessToken, webClients))) {
    return notAuthorized(res, 'Access Token does not have required scopes');
  }

  if (target === 'GetTokensFromRefreshToken') return refreshTokens(upstreamUrl, req, input, res);
  if (target === 'AdminUserGlobalSignOut') return adminGlobalSignOut(upstreamUrl, req, input, res, signOuts);
  if (target === 'GlobalSignOut') {
    const { username } = claimsOf(input.AccessToken);
    if (typeof username !== 'string') return notAuthorized(res, 'Invalid Access Token');
    signOuts.set(username, nowSeconds());
    return sendJson(res, 200, {});
  }
  if (target === 'AdminSetUserMFAPreference') return adminSetMfaPreference(upstreamUrl, req, input, res);
  if (target === 'AdminUpdateUserAttributes' && (await refuseTakenEmail(upstreamUrl, req, input, res))) return;
  if ((target === 'UpdateUserAttributes' || target === 'DeleteUserAttributes') && (await refuseUnwritableAttributes(upstreamUrl, req, target, input, res)))
    return;

  const upstream = await forward(upstreamUrl, req, body);
  if ((target === 'InitiateAuth' || target === 'AdminInitiateAuth') && upstream.status === 400) {
    const error = parseJson(upstream.body);
    if (error.__type === 'InvalidPasswordException') {
      return sendJson(res, 400, { __type: 'NotAuthorizedException', message: 'Incorrect username or password.' });
    }
  }
  if (upstream.status === 200 && (await isDisabledUsersSession(upstreamUrl, req, upstream))) return notAuthorized(res, 'User is disabled.');
  if (upstream.status === 200 && refreshToken !== undefined) {
    const answer = parseJson(upstream.body);
    const result = answer.AuthenticationResult as Record<string, unknown> | undefined;
    if (result) return send(res, 200, upstream.headers, JSON.stringify({ ...answer, AuthenticationResult: keepSignInTime(result, refreshToken) }));
  }
  send(res, upstream.status, upstream.headers, upstream.body);
}

export interface CognitoProxyOptions {
  readonly port: number;
  /** cognito-local's own URL. */
  readonly upstream: string;
}

export function start(opts: CognitoProxyOptions): Promise<LocalService> {
  const upstreamUrl = new URL(opts.upstream);
  const signOuts: SignOuts = new Map();
  const webClients: WebClients = new Map();
  return serveHttp('Cognito (proxy)', opts.port, (req, res) => {
    handle(upstreamUrl, req, res, signOuts, webClients).catch((error: unknown) => {
      if (res.headersSent) return res.destroy();
      sendJson(res, 502, { __type: 'InternalErrorException', message: `cognito proxy: ${(error as Error).message}` });
    });
  });
}
