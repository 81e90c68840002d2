import type { ApiErrorBody } from '@solutionz/shared';
import type { ApiResult } from './types';

const BASE_HEADERS = {
  'content-type': 'application/json; charset=utf-8',
  'x-content-type-options': 'nosniff',
} as const;

/** Answers for signed-in callers must never be stored by a shared cache or the browser. */
const PRIVATE_HEADERS = { ...BASE_HEADERS, 'cache-control': 'no-store' } as const;

export function jsonResponse(statusCode: number, body: unknown, isPublic: boolean): ApiResult {
  const headers = isPublic ? BASE_HEADERS : PRIVATE_HEADERS;
  if (statusCode === 204) return { statusCode, headers: { ...headers } };
  return { statusCode, headers: { ...headers }, body: JSON.stringify(body) };
}

export function errorResponse(statusCode: number, body: ApiErrorBody, extraHeaders: Readonly<Record<string, string>> = {}): ApiResult {
  return { statusCode, headers: { ...PRIVATE_HEADERS, ...extraHeaders }, body: JSON.stringify(body) };
}
