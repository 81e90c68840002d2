import {
  apiErrorBodySchema,
  buildPath,
  ERROR_CODES,
  type EmailFailureCategory,
  MESSAGES,
  type Place,
  type RouteBody,
  type RouteParams,
  type RouteQuery,
  type RouteResponse,
  type RouteSpec,
} from '@solutionz/shared';
import { getAccessToken } from './auth/access-token';
import { reportSessionEnded, type SessionEndReason } from './auth/session-ended-signal';
import { loadRuntimeConfig } from './runtime-config';

/** An API answer outside 2xx, carrying the error body of DESIGN.md section 3. */
export class ApiError extends Error {
  override readonly name = 'ApiError';
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    /** Per-field messages keyed by dotted path (`body.email`), for forms to show beside each field. */
    readonly fields: Readonly<Record<string, string>> = {},
    readonly retryAfterSeconds?: number,
    /** Why an e-mail could not be sent (spec 01 section 8), on e-mail delivery failures and their rate limit. */
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
 * (`apiRequest(jobRoutes.listJobs, { query })`): the path, method and response schema come from the
 * table, so a route the API does not have cannot be called and a drifted response fails here. This
 * module holds no route itself: a screen's chunk carries the schemas of the groups it calls, the entry none.
 */
export async function apiRequest<T extends RouteSpec>(route: T, ...[options]: OptionalArgs<T>): Promise<RouteResponse<T>> {
  const { params, query, body, signal, headers: extraHeaders } = (options ?? {}) as {
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
  if (route.binaryResponse && response.ok) {
    // A file's bytes (a message image), not JSON.
    const bytes = new Uint8Array(await response.arrayBuffer());
    return route.response.parse({ contentType: response.headers.get('content-type') ?? 'application/octet-stream', bytes }) as RouteResponse<T>;
  }
  const payload: unknown = response.status === 204 ? undefined : await response.json().catch(() => undefined);
  if (!response.ok) {
    const error = toApiError(response.status, payload);
    const ended = SESSION_ENDING_CODES[error.code];
    if (ended) reportSessionEnded(ended);
    throw error;
  }
  return route.response.parse(payload) as RouteResponse<T>;
}

/** Whether the API refused the call because the session is over for good (SessionProvider then signs out). */
export function endsSession(error: unknown): boolean {
  return error instanceof ApiError && error.code in SESSION_ENDING_CODES;
}

function toApiError(status: number, payload: unknown): ApiError {
  const parsed = apiErrorBodySchema.safeParse(payload);
  if (!parsed.success) return new ApiError(status, 'UNKNOWN', MESSAGES.api.internal);
  const { code, message, fields, retryAfterSeconds, category, suggestions } = parsed.data.error;
  return new ApiError(status, code, message, fields, retryAfterSeconds, category, suggestions);
}
