import type { ApiErrorBody } from '@solutionz/shared';
import type { ApiResult } from './types';

const BASE_HEADERS = {
  'content-type': 'application/json; charset=utf-8',
  'x-content-type-options': 'nosniff',
} as const;

/** Answers for signed-in callers must never be stored by a shared cache or the browser. */
const PRIVATE_HEADERS = { ...BASE_HEADERS, 'cache-control': 'no-store' } as const;

/** A public answer to a request that carries a session: the same for everyone, but never kept with the session's answers. */
const SESSION_HEADERS = { ...BASE_HEADERS, 'cache-control': 'private, no-store' } as const;

/** How long browsers and CloudFront may keep an answer (RouteSpec `cacheSeconds`, `browserCacheSeconds`). */
export interface AnswerCache {
  readonly cacheSeconds?: number;
  readonly browserCacheSeconds?: number;
}

/**
 * A public route's `cacheSeconds` (see RouteSpec) lets CloudFront keep the answer to a request without a session,
 * and browsers too for `browserCacheSeconds` (the same unless given), one per Authorization value (so a browser never
 * gives a signed-in request the anonymous copy); other public answers carry no cache header (CloudFront does not
 * cache /api/* otherwise).
 */
export function jsonResponse(statusCode: number, body: unknown, isPublic: boolean, cache: AnswerCache = {}, hasSession = false): ApiResult {
  const { cacheSeconds, browserCacheSeconds = cacheSeconds } = cache;
  const headers = !isPublic
    ? PRIVATE_HEADERS
    : hasSession
      ? SESSION_HEADERS
      : cacheSeconds
        ? { ...BASE_HEADERS, 'cache-control': `public, max-age=${browserCacheSeconds}, s-maxage=${cacheSeconds}`, vary: 'Authorization' }
        : BASE_HEADERS;
  if (statusCode === 204) return { statusCode, headers: { ...headers } };
  return { statusCode, headers: { ...headers }, body: JSON.stringify(body) };
}

export function errorResponse(statusCode: number, body: ApiErrorBody, extraHeaders: Readonly<Record<string, string>> = {}): ApiResult {
  return { statusCode, headers: { ...PRIVATE_HEADERS, ...extraHeaders }, body: JSON.stringify(body) };
}

/**
 * A file's bytes (routes with `binaryResponse`), base64 as API Gateway takes them. Only its reader's browser
 * may keep it (a file of a given address never changes); no shared cache may.
 */
export function binaryResponse(contentType: string, bytes: Uint8Array, noStore = false): ApiResult {
  // A private document (RouteSpec `noStore`) is kept by no browser either: its reader's access can end at any moment.
  const cacheControl = noStore ? 'private, no-store' : 'private, max-age=86400, immutable';
  return {
    statusCode: 200,
    headers: { 'content-type': contentType, 'x-content-type-options': 'nosniff', 'cache-control': cacheControl },
    body: Buffer.from(bytes).toString('base64'),
    isBase64Encoded: true,
  };
}
