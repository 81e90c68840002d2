import type { ApiPath } from './route-types';

/** Where a route is: what the web needs to call it. */
interface RouteAddress {
  readonly method: 'GET';
  readonly path: ApiPath;
}

/**
 * The public reads that the read-only public pages make for an anonymous visitor (categories, the directory,
 * a provider's page and its checked credentials, the job board, the place look-up, the moderation figures), as method and path alone (docs/web.md#calling-the-api). This module
 * imports no schema: the web calls these with `publicRead` (web/src/lib/api-client.ts), so those pages load
 * no zod. Each route's spec in the route table spreads its address from here, so a path is written once;
 * the answer is typed from the spec (`Routes[name]`, a type-only import).
 */
export const publicReads = {
  listCategories: { method: 'GET', path: '/api/categories' },
  searchLocations: { method: 'GET', path: '/api/locations' },
  searchProviders: { method: 'GET', path: '/api/providers' },
  getProvider: { method: 'GET', path: '/api/providers/{providerId}' },
  getProviderCredentials: { method: 'GET', path: '/api/providers/{providerId}/credentials' },
  listJobs: { method: 'GET', path: '/api/jobs' },
  getJob: { method: 'GET', path: '/api/jobs/{jobId}' },
  getTransparency: { method: 'GET', path: '/api/transparency' },
} as const satisfies Record<string, RouteAddress>;

export type PublicReadName = keyof typeof publicReads;
