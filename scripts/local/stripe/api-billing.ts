import { customerOf, emailParam, LIST_PARAMS, newestFirst, page, priceOf, setMetadata, subscriptionOf, type ApiCall, type ApiContext } from './api-support';
import { stripeErrors } from './errors';
import { mergeMetadata } from './params';
import type { SubscriptionChange } from './subscriptions';

/** The local Stripe API's customers, subscriptions, invoices and events. */

export function createCustomer(ctx: ApiContext, { params }: ApiCall) {
  params.allowOnly(['email', 'name', 'description', 'phone', 'metadata', 'expand']);
  const customer = ctx.billing.createCustomer({
    email: emailParam(params, 'email'),
    name: params.string('name', { maxLength: 256 }),
    description: params.string('description', { maxLength: 350 }),
    phone: params.string('phone', { maxLength: 20 }),
    metadata: setMetadata(params),
  });
  ctx.store.commit();
  return customer;
}

export function updateCustomer(ctx: ApiContext, { params, id }: ApiCall) {
  params.allowOnly(['email', 'name', 'description', 'phone', 'metadata', 'expand']);
  const customer = customerOf(ctx.store, id, 'id');
  const email = params.optionalString('email');
  if (email) emailParam(params, 'email');
  if (email !== undefined) customer.email = email || null;
  for (const key of ['name', 'description', 'phone'] as const) {
    const value = params.optionalString(key, { maxLength: 350 });
    if (value !== undefined) customer[key] = value || null;
  }
  customer.metadata = mergeMetadata(customer.metadata, params.metadata());
  ctx.store.commit();
  return customer;
}

export function listCustomers(ctx: ApiContext, { params }: ApiCall) {
  params.allowOnly([...LIST_PARAMS, 'email']);
  const email = params.string('email');
  const customers = newestFirst(ctx.store.customers).filter((customer) => email === undefined || customer.email === email);
  return page(customers, params, '/v1/customers');
}

export function listSubscriptions(ctx: ApiContext, { params }: ApiCall) {
  params.allowOnly([...LIST_PARAMS, 'customer', 'status', 'price']);
  const customer = params.string('customer');
  const price = params.string('price');
  const status = params.oneOf('status', [
    'active',
    'all',
    'canceled',
    'ended',
    'incomplete',
    'incomplete_expired',
    'past_due',
    'paused',
    'trialing',
    'unpaid',
  ] as const);
  const subscriptions = newestFirst(ctx.store.subscriptions).filter((subscription) => {
    const matchesStatus =
      status === 'all' ||
      (status === undefined && subscription.status !== 'canceled' && subscription.status !== 'incomplete_expired') ||
      (status === 'ended' && (subscription.status === 'canceled' || subscription.status === 'incomplete_expired')) ||
      subscription.status === status;
    return (
      matchesStatus &&
      (customer === undefined || subscription.customer === customer) &&
      (price === undefined || subscription.items.data.some((item) => item.price?.id === price))
    );
  });
  return page(subscriptions, params, '/v1/subscriptions');
}

export function updateSubscription(ctx: ApiContext, { params, id, request }: ApiCall) {
  params.allowOnly(['cancel_at_period_end', 'items', 'metadata', 'description', 'cancellation_details', 'proration_behavior', 'payment_behavior', 'expand']);
  const subscription = subscriptionOf(ctx.store, id);
  // Prorations are not modelled: a switch charges the new price in full when the interval changes.
  params.oneOf('proration_behavior', ['always_invoice', 'create_prorations', 'none'] as const);
  params.oneOf('payment_behavior', ['allow_incomplete', 'default_incomplete', 'error_if_incomplete', 'pending_if_incomplete'] as const);
  const change: { -readonly [K in keyof SubscriptionChange]: SubscriptionChange[K] } = {};
  change.cancelAtPeriodEnd = params.boolean('cancel_at_period_end');
  const items = params.objects('items');
  if (items && items.length > 1) throw stripeErrors.invalidValue('items', 'The local Stripe keeps one item per subscription.');
  const itemParams = items?.[0]?.allowOnly(['id', 'price', 'quantity']);
  if (itemParams) {
    const itemId = itemParams.string('id');
    if (itemId === undefined) {
      throw stripeErrors.invalidValue('items[0][id]', 'The local Stripe keeps one item per subscription: pass items[0][id] to change its price.');
    }
    if (!subscription.items.data.some((item) => item.id === itemId)) throw stripeErrors.noSuchReference('subscription item', itemId, 'items[0][id]');
    const priceId = itemParams.string('price');
    if (priceId !== undefined) {
      const price = priceOf(ctx.store, priceId, 'items[0][price]');
      if (price.type !== 'recurring') {
        throw stripeErrors.invalidValue(
          'items[0][price]',
          'The price specified is set to `type=one_time` but this field only accepts prices with `type=recurring`.',
        );
      }
      if (price.currency !== subscription.currency) {
        throw stripeErrors.invalidValue('items[0][price]', 'The price specified has a currency that does not match the currency of the subscription.');
      }
      change.price = price;
    }
    change.quantity = itemParams.integer('quantity', { min: 1 });
  }
  if (params.has('metadata')) change.metadata = mergeMetadata(subscription.metadata, params.metadata());
  const description = params.optionalString('description', { maxLength: 500 });
  if (description !== undefined) change.description = description || null;
  const details = params.object('cancellation_details')?.allowOnly(['comment', 'feedback']);
  if (details) change.cancellationDetails = { comment: details.optionalString('comment', { maxLength: 5000 }), feedback: details.optionalString('feedback') };
  return ctx.billing.updateSubscription(subscription, change, request);
}

export function cancelSubscription(ctx: ApiContext, { params, id, request }: ApiCall) {
  params.allowOnly(['cancellation_details', 'invoice_now', 'prorate', 'expand']);
  const subscription = subscriptionOf(ctx.store, id);
  params.boolean('invoice_now');
  params.boolean('prorate');
  const details = params.object('cancellation_details')?.allowOnly(['comment', 'feedback']);
  return ctx.billing.cancelSubscription(subscription, { comment: details?.string('comment'), feedback: details?.string('feedback') }, request);
}

export function listInvoices(ctx: ApiContext, { params }: ApiCall) {
  params.allowOnly([...LIST_PARAMS, 'customer', 'subscription', 'status']);
  const customer = params.string('customer');
  const subscription = params.string('subscription');
  const status = params.oneOf('status', ['draft', 'open', 'paid', 'uncollectible', 'void'] as const);
  const invoices = newestFirst(ctx.store.invoices).filter(
    (invoice) =>
      (customer === undefined || invoice.customer === customer) &&
      (subscription === undefined || invoice.parent?.subscription_details?.subscription === subscription) &&
      (status === undefined || invoice.status === status),
  );
  return page(invoices, params, '/v1/invoices');
}

export function listEvents(ctx: ApiContext, { params }: ApiCall) {
  params.allowOnly([...LIST_PARAMS, 'type', 'types']);
  const type = params.string('type');
  const types = params.strings('types');
  if (type !== undefined && types !== undefined) throw stripeErrors.invalidRequest('You may only specify one of these parameters: type, types.', 'types');
  const matches = (eventType: string) => {
    if (types) return types.includes(eventType);
    if (type === undefined) return true;
    return type.endsWith('*') ? eventType.startsWith(type.slice(0, -1)) : eventType === type;
  };
  return page(
    newestFirst(ctx.store.events).filter((event) => matches(event.type)),
    params,
    '/v1/events',
  );
}
