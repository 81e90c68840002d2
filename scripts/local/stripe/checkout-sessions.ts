import type { EnteredCard } from './cards';
import { createCustomer, savePaymentMethod } from './customers';
import { applyCoupon, couponRedeemable, discountOff } from './discounts';
import { stripeErrors } from './errors';
import { collect, createInvoice } from './invoices';
import {
  deepCopy,
  newId,
  planOf,
  type CheckoutLineItem,
  type CheckoutSession,
  type Coupon,
  type Customer,
  type PortalSession,
  type Price,
  type PromotionCode,
  type Subscription,
} from './objects';
import { addInterval } from './periods';
import { AUTOMATIC, type EventRequest, type StripeStore } from './store';

/**
 * Checkout and the customer portal: a session opens, and paying on the hosted page starts the subscription and pays
 * its first invoice; an abandoned one expires.
 */

export interface CheckoutSpec {
  readonly customer: Customer | undefined;
  readonly customerEmail: string | undefined;
  readonly clientReferenceId: string | undefined;
  readonly price: Price;
  readonly quantity: number;
  readonly coupon: Coupon | undefined;
  readonly promotionCode: PromotionCode | undefined;
  readonly allowPromotionCodes: boolean;
  readonly successUrl: string | undefined;
  readonly cancelUrl: string | undefined;
  readonly metadata: Record<string, string>;
  readonly subscriptionMetadata: Record<string, string>;
  readonly subscriptionDescription: string | undefined;
  readonly expiresAt: number;
}

export type CheckoutOutcome = { readonly ok: true; readonly session: CheckoutSession } | { readonly ok: false; readonly message: string };

export function openCheckoutSession(store: StripeStore, baseUrl: string, spec: CheckoutSpec): CheckoutSession {
  const id = newId.checkoutSession();
  const subtotal = (spec.price.unit_amount ?? 0) * spec.quantity;
  const off = spec.coupon ? discountOff(spec.coupon, subtotal, spec.price.currency) : 0;
  const session: CheckoutSession = {
    id,
    object: 'checkout.session',
    allow_promotion_codes: spec.allowPromotionCodes ? true : null,
    amount_subtotal: subtotal,
    amount_total: subtotal - off,
    billing_address_collection: null,
    cancel_url: spec.cancelUrl ?? null,
    client_reference_id: spec.clientReferenceId ?? null,
    created: store.now(),
    currency: spec.price.currency,
    customer: spec.customer?.id ?? null,
    customer_creation: spec.customer ? null : 'always',
    customer_details: null,
    customer_email: spec.customerEmail ?? null,
    discounts: spec.coupon ? [{ coupon: spec.coupon.id, promotion_code: spec.promotionCode?.id ?? null }] : [],
    expires_at: spec.expiresAt,
    invoice: null,
    livemode: false,
    locale: null,
    metadata: spec.metadata,
    mode: 'subscription',
    payment_intent: null,
    payment_link: null,
    payment_method_collection: 'always',
    payment_method_types: ['card'],
    payment_status: 'unpaid',
    setup_intent: null,
    status: 'open',
    submit_type: null,
    subscription: null,
    success_url: spec.successUrl ?? null,
    total_details: { amount_discount: off, amount_shipping: 0, amount_tax: 0 },
    ui_mode: 'hosted_page',
    url: `${baseUrl}/checkout/${id}`,
  };
  const product = store.products.get(String(spec.price.product));
  const lineItem: CheckoutLineItem = {
    id: newId.checkoutLineItem(),
    object: 'item',
    adjustable_quantity: null,
    amount_discount: off,
    amount_subtotal: subtotal,
    amount_tax: 0,
    amount_total: subtotal - off,
    currency: spec.price.currency,
    description: product?.name ?? null,
    metadata: {},
    price: deepCopy(spec.price),
    quantity: spec.quantity,
  };
  store.checkoutSessions.set(id, session);
  store.checkoutLineItems.set(id, [lineItem]);
  store.checkoutSubscriptionData.set(id, { metadata: spec.subscriptionMetadata, description: spec.subscriptionDescription ?? null });
  store.commit();
  return session;
}

export function openPortalSession(store: StripeStore, baseUrl: string, customer: Customer, returnUrl: string | undefined): PortalSession {
  const id = newId.portalSession();
  const session: PortalSession = {
    id,
    object: 'billing_portal.session',
    configuration: store.portalConfiguration,
    created: store.now(),
    customer: customer.id,
    customer_account: null,
    flow: null,
    livemode: false,
    locale: null,
    on_behalf_of: null,
    return_url: returnUrl ?? null,
    url: `${baseUrl}/portal/${id}`,
  };
  store.portalSessions.set(id, session);
  store.commit();
  return session;
}

/**
 * "Pay" on the hosted page with a card that the form accepted: starts the subscription, pays (or, at
 * £0, settles) its first invoice, completes the session and redeems the coupon.
 */
export function completeCheckout(store: StripeStore, session: CheckoutSession, card: EnteredCard, email: string | undefined): CheckoutOutcome {
  const now = store.now();
  const discount = session.discounts?.[0];
  const coupon = discount?.coupon ? store.coupons.get(String(discount.coupon)) : undefined;
  if (coupon && !couponRedeemable(coupon, now)) return { ok: false, message: 'This coupon is no longer valid.' };
  const lineItem = store.checkoutLineItems.get(session.id)?.[0];
  const price = lineItem?.price ? store.prices.get(String(lineItem.price.id)) : undefined;
  if (!lineItem || !price?.recurring) return { ok: false, message: 'This checkout session has nothing to subscribe to.' };

  const customer =
    (session.customer ? store.customers.get(String(session.customer)) : undefined) ??
    createCustomer(store, { email: email ?? session.customer_email ?? undefined });
  const paymentMethod = savePaymentMethod(store, customer, card);
  const setup = store.checkoutSubscriptionData.get(session.id);

  const subscriptionId = newId.subscription();
  const item = {
    id: newId.subscriptionItem(),
    object: 'subscription_item' as const,
    billing_thresholds: null,
    created: now,
    current_period_start: now,
    current_period_end: addInterval(now, price.recurring, 1),
    discounts: [],
    metadata: {},
    plan: planOf(price),
    price: deepCopy(price),
    quantity: lineItem.quantity ?? 1,
    subscription: subscriptionId,
    tax_rates: [],
  };
  const subscription: Subscription = {
    id: subscriptionId,
    object: 'subscription',
    application: null,
    billing_cycle_anchor: now,
    cancel_at: null,
    cancel_at_period_end: false,
    canceled_at: null,
    cancellation_details: { comment: null, feedback: null, reason: null },
    collection_method: 'charge_automatically',
    created: now,
    currency: price.currency,
    customer: customer.id,
    customer_account: null,
    days_until_due: null,
    default_payment_method: paymentMethod.id,
    description: setup?.description ?? null,
    discounts: [],
    ended_at: null,
    items: { object: 'list', data: [item], has_more: false, url: `/v1/subscription_items?subscription=${subscriptionId}` },
    latest_invoice: null,
    livemode: false,
    metadata: setup?.metadata ?? {},
    pause_collection: null,
    schedule: null,
    start_date: now,
    status: 'active',
    test_clock: null,
    trial_end: null,
    trial_start: null,
  };
  if (coupon) {
    const applied = applyCoupon(store, subscription, coupon, discount?.promotion_code ? String(discount.promotion_code) : null, now);
    subscription.discounts = [applied.id];
  }
  store.subscriptions.set(subscription.id, subscription);

  const invoice = createInvoice(store, subscription, 'subscription_create', { start: now, end: now }, now);
  collect(store, invoice, subscription, now, 'first');

  session.status = 'complete';
  session.payment_status = invoice.amount_due === 0 ? 'no_payment_required' : 'paid';
  session.customer = customer.id;
  session.subscription = subscription.id;
  session.url = null;
  session.customer_details = {
    address: null,
    business_name: null,
    email: customer.email,
    individual_name: null,
    name: customer.name ?? null,
    phone: null,
    tax_exempt: 'none',
    tax_ids: [],
  };

  store.emit('checkout.session.completed', session, AUTOMATIC);
  store.emit('customer.subscription.created', subscription, AUTOMATIC);
  store.emit('invoice.paid', invoice, AUTOMATIC);
  store.commit();
  return { ok: true, session };
}

export function expireSession(store: StripeStore, session: CheckoutSession, request: EventRequest): void {
  if (session.status !== 'open') {
    throw stripeErrors.invalidRequest(`Only Checkout Sessions with a status of \`open\` can be expired; this one is \`${session.status}\`.`);
  }
  session.status = 'expired';
  session.url = null;
  store.emit('checkout.session.expired', session, request);
}
