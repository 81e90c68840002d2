import type { APIGatewayProxyEventV2WithJWTAuthorizer, APIGatewayProxyStructuredResultV2, Context } from 'aws-lambda';
import type { Area, RouteBody, RouteParams, RouteQuery, RouteResponse, RouteSpec } from '@solutionz/shared';
import type { AuthorizedCaller, Caller } from '../auth/caller';

export type ApiEvent = APIGatewayProxyEventV2WithJWTAuthorizer;
export type ApiResult = APIGatewayProxyStructuredResultV2;
export type ApiHandler = (event: ApiEvent, context: Context) => Promise<ApiResult>;

/** Every route but a public one has a signed-in caller whose standing the access check has read. */
type RouteCaller<R> = R extends { readonly access: 'public' } ? Caller : AuthorizedCaller;

/** What a route implementation receives: validated input, the caller, and the area's dependencies. */
interface RouteRequest<R, D> {
  readonly params: RouteParams<R>;
  readonly query: RouteQuery<R>;
  readonly body: RouteBody<R>;
  readonly caller: RouteCaller<R>;
  readonly deps: D;
  /** The visitor's address for rate limits: see `clientIp` for where it comes from and what it can't stop. */
  readonly sourceIp: string;
  /** Request headers, names lower-cased as API Gateway passes them. */
  readonly headers: Readonly<Record<string, string | undefined>>;
  /** The body as received, for a route declared with `rawBody` (a webhook whose signature covers it); empty otherwise. */
  readonly rawBody: string;
}

export type RouteImplementation<R, D> = (request: RouteRequest<R, D>) => Promise<RouteResponse<R>> | RouteResponse<R>;

export type RouteTable = Readonly<Record<string, RouteSpec>>;

/** One implementation for every route of the area in the table, and no other. */
export type AreaImplementations<T extends RouteTable, A extends Area, D> = {
  [N in keyof T as T[N]['area'] extends A ? N : never]: RouteImplementation<T[N], D>;
};
