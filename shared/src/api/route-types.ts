import type { z } from 'zod';

/** Who may call a route. `owner` rules (only the poster may delete a job, say) are checked by the service. */
export type Access = 'public' | 'signedIn' | 'client' | 'provider' | 'subscribedProvider' | 'admin';

/** The Lambda function that serves a route: one per area (docs/architecture.md#lambdas). */
export type Area =
  'system' | 'categories' | 'accounts' | 'profiles' | 'directory' | 'feedback' | 'jobs' | 'membership' | 'admin' | 'stripeWebhook' | 'messages';

type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
export type ApiPath = `/api/${string}`;

type AnyObject = z.ZodObject<z.ZodRawShape>;

/**
 * The cache of the public answers that are the same for every visitor without a session and that an admin's
 * moderation or an erasure changes (categories, the job board, the directory's search and a provider's profile,
 * portfolio and feedback): CloudFront caches one a minute, and what must show at once purges its cached copies
 * (lambdas/src/services/public-copies.ts). Browsers cache none: no purge reaches a visitor's browser, which would
 * otherwise show an unpublished review or a hidden provider for another minute.
 */
export const PURGED_PUBLIC_ANSWER = { cacheSeconds: 60, browserCacheSeconds: 0 } as const;

export interface RouteSpec<
  P extends AnyObject | undefined = AnyObject | undefined,
  Q extends AnyObject | undefined = AnyObject | undefined,
  B extends z.ZodType | undefined = z.ZodType | undefined,
  R extends z.ZodType = z.ZodType,
  A extends Area = Area,
  X extends Access = Access,
> {
  readonly method: HttpMethod;
  /** API Gateway form: `/api/jobs/{id}`. */
  readonly path: ApiPath;
  readonly area: A;
  readonly access: X;
  readonly summary: string;
  readonly params?: P;
  readonly query?: Q;
  readonly body?: B;
  readonly response: R;
  /** HTTP status of a successful answer; 200 unless given. */
  readonly successStatus?: 200 | 201 | 202 | 204;
  /**
   * How long CloudFront (and browsers, unless `browserCacheSeconds` says less) may keep a successful answer to a
   * request without a session, for a public GET whose answer depends on its URL alone; answers are not cached
   * unless this is given.
   */
  readonly cacheSeconds?: number;
  /** How long a browser may keep it, when less than `cacheSeconds` (PURGED_PUBLIC_ANSWER); `cacheSeconds` unless given. */
  readonly browserCacheSeconds?: number;
  /** What a signed-in caller of another account type is told (403); a generic refusal unless given. */
  readonly forbiddenMessage?: string;
  /**
   * The route acts on others (posts, publishes, reveals, takes a limited offer): an account whose e-mail
   * address is not confirmed is refused with 403 EMAIL_NOT_CONFIRMED (docs/product/accounts.md#unconfirmed-accounts).
   */
  readonly confirmedEmail?: true;
  /**
   * The body is handed to the route as received, unparsed (a Stripe webhook, whose signature covers the
   * exact bytes); such a route declares no body schema.
   */
  readonly rawBody?: true;
  /**
   * The answer is a file: the implementation returns `{ contentType, bytes }` and the caller gets the bytes
   * with that content type (private to the caller, kept by their browser, as a file's bytes never change).
   */
  readonly binaryResponse?: true;
  /** A file no browser keeps either (`private, no-store`): a private document whose access can end at any moment. */
  readonly noStore?: true;
}

export function defineRoute<
  P extends AnyObject | undefined = undefined,
  Q extends AnyObject | undefined = undefined,
  B extends z.ZodType | undefined = undefined,
  R extends z.ZodType = z.ZodType,
  A extends Area = Area,
  X extends Access = Access,
>(spec: RouteSpec<P, Q, B, R, A, X>): RouteSpec<NoInfer<P>, NoInfer<Q>, NoInfer<B>, NoInfer<R>, NoInfer<A>, NoInfer<X>> {
  // NoInfer: the route table's `satisfies Record<string, RouteSpec>` must not widen an absent part to "any object".
  return spec;
}

/** A route table as a list, each route with its name. */
export function routeListOf<T extends Record<string, RouteSpec>>(table: T): readonly (RouteSpec & { name: keyof T & string })[] {
  return Object.entries(table).map(([name, spec]) => ({ ...spec, name }));
}

type Infer<T> = T extends z.ZodType ? z.infer<T> : undefined;
/**
 * Read from the property, not by matching `RouteSpec<infer P, ...>`: that match falls back to the
 * constraint (any object) for a route without the part, which then looks required to callers.
 */
type Part<T, K extends 'params' | 'query' | 'body'> = T extends { readonly [P in K]?: infer S } ? Infer<Exclude<S, undefined>> : never;
export type RouteParams<T> = Part<T, 'params'>;
export type RouteQuery<T> = Part<T, 'query'>;
export type RouteBody<T> = Part<T, 'body'>;
export type RouteResponse<T> = T extends RouteSpec<infer _P, infer _Q, infer _B, infer R> ? z.infer<R> : never;

/** `/api/jobs/{id}` -> `routeKey` as API Gateway writes it: `GET /api/jobs/{id}`. */
export function routeKey(spec: Pick<RouteSpec, 'method' | 'path'>): string {
  return `${spec.method} ${spec.path}`;
}

/** Fills `{name}` placeholders; values are URI-encoded. */
export function buildPath(path: ApiPath, params: Record<string, string> = {}): string {
  return path.replace(/\{(\w+)\}/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`Missing path parameter ${name} for ${path}`);
    return encodeURIComponent(value);
  });
}
