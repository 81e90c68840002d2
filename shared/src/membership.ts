import { z } from 'zod';
import { COUPON_FIRST100, CURRENCY, PLANS, PRODUCT_NAME } from './constants';

/**
 * Membership (docs/product/membership.md; docs/architecture.md#membership-and-payments): what the API takes and answers, the
 * wording, and what is sold in Stripe's terms. The web, the lambdas, the local Stripe and
 * `npm run stripe:setup` all read these.
 */

export const MEMBERSHIP_PLANS = ['monthly', 'yearly'] as const;
export type MembershipPlan = (typeof MEMBERSHIP_PLANS)[number];

/**
 * What the membership sells, in Stripe's terms: the names the membership adapter looks prices and the
 * coupon up by, the same in the local Stripe (seeded on start) and in a real account (`npm run stripe:setup`).
 * Prices are found by lookup key, never by id, because ids differ from one Stripe account to another.
 */
export const STRIPE_CATALOGUE = {
  product: { name: `${PRODUCT_NAME} Membership` },
  prices: {
    monthly: {
      lookupKey: 'solutionz_monthly',
      nickname: PLANS.monthly.label,
      unitAmount: PLANS.monthly.pricePence,
      currency: CURRENCY.toLowerCase(),
      interval: PLANS.monthly.interval,
    },
    yearly: {
      lookupKey: 'solutionz_yearly',
      nickname: PLANS.yearly.label,
      unitAmount: PLANS.yearly.pricePence,
      currency: CURRENCY.toLowerCase(),
      interval: PLANS.yearly.interval,
    },
  },
  coupon: {
    id: COUPON_FIRST100.code,
    name: `First ${COUPON_FIRST100.maxRedemptions} providers: ${COUPON_FIRST100.freeMonths} months free`,
    percentOff: 100,
    duration: 'repeating',
    durationInMonths: COUPON_FIRST100.freeMonths,
    maxRedemptions: COUPON_FIRST100.maxRedemptions,
  },
} as const;

/**
 * A Stripe Checkout page stays open this long. A FIRST100 slot is held as long from the first checkout
 * that took it, however often the checkout is opened again; then it comes back and must be claimed again.
 */
export const CHECKOUT_SESSION_MINUTES = 60;

/** FIRST100 is matched without regard to case or surrounding spaces (docs/product/membership.md#first100). */
export function normaliseCouponCode(code: string): string {
  return code.trim().toUpperCase();
}

const couponCode = z.string().trim().max(50);

export const checkoutRequestSchema = z.strictObject({
  plan: z.enum(MEMBERSHIP_PLANS, 'Choose the monthly or the yearly plan'),
  /** Blank or null means no coupon. */
  couponCode: couponCode.nullable().optional(),
});
export type CheckoutRequest = z.infer<typeof checkoutRequestSchema>;
export const redirectUrlResponseSchema = z.object({ url: z.url() });
export type RedirectUrlResponse = z.infer<typeof redirectUrlResponseSchema>;

export const couponCheckRequestSchema = z.strictObject({ couponCode });
export const couponCheckResponseSchema = z.object({
  couponCode: z.string(),
  description: z.string(),
  freeMonths: z.number().int().positive(),
  /** Slots still free when asked; a checkout takes one for real. */
  remaining: z.number().int().min(0),
});
export type CouponCheckResponse = z.infer<typeof couponCheckResponseSchema>;

/** Where the customer portal sends the person back to. */
const PORTAL_RETURN_PAGES = ['account', 'profile'] as const;
export const portalRequestSchema = z.strictObject({ returnTo: z.enum(PORTAL_RETURN_PAGES).optional() });

export const webhookResponseSchema = z.object({ received: z.literal(true), duplicate: z.boolean() });
