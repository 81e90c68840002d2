import {
  providerIdParamsSchema,
  providerSearchQuerySchema,
  providerSearchResponseSchema,
  savedProviderResponseSchema,
  savedProvidersQuerySchema,
  savedProvidersResponseSchema,
} from './directory';
import { myProviderPageSchema, providerProfileSchema } from './provider-profile';
import { PROVIDER_PROFILE_MESSAGES } from './provider-profile-text';
import { publicReads } from './public-reads';
import { defineRoute, PURGED_PUBLIC_ANSWER, type RouteSpec } from './route-types';

/** The directory search and a client's saved professionals. */
export const directoryRoutes = {
  searchProviders: defineRoute({
    ...publicReads.searchProviders,
    area: 'directory',
    access: 'public',
    summary: 'Listed providers by service, category and place (nearest first within a radius), paged with a cursor',
    query: providerSearchQuerySchema,
    response: providerSearchResponseSchema,
    ...PURGED_PUBLIC_ANSWER,
  }),
  listSavedProviders: defineRoute({
    method: 'GET',
    path: '/api/me/saved-providers',
    area: 'directory',
    access: 'signedIn',
    summary: 'The professionals the caller saved, newest first; one no longer listed shows as such',
    query: savedProvidersQuerySchema,
    response: savedProvidersResponseSchema,
  }),
  saveProvider: defineRoute({
    method: 'PUT',
    path: '/api/me/saved-providers/{providerId}',
    area: 'directory',
    access: 'signedIn',
    summary: 'Save a listed professional (again is a no-op)',
    params: providerIdParamsSchema,
    response: savedProviderResponseSchema,
  }),
  unsaveProvider: defineRoute({
    method: 'DELETE',
    path: '/api/me/saved-providers/{providerId}',
    area: 'directory',
    access: 'signedIn',
    summary: 'Remove a saved professional (one not saved is a no-op)',
    params: providerIdParamsSchema,
    response: savedProviderResponseSchema,
  }),
} as const satisfies Record<string, RouteSpec>;

/** Provider page: public to anyone while listed; the owner sees their own always. */
export const providerPageRoutes = {
  getProvider: defineRoute({
    ...publicReads.getProvider,
    area: 'directory',
    access: 'public',
    summary: "A listed provider's public page: profile, published contact details and rating; 404 when not listed",
    params: providerIdParamsSchema,
    response: providerProfileSchema,
    ...PURGED_PUBLIC_ANSWER,
  }),
  getMyProviderPage: defineRoute({
    method: 'GET',
    path: '/api/me/provider-page',
    area: 'directory',
    access: 'provider',
    forbiddenMessage: PROVIDER_PROFILE_MESSAGES.onlyProviders,
    summary: "The caller's own provider page whatever its state, with whether it is listed and why not",
    response: myProviderPageSchema,
  }),
} as const satisfies Record<string, RouteSpec>;
