import { z } from 'zod';
import {
  adminOverviewResponseSchema,
  adminSetupRequestSchema,
  adminSetupResponseSchema,
  businessSearchQuerySchema,
  businessSearchResponseSchema,
  confirmEmailRequestSchema,
  confirmEmailResponseSchema,
  meResponseSchema,
  passwordResetConfirmResponseSchema,
  passwordResetConfirmSchema,
  passwordResetRequestResponseSchema,
  passwordResetRequestSchema,
  resendConfirmationRequestSchema,
  resendConfirmationResponseSchema,
  signupRequestSchema,
  signupResponseSchema,
} from './accounts';
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
  signup: defineRoute({
    method: 'POST',
    path: '/api/accounts/signup',
    area: 'accounts',
    access: 'public',
    summary: 'Create a client or provider account and send the confirmation e-mail',
    body: signupRequestSchema,
    response: signupResponseSchema,
    successStatus: 201,
  }),
  confirmEmail: defineRoute({
    method: 'POST',
    path: '/api/accounts/confirm-email',
    area: 'accounts',
    access: 'public',
    summary: 'Confirm an e-mail address with the single-use token from the confirmation link',
    body: confirmEmailRequestSchema,
    response: confirmEmailResponseSchema,
  }),
  resendConfirmation: defineRoute({
    method: 'POST',
    path: '/api/accounts/resend-confirmation',
    area: 'accounts',
    access: 'public',
    summary: "Send the confirmation e-mail again (to the caller's own address when signed in)",
    body: resendConfirmationRequestSchema,
    response: resendConfirmationResponseSchema,
    successStatus: 202,
  }),
  requestPasswordReset: defineRoute({
    method: 'POST',
    path: '/api/accounts/password-reset',
    area: 'accounts',
    access: 'public',
    summary: 'Send a password reset link; the answer is the same whether or not the address has an account',
    body: passwordResetRequestSchema,
    response: passwordResetRequestResponseSchema,
    successStatus: 202,
  }),
  confirmPasswordReset: defineRoute({
    method: 'POST',
    path: '/api/accounts/password-reset/confirm',
    area: 'accounts',
    access: 'public',
    summary: 'Set a new password with the single-use token from the reset link',
    body: passwordResetConfirmSchema,
    response: passwordResetConfirmResponseSchema,
  }),
  getMe: defineRoute({
    method: 'GET',
    path: '/api/me',
    area: 'accounts',
    access: 'signedIn',
    summary: "The caller's profile, e-mail confirmation and subscription summary",
    response: meResponseSchema,
  }),
  searchBusinesses: defineRoute({
    method: 'GET',
    path: '/api/businesses/search',
    area: 'accounts',
    access: 'public',
    summary: 'Businesses whose name contains a word starting with the typed text (sign-up business-name search)',
    query: businessSearchQuerySchema,
    response: businessSearchResponseSchema,
  }),
  adminSetup: defineRoute({
    method: 'POST',
    path: '/api/admin/setup',
    area: 'admin',
    access: 'public',
    summary: 'Create the first admin account; allowed once, optionally guarded by the x-admin-setup-token header',
    body: adminSetupRequestSchema,
    response: adminSetupResponseSchema,
    successStatus: 201,
  }),
  adminOverview: defineRoute({
    method: 'GET',
    path: '/api/admin/overview',
    area: 'admin',
    access: 'admin',
    summary: 'Admin dashboard overview',
    response: adminOverviewResponseSchema,
  }),
} as const satisfies Record<string, RouteSpec>;

export type Routes = typeof routes;
export type RouteName = keyof Routes;
export const routeList: readonly (RouteSpec & { name: RouteName })[] = Object.entries(routes).map(
  ([name, spec]) => ({ ...(spec as RouteSpec), name: name as RouteName }),
);
