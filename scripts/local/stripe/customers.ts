import type { EnteredCard } from './cards';
import { newId, type Customer, type PaymentMethod } from './objects';
import type { StripeStore } from './store';

/** Customers and the cards they pay with, as Stripe's API and its hosted checkout create them. */

export function createCustomer(
  store: StripeStore,
  fields: { email?: string; name?: string; description?: string; phone?: string; metadata?: Record<string, string> },
): Customer {
  const customer: Customer = {
    id: newId.customer(),
    object: 'customer',
    address: null,
    balance: 0,
    created: store.now(),
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
  store.customers.set(customer.id, customer);
  return customer;
}

export function savePaymentMethod(store: StripeStore, customer: Customer, card: EnteredCard): PaymentMethod {
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
    created: store.now(),
    customer: customer.id,
    customer_account: null,
    livemode: false,
    metadata: {},
    type: 'card',
  };
  store.paymentMethods.set(paymentMethod.id, paymentMethod);
  store.cards.set(paymentMethod.id, card.behaviour);
  return paymentMethod;
}
