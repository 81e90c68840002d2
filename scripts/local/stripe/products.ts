import { STRIPE_CATALOGUE } from './catalogue';
import { newId, type Coupon, type Price, type Product, type PromotionCode } from './objects';
import type { StripeStore } from './store';

/** What the local Stripe sells: products, their prices, coupons and promotion codes, as Stripe's API creates them. */

export function createProduct(
  store: StripeStore,
  fields: { id?: string; name: string; description?: string; active?: boolean; metadata?: Record<string, string> },
): Product {
  const now = store.now();
  const product: Product = {
    id: fields.id ?? newId.product(),
    object: 'product',
    active: fields.active ?? true,
    created: now,
    default_price: null,
    description: fields.description ?? null,
    images: [],
    livemode: false,
    marketing_features: [],
    metadata: fields.metadata ?? {},
    name: fields.name,
    package_dimensions: null,
    shippable: null,
    tax_code: null,
    type: 'service',
    unit_label: null,
    updated: now,
    url: null,
  };
  store.products.set(product.id, product);
  return product;
}

export function createPrice(
  store: StripeStore,
  fields: {
    product: string;
    currency: string;
    unitAmount: number;
    recurring?: { interval: string; intervalCount: number };
    lookupKey?: string;
    nickname?: string;
    active?: boolean;
    metadata?: Record<string, string>;
  },
): Price {
  const price: Price = {
    id: newId.price(),
    object: 'price',
    active: fields.active ?? true,
    billing_scheme: 'per_unit',
    created: store.now(),
    currency: fields.currency,
    custom_unit_amount: null,
    livemode: false,
    lookup_key: fields.lookupKey ?? null,
    metadata: fields.metadata ?? {},
    nickname: fields.nickname ?? null,
    product: fields.product,
    recurring: fields.recurring
      ? { interval: fields.recurring.interval, interval_count: fields.recurring.intervalCount, meter: null, trial_period_days: null, usage_type: 'licensed' }
      : null,
    tax_behavior: 'unspecified',
    tiers_mode: null,
    transform_quantity: null,
    type: fields.recurring ? 'recurring' : 'one_time',
    unit_amount: fields.unitAmount,
    unit_amount_decimal: String(fields.unitAmount),
  };
  store.prices.set(price.id, price);
  return price;
}

export function createCoupon(
  store: StripeStore,
  fields: {
    id?: string;
    name?: string;
    percentOff?: number;
    amountOff?: number;
    currency?: string;
    duration: 'forever' | 'once' | 'repeating';
    durationInMonths?: number;
    maxRedemptions?: number;
    redeemBy?: number;
    metadata?: Record<string, string>;
  },
): Coupon {
  const coupon: Coupon = {
    id: fields.id ?? newId.coupon(),
    object: 'coupon',
    amount_off: fields.amountOff ?? null,
    created: store.now(),
    currency: fields.currency ?? null,
    duration: fields.duration,
    duration_in_months: fields.duration === 'repeating' ? (fields.durationInMonths ?? null) : null,
    livemode: false,
    max_redemptions: fields.maxRedemptions ?? null,
    metadata: fields.metadata ?? {},
    name: fields.name ?? null,
    percent_off: fields.percentOff ?? null,
    redeem_by: fields.redeemBy ?? null,
    times_redeemed: 0,
    valid: true,
  };
  store.coupons.set(coupon.id, coupon);
  return coupon;
}

export function createPromotionCode(
  store: StripeStore,
  fields: {
    coupon: Coupon;
    code?: string;
    active?: boolean;
    maxRedemptions?: number;
    expiresAt?: number;
    customer?: string;
    metadata?: Record<string, string>;
  },
): PromotionCode {
  const id = newId.promotionCode();
  const promotionCode: PromotionCode = {
    id,
    object: 'promotion_code',
    active: fields.active ?? true,
    code: fields.code ?? id.slice(-8).toUpperCase(),
    created: store.now(),
    customer: fields.customer ?? null,
    customer_account: null,
    expires_at: fields.expiresAt ?? null,
    livemode: false,
    max_redemptions: fields.maxRedemptions ?? null,
    metadata: fields.metadata ?? {},
    promotion: { coupon: fields.coupon.id, type: 'coupon' },
    restrictions: { first_time_transaction: false, minimum_amount: null, minimum_amount_currency: null },
    times_redeemed: 0,
  };
  store.promotionCodes.set(promotionCode.id, promotionCode);
  return promotionCode;
}

/** The catalogue of STRIPE_CATALOGUE: one product, a price per plan, the FIRST100 coupon. */
export function seedCatalogue(store: StripeStore): void {
  const product = createProduct(store, { name: STRIPE_CATALOGUE.product.name });
  for (const plan of Object.values(STRIPE_CATALOGUE.prices)) {
    createPrice(store, {
      product: product.id,
      currency: plan.currency,
      unitAmount: plan.unitAmount,
      recurring: { interval: plan.interval, intervalCount: 1 },
      lookupKey: plan.lookupKey,
      nickname: plan.nickname,
    });
  }
  const coupon = STRIPE_CATALOGUE.coupon;
  createCoupon(store, {
    id: coupon.id,
    name: coupon.name,
    percentOff: coupon.percentOff,
    duration: coupon.duration,
    durationInMonths: coupon.durationInMonths,
    maxRedemptions: coupon.maxRedemptions,
  });
  store.commit();
}
