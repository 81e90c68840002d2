import { BUSINESS_NAME } from './catalogue';
import type { CardBehaviour } from './cards';
import { activeDiscount, discountOff } from './discounts';
import { deepCopy, formatMoney, newId, type Invoice, type Subscription } from './objects';
import { DAY } from './periods';
import type { StripeStore } from './store';

/** A subscription's invoices: each period's, with its discount, and charging it to the card with Stripe's retries. */

/** Days after a failed renewal on which Stripe tries the card again; after the last failure the subscription is cancelled. */
const RENEWAL_RETRY_DAYS = [3, 5, 7] as const;

export function createInvoice(
  store: StripeStore,
  subscription: Subscription,
  reason: 'subscription_create' | 'subscription_cycle' | 'subscription_update',
  period: { start: number; end: number },
  at: number,
): Invoice {
  const item = subscription.items.data[0]!;
  const price = item.price!;
  const quantity = item.quantity ?? 1;
  const subtotal = (price.unit_amount ?? 0) * quantity;
  const applied = activeDiscount(store, subscription, at);
  const off = applied ? discountOff(applied.coupon, subtotal, price.currency!) : 0;
  const total = subtotal - off;
  const customer = store.customers.get(String(subscription.customer))!;
  const sequence = customer.next_invoice_sequence ?? 1;
  customer.next_invoice_sequence = sequence + 1;
  const product = store.products.get(String(price.product));
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
          pricing: {
            type: 'price_details',
            price_details: { price: price.id!, product: String(price.product) },
            unit_amount_decimal: String(price.unit_amount ?? 0),
          },
          quantity,
          subtotal,
          taxes: [],
        },
      ],
      has_more: false,
      url: `/v1/invoices/${id}/lines`,
    },
  };
  store.invoices.set(id, invoice);
  subscription.latest_invoice = id;
  return invoice;
}

/**
 * Charges an open invoice to the subscription's card. A £0 invoice needs no charge. On the card whose
 * charges fail, every charge after the checkout's fails; a renewal also fails once after a test asked
 * for it. A failure schedules the next retry; the last one leaves none (the caller then cancels).
 */
export function collect(store: StripeStore, invoice: Invoice, subscription: Subscription, at: number, charge: 'first' | 'renewal' | 'update'): boolean {
  const billing = store.billingOf(subscription.id);
  const behaviour: CardBehaviour | undefined = store.cards.get(String(subscription.default_payment_method));
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
