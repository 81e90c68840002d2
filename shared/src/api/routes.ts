import { accountRoutes, adminSetupRoutes, profileRoutes, providerUpdateRoutes } from './account-routes';
import { adminConsoleRoutes } from './admin-routes';
import { adminReportRoutes } from './admin-reports';
import { claimRoutes } from './claims';
import { credentialRoutes } from './credential-routes';
import { directoryRoutes, providerPageRoutes } from './directory-routes';
import { feedbackRoutes } from './feedback-routes';
import { jobRoutes } from './job-routes';
import { membershipRoutes } from './membership-routes';
import { messageRoutes } from './messages';
import { portfolioRoutes } from './portfolio-routes';
import { categoryRoutes, locationRoutes, systemRoutes } from './public-routes';
import { routeListOf, type RouteSpec } from './route-types';
import { transparencyRoutes } from './transparency';

/**
 * The groups the route table is made of, one module each, so that the web client's screens load the
 * request and response schemas of the routes they call and no others (docs/web.md#calling-the-api: the entry carries none,
 * a screen's chunk carries its area's). The API reads only `routes`, the sum of these.
 */
export const routeGroups = {
  systemRoutes,
  categoryRoutes,
  accountRoutes,
  locationRoutes,
  profileRoutes,
  adminSetupRoutes,
  adminConsoleRoutes,
  membershipRoutes,
  directoryRoutes,
  portfolioRoutes,
  providerPageRoutes,
  feedbackRoutes,
  jobRoutes,
  providerUpdateRoutes,
  claimRoutes,
  messageRoutes,
  adminReportRoutes,
  credentialRoutes,
  transparencyRoutes,
} as const;

/**
 * The API as data (docs/architecture.md#one-route-table). Infra creates exactly these HTTP API routes, the local
 * gateway serves exactly these, the web client is typed from them. A route not listed here does
 * not exist anywhere. Its routes are defined in the group modules above; a name used by two groups
 * would silently keep only the later one, so routes.test.ts checks that the table holds every group's routes.
 */
export const routes = {
  ...systemRoutes,
  ...categoryRoutes,
  ...accountRoutes,
  ...locationRoutes,
  ...profileRoutes,
  ...adminSetupRoutes,
  ...adminConsoleRoutes,
  ...membershipRoutes,
  ...directoryRoutes,
  ...portfolioRoutes,
  ...providerPageRoutes,
  ...feedbackRoutes,
  ...jobRoutes,
  ...providerUpdateRoutes,
  ...claimRoutes,
  ...messageRoutes,
  ...adminReportRoutes,
  ...credentialRoutes,
  ...transparencyRoutes,
} as const satisfies Record<string, RouteSpec>;

export type Routes = typeof routes;
export type RouteName = keyof Routes;
export const routeList = routeListOf(routes);
