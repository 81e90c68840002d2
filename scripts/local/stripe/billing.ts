import type { EnteredCard } from './cards';
import { completeCheckout, expireSession, openCheckoutSession, openPortalSession, type CheckoutOutcome, type CheckoutSpec } from './checkout-sessions';
import { createCustomer } from './customers';
import type { CheckoutSession, Customer, PortalSession, Subscription } from './objects';
import { createCoupon, createPrice, createProduct, createPromotionCode, seedCatalogue } from './products';
import { AUTOMATIC, type EventRequest, type StripeStore } from './store';
import { cancelSubscription, endSubscription, failNextRenewal, renew, retryRenewal, updateSubscription, type SubscriptionChange } from './subscriptions';

/**
 * Stripe's billing engine, as far as a membership needs it: a completed checkout starts a subscription
 * and pays its first invoice; the clock renews subscriptions (or fails to, and retries), ends the
 * ones cancelled at period end and expires abandoned checkouts; plan switches and cancellations
 * change the subscription. Every change records the events Stripe would send.
 *
 * The parts live beside it: the catalogue (products.ts), customers and their cards (customers.ts), checkout
 * (checkout-sessions.ts), subscriptions (subscriptions.ts), invoices and charges (invoices.ts), coupons
 * (discounts.ts). This is what the API, the hosted pages and the clock call, on one store.
 */
export class Billing {
  constructor(
    private readonly store: StripeStore,
    private readonly baseUrl: string,
  ) {}

  /** The catalogue of STRIPE_CATALOGUE: one product, a price per plan, the FIRST100 coupon. */
  seed(): void {
    seedCatalogue(this.store);
  }

  createCustomer(fields: Parameters<typeof createCustomer>[1]): Customer {
    return createCustomer(this.store, fields);
  }

  createProduct(fields: Parameters<typeof createProduct>[1]) {
    return createProduct(this.store, fields);
  }

  createPrice(fields: Parameters<typeof createPrice>[1]) {
    return createPrice(this.store, fields);
  }

  createCoupon(fields: Parameters<typeof createCoupon>[1]) {
    return createCoupon(this.store, fields);
  }

  createPromotionCode(fields: Parameters<typeof createPromotionCode>[1]) {
    return createPromotionCode(this.store, fields);
  }

  openCheckoutSession(spec: CheckoutSpec): CheckoutSession {
    return openCheckoutSession(this.store, this.baseUrl, spec);
  }

  openPortalSession(customer: Customer, returnUrl: string | undefined): PortalSession {
    return openPortalSession(this.store, this.baseUrl, customer, returnUrl);
  }

  /**
   * "Pay" on the hosted page with a card that the form accepted: starts the subscription, pays (or, at
   * £0, settles) its first invoice, completes the session and redeems the coupon.
   */
  completeCheckout(session: CheckoutSession, card: EnteredCard, email: string | undefined): CheckoutOutcome {
    return completeCheckout(this.store, session, card, email);
  }

  expireCheckoutSession(session: CheckoutSession, request: EventRequest): void {
    expireSession(this.store, session, request);
    this.store.commit();
  }

  updateSubscription(subscription: Subscription, change: SubscriptionChange, request: EventRequest): Subscription {
    return updateSubscription(this.store, subscription, change, request);
  }

  cancelSubscription(subscription: Subscription, details: { comment?: string | null; feedback?: string | null }, request: EventRequest): Subscription {
    return cancelSubscription(this.store, subscription, details, request);
  }

  /** A test's request that the next renewal of a subscription (or of each of a customer's) fails. */
  failNextRenewal(id: string): boolean {
    return failNextRenewal(this.store, id);
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
    const store = this.store;
    let next: { at: number; run: () => void } | undefined;
    const consider = (at: number, run: () => void) => {
      if (!next || at < next.at) next = { at, run };
    };
    for (const session of store.checkoutSessions.values()) {
      if (session.status === 'open') consider(session.expires_at, () => expireSession(store, session, AUTOMATIC));
    }
    for (const subscription of store.subscriptions.values()) {
      if (subscription.status !== 'active' && subscription.status !== 'past_due') continue;
      const periodEnd = subscription.items.data[0]?.current_period_end ?? Number.POSITIVE_INFINITY;
      if (subscription.cancel_at_period_end) {
        consider(periodEnd, () => endSubscription(store, subscription, periodEnd, 'cancellation_requested', AUTOMATIC));
        continue;
      }
      const retry = store.billing.get(subscription.id)?.retry;
      if (retry && subscription.status === 'past_due') consider(retry.nextAt, () => retryRenewal(store, subscription, retry.nextAt));
      else consider(periodEnd, () => renew(store, subscription, periodEnd));
    }
    return next;
  }
}
