import {
  checkoutRequestSchema,
  couponCheckRequestSchema,
  couponCheckResponseSchema,
  portalRequestSchema,
  redirectUrlResponseSchema,
  webhookResponseSchema,
} from '../membership';
import { MEMBERSHIP_MESSAGES } from '../membership-messages';
import { subscriptionSummarySchema } from './accounts';
import { defineRoute, type RouteSpec } from './route-types';

/** The provider membership: Stripe checkout, coupon, portal, cancel and Stripe's webhook. */
export const membershipRoutes = {
  membershipCheckout: defineRoute({
    method: 'POST',
    path: '/api/membership/checkout',
    area: 'membership',
    access: 'provider',
    forbiddenMessage: MEMBERSHIP_MESSAGES.onlyProviders,
    summary: 'Open a Stripe Checkout for a monthly or yearly membership, with FIRST100 taking one of its 100 slots',
    body: checkoutRequestSchema,
    response: redirectUrlResponseSchema,
  }),
  membershipCouponCheck: defineRoute({
    method: 'POST',
    path: '/api/membership/coupon',
    area: 'membership',
    access: 'provider',
    forbiddenMessage: MEMBERSHIP_MESSAGES.onlyProviders,
    confirmedEmail: true,
    summary: 'Check a coupon code before checkout (FIRST100 while slots are left); the slot is taken by the checkout',
    body: couponCheckRequestSchema,
    response: couponCheckResponseSchema,
  }),
  membershipPortal: defineRoute({
    method: 'POST',
    path: '/api/membership/portal',
    area: 'membership',
    access: 'provider',
    forbiddenMessage: MEMBERSHIP_MESSAGES.onlyProviders,
    summary: "Open Stripe's customer portal for the caller's membership",
    body: portalRequestSchema,
    response: redirectUrlResponseSchema,
  }),
  membershipCancel: defineRoute({
    method: 'POST',
    path: '/api/membership/cancel',
    area: 'membership',
    access: 'provider',
    forbiddenMessage: MEMBERSHIP_MESSAGES.onlyProviders,
    summary: "Cancel the caller's membership at the end of the paid period",
    response: subscriptionSummarySchema,
  }),
  stripeWebhook: defineRoute({
    method: 'POST',
    path: '/api/stripe/webhook',
    area: 'stripeWebhook',
    access: 'public',
    rawBody: true,
    summary: "Stripe's events, signature-checked on the raw body, each handled once",
    response: webhookResponseSchema,
  }),
} as const satisfies Record<string, RouteSpec>;
