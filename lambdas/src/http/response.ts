import type { ApiErrorBody } from '@solutionz/shared';
import type { ApiResult } from './types';

const BASE_HEADERS = {
  'content-type': 'application/json; charset=utf-8',
  'x-content-type-options': 'nosniff',
} as const;

/** Answers for signed-in callers must never be stored by a shared cache or the browser. */
const PRIVATE_HEADERS = { ...BASE_HEADERS, 'cache-control': 'no-store' } as const;

/**
 * `cacheSeconds` (public routes only, see RouteSpec) lets browsers and CloudFront keep the answer; other
 * public answers carry no cache header (CloudFront does not cache /api/* otherwise).
 */
export function jsonResponse(statusCode: number, body: unknown, isPublic: boolean, cacheSeconds?: number): ApiResult {
  const headers = !isPublic ? PRIVATE_HEADERS : cacheSeconds ? { ...BASE_HEADERS, 'cache-control': `public, max-age=${cacheSeconds}` } : BASE_HEADERS;
  if (statusCode === 204) return { statusCode, headers: { ...headers } };
  return { statusCode, headers: { ...headers }, body: JSON.stringify(body) };
}

export function errorResponse(statusCode: number, body: ApiErrorBody, extraHeaders: Readonly<Record<string, string>> = {}): ApiResult {
  return { statusCode, headers: { ...PRIVATE_HEADERS, ...extraHeaders }, body: JSON.stringify(body) };
}
