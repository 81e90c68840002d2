import { COUPON_FIRST100, CURRENCY, PLANS, PRODUCT_NAME } from '@solutionz/shared';

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

/** The business name the hosted pages show (Stripe takes it from the account's public details). */
export const BUSINESS_NAME = PRODUCT_NAME;
