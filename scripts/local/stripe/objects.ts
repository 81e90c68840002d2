import { randomBytes } from 'node:crypto';
import type Stripe from 'stripe';

/**
 * The objects the local Stripe keeps, in the shapes of the API version the `stripe` SDK is pinned to
 * (subscription periods on the subscription items, a discount's coupon under `source`, an invoice's
 * subscription under `parent.subscription_details`). Each type picks its fields from the SDK's own
 * type, so a field name or value the SDK does not know fails the type check.
 */

/**
 * The API version the local Stripe answers in (the SDK's own, `Stripe.API_VERSION`): typed as the SDK's
 * latest version, so an SDK upgrade fails the type check until this follows it. A constant rather than the
 * SDK's value: `npm start` does not load the SDK's 200-odd modules to start the local Stripe.
 */
export const STRIPE_API_VERSION: Stripe.LatestApiVersion = '2026-10-28.endive';

/** A Stripe type with every nested field optional, decimals as the strings the API sends. */
export type Shape<T> = T extends string | number | boolean | null | undefined
  ? T
  : T extends Stripe.Decimal
    ? string
    : T extends readonly (infer E)[]
      ? Shape<E>[]
      : T extends object
        ? { -readonly [K in keyof T]?: Shape<T[K]> }
        : T;
type Fields<T, K extends keyof T> = { -readonly [P in K]-?: Shape<T[P]> };

export type Customer = Fields<
  Stripe.Customer,
  | 'id'
  | 'object'
  | 'address'
  | 'balance'
  | 'created'
  | 'currency'
  | 'default_source'
  | 'delinquent'
  | 'description'
  | 'email'
  | 'invoice_prefix'
  | 'invoice_settings'
  | 'livemode'
  | 'metadata'
  | 'name'
  | 'next_invoice_sequence'
  | 'phone'
  | 'preferred_locales'
  | 'shipping'
  | 'tax_exempt'
  | 'test_clock'
>;
export type Product = Fields<
  Stripe.Product,
  | 'id'
  | 'object'
  | 'active'
  | 'created'
  | 'default_price'
  | 'description'
  | 'images'
  | 'livemode'
  | 'marketing_features'
  | 'metadata'
  | 'name'
  | 'package_dimensions'
  | 'shippable'
  | 'tax_code'
  | 'type'
  | 'unit_label'
  | 'updated'
  | 'url'
>;
export type Price = Fields<
  Stripe.Price,
  | 'id'
  | 'object'
  | 'active'
  | 'billing_scheme'
  | 'created'
  | 'currency'
  | 'custom_unit_amount'
  | 'livemode'
  | 'lookup_key'
  | 'metadata'
  | 'nickname'
  | 'product'
  | 'recurring'
  | 'tax_behavior'
  | 'tiers_mode'
  | 'transform_quantity'
  | 'type'
  | 'unit_amount'
  | 'unit_amount_decimal'
>;
export type Coupon = Fields<
  Stripe.Coupon,
  | 'id'
  | 'object'
  | 'amount_off'
  | 'created'
  | 'currency'
  | 'duration'
  | 'duration_in_months'
  | 'livemode'
  | 'max_redemptions'
  | 'metadata'
  | 'name'
  | 'percent_off'
  | 'redeem_by'
  | 'times_redeemed'
  | 'valid'
>;
export type PromotionCode = Fields<
  Stripe.PromotionCode,
  | 'id'
  | 'object'
  | 'active'
  | 'code'
  | 'created'
  | 'customer'
  | 'customer_account'
  | 'expires_at'
  | 'livemode'
  | 'max_redemptions'
  | 'metadata'
  | 'promotion'
  | 'restrictions'
  | 'times_redeemed'
>;
export type Discount = Fields<
  Stripe.Discount,
  | 'id'
  | 'object'
  | 'checkout_session'
  | 'customer'
  | 'customer_account'
  | 'end'
  | 'invoice'
  | 'invoice_item'
  | 'promotion_code'
  | 'source'
  | 'start'
  | 'subscription'
  | 'subscription_item'
>;
export type PaymentMethod = Fields<
  Stripe.PaymentMethod,
  'id' | 'object' | 'billing_details' | 'card' | 'created' | 'customer' | 'customer_account' | 'livemode' | 'metadata' | 'type'
>;
export type CheckoutSession = Fields<
  Stripe.Checkout.Session,
  | 'id'
  | 'object'
  | 'allow_promotion_codes'
  | 'amount_subtotal'
  | 'amount_total'
  | 'billing_address_collection'
  | 'cancel_url'
  | 'client_reference_id'
  | 'created'
  | 'currency'
  | 'customer'
  | 'customer_creation'
  | 'customer_details'
  | 'customer_email'
  | 'discounts'
  | 'expires_at'
  | 'invoice'
  | 'livemode'
  | 'locale'
  | 'metadata'
  | 'mode'
  | 'payment_intent'
  | 'payment_link'
  | 'payment_method_collection'
  | 'payment_method_types'
  | 'payment_status'
  | 'setup_intent'
  | 'status'
  | 'submit_type'
  | 'subscription'
  | 'success_url'
  | 'total_details'
  | 'ui_mode'
  | 'url'
>;
export type CheckoutLineItem = Fields<
  Stripe.LineItem,
  | 'id'
  | 'object'
  | 'adjustable_quantity'
  | 'amount_discount'
  | 'amount_subtotal'
  | 'amount_tax'
  | 'amount_total'
  | 'currency'
  | 'description'
  | 'metadata'
  | 'price'
  | 'quantity'
>;
export type PortalSession = Fields<
  Stripe.BillingPortal.Session,
  'id' | 'object' | 'configuration' | 'created' | 'customer' | 'customer_account' | 'flow' | 'livemode' | 'locale' | 'on_behalf_of' | 'return_url' | 'url'
>;
type SubscriptionItem = Fields<
  Stripe.SubscriptionItem,
  | 'id'
  | 'object'
  | 'billing_thresholds'
  | 'created'
  | 'current_period_end'
  | 'current_period_start'
  | 'discounts'
  | 'metadata'
  | 'plan'
  | 'price'
  | 'quantity'
  | 'subscription'
  | 'tax_rates'
>;
export type Subscription = Fields<
  Stripe.Subscription,
  | 'id'
  | 'object'
  | 'application'
  | 'billing_cycle_anchor'
  | 'cancel_at'
  | 'cancel_at_period_end'
  | 'canceled_at'
  | 'cancellation_details'
  | 'collection_method'
  | 'created'
  | 'currency'
  | 'customer'
  | 'customer_account'
  | 'days_until_due'
  | 'default_payment_method'
  | 'description'
  | 'discounts'
  | 'ended_at'
  | 'latest_invoice'
  | 'livemode'
  | 'metadata'
  | 'pause_collection'
  | 'schedule'
  | 'start_date'
  | 'status'
  | 'test_clock'
  | 'trial_end'
  | 'trial_start'
> & { items: { object: 'list'; data: SubscriptionItem[]; has_more: boolean; url: string } };
type InvoiceLine = Fields<
  Stripe.InvoiceLineItem,
  | 'id'
  | 'object'
  | 'amount'
  | 'currency'
  | 'description'
  | 'discount_amounts'
  | 'discountable'
  | 'discounts'
  | 'invoice'
  | 'livemode'
  | 'metadata'
  | 'parent'
  | 'period'
  | 'pricing'
  | 'quantity'
  | 'subtotal'
  | 'taxes'
>;
export type Invoice = Fields<
  Stripe.Invoice,
  | 'id'
  | 'object'
  | 'account_country'
  | 'account_name'
  | 'amount_due'
  | 'amount_overpaid'
  | 'amount_paid'
  | 'amount_remaining'
  | 'amount_shipping'
  | 'attempt_count'
  | 'attempted'
  | 'auto_advance'
  | 'billing_reason'
  | 'collection_method'
  | 'created'
  | 'currency'
  | 'customer'
  | 'customer_email'
  | 'customer_name'
  | 'default_payment_method'
  | 'description'
  | 'discounts'
  | 'due_date'
  | 'effective_at'
  | 'hosted_invoice_url'
  | 'invoice_pdf'
  | 'livemode'
  | 'metadata'
  | 'next_payment_attempt'
  | 'number'
  | 'parent'
  | 'period_end'
  | 'period_start'
  | 'starting_balance'
  | 'ending_balance'
  | 'status'
  | 'status_transitions'
  | 'subtotal'
  | 'subtotal_excluding_tax'
  | 'test_clock'
  | 'total'
  | 'total_discount_amounts'
  | 'total_excluding_tax'
  | 'webhooks_delivered_at'
> & { lines: { object: 'list'; data: InvoiceLine[]; has_more: boolean; url: string } };
export type StripeEvent = Fields<Stripe.EventBase, 'id' | 'object' | 'api_version' | 'created' | 'livemode' | 'pending_webhooks' | 'request' | 'type'> & {
  data: { object: ApiObject; previous_attributes?: Record<string, unknown> };
};

export type ApiObject =
  Customer | Product | Price | Coupon | PromotionCode | Discount | PaymentMethod | CheckoutSession | PortalSession | Subscription | Invoice | StripeEvent;

export interface ApiList<T> {
  object: 'list';
  data: T[];
  has_more: boolean;
  url: string;
}

const ALPHANUMERIC = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

function randomAlphanumeric(length: number): string {
  const bytes = randomBytes(length);
  let out = '';
  for (const byte of bytes) out += ALPHANUMERIC[byte % ALPHANUMERIC.length];
  return out;
}

/** Ids as Stripe makes them: its prefix, then random letters and digits (newer objects start with 1). */
export const newId = {
  customer: () => `cus_${randomAlphanumeric(14)}`,
  product: () => `prod_${randomAlphanumeric(14)}`,
  price: () => `price_1${randomAlphanumeric(23)}`,
  coupon: () => randomAlphanumeric(8),
  promotionCode: () => `promo_1${randomAlphanumeric(23)}`,
  discount: () => `di_1${randomAlphanumeric(23)}`,
  paymentMethod: () => `pm_1${randomAlphanumeric(23)}`,
  checkoutSession: () => `cs_test_a1${randomAlphanumeric(56)}`,
  checkoutLineItem: () => `li_1${randomAlphanumeric(23)}`,
  portalSession: () => `bps_1${randomAlphanumeric(23)}`,
  portalConfiguration: () => `bpc_1${randomAlphanumeric(23)}`,
  subscription: () => `sub_1${randomAlphanumeric(23)}`,
  subscriptionItem: () => `si_${randomAlphanumeric(14)}`,
  invoice: () => `in_1${randomAlphanumeric(23)}`,
  invoiceLine: () => `il_1${randomAlphanumeric(23)}`,
  event: () => `evt_1${randomAlphanumeric(23)}`,
  request: () => `req_${randomAlphanumeric(14)}`,
  invoicePrefix: () => randomBytes(4).toString('hex').toUpperCase(),
};

/** The Plan object Stripe still embeds next to each subscription item's price. */
export function planOf(price: Price): Shape<Stripe.Plan> {
  return {
    id: price.id,
    object: 'plan',
    active: price.active,
    amount: price.unit_amount,
    amount_decimal: price.unit_amount_decimal,
    billing_scheme: 'per_unit',
    created: price.created,
    currency: price.currency,
    interval: price.recurring?.interval ?? 'month',
    interval_count: price.recurring?.interval_count ?? 1,
    livemode: false,
    metadata: price.metadata,
    meter: null,
    nickname: price.nickname,
    product: price.product,
    tiers_mode: null,
    transform_usage: null,
    trial_period_days: null,
    usage_type: 'licensed',
  };
}

export function deepCopy<T>(value: T): T {
  return structuredClone(value);
}

export function formatMoney(amount: number, currency: string): string {
  return new Intl.NumberFormat('en-GB', { style: 'currency', currency: currency.toUpperCase() }).format(amount / 100);
}
