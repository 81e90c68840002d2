import {
  ERROR_CODES,
  publicReads,
  routeList,
  type ApiErrorBody,
  type RouteBody,
  type RouteParams,
  type RouteQuery,
  type RouteResponse,
  type Routes,
  type RouteSpec,
  type WebConfig,
} from '@solutionz/shared';
import { vi } from 'vitest';

/** A runtime config as a deployment serves it at `/config.json` (webConfigSchema). */
const FAKE_WEB_CONFIG: WebConfig = {
  stage: 'test',
  apiBase: '/api',
  auth: { region: 'eu-west-2', userPoolId: 'eu-west-2_test', userPoolClientId: 'test-web-client', authFlowType: 'USER_SRP_AUTH' },
};

type StubbedRoutes = Routes;
type RouteName = keyof StubbedRoutes;

/** One request as a route's implementation sees it: parsed by the route's own schemas. */
interface ApiRequest<N extends RouteName> {
  readonly params: RouteParams<StubbedRoutes[N]>;
  readonly query: RouteQuery<StubbedRoutes[N]>;
  readonly body: RouteBody<StubbedRoutes[N]>;
}

export type ApiStubs = { [N in RouteName]?: (request: ApiRequest<N>) => RouteResponse<StubbedRoutes[N]> | Promise<RouteResponse<StubbedRoutes[N]>> };

/** One request as the page sent it: path parameters and query as strings, the body as JSON. */
export interface SentRequest {
  readonly params: Record<string, string>;
  readonly query: Record<string, string | string[]>;
  readonly body: unknown;
}

/** The route table as URL patterns: `/api/jobs/{id}` matches `/api/jobs/42` with `id` = `42`. */
const patterns = routeList.map((route) => ({
  route,
  names: [...route.path.matchAll(/\{(\w+)\}/g)].map((match) => match[1]!),
  regex: new RegExp(`^${route.path.replace(/\{\w+\}/g, '([^/]+)')}$`),
}));

function findRoute(method: string, pathname: string) {
  for (const { route, names, regex } of patterns) {
    const found = route.method === method ? regex.exec(pathname) : null;
    if (found) return { route, params: Object.fromEntries(names.map((name, index) => [name, decodeURIComponent(found[index + 1]!)])) };
  }
  return undefined;
}

const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
const apiError = (kind: keyof typeof ERROR_CODES, message: string) => {
  const { status, code } = ERROR_CODES[kind];
  return json(status, { error: { code, message } } satisfies ApiErrorBody);
};

/** Parses one part of a request with the route's schema, as the API does; a route without that part gets undefined. */
function parsePart(schema: RouteSpec['body'], value: unknown): { ok: true; value: unknown } | { ok: false } {
  if (!schema) return { ok: true, value: undefined };
  const parsed = schema.safeParse(value);
  return parsed.success ? { ok: true, value: parsed.data } : { ok: false };
}

function queryObject(search: URLSearchParams): Record<string, string | string[]> {
  const query: Record<string, string | string[]> = {};
  for (const key of new Set(search.keys())) {
    const values = search.getAll(key);
    query[key] = values.length === 1 ? values[0]! : values;
  }
  return query;
}

/** Thrown by a stub to answer as the API does when it refuses: the status and the error body. */
export class StubbedApiError extends Error {
  constructor(
    readonly status: number,
    readonly body: ApiErrorBody,
  ) {
    super(body.error.message);
  }
}

/**
 * Stands in for the deployment at the network boundary: `fetch` answers `/config.json` and the routes of the
 * shared route table that `handlers` names, so components run the real API client (URL building, headers,
 * response schema) as they do in the browser. A public read's answer that does not match its route's schema fails
 * the call, as the API's own check does. A route without a handler answers 501. Undone after each test by the setup file
 * (vi.unstubAllGlobals). `config` adds to the runtime config the page reads (a stage's own settings).
 */
export function stubApi(handlers: ApiStubs = {}, { config }: { config?: Partial<WebConfig> } = {}) {
  const calls: { route: RouteName; sent: SentRequest }[] = [];
  vi.stubGlobal('fetch', async (input: RequestInfo | URL, init: RequestInit = {}): Promise<Response> => {
    const url = new URL(input instanceof Request ? input.url : String(input), window.location.origin);
    const method = (init.method ?? 'GET').toUpperCase();
    if (url.pathname === '/config.json') return json(200, { ...FAKE_WEB_CONFIG, ...config });

    const found = findRoute(method, url.pathname);
    if (!found) return apiError('notFound', `No route ${method} ${url.pathname}`);
    const { route } = found;
    const sent: SentRequest = {
      params: found.params,
      query: queryObject(url.searchParams),
      body: typeof init.body === 'string' ? JSON.parse(init.body) : undefined,
    };
    calls.push({ route: route.name, sent });
    const params = parsePart(route.params, sent.params);
    const query = parsePart(route.query, sent.query);
    const body = parsePart(route.body, sent.body);
    if (!params.ok || !query.ok || !body.ok) return apiError('validation', `The request does not match ${route.name}`);

    const request = { params: params.value, query: query.value, body: body.value } as ApiRequest<RouteName>;
    const handler = handlers[route.name] as ((request: ApiRequest<RouteName>) => unknown) | undefined;
    if (!handler) return json(501, { error: { code: 'NOT_STUBBED', message: `This test gave no answer for ${route.name}` } });
    let answer: unknown;
    try {
      answer = await handler(request);
    } catch (error) {
      if (error instanceof StubbedApiError) return json(error.status, error.body);
      throw error;
    }
    // A public read's answer is taken unparsed by the browser: checked here as the API checks its answers where
    // `validateResponses` is on. (apiRequest parses every other answer itself, as some tests rely on.)
    const checked = route.name in publicReads ? route.response.safeParse(answer) : undefined;
    if (checked && !checked.success) throw new Error(`This test's answer for ${route.name} does not match its schema: ${checked.error.message}`);
    if (route.binaryResponse) {
      const file = answer as { contentType: string; bytes: Uint8Array };
      return new Response(new Uint8Array(file.bytes), { status: 200, headers: { 'Content-Type': file.contentType } });
    }
    return route.successStatus === 204 ? new Response(null, { status: 204 }) : json(route.successStatus ?? 200, answer);
  });
  return {
    /** What the page sent to one route so far, oldest first, valid or not. */
    callsTo(name: RouteName): SentRequest[] {
      return calls.filter((call) => call.route === name).map((call) => call.sent);
    },
  };
}
