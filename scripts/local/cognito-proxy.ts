import { buffer } from 'node:stream/consumers';
import { request as httpRequest, type IncomingMessage, type ServerResponse } from 'node:http';
import { serveHttp, type LocalService } from './process';

/**
 * Sits in front of cognito-local and fills the gaps TOOLCHAIN.md lists, so the web (aws-amplify)
 * and the Lambdas talk to it as they would to Cognito:
 * - `GetTokensFromRefreshToken` (Amplify's token refresh) becomes `InitiateAuth REFRESH_TOKEN_AUTH`;
 * - `GlobalSignOut`, `AdminUserGlobalSignOut` and `RevokeToken` succeed (tokens are not tracked locally);
 * - a wrong password gives Cognito's `NotAuthorizedException`, not cognito-local's `InvalidPasswordException`;
 * - every answer carries CORS headers, including the proxy's own.
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
const SIGN_OUT_TARGETS = new Set(['GlobalSignOut', 'AdminUserGlobalSignOut', 'RevokeToken']);

interface Upstream {
  readonly status: number;
  readonly headers: Record<string, string>;
  readonly body: Buffer;
}


function forward(target: URL, req: IncomingMessage, body: Buffer, headerOverrides: Record<string, string> = {}): Promise<Upstream> {
  return new Promise((resolve, reject) => {
    const headers: Record<string, string | string[]> = {};
    for (const [name, value] of Object.entries(req.headers)) if (value !== undefined) headers[name] = value;
    Object.assign(headers, headerOverrides, { host: target.host, 'content-length': String(body.length) });
    const upstream = httpRequest(
      { host: target.hostname, port: target.port, path: req.url, method: req.method, headers },
      (res) => {
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
      },
    );
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

function secondsUntilExpiry(jwt: unknown): number | undefined {
  if (typeof jwt !== 'string') return undefined;
  const payload = parseJson(Buffer.from(jwt.split('.')[1] ?? '', 'base64url'));
  return typeof payload.exp === 'number' ? Math.max(0, payload.exp - Math.floor(Date.now() / 1000)) : undefined;
}

async function refreshTokens(upstreamUrl: URL, req: IncomingMessage, body: Buffer, res: ServerResponse): Promise<void> {
  const input = parseJson(body);
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
  const result = (parseJson(upstream.body).AuthenticationResult ?? {}) as Record<string, unknown>;
  sendJson(res, 200, {
    AuthenticationResult: {
      AccessToken: result.AccessToken,
      IdToken: result.IdToken,
      TokenType: 'Bearer',
      ExpiresIn: secondsUntilExpiry(result.AccessToken),
    },
  });
}

async function handle(upstreamUrl: URL, req: IncomingMessage, res: ServerResponse): Promise<void> {
  if (req.method === 'OPTIONS') return send(res, 204, {}, '');
  const body = await buffer(req);
  const targetHeader = req.headers['x-amz-target'];
  const target = typeof targetHeader === 'string' && targetHeader.startsWith(TARGET_PREFIX) ? targetHeader.slice(TARGET_PREFIX.length) : undefined;

  if (target === 'GetTokensFromRefreshToken') return refreshTokens(upstreamUrl, req, body, res);
  if (target && SIGN_OUT_TARGETS.has(target)) return sendJson(res, 200, {});

  const upstream = await forward(upstreamUrl, req, body);
  if ((target === 'InitiateAuth' || target === 'AdminInitiateAuth') && upstream.status === 400) {
    const error = parseJson(upstream.body);
    if (error.__type === 'InvalidPasswordException') {
      return sendJson(res, 400, { __type: 'NotAuthorizedException', message: 'Incorrect username or password.' });
    }
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
  return serveHttp('Cognito (proxy)', opts.port, (req, res) => {
    handle(upstreamUrl, req, res).catch((error: unknown) => {
      if (res.headersSent) return res.destroy();
      sendJson(res, 502, { __type: 'InternalErrorException', message: `cognito proxy: ${(error as Error).message}` });
    });
  });
}
