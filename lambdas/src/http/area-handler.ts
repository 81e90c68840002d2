import type { Logger } from '@aws-lambda-powertools/logger';
import { injectLambdaContext } from '@aws-lambda-powertools/logger/middleware';
import { MetricUnit } from '@aws-lambda-powertools/metrics';
import { captureLambdaHandler } from '@aws-lambda-powertools/tracer/middleware';
import middy, { type MiddlewareObj } from '@middy/core';
import httpRouterHandler, { type Method, type Route } from '@middy/http-router';
import type { Context } from 'aws-lambda';
import { ERROR_CODES, MESSAGES, routeKey, routes as sharedRoutes, type Area, type RouteSpec } from '@solutionz/shared';
import { callerFromClaims, type AuthorizedCaller } from '../auth/caller';
import { ForbiddenError, HttpError, MethodNotAllowedError, NotFoundError } from '../errors';
import type { AccountStandingReader } from '../data/account-standing';
import { authorize } from './access';
import { clientIp } from './client-ip';
import { ORIGIN_VERIFY_HEADER, type OriginGuard } from './origin-guard';
import { validateRequest } from './request';
import { binaryResponse, errorResponse, jsonResponse } from './response';
import { publishMetrics, SERVER_ERRORS_METRIC, type Telemetry } from './telemetry';
import type { ApiEvent, ApiHandler, ApiResult, AreaImplementations, RouteImplementation, RouteTable } from './types';

export interface AreaHandlerOptions<D, T extends RouteTable> extends Telemetry {
  /** Builds the area's dependencies; called on the first request and kept for the life of the instance. */
  readonly deps: () => D | Promise<D>;
  readonly logger: Logger;
  /** Refuses every request that did not come through CloudFront (or the local edge), before anything else. */
  readonly originGuard: OriginGuard;
  /** Re-check every answer against the route's response schema (all stages but production). */
  readonly validateResponses: boolean;
  /**
   * How a signed-in caller stands (account type, active, sessions, membership), from the area's
   * dependencies; every area with a route that is not public needs it.
   */
  readonly standing?: (deps: D) => AccountStandingReader;
  /**
   * What an admin route asks of an admin beyond the access check (2-step verification where the stage
   * requires it), run before every route with `access: 'admin'`, so none can leave it out; every area
   * with an admin route needs it.
   */
  readonly admitAdmin?: (deps: D, caller: AuthorizedCaller) => Promise<void>;
  /** The time the access check compares membership ends with; now unless a test fixes it. */
  readonly clock?: () => Date;
  /** The route table to serve; the shared one unless a test passes its own. */
  readonly routes?: T;
}

interface RequestState {
  startedAt: number;
  route?: string;
}

/** Builds the one Lambda handler of an area: every route of the area in the table, dispatched by method and path. */
export function createAreaHandler<A extends Area, D, T extends RouteTable = typeof sharedRoutes>(
  area: A,
  implementations: AreaImplementations<T, A, D>,
  options: AreaHandlerOptions<D, T>,
): ApiHandler {
  const table: RouteTable = options.routes ?? sharedRoutes;
  const { logger } = options;
  const areaRoutes = Object.entries(table).filter(([, spec]) => spec.area === area);
  const impls = implementations as Record<string, RouteImplementation<RouteSpec, D> | undefined>;
  for (const name of Object.keys(impls)) {
    if (!areaRoutes.some(([routeName]) => routeName === name)) throw new Error(`${name} is not a ${area} route`);
  }

  if (!options.standing && areaRoutes.some(([, spec]) => spec.access !== 'public')) {
    throw new Error(`The ${area} area has routes that are not public and needs the account standing reader (standing)`);
  }
  if (!options.admitAdmin && areaRoutes.some(([, spec]) => spec.access === 'admin')) {
    throw new Error(`The ${area} area has admin routes and needs the admin check (admitAdmin)`);
  }
  const clock = options.clock ?? (() => new Date());

  let depsPromise: Promise<D> | undefined;
  const getDeps = (): Promise<D> => {
    if (!depsPromise) {
      depsPromise = Promise.resolve().then(options.deps);
      // A failed start is retried by the next request instead of poisoning the instance.
      depsPromise.catch(() => {
        depsPromise = undefined;
      });
    }
    return depsPromise;
  };

  const state = new WeakMap<ApiEvent, RequestState>();

  const routerRoutes: Route<ApiEvent, ApiResult>[] = areaRoutes.map(([name, spec]) => {
    const implementation = impls[name];
    if (!implementation) throw new Error(`The ${area} area has no implementation for route ${name}`);
    const key = routeKey(spec);
    return {
      method: spec.method as Method,
      path: spec.path,
      handler: async (event: ApiEvent): Promise<ApiResult> => {
        const requestState = state.get(event);
        if (requestState) requestState.route = key;
        const deps = await getDeps();
        const caller = await authorize(spec, callerFromClaims(event.requestContext.authorizer?.jwt?.claims), options.standing?.(deps), clock());
        if (spec.access === 'admin') await options.admitAdmin!(deps, caller as AuthorizedCaller);
        const input = validateRequest(spec, event);
        const headers = lowerCaseKeys(event.headers ?? {});
        const result = await implementation({
          ...input,
          caller,
          deps,
          sourceIp: clientIp(event),
          headers,
        } as never);
        if (options.validateResponses) {
          const checked = spec.response.safeParse(result);
          if (!checked.success) throw new Error(`Response of ${key} does not match its schema`, { cause: checked.error });
        }
        if (spec.binaryResponse) {
          const file = result as { contentType: string; bytes: Uint8Array };
          return binaryResponse(file.contentType, file.bytes, spec.noStore === true);
        }
        return jsonResponse(spec.successStatus ?? 200, result, spec.access === 'public', spec, headers.authorization !== undefined);
      },
    };
  });

  const notFoundResponse = ({ method, path }: { method: string; path: string }): never => {
    const allowed = Object.values(table)
      .filter((spec) => spec.method !== method && pathPattern(spec.path).test(path))
      .map((spec) => spec.method);
    if (allowed.length > 0) throw new MethodNotAllowedError([...new Set(allowed)]);
    throw new NotFoundError();
  };

  const apiMiddleware: MiddlewareObj<ApiEvent, ApiResult, Error, Context> = {
    before: async (request) => {
      state.set(request.event, { startedAt: performance.now() });
      logger.appendKeys({ apiRequestId: request.event.requestContext?.requestId });
      const headers = lowerCaseKeys(request.event.headers ?? {});
      if (!(await options.originGuard.admits(headers[ORIGIN_VERIFY_HEADER]))) {
        logger.warn('Refused a request that did not come through CloudFront', { hadOriginHeader: headers[ORIGIN_VERIFY_HEADER] !== undefined });
        throw new ForbiddenError();
      }
    },
    after: (request) => {
      logRequest(request.event, request.response?.statusCode ?? 200);
    },
    onError: (request) => {
      const error = request.error;
      if (error instanceof HttpError && error.expose) {
        request.response = errorResponse(error.statusCode, error.toJSON(), error.headers);
      } else {
        logger.error('Unhandled error', error instanceof Error ? error : String(error));
        options.metrics.addMetric(SERVER_ERRORS_METRIC, MetricUnit.Count, 1);
        request.response = errorResponse(ERROR_CODES.internal.status, {
          error: { code: ERROR_CODES.internal.code, message: MESSAGES.api.internal },
        });
      }
      logRequest(request.event, request.response.statusCode ?? 500);
    },
  };

  function logRequest(event: ApiEvent, status: number): void {
    const requestState = state.get(event);
    const http = event.requestContext?.http;
    logger.info('Request completed', {
      route: requestState?.route ?? `${http?.method} ${http?.path}`,
      status,
      durationMs: requestState ? Math.round(performance.now() - requestState.startedAt) : undefined,
    });
  }

  const router = httpRouterHandler<ApiEvent, ApiResult>({ routes: routerRoutes, notFoundResponse });
  const handler = middy<ApiEvent, ApiResult, Error, Context>()
    .use(injectLambdaContext(logger, { resetKeys: true }))
    .use(captureLambdaHandler(options.tracer, { captureResponse: false }))
    .use(publishMetrics<ApiEvent, ApiResult>(options.metrics))
    .use(apiMiddleware)
    .handler(router);
  return (event, context) => handler(event, context);
}

/** API Gateway lower-cases header names already; a hand-built event may not. */
function lowerCaseKeys(headers: Readonly<Record<string, string | undefined>>): Record<string, string | undefined> {
  return Object.fromEntries(Object.entries(headers).map(([name, value]) => [name.toLowerCase(), value]));
}

/** `/api/jobs/{id}` -> a pattern matching `/api/jobs/abc` (one segment per placeholder). */
function pathPattern(path: string): RegExp {
  const escaped = path
    .split(/\{[^{}]+\}/)
    .map((part) => part.replace(/[.*+?^$()|[\]\\]/g, '\\$&'))
    .join('[^/]+');
  return new RegExp(`^${escaped}/?$`);
}
