import { stripeErrors } from './errors';
import { collect, createInvoice } from './invoices';
import { deepCopy, planOf, type Invoice, type Price, type Subscription } from './objects';
import { addInterval, periodEndAfter } from './periods';
import { AUTOMATIC, type EventRequest, type StripeStore } from './store';

/**
 * A subscription's life after checkout: plan switches and cancellations asked for, renewals (or failures to renew, and
 * the retries), and its end.
 */

export interface SubscriptionChange {
  readonly cancelAtPeriodEnd?: boolean;
  /** A new price for the subscription's one item. */
  readonly price?: Price;
  readonly quantity?: number;
  readonly metadata?: Record<string, string>;
  readonly description?: string | null;
  readonly cancellationDetails?: { readonly comment?: string | null; readonly feedback?: string | null };
}

export function updateSubscription(store: StripeStore, subscription: Subscription, change: SubscriptionChange, request: EventRequest): Subscription {
  if (subscription.status === 'canceled') {
    const onlyAllowed =
      change.price === undefined && change.cancelAtPeriodEnd === undefined && change.quantity === undefined && change.description === undefined;
    if (!onlyAllowed) throw stripeErrors.invalidRequest('A canceled subscription can only update its cancellation_details and metadata.');
  }
  const now = store.now();
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
      invoice = createInvoice(store, subscription, 'subscription_update', { start: now, end: now }, now);
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

  const paid = invoice ? collect(store, invoice, subscription, now, 'update') : undefined;
  if (paid === false) subscription.status = 'past_due';
  if (JSON.stringify(before) !== JSON.stringify(subscription)) {
    store.emit('customer.subscription.updated', subscription, request, before);
  }
  if (invoice) store.emit(paid ? 'invoice.paid' : 'invoice.payment_failed', invoice, request);
  store.commit();
  return subscription;
}

export function cancelSubscription(
  store: StripeStore,
  subscription: Subscription,
  details: { comment?: string | null; feedback?: string | null },
  request: EventRequest,
): Subscription {
  if (subscription.status === 'canceled') {
    throw stripeErrors.invalidRequest(`This subscription has already been canceled: '${subscription.id}'.`);
  }
  endSubscription(store, subscription, store.now(), 'cancellation_requested', request, details);
  store.commit();
  return subscription;
}

/** A test's request that the next renewal of a subscription (or of each of a customer's) fails. */
export function failNextRenewal(store: StripeStore, id: string): boolean {
  const subscriptions = id.startsWith('cus_')
    ? [...store.subscriptions.values()].filter((subscription) => subscription.customer === id && subscription.status !== 'canceled')
    : [store.subscriptions.get(id)].filter((subscription) => subscription !== undefined);
  for (const subscription of subscriptions) store.billingOf(subscription.id).failNextRenewal = true;
  store.save();
  return subscriptions.length > 0;
}

export function renew(store: StripeStore, subscription: Subscription, at: number): void {
  const before = deepCopy(subscription);
  const item = subscription.items.data[0]!;
  const recurring = item.price?.recurring ?? {};
  const start = item.current_period_end ?? at;
  item.current_period_start = start;
  item.current_period_end = periodEndAfter(subscription.billing_cycle_anchor, recurring, start);
  const invoice = createInvoice(store, subscription, 'subscription_cycle', { start: before.items.data[0]?.current_period_start ?? start, end: start }, at);
  if (collect(store, invoice, subscription, at, 'renewal')) {
    store.emit('customer.subscription.updated', subscription, AUTOMATIC, before);
    store.emit('invoice.paid', invoice, AUTOMATIC);
    return;
  }
  subscription.status = 'past_due';
  store.emit('invoice.payment_failed', invoice, AUTOMATIC);
  store.emit('customer.subscription.updated', subscription, AUTOMATIC, before);
}

export function retryRenewal(store: StripeStore, subscription: Subscription, at: number): void {
  const billing = store.billingOf(subscription.id);
  const retry = billing.retry!;
  const invoice = store.invoices.get(retry.invoice)!;
  if (collect(store, invoice, subscription, at, 'renewal')) {
    const before = deepCopy(subscription);
    subscription.status = 'active';
    store.emit('invoice.paid', invoice, AUTOMATIC);
    store.emit('customer.subscription.updated', subscription, AUTOMATIC, before);
    return;
  }
  store.emit('invoice.payment_failed', invoice, AUTOMATIC);
  if (!billing.retry) endSubscription(store, subscription, at, 'payment_failed', AUTOMATIC);
}

export function endSubscription(
  store: StripeStore,
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
  const billing = store.billing.get(subscription.id);
  if (billing) delete billing.retry;
  store.emit('customer.subscription.deleted', subscription, request);
}
