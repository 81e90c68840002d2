import { z } from 'zod';
import { listCategoriesResponseSchema } from './categories';
import { locationSearchQuerySchema, locationSearchResponseSchema } from './locations';
import { publicReads } from './public-reads';
import { defineRoute, PURGED_PUBLIC_ANSWER, type RouteSpec } from './route-types';

/** Liveness: nobody signs in for it. */
export const systemRoutes = {
  health: defineRoute({
    method: 'GET',
    path: '/api/health',
    area: 'system',
    access: 'public',
    summary: 'Liveness and the deployment stage',
    response: z.object({ status: z.literal('ok'), stage: z.string(), time: z.iso.datetime() }),
  }),
} as const satisfies Record<string, RouteSpec>;

/** The service taxonomy, the same for every visitor. */
export const categoryRoutes = {
  listCategories: defineRoute({
    ...publicReads.listCategories,
    area: 'categories',
    access: 'public',
    summary: 'The active service taxonomy: groups in display order, each with its categories',
    response: listCategoriesResponseSchema,
    ...PURGED_PUBLIC_ANSWER,
  }),
} as const satisfies Record<string, RouteSpec>;

/** Place look-up for the location pickers. */
export const locationRoutes = {
  searchLocations: defineRoute({
    ...publicReads.searchLocations,
    area: 'directory',
    access: 'public',
    summary: 'UK places matching typed text (postcode, sector, outward code, town): the best match and up to 5 suggestions',
    query: locationSearchQuerySchema,
    response: locationSearchResponseSchema,
    // The tables change a few times a year: a day in the browser and at the edge spares the Lambda most autocomplete calls.
    cacheSeconds: 86_400,
  }),
} as const satisfies Record<string, RouteSpec>;
