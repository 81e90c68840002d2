import { z } from 'zod';
import { listCategoriesResponseSchema } from './categories';
import { defineRoute, type RouteSpec } from './route-types';

/**
 * The API as data (DESIGN.md section 2). Infra creates exactly these HTTP API routes, the local
 * gateway serves exactly these, the web client is typed from them. A route not listed here does
 * not exist anywhere.
 */
export const routes = {
  health: defineRoute({
    method: 'GET',
    path: '/api/health',
    area: 'system',
    access: 'public',
    summary: 'Liveness and the deployment stage',
    response: z.object({ status: z.literal('ok'), stage: z.string(), time: z.iso.datetime() }),
  }),
  listCategories: defineRoute({
    method: 'GET',
    path: '/api/categories',
    area: 'categories',
    access: 'public',
    summary: 'The active service taxonomy: groups in display order, each with its categories',
    response: listCategoriesResponseSchema,
  }),
} as const satisfies Record<string, RouteSpec>;

export type Routes = typeof routes;
export type RouteName = keyof Routes;
export const routeList: readonly (RouteSpec & { name: RouteName })[] = Object.entries(routes).map(
  ([name, spec]) => ({ ...(spec as RouteSpec), name: name as RouteName }),
);
