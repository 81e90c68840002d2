import { BUSINESS_NAME, STRIPE_CATALOGUE } from './catalogue';
import type { CardBehaviour, EnteredCard } from './cards';
import { stripeErrors } from './errors';
import {
  deepCopy,
  formatMoney,
  newId,
  planOf,
  type CheckoutLineItem,
  type CheckoutSession,
  type Coupon,
  type Customer,
  type Discount,
  type Invoice,
  type PaymentMethod,
  type PortalSession,
  type Price,
  type Product,
  type PromotionCode,
  type Subscription,
} from './objects';
import { AUTOMATIC, type EventRequest, type StripeStore } from './store';

/**
 * Stripe's billing engine, as far as a membership needs it: a completed checkout starts a subscription
 * and pays its first invoice; the clock renews subscriptions (or fails to, and retries), ends the
 * ones cancelled at period end and expires abandoned checkouts; plan switches and cancellations
 * change the subscription. Every change records the events Stripe would send.
 */

/** Days after a failed renewal on which Stripe tries the card again; after the last failure the subscription is cancelled. */
const RENEWAL_RETRY_DAYS = [3, 5, 7] as const;
const DAY = 86_400;

/** The end of a billing period `periods` intervals after `anchor`, keeping the anchor's day of the month as Stripe does. */
function addInterval(anchor: number, recurring: { interval?: string; interval_count?: number }, periods: number): number {
  const count = (recurring.interval_count ?? 1) * periods;
  if (recurring.interval === 'day') return anchor + DAY * count;
  if (recurring.interval === 'week') return anchor + 7 * DAY * count;
  const months = (recurring.interval === 'year' ? 12 : 1) * count;
  const start = new Date(anchor * 1000);
  const monthIndex = start.getUTCMonth() + months;
  const year = start.getUTCFullYear() + Math.floor(monthIndex / 12);
  const month = ((monthIndex % 12) + 12) % 12;
  const day = Math.min(start.getUTCDate(), new Date(Date.UTC(year, month + 1, 0)).getUTCDate());
  return Math.floor(Date.UTC(year, month, day, start.getUTCHours(), start.getUTCMinutes(), start.getUTCSeconds()) / 1000);
}

function periodEndAfter(anchor: number, recurring: { interval?: string; interval_count?: number }, after: number): number {
  for (let periods = 1; ; periods += 1) {
    const end = addInterval(anchor, recurring, periods);
    if (end > after) return end;
  }
}

export function couponRedeemable(coupon: Coupon, at: number): boolean {
  if (coupon.max_redemptions !== null && coupon.times_redeemed >= coupon.max_redemptions) return false;
  return coupon.redeem_by === null || at < coupon.redeem_by;
}

function discountOff(coupon: Coupon, subtotal: number, currency: string): number {
  if (coupon.percent_off !== null) return Math.round((subtotal * coupon.percent_off) / 100);
  if (coupon.amount_off !== null && coupon.currency === currency) return Math.min(subtotal, coupon.amount_off);
  return 0;
}

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

export interface SubscriptionChange {
  readonly cancelAtPeriodEnd?: boolean;
  /** A new price for the subscription's one item. */
  readonly price?: Price;
  readonly quantity?: number;
  readonly metadata?: Record<string, string>;
  readonly description?: string | null;
  readonly cancellationDetails?: { readonly comment?: string | null; readonly feedback?: string | null };
}

export type CheckoutOutcome = { readonly ok: true; readonly session: CheckoutSession } | { readonly ok: false; readonly message: string };

export class Billing {
  constructor(
    private readonly store: StripeStore,
    private readonly baseUrl: string,
  ) {}

  /** The catalogue of STRIPE_CATALOGUE: one product, a price per plan, the FIRST100 coupon. */
  seed(): void {
    const product = this.createProduct({ name: STRIPE_CATALOGUE.product.name });
    for (const plan of Object.values(STRIPE_CATALOGUE.prices)) {
      this.createPrice({
        product: product.id,
        currency: plan.currency,
        unitAmount: plan.unitAmount,
        recurring: { interval: plan.interval, intervalCount: 1 },
        lookupKey: plan.lookupKey,
        nickname: plan.nickname,
      });
    }
    const coupon = STRIPE_CATALOGUE.coupon;
    this.createCoupon({
      id: coupon.id,
      name: coupon.name,
      percentOff: coupon.percentOff,
      duration: coupon.duration,
      durationInMonths: coupon.durationInMonths,
      maxRedemptions: coupon.maxRedemptions,
    });
    this.store.commit();
  }

  createCustomer(fields: { email?: string; name?: string; description?: string; phone?: string; metadata?: Record<string, string> }): Customer {
    const customer: Customer = {
      id: newId.customer(),
      object: 'customer',
      address: null,
      balance: 0,
      created: this.store.now(),
      currency: null,
      default_source: null,
      delinquent: false,
      description: fields.description ?? null,
      email: fields.email ?? null,
      invoice_prefix: newId.invoicePrefix(),
      invoice_settings: { custom_fields: null, default_payment_method: null, footer: null, rendering_options: null },
      livemode: false,
      metadata: fields.metadata ?? {},
      name: fields.name ?? null,
      next_invoice_sequence: 1,
      phone: fields.phone ?? null,
      preferred_locales: [],
      shipping: null,
      tax_exempt: 'none',
      test_clock: null,
    };
    this.store.customers.set(customer.id, customer);
    return customer;
  }

  createProduct(fields: { id?: string; name: string; description?: string; active?: boolean; metadata?: Record<string, string> }): Product {
    const now = this.store.now();
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
    this.store.products.set(product.id, product);
    return product;
  }

  createPrice(fields: {
    product: string;
    currency: string;
    unitAmount: number;
    recurring?: { interval: string; intervalCount: number };
    lookupKey?: string;
    nickname?: string;
    active?: boolean;
    metadata?: Record<string, string>;
  }): Price {
    const price: Price = {
      id: newId.price(),
      object: 'price',
      active: fields.active ?? true,
      billing_scheme: 'per_unit',
      created: this.store.now(),
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
    this.store.prices.set(price.id, price);
    return price;
  }

  createCoupon(fields: {
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
  }): Coupon {
    const coupon: Coupon = {
      id: fields.id ?? newId.coupon(),
      object: 'coupon',
      amount_off: fields.amountOff ?? null,
      created: this.store.now(),
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
    this.store.coupons.set(coupon.id, coupon);
    return coupon;
  }

  createPromotionCode(fields: { coupon: Coupon; code?: string; active?: boolean; maxRedemptions?: number; expiresAt?: number; customer?: string; metadata?: Record<string, string> }): PromotionCode {
    const id = newId.promotionCode();
    const promotionCode: PromotionCode = {
      id,
      object: 'promotion_code',
      active: fields.active ?? true,
      code: fields.code ?? id.slice(-8).toUpperCase(),
      created: this.store.now(),
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
    this.store.promotionCodes.set(promotionCode.id, promotionCode);
    return promotionCode;
  }

  openCheckoutSession(spec: CheckoutSpec): CheckoutSession {
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
      created: this.store.now(),
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
      url: `${this.baseUrl}/checkout/${id}`,
    };
    const product = this.store.products.get(String(spec.price.product));
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
    this.store.checkoutSessions.set(id, session);
    this.store.checkoutLineItems.set(id, [lineItem]);
    this.store.checkoutSubscriptionData.set(id, { metadata: spec.subscriptionMetadata, description: spec.subscriptionDescription ?? null });
    this.store.commit();
    return session;
  }

  openPortalSession(customer: Customer, returnUrl: string | undefined): PortalSession {
    const id = newId.portalSession();
    const session: PortalSession = {
      id,
      object: 'billing_portal.session',
      configuration: this.store.portalConfiguration,
      created: this.store.now(),
      customer: customer.id,
      customer_account: null,
      flow: null,
      livemode: false,
      locale: null,
      on_behalf_of: null,
      return_url: returnUrl ?? null,
      url: `${this.baseUrl}/portal/${id}`,
    };
    this.store.portalSessions.set(id, session);
    this.store.commit();
    return session;
  }

  /**
   * "Pay" on the hosted page with a card that the form accepted: starts the subscription, pays (or, at
   * £0, settles) its first invoice, completes the session and redeems the coupon.
   */
  completeCheckout(session: CheckoutSession, card: EnteredCard, email: string | undefined): CheckoutOutcome {
    const now = this.store.now();
    const discount = session.discounts?.[0];
    const coupon = discount?.coupon ? this.store.coupons.get(String(discount.coupon)) : undefined;
    if (coupon && !couponRedeemable(coupon, now)) return { ok: false, message: 'This coupon is no longer valid.' };
    const lineItem = this.store.checkoutLineItems.get(session.id)?.[0];
    const price = lineItem?.price ? this.store.prices.get(String(lineItem.price.id)) : undefined;
    if (!lineItem || !price?.recurring) return { ok: false, message: 'This checkout session has nothing to subscribe to.' };

    const customer =
      (session.customer ? this.store.customers.get(String(session.customer)) : undefined) ??
      this.createCustomer({ email: email ?? session.customer_email ?? undefined });
    const paymentMethod = this.savePaymentMethod(customer, card);
    const setup = this.store.checkoutSubscriptionData.get(session.id);

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
      const applied = this.applyCoupon(subscription, coupon, discount?.promotion_code ? String(discount.promotion_code) : null, now);
      subscription.discounts = [applied.id];
    }
    this.store.subscriptions.set(subscription.id, subscription);

    const invoice = this.createInvoice(subscription, 'subscription_create', { start: now, end: now }, now);
    this.collect(invoice, subscription, now, 'first');

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

    this.store.emit('checkout.session.completed', session, AUTOMATIC);
    this.store.emit('customer.subscription.created', subscription, AUTOMATIC);
    this.store.emit('invoice.paid', invoice, AUTOMATIC);
    this.store.commit();
    return { ok: true, session };
  }

  expireCheckoutSession(session: CheckoutSession, request: EventRequest): void {
    this.expire(session, request);
    this.store.commit();
  }

  updateSubscription(subscription: Subscription, change: SubscriptionChange, request: EventRequest): Subscription {
    if (subscription.status === 'canceled') {
      const onlyAllowed = change.price === undefined && change.cancelAtPeriodEnd === undefined && change.quantity === undefined && change.description === undefined;
      if (!onlyAllowed) throw stripeErrors.invalidRequest('A canceled subscription can only update its cancellation_details and metadata.');
    }
    const now = this.store.now();
    const before = deepCopy(subscription);
    const item = subscription.items.data[0]!;
    let invoice: Invoice | undefined;

    if (change.metadata) subscription.metadata = change.metadata;
    if (change.description !== undefined) subscription.description = change.description;
    if (change.cancellationDetails) {
      subscription.cancellation_details = {
        ...subscription.cancellation_details,
        ...(change.cancellationDetails.comment !== undefined ? { comment: change.cancellationDetails.comment } : {}),
        ...(change.cancellationDetails.feedback !== undefined ? { feedback: change.cancellationDetails.feedback } : {}),
      };
    }
    if (change.quantity !== undefined) item.quantity = change.quantity;
    if (change.price && change.price.id !== item.price?.id) {
      const oldRecurring = item.price?.recurring;
      const newRecurring = change.price.recurring!;
      item.price = deepCopy(change.price);
      item.plan = planOf(change.price);
      // Stripe starts a new period, and invoices for it at once, when the billing interval changes.
      if (oldRecurring?.interval !== newRecurring.interval || oldRecurring?.interval_count !== newRecurring.interval_count) {
        item.current_period_start = now;
        item.current_period_end = addInterval(now, newRecurring, 1);
        subscription.billing_cycle_anchor = now;
        invoice = this.createInvoice(subscription, 'subscription_update', { start: now, end: now }, now);
      }
    }
    if (change.cancelAtPeriodEnd === true) {
      subscription.cancel_at_period_end = true;
      subscription.cancel_at = item.current_period_end ?? null;
      subscription.canceled_at = now;
      subscription.cancellation_details = { ...subscription.cancellation_details, reason: 'cancellation_requested' };
    } else if (change.cancelAtPeriodEnd === false) {
      subscription.cancel_at_period_end = false;
      subscription.cancel_at = null;
      subscription.canceled_at = null;
      subscription.cancellation_details = { comment: null, feedback: null, reason: null };
    } else if (subscription.cancel_at_period_end) {
      subscription.cancel_at = item.current_period_end ?? null;
    }

    const paid = invoice ? this.collect(invoice, subscription, now, 'update') : undefined;
    if (paid === false) subscription.status = 'past_due';
    if (JSON.stringify(before) !== JSON.stringify(subscription)) {
      this.store.emit('customer.subscription.updated', subscription, request, before);
    }
    if (invoice) this.store.emit(paid ? 'invoice.paid' : 'invoice.payment_failed', invoice, request);
    this.store.commit();
    return subscription;
  }

  cancelSubscription(
    subscription: Subscription,
    details: { comment?: string | null; feedback?: string | null },
    request: EventRequest,
  ): Subscription {
    if (subscription.status === 'canceled') {
      throw stripeErrors.invalidRequest(`This subscription has already been canceled: '${subscription.id}'.`);
    }
    this.end(subscription, this.store.now(), 'cancellation_requested', request, details);
    this.store.commit();
    return subscription;
  }

  /** A test's request that the next renewal of a subscription (or of each of a customer's) fails. */
  failNextRenewal(id: string): boolean {
    const subscriptions = id.startsWith('cus_')
      ? [...this.store.subscriptions.values()].filter((subscription) => subscription.customer === id && subscription.status !== 'canceled')
      : [this.store.subscriptions.get(id)].filter((subscription) => subscription !== undefined);
    for (const subscription of subscriptions) this.store.billingOf(subscription.id).failNextRenewal = true;
    this.store.save();
    return subscriptions.length > 0;
  }

  /**
   * Runs what falls due up to `until` (Unix seconds), in time order, with the clock at each moment:
   * renewals and their retries, cancellations at period end, checkout expiries. One batch of events.
   */
  runUntil(until: number): void {
    let changed = until > this.store.now();
    for (;;) {
      const next = this.nextDue();
      if (!next || next.at > until) break;
      this.store.moveClockTo(next.at);
      next.run();
      changed = true;
    }
    this.store.moveClockTo(until);
    if (changed) this.store.commit();
  }

  private nextDue(): { at: number; run: () => void } | undefined {
    let next: { at: number; run: () => void } | undefined;
    const consider = (at: number, run: () => void) => {
      if (!next || at < next.at) next = { at, run };
    };
    for (const session of this.store.checkoutSessions.values()) {
      if (session.status === 'open') consider(session.expires_at, () => this.expire(session, AUTOMATIC));
    }
    for (const subscription of this.store.subscriptions.values()) {
      if (subscription.status !== 'active' && subscription.status !== 'past_due') continue;
      const periodEnd = subscription.items.data[0]?.current_period_end ?? Number.POSITIVE_INFINITY;
      if (subscription.cancel_at_period_end) {
        consider(periodEnd, () => this.end(subscription, periodEnd, 'cancellation_requested', AUTOMATIC));
        continue;
      }
      const retry = this.store.billing.get(subscription.id)?.retry;
      if (retry && subscription.status === 'past_due') consider(retry.nextAt, () => this.retryRenewal(subscription, retry.nextAt));
      else consider(periodEnd, () => this.renew(subscription, periodEnd));
    }
    return next;
  }

  private expire(session: CheckoutSession, request: EventRequest): void {
    if (session.status !== 'open') {
      throw stripeErrors.invalidRequest(`Only Checkout Sessions with a status of \`open\` can be expired; this one is \`${session.status}\`.`);
    }
    session.status = 'expired';
    session.url = null;
    this.store.emit('checkout.session.expired', session, request);
  }

  private renew(subscription: Subscription, at: number): void {
    const before = deepCopy(subscription);
    const item = subscription.items.data[0]!;
    const recurring = item.price?.recurring ?? {};
    const start = item.current_period_end ?? at;
    item.current_period_start = start;
    item.current_period_end = periodEndAfter(subscription.billing_cycle_anchor, recurring, start);
    const invoice = this.createInvoice(subscription, 'subscription_cycle', { start: before.items.data[0]?.current_period_start ?? start, end: start }, at);
    if (this.collect(invoice, subscription, at, 'renewal')) {
      this.store.emit('customer.subscription.updated', subscription, AUTOMATIC, before);
      this.store.emit('invoice.paid', invoice, AUTOMATIC);
      return;
    }
    subscription.status = 'past_due';
    this.store.emit('invoice.payment_failed', invoice, AUTOMATIC);
    this.store.emit('customer.subscription.updated', subscription, AUTOMATIC, before);
  }

  private retryRenewal(subscription: Subscription, at: number): void {
    const billing = this.store.billingOf(subscription.id);
    const retry = billing.retry!;
    const invoice = this.store.invoices.get(retry.invoice)!;
    if (this.collect(invoice, subscription, at, 'renewal')) {
      const before = deepCopy(subscription);
      subscription.status = 'active';
      this.store.emit('invoice.paid', invoice, AUTOMATIC);
      this.store.emit('customer.subscription.updated', subscription, AUTOMATIC, before);
      return;
    }
    this.store.emit('invoice.payment_failed', invoice, AUTOMATIC);
    if (!billing.retry) this.end(subscription, at, 'payment_failed', AUTOMATIC);
  }

  private end(
    subscription: Subscription,
    at: number,
    reason: 'cancellation_requested' | 'payment_failed',
    request: EventRequest,
    details: { comment?: string | null; feedback?: string | null } = {},
  ): void {
    subscription.status = 'canceled';
    subscription.canceled_at = subscription.cancel_at_period_end ? subscription.canceled_at : at;
    subscription.ended_at = at;
    subscription.cancel_at = subscription.cancel_at_period_end ? subscription.cancel_at : null;
    subscription.cancellation_details = {
      comment: details.comment ?? subscription.cancellation_details?.comment ?? null,
      feedback: details.feedback ?? subscription.cancellation_details?.feedback ?? null,
      reason,
    };
    const billing = this.store.billing.get(subscription.id);
    if (billing) delete billing.retry;
    this.store.emit('customer.subscription.deleted', subscription, request);
  }

  private savePaymentMethod(customer: Customer, card: EnteredCard): PaymentMethod {
    const paymentMethod: PaymentMethod = {
      id: newId.paymentMethod(),
      object: 'payment_method',
      billing_details: { address: null, email: customer.email, name: null, phone: null, tax_id: null },
      card: {
        brand: card.brand,
        checks: { address_line1_check: null, address_postal_code_check: null, cvc_check: 'pass' },
        country: 'US',
        display_brand: card.brand,
        exp_month: card.expMonth,
        exp_year: card.expYear,
        funding: card.funding,
        generated_from: null,
        last4: card.last4,
        networks: { available: [card.brand], preferred: null },
        wallet: null,
      },
      created: this.store.now(),
      customer: customer.id,
      customer_account: null,
      livemode: false,
      metadata: {},
      type: 'card',
    };
    this.store.paymentMethods.set(paymentMethod.id, paymentMethod);
    this.store.cards.set(paymentMethod.id, card.behaviour);
    return paymentMethod;
  }

  private applyCoupon(subscription: Subscription, coupon: Coupon, promotionCode: string | null, at: number): Discount {
    const discount: Discount = {
      id: newId.discount(),
      object: 'discount',
      checkout_session: null,
      customer: String(subscription.customer),
      customer_account: null,
      end: coupon.duration === 'repeating' && coupon.duration_in_months ? addInterval(at, { interval: 'month' }, coupon.duration_in_months) : null,
      invoice: null,
      invoice_item: null,
      promotion_code: promotionCode,
      source: { coupon: coupon.id, type: 'coupon' },
      start: at,
      subscription: subscription.id,
      subscription_item: null,
    };
    this.store.discounts.set(discount.id, discount);
    coupon.times_redeemed += 1;
    coupon.valid = couponRedeemable(coupon, at);
    if (promotionCode) {
      const promotion = this.store.promotionCodes.get(promotionCode);
      if (promotion) promotion.times_redeemed += 1;
    }
    return discount;
  }

  /** The subscription's discount if it still applies at `at` (a repeating coupon ends; a `once` coupon lasts one invoice). */
  private activeDiscount(subscription: Subscription, at: number): { discount: Discount; coupon: Coupon } | undefined {
    const id = subscription.discounts[0];
    const discount = typeof id === 'string' ? this.store.discounts.get(id) : undefined;
    const coupon = discount ? this.store.coupons.get(String(discount.source.coupon)) : undefined;
    if (!discount || !coupon) return undefined;
    const used = coupon.duration === 'once' && subscription.latest_invoice !== null;
    if (used || (discount.end !== null && at >= discount.end)) {
      subscription.discounts = [];
      return undefined;
    }
    return { discount, coupon };
  }

  private createInvoice(
    subscription: Subscription,
    reason: 'subscription_create' | 'subscription_cycle' | 'subscription_update',
    period: { start: number; end: number },
    at: number,
  ): Invoice {
    const item = subscription.items.data[0]!;
    const price = item.price!;
    const quantity = item.quantity ?? 1;
    const subtotal = (price.unit_amount ?? 0) * quantity;
    const applied = this.activeDiscount(subscription, at);
    const off = applied ? discountOff(applied.coupon, subtotal, price.currency!) : 0;
    const total = subtotal - off;
    const customer = this.store.customers.get(String(subscription.customer))!;
    const sequence = customer.next_invoice_sequence ?? 1;
    customer.next_invoice_sequence = sequence + 1;
    const product = this.store.products.get(String(price.product));
    const interval = price.recurring?.interval ?? 'month';
    const id = newId.invoice();
    const discountAmounts = applied ? [{ amount: off, discount: applied.discount.id }] : [];
    const invoice: Invoice = {
      id,
      object: 'invoice',
      account_country: 'GB',
      account_name: BUSINESS_NAME,
      amount_due: total,
      amount_overpaid: 0,
      amount_paid: 0,
      amount_remaining: total,
      amount_shipping: 0,
      attempt_count: 0,
      attempted: false,
      auto_advance: true,
      billing_reason: reason,
      collection_method: 'charge_automatically',
      created: at,
      currency: price.currency!,
      customer: customer.id,
      customer_email: customer.email,
      customer_name: customer.name ?? null,
      default_payment_method: null,
      description: null,
      discounts: applied ? [applied.discount.id] : [],
      due_date: null,
      effective_at: at,
      ending_balance: 0,
      hosted_invoice_url: null,
      invoice_pdf: null,
      livemode: false,
      metadata: {},
      next_payment_attempt: null,
      number: `${customer.invoice_prefix}-${String(sequence).padStart(4, '0')}`,
      parent: {
        type: 'subscription_details',
        quote_details: null,
        subscription_details: { metadata: deepCopy(subscription.metadata), subscription: subscription.id },
      },
      period_end: period.end,
      period_start: period.start,
      starting_balance: 0,
      status: 'open',
      status_transitions: { finalized_at: at, marked_uncollectible_at: null, paid_at: null, voided_at: null },
      subtotal,
      subtotal_excluding_tax: subtotal,
      test_clock: null,
      total,
      total_discount_amounts: discountAmounts,
      total_excluding_tax: total,
      webhooks_delivered_at: at,
      lines: {
        object: 'list',
        data: [
          {
            id: newId.invoiceLine(),
            object: 'line_item',
            amount: subtotal,
            currency: price.currency!,
            description: `${quantity} × ${product?.name ?? price.nickname ?? 'Subscription'} (at ${formatMoney(price.unit_amount ?? 0, price.currency!)} / ${interval})`,
            discount_amounts: discountAmounts,
            discountable: true,
            discounts: [],
            invoice: id,
            livemode: false,
            metadata: {},
            parent: {
              type: 'subscription_item_details',
              invoice_item_details: null,
              subscription_item_details: {
                invoice_item: null,
                proration: false,
                proration_details: { credited_items: null },
                subscription: subscription.id,
                subscription_item: item.id!,
              },
            },
            period: { start: item.current_period_start!, end: item.current_period_end! },
            pricing: { type: 'price_details', price_details: { price: price.id!, product: String(price.product) }, unit_amount_decimal: String(price.unit_amount ?? 0) },
            quantity,
            subtotal,
            taxes: [],
          },
        ],
        has_more: false,
        url: `/v1/invoices/${id}/lines`,
      },
    };
    this.store.invoices.set(id, invoice);
    subscription.latest_invoice = id;
    return invoice;
  }

  /**
   * Charges an open invoice to the subscription's card. A £0 invoice needs no charge. On the card whose
   * charges fail, every charge after the checkout's fails; a renewal also fails once after a test asked
   * for it. A failure schedules the next retry; the last one leaves none (the caller then cancels).
   */
  private collect(invoice: Invoice, subscription: Subscription, at: number, charge: 'first' | 'renewal' | 'update'): boolean {
    const billing = this.store.billingOf(subscription.id);
    const behaviour: CardBehaviour | undefined = this.store.cards.get(String(subscription.default_payment_method));
    invoice.attempt_count += 1;
    invoice.attempted = true;
    const forced = charge === 'renewal' && billing.failNextRenewal;
    if (forced) billing.failNextRenewal = false;
    const fails = forced || (charge !== 'first' && behaviour === 'renewals_fail' && invoice.amount_due > 0);
    if (!fails) {
      invoice.status = 'paid';
      invoice.amount_paid = invoice.amount_due;
      invoice.amount_remaining = 0;
      invoice.next_payment_attempt = null;
      invoice.status_transitions.paid_at = at;
      delete billing.retry;
      return true;
    }
    const attempts = (billing.retry?.attempts ?? 0) + 1;
    const retryDay = RENEWAL_RETRY_DAYS[attempts - 1];
    if (retryDay === undefined) {
      delete billing.retry;
      invoice.next_payment_attempt = null;
    } else {
      const firstFailure = billing.retry ? billing.retry.nextAt - DAY * RENEWAL_RETRY_DAYS[attempts - 2]! : at;
      billing.retry = { invoice: invoice.id, attempts, nextAt: firstFailure + DAY * retryDay };
      invoice.next_payment_attempt = billing.retry.nextAt;
    }
    return false;
  }
}
