import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { buffer } from 'node:stream/consumers';
import type { APIGatewayProxyEventV2WithJWTAuthorizer, APIGatewayProxyStructuredResultV2, Context } from 'aws-lambda';
import { VIEWER_IP_HEADER } from '@solutionz/lambdas/http/client-ip';
import { ERROR_CODES, MESSAGES, type ApiErrorBody, type Area, type RouteSpec } from '@solutionz/shared';
import { serveHttp, type LocalService } from './process';
import type { TokenVerifier } from './jwt-authorizer';

/**
 * The local stand-in for the HTTP API (docs/architecture.md#one-route-table): serves exactly the route table, runs the
 * JWT authorizer on every route that is not public, and hands the area's Lambda handler the same
 * payload v2 event API Gateway would.
 */

export type LambdaHandler = (
  event: APIGatewayProxyEventV2WithJWTAuthorizer,
  context: Context,
) => Promise<APIGatewayProxyStructuredResultV2 | string | object | undefined>;

export type HandlersByArea = Partial<Record<Area, LambdaHandler>>;

export interface GatewayOptions {
  readonly routes: readonly Pick<RouteSpec, 'method' | 'path' | 'area' | 'access'>[];
  readonly handlers: HandlersByArea;
  readonly verifier: TokenVerifier;
  /** 0 picks a free port (tests); the returned url names the one used. */
  readonly port: number;
  /** One line per request (method, path, status, time). */
  readonly log?: (line: string) => void;
}

/** A route of the table, or one of the ANY routes per path that answer 405. */
type GatewayRoute = Omit<GatewayOptions['routes'][number], 'method'> & { readonly method: GatewayOptions['routes'][number]['method'] | 'ANY' };

interface CompiledRoute {
  readonly route: GatewayRoute;
  readonly key: string;
  readonly pattern: RegExp;
  readonly paramNames: readonly string[];
  /** Literal characters in the path: API Gateway prefers the most specific match. */
  readonly literalLength: number;
}

function compile(route: GatewayRoute): CompiledRoute {
  const paramNames: string[] = [];
  const source = route.path
    .split(/(\{[^{}]+\})/)
    .map((part) => {
      const param = /^\{(\w+)(\+?)\}$/.exec(part);
      if (!param) return part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
      paramNames.push(param[1]!);
      return param[2] ? '(.+)' : '([^/]+)';
    })
    .join('');
  return {
    route,
    key: `${route.method} ${route.path}`,
    pattern: new RegExp(`^${source}$`),
    paramNames,
    literalLength: route.path.replace(/\{[^{}]+\}/g, '').length,
  };
}

/** The most specific route for the method (`ANY` matches every method: the 405 routes infra adds per path). */
function match(compiled: readonly CompiledRoute[], method: string, path: string) {
  let best: { compiled: CompiledRoute; params: Record<string, string> } | undefined;
  for (const candidate of compiled) {
    if (candidate.route.method !== method && candidate.route.method !== 'ANY') continue;
    const found = candidate.pattern.exec(path);
    if (!found) continue;
    if (best && best.compiled.literalLength > candidate.literalLength) continue;
    if (best && best.compiled.literalLength === candidate.literalLength && (candidate.route.method === 'ANY' || best.compiled.route.method !== 'ANY')) continue;
    const params: Record<string, string> = {};
    candidate.paramNames.forEach((name, i) => {
      params[name] = decodeURIComponent(found[i + 1]!);
    });
    best = { compiled: candidate, params };
  }
  return best;
}

/** API Gateway passes text bodies as they are and base64-encodes anything else. */
function isTextContent(contentType: string | undefined): boolean {
  if (!contentType) return true;
  return /^(?:text\/|application\/(?:json|.*\+json|xml|.*\+xml|x-www-form-urlencoded|javascript))/i.test(contentType);
}

/** API Gateway's flattening of claims: every value a string, arrays as `[a b]`. */
export function flattenClaims(payload: Record<string, unknown>): Record<string, string> {
  const claims: Record<string, string> = {};
  for (const [name, value] of Object.entries(payload)) {
    if (value === undefined || value === null) continue;
    claims[name] = Array.isArray(value) ? `[${value.map(String).join(' ')}]` : typeof value === 'object' ? JSON.stringify(value) : String(value);
  }
  return claims;
}

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
function requestTime(date: Date): string {
  const two = (n: number) => String(n).padStart(2, '0');
  return `${two(date.getUTCDate())}/${MONTHS[date.getUTCMonth()]}/${date.getUTCFullYear()}:${two(date.getUTCHours())}:${two(date.getUTCMinutes())}:${two(date.getUTCSeconds())} +0000`;
}

/** The local stack's idea of the client: the first X-Forwarded-For entry (tests vary it), else the socket. */
export function sourceIp(req: IncomingMessage): string {
  const forwarded = req.headers['x-forwarded-for'];
  const first = (Array.isArray(forwarded) ? forwarded[0] : forwarded)?.split(',')[0]?.trim();
  return (first || req.socket.remoteAddress || '127.0.0.1').replace(/^::ffff:/, '');
}

interface EventInput {
  readonly req: IncomingMessage;
  readonly url: URL;
  readonly compiled: CompiledRoute;
  readonly pathParameters: Record<string, string>;
  readonly body: Buffer;
  readonly claims?: Record<string, unknown>;
  readonly port: number;
}

function buildEvent({ req, url, compiled, pathParameters, body, claims, port }: EventInput): APIGatewayProxyEventV2WithJWTAuthorizer {
  const now = new Date();
  const requestId = randomUUID();
  const ip = sourceIp(req);
  const headers: Record<string, string> = {};
  let cookies: string[] | undefined;
  for (const [name, value] of Object.entries(req.headers)) {
    if (value === undefined) continue;
    if (name === 'cookie') {
      cookies = [value]
        .flat()
        .flatMap((c) => c.split(/;\s*/))
        .filter(Boolean);
      continue;
    }
    headers[name] = Array.isArray(value) ? value.join(',') : value;
  }
  headers['x-forwarded-for'] = ip;
  // What the CloudFront Function in front of the API does in the cloud; there is no CloudFront here.
  headers[VIEWER_IP_HEADER] = ip;
  headers['x-forwarded-proto'] ??= 'http';
  headers['x-forwarded-port'] ??= String(port);
  headers['x-amzn-trace-id'] = `Root=1-${Math.floor(now.getTime() / 1000).toString(16)}-${randomUUID().replace(/-/g, '').slice(0, 24)}`;

  const query: Record<string, string> = {};
  for (const [name, value] of url.searchParams) query[name] = name in query ? `${query[name]},${value}` : value;

  const textBody = isTextContent(headers['content-type']);
  const event = {
    version: '2.0',
    routeKey: compiled.key,
    rawPath: url.pathname,
    rawQueryString: url.search.slice(1),
    ...(cookies ? { cookies } : {}),
    headers,
    ...(url.search.length > 1 ? { queryStringParameters: query } : {}),
    ...(compiled.paramNames.length ? { pathParameters } : {}),
    requestContext: {
      accountId: '000000000000',
      apiId: 'local',
      ...(claims
        ? {
            authorizer: {
              jwt: {
                claims: flattenClaims(claims),
                scopes: typeof claims.scope === 'string' ? claims.scope.split(' ') : null,
              },
            },
          }
        : {}),
      domainName: headers.host ?? `localhost:${port}`,
      domainPrefix: (headers.host ?? 'localhost').split('.')[0]!.split(':')[0]!,
      http: {
        method: req.method ?? 'GET',
        path: url.pathname,
        protocol: `HTTP/${req.httpVersion}`,
        sourceIp: ip,
        userAgent: headers['user-agent'] ?? '',
      },
      requestId,
      routeKey: compiled.key,
      stage: '$default',
      time: requestTime(now),
      timeEpoch: now.getTime(),
    },
    ...(body.length ? { body: textBody ? body.toString('utf8') : body.toString('base64') } : {}),
    isBase64Encoded: body.length > 0 && !textBody,
  };
  // Public routes have no authorizer block, which the JWT-authorizer event type does not allow for.
  return event as unknown as APIGatewayProxyEventV2WithJWTAuthorizer;
}

function lambdaContext(area: Area, requestId: string): Context {
  const started = Date.now();
  const timeoutMs = 29_000;
  const functionName = `solutionz-local-${area}`;
  return {
    callbackWaitsForEmptyEventLoop: true,
    functionName,
    functionVersion: '$LATEST',
    invokedFunctionArn: `arn:aws:lambda:eu-west-2:000000000000:function:${functionName}`,
    memoryLimitInMB: '1024',
    awsRequestId: requestId,
    logGroupName: `/aws/lambda/${functionName}`,
    logStreamName: 'local',
    getRemainingTimeInMillis: () => Math.max(0, timeoutMs - (Date.now() - started)),
    done: () => undefined,
    fail: () => undefined,
    succeed: () => undefined,
  };
}

function writeJson(res: ServerResponse, status: number, value: unknown, headers: Record<string, string> = {}): void {
  const body = JSON.stringify(value);
  res.writeHead(status, { 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(body)), ...headers });
  res.end(body);
}

/** Writes a Lambda result as the HTTP API does for payload v2, including its inference for plain values. */
function writeResult(res: ServerResponse, result: Awaited<ReturnType<LambdaHandler>>): void {
  const structured = result !== null && typeof result === 'object' && 'statusCode' in result;
  if (!structured) {
    const body = typeof result === 'string' ? result : JSON.stringify(result ?? null);
    res.writeHead(200, { 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(body)) });
    res.end(body);
    return;
  }
  const { statusCode, headers = {}, cookies, body = '', isBase64Encoded } = result as APIGatewayProxyStructuredResultV2;
  const payload = isBase64Encoded ? Buffer.from(body, 'base64') : Buffer.from(body, 'utf8');
  const out: Record<string, string | number | string[]> = {};
  for (const [name, value] of Object.entries(headers)) out[name.toLowerCase()] = String(value);
  if (cookies?.length) out['set-cookie'] = cookies;
  out['content-length'] = payload.length;
  res.writeHead(statusCode ?? 200, out);
  res.end(payload);
}

const UNAUTHORIZED = { message: 'Unauthorized' };
const NOT_FOUND: ApiErrorBody = { error: { code: ERROR_CODES.notFound.code, message: MESSAGES.api.notFound } };

function bearerToken(header: string | undefined): string | undefined {
  const value = header?.trim();
  if (!value) return undefined;
  // The HTTP API takes the identity source with or without the `Bearer` scheme.
  return /^bearer\s+/i.test(value) ? value.replace(/^bearer\s+/i, '').trim() || undefined : value;
}

export type RequestListener = (req: IncomingMessage, res: ServerResponse) => void;

/** The gateway as a request listener: for its own server, and for the local edge in front of it (edge.ts). */
export function createGatewayListener(opts: Omit<GatewayOptions, 'port'>): RequestListener {
  // As infra/src/api-stack.ts does: per path, an unauthorized ANY route to a function serving it, whose
  // router answers 405 with the methods the path has.
  const anyRoutes: GatewayRoute[] = [...new Map(opts.routes.map((route) => [route.path, route])).values()].map((route) => ({
    method: 'ANY',
    path: route.path,
    area: route.area,
    access: 'public',
  }));
  const compiled = [...opts.routes, ...anyRoutes].map(compile);
  const log = opts.log ?? (() => undefined);

  const serve = async (req: IncomingMessage, res: ServerResponse): Promise<number> => {
    const url = new URL(req.url ?? '/', 'http://gateway.local');
    const method = (req.method ?? 'GET').toUpperCase();
    const found = match(compiled, method, url.pathname);
    if (!found) {
      writeJson(res, ERROR_CODES.notFound.status, NOT_FOUND);
      return ERROR_CODES.notFound.status;
    }
    let claims: Record<string, unknown> | undefined;
    if (found.compiled.route.access !== 'public') {
      const token = bearerToken(req.headers.authorization);
      try {
        if (!token) throw new Error('no token');
        claims = (await opts.verifier.verify(token)) as Record<string, unknown>;
      } catch {
        writeJson(res, 401, UNAUTHORIZED, { 'www-authenticate': token ? 'Bearer error="invalid_token"' : 'Bearer' });
        return 401;
      }
    }
    const handler = opts.handlers[found.compiled.route.area];
    if (!handler) throw new Error(`No handler for area ${found.compiled.route.area} (${found.compiled.key})`);
    const body = await buffer(req);
    const event = buildEvent({ req, url, compiled: found.compiled, pathParameters: found.params, body, claims, port: req.socket.localPort ?? 0 });
    const result = await handler(event, lambdaContext(found.compiled.route.area, event.requestContext.requestId));
    writeResult(res, result);
    return res.statusCode;
  };

  return (req, res) => {
    const started = Date.now();
    serve(req, res)
      .then((status) => log(`${req.method} ${req.url} ${status} ${Date.now() - started} ms`))
      .catch((error: unknown) => {
        // What API Gateway answers when the integration fails.
        log(`${req.method} ${req.url} 500 ${(error as Error).stack ?? String(error)}`);
        if (res.headersSent) return res.destroy();
        writeJson(res, 500, { message: 'Internal Server Error' });
      });
  };
}

export function startGateway(opts: GatewayOptions): Promise<LocalService> {
  return serveHttp('API gateway', opts.port, createGatewayListener(opts));
}
