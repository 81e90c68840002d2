import {
  type ApiErrorBody,
  type ApiPath,
  buildPath,
  EMAIL_FAILURE_CATEGORIES,
  ERROR_CODES,
  type EmailFailureCategory,
  MESSAGES,
  type Place,
  PLACE_PRECISIONS,
  type PublicReadName,
  publicReads,
  type RouteBody,
  type RouteParams,
  type RouteQuery,
  type RouteResponse,
  type Routes,
  type RouteSpec,
} from '@solutionz/shared';
import { getAccessToken } from './auth/access-token';
import { reportSessionEnded, type SessionEndReason } from './auth/session-ended-signal';
import { loadRuntimeConfig } from './runtime-config';

/** An API answer outside 2xx, carrying the one error body (docs/product/site.md#api-errors). */
export class ApiError extends Error {
  override readonly name = 'ApiError';
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    /** Per-field messages keyed by dotted path (`body.email`), for forms to show beside each field. */
    readonly fields: Readonly<Record<string, string>> = {},
    readonly retryAfterSeconds?: number,
    /** Why an e-mail could not be sent (docs/product/accounts.md#e-mail-delivery-failures), on e-mail delivery failures and their rate limit. */
    readonly category?: EmailFailureCategory,
    /** Places to choose from, when a typed location named none (or several). */
    readonly suggestions: readonly Place[] = [],
  ) {
    super(message);
  }

  /** The message for one field of the request body, e.g. `fieldMessage('email')`. */
  fieldMessage(field: string): string | undefined {
    return this.fields[`body.${field}`] ?? this.fields[field];
  }
}

/** Answers after which the session can never work again, whichever route gave them. */
const SESSION_ENDING_CODES: Readonly<Record<string, SessionEndReason>> = {
  [ERROR_CODES.accountDeactivated.code]: 'deactivated',
  [ERROR_CODES.sessionRevoked.code]: 'revoked',
};

type Part<K extends string, T> = [T] extends [undefined] ? { [P in K]?: undefined } : { [P in K]: T };

type RouteRequestOptions<T> = Part<'params', RouteParams<T>> &
  Part<'query', RouteQuery<T>> &
  Part<'body', RouteBody<T>> & { signal?: AbortSignal; headers?: Record<string, string> };

type OptionalArgs<T> = object extends RouteRequestOptions<T> ? [options?: RouteRequestOptions<T>] : [options: RouteRequestOptions<T>];

/**
 * Calls one route of the shared route table, given as its spec from the route group that holds it
 * (`apiRequest(jobRoutes.createJob, { body })`): the path, method and response schema come from the
 * table, so a route the API does not have cannot be called and a drifted response fails here. This
 * module holds no route and no schema itself: a screen's chunk carries the schemas of the groups it calls, the entry none.
 */
export async function apiRequest<T extends RouteSpec>(route: T, ...[options]: OptionalArgs<T>): Promise<RouteResponse<T>> {
  const answer = await send(route, options);
  if (route.binaryResponse) {
    // A file's bytes (a message image), not JSON.
    const bytes = new Uint8Array(await answer.arrayBuffer());
    return route.response.parse({ contentType: answer.headers.get('content-type') ?? 'application/octet-stream', bytes }) as RouteResponse<T>;
  }
  return route.response.parse(await payloadOf(answer)) as RouteResponse<T>;
}

/**
 * Reads one of the public reads (`publicRead('listJobs', { query })`) by its address alone (shared publicReads),
 * the answer typed from its spec in the route table: a public page calls the API without loading any schema
 * or zod (docs/web.md#calling-the-api). The answer is not parsed here; the API checks its answers against the same schemas
 * wherever it runs with `validateResponses` (locally and in tests), and shared routes.test.ts checks that
 * these schemas change nothing in parsing, so the answer is what `apiRequest` would have returned.
 */
export async function publicRead<N extends PublicReadName>(name: N, ...[options]: OptionalArgs<Routes[N]>): Promise<RouteResponse<Routes[N]>> {
  return (await payloadOf(await send(publicReads[name], options))) as RouteResponse<Routes[N]>;
}

/** Sends one call; an answer outside 2xx becomes an ApiError. */
async function send(route: { method: string; path: ApiPath; binaryResponse?: true }, options: object | undefined): Promise<Response> {
  const {
    params,
    query,
    body,
    signal,
    headers: extraHeaders,
  } = (options ?? {}) as {
    params?: Record<string, string>;
    query?: Record<string, unknown>;
    body?: unknown;
    signal?: AbortSignal;
    headers?: Record<string, string>;
  };
  const config = await loadRuntimeConfig();
  const url = new URL(buildPath(route.path, params), new URL(config.apiBase, window.location.origin));
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value === undefined || value === null) continue;
    for (const item of Array.isArray(value) ? value : [value]) url.searchParams.append(key, String(item));
  }

  const headers: Record<string, string> = { Accept: route.binaryResponse ? '*/*' : 'application/json', ...extraHeaders };
  const token = await getAccessToken();
  if (token) headers.Authorization = `Bearer ${token}`;
  if (body !== undefined) headers['Content-Type'] = 'application/json';

  const response = await fetch(url, {
    method: route.method,
    headers,
    body: body === undefined ? undefined : JSON.stringify(body),
    signal,
  });
  if (!response.ok) {
    const error = toApiError(response.status, await payloadOf(response));
    const ended = SESSION_ENDING_CODES[error.code];
    if (ended) reportSessionEnded(ended);
    throw error;
  }
  return response;
}

const payloadOf = async (response: Response): Promise<unknown> => (response.status === 204 ? undefined : await response.json().catch(() => undefined));

/** Whether the API refused the call because the session is over for good (SessionProvider then signs out). */
export function endsSession(error: unknown): boolean {
  return error instanceof ApiError && error.code in SESSION_ENDING_CODES;
}

function toApiError(status: number, payload: unknown): ApiError {
  const error = errorOf(payload);
  if (!error) return new ApiError(status, 'UNKNOWN', MESSAGES.api.internal);
  const { code, message, fields, retryAfterSeconds, category, suggestions } = error;
  return new ApiError(status, code, message, fields, retryAfterSeconds, category, suggestions);
}

type ErrorDetail = ApiErrorBody['error'];
const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);
const isPlace = (value: unknown): value is Place =>
  isObject(value) &&
  typeof value.name === 'string' &&
  typeof value.lat === 'number' &&
  Math.abs(value.lat) <= 90 &&
  typeof value.lng === 'number' &&
  Math.abs(value.lng) <= 180 &&
  (PLACE_PRECISIONS as readonly unknown[]).includes(value.precision);

/**
 * The error of an error body (shared apiErrorBodySchema), read without zod so that a public page loads none;
 * anything else gives undefined. api-client.test.ts holds it to the schema.
 */
export function errorOf(payload: unknown): ErrorDetail | undefined {
  const error = isObject(payload) ? payload.error : undefined;
  if (!isObject(error) || typeof error.code !== 'string' || typeof error.message !== 'string') return undefined;
  const { fields, retryAfterSeconds, category, suggestions } = error;
  if (fields !== undefined && !(isObject(fields) && Object.values(fields).every((text) => typeof text === 'string'))) return undefined;
  if (retryAfterSeconds !== undefined && !(Number.isInteger(retryAfterSeconds) && (retryAfterSeconds as number) > 0)) return undefined;
  if (category !== undefined && !(EMAIL_FAILURE_CATEGORIES as readonly unknown[]).includes(category)) return undefined;
  if (suggestions !== undefined && !(Array.isArray(suggestions) && suggestions.every(isPlace))) return undefined;
  return error as ErrorDetail;
}
