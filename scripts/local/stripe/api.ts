import { couponRedeemable, type Billing, type SubscriptionChange } from './billing';
import { stripeErrors } from './errors';
import { deepCopy, type ApiList, type CheckoutSession, type Coupon, type Price, type PromotionCode, type Subscription } from './objects';
import { mergeMetadata, Params } from './params';
import type { EventRequest, StripeStore } from './store';

/**
 * The part of Stripe's REST API (v1) a membership adapter calls, with Stripe's parameter checks, list
 * envelopes and `expand[]`. A parameter outside what is listed here is refused as unknown, so an adapter
 * that starts to rely on more of Stripe fails here first instead of behaving differently in the cloud.
 */

export interface ApiCall {
  readonly params: Params;
  readonly request: EventRequest;
  /** The path's id, for routes with one. */
  readonly id: string;
}

interface Route {
  readonly method: 'GET' | 'POST' | 'DELETE';
  readonly pattern: RegExp;
  readonly handle: (call: ApiCall) => unknown;
}

const LIST_PARAMS = ['limit', 'starting_after', 'ending_before', 'expand'] as const;
const THIRTY_MINUTES = 30 * 60;
const DAY = 24 * 60 * 60;

function isUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return url.protocol === 'http:' || url.protocol === 'https:';
  } catch {
    return false;
  }
}

function urlParam(params: Params, key: string): string | undefined {
  const value = params.string(key, { maxLength: 5000 });
  if (value !== undefined && !isUrl(value)) throw stripeErrors.invalidValue(params.name(key), 'Not a valid URL');
  return value;
}

function emailParam(params: Params, key: string): string | undefined {
  const value = params.string(key, { maxLength: 512 });
  if (value !== undefined && !/^[^\s@]+@[^\s@.]+(?:\.[^\s@.]+)+$/.test(value)) {
    throw stripeErrors.invalidValue(params.name(key), `Invalid email address: ${value}`);
  }
  return value;
}

function setMetadata(params: Params, key = 'metadata'): Record<string, string> {
  return mergeMetadata({}, params.metadata(key));
}

/** A page of `items` (newest first) as Stripe's list envelope. */
function page<T extends { id?: string }>(items: readonly T[], params: Params, url: string): ApiList<T> {
  const limit = params.integer('limit', { min: 1, max: 100 }) ?? 10;
  const startingAfter = params.string('starting_after');
  const endingBefore = params.string('ending_before');
  let from = 0;
  let to = items.length;
  if (startingAfter !== undefined) {
    const index = items.findIndex((item) => item.id === startingAfter);
    if (index < 0) throw stripeErrors.noSuchReference('object', startingAfter, 'starting_after');
    from = index + 1;
  }
  if (endingBefore !== undefined) {
    const index = items.findIndex((item) => item.id === endingBefore);
    if (index < 0) throw stripeErrors.noSuchReference('object', endingBefore, 'ending_before');
    to = index;
    from = Math.max(0, to - limit);
  }
  const data = items.slice(from, Math.min(to, from + limit));
  return { object: 'list', data, has_more: from + data.length < to || (endingBefore !== undefined && from > 0), url };
}

function newestFirst<T>(map: ReadonlyMap<string, T>): T[] {
  return [...map.values()].reverse();
}

export class StripeApi {
  private readonly routes: readonly Route[];

  constructor(
    private readonly store: StripeStore,
    private readonly billing: Billing,
  ) {
    const id = '([^/]+)';
    const route = (method: Route['method'], path: string, handle: Route['handle']): Route => ({
      method,
      pattern: new RegExp(`^/v1/${path}$`),
      handle,
    });
    this.routes = [
      route('POST', 'customers', (call) => this.createCustomer(call)),
      route('GET', 'customers', (call) => this.listCustomers(call)),
      route('GET', `customers/${id}`, (call) => this.retrieve(call, 'customer', this.store.customers)),
      route('POST', `customers/${id}`, (call) => this.updateCustomer(call)),
      route('POST', 'products', (call) => this.createProduct(call)),
      route('GET', 'products', (call) => this.listProducts(call)),
      route('GET', `products/${id}`, (call) => this.retrieve(call, 'product', this.store.products)),
      route('POST', 'prices', (call) => this.createPrice(call)),
      route('GET', 'prices', (call) => this.listPrices(call)),
      route('GET', `prices/${id}`, (call) => this.retrieve(call, 'price', this.store.prices)),
      route('POST', `prices/${id}`, (call) => this.updatePrice(call)),
      route('POST', 'coupons', (call) => this.createCoupon(call)),
      route('GET', 'coupons', (call) => page(newestFirst(this.store.coupons), call.params.allowOnly(LIST_PARAMS), '/v1/coupons')),
      route('GET', `coupons/${id}`, (call) => this.retrieve(call, 'coupon', this.store.coupons)),
      route('POST', 'promotion_codes', (call) => this.createPromotionCode(call)),
      route('GET', 'promotion_codes', (call) => this.listPromotionCodes(call)),
      route('GET', `promotion_codes/${id}`, (call) => this.retrieve(call, 'promotion code', this.store.promotionCodes)),
      route('POST', 'checkout/sessions', (call) => this.createCheckoutSession(call)),
      route('GET', 'checkout/sessions', (call) => this.listCheckoutSessions(call)),
      route('GET', `checkout/sessions/${id}`, (call) => this.retrieve(call, 'checkout.session', this.store.checkoutSessions)),
      route('POST', `checkout/sessions/${id}/expire`, (call) => this.expireCheckoutSession(call)),
      route('GET', `checkout/sessions/${id}/line_items`, (call) =>
        page(this.store.checkoutLineItems.get(this.checkoutSession(call.id).id) ?? [], call.params.allowOnly(LIST_PARAMS), `/v1/checkout/sessions/${call.id}/line_items`),
      ),
      route('POST', 'billing_portal/sessions', (call) => this.createPortalSession(call)),
      route('GET', 'subscriptions', (call) => this.listSubscriptions(call)),
      route('GET', `subscriptions/${id}`, (call) => this.retrieve(call, 'subscription', this.store.subscriptions)),
      route('POST', `subscriptions/${id}`, (call) => this.updateSubscription(call)),
      route('DELETE', `subscriptions/${id}`, (call) => this.cancelSubscription(call)),
      route('GET', 'invoices', (call) => this.listInvoices(call)),
      route('GET', `invoices/${id}`, (call) => this.retrieve(call, 'invoice', this.store.invoices)),
      route('GET', 'events', (call) => this.listEvents(call)),
      route('GET', `events/${id}`, (call) => this.retrieve(call, 'event', this.store.events)),
    ];
  }

  /** Answers one call: the object or list, expanded as asked. Throws StripeApiError. */
  handle(method: string, path: string, params: Params, request: EventRequest): unknown {
    for (const route of this.routes) {
      const match = route.method === method ? route.pattern.exec(path) : null;
      if (!match) continue;
      const expand = params.strings('expand') ?? [];
      const result = deepCopy(route.handle({ params, request, id: decodeURIComponent(match[1] ?? '') }));
      for (const field of expand) this.expand(result, field.split('.'), field);
      return result;
    }
    throw stripeErrors.unrecognizedUrl(method, path);
  }

  private retrieve<T>(call: ApiCall, kind: string, objects: ReadonlyMap<string, T>): T {
    call.params.allowOnly(['expand']);
    return this.found(kind, objects.get(call.id), call.id);
  }

  private found<T>(kind: string, object: T | undefined, id: string): T {
    if (!object) throw stripeErrors.noSuchResource(kind, id);
    return object;
  }

  private customer(id: string, param: string) {
    const customer = this.store.customers.get(id);
    if (!customer) throw param === 'id' ? stripeErrors.noSuchResource('customer', id) : stripeErrors.noSuchReference('customer', id, param);
    return customer;
  }

  private checkoutSession(id: string): CheckoutSession {
    return this.found('checkout.session', this.store.checkoutSessions.get(id), id);
  }

  private subscription(id: string): Subscription {
    return this.found('subscription', this.store.subscriptions.get(id), id);
  }

  private price(id: string, param: string): Price {
    const price = this.store.prices.get(id);
    if (!price) throw stripeErrors.noSuchReference('price', id, param);
    return price;
  }

  /** Replaces ids on `path` (`subscription`, `data.customer`, `items.data.price.product`) by their objects. */
  private expand(target: unknown, path: readonly string[], whole: string): void {
    const [key, ...rest] = path;
    if (key === undefined) return;
    if (Array.isArray(target)) {
      for (const item of target) this.expand(item, path, whole);
      return;
    }
    if (typeof target !== 'object' || target === null) return;
    const object = target as Record<string, unknown>;
    if (key === 'line_items' && object.object === 'checkout.session' && object.line_items === undefined) {
      const lineItems = this.store.checkoutLineItems.get(String(object.id)) ?? [];
      object.line_items = page(lineItems, new Params({}), `/v1/checkout/sessions/${String(object.id)}/line_items`);
    }
    if (!(key in object)) throw stripeErrors.invalidRequest(`This property cannot be expanded (${whole}).`);
    const resolve = (value: unknown): unknown => {
      if (Array.isArray(value)) return value.map(resolve);
      if (typeof value !== 'string') return value;
      const found = this.store.find(value);
      return found ? deepCopy(found) : value;
    };
    object[key] = resolve(object[key]);
    if (rest.length > 0) this.expand(object[key], rest, whole);
  }

  private createCustomer({ params }: ApiCall) {
    params.allowOnly(['email', 'name', 'description', 'phone', 'metadata', 'expand']);
    const customer = this.billing.createCustomer({
      email: emailParam(params, 'email'),
      name: params.string('name', { maxLength: 256 }),
      description: params.string('description', { maxLength: 350 }),
      phone: params.string('phone', { maxLength: 20 }),
      metadata: setMetadata(params),
    });
    this.store.commit();
    return customer;
  }

  private updateCustomer({ params, id }: ApiCall) {
    params.allowOnly(['email', 'name', 'description', 'phone', 'metadata', 'expand']);
    const customer = this.customer(id, 'id');
    const email = params.optionalString('email');
    if (email) emailParam(params, 'email');
    if (email !== undefined) customer.email = email || null;
    for (const key of ['name', 'description', 'phone'] as const) {
      const value = params.optionalString(key, { maxLength: 350 });
      if (value !== undefined) customer[key] = value || null;
    }
    customer.metadata = mergeMetadata(customer.metadata, params.metadata());
    this.store.commit();
    return customer;
  }

  private listCustomers({ params }: ApiCall) {
    params.allowOnly([...LIST_PARAMS, 'email']);
    const email = params.string('email');
    const customers = newestFirst(this.store.customers).filter((customer) => email === undefined || customer.email === email);
    return page(customers, params, '/v1/customers');
  }

  private createProduct({ params }: ApiCall) {
    params.allowOnly(['id', 'name', 'description', 'active', 'metadata', 'expand']);
    const id = params.string('id');
    if (id !== undefined && this.store.products.has(id)) throw stripeErrors.alreadyExists('Product');
    const product = this.billing.createProduct({
      id,
      name: params.requiredString('name'),
      description: params.string('description'),
      active: params.boolean('active'),
      metadata: setMetadata(params),
    });
    this.store.commit();
    return product;
  }

  private listProducts({ params }: ApiCall) {
    params.allowOnly([...LIST_PARAMS, 'active', 'ids']);
    const active = params.boolean('active');
    const ids = params.strings('ids');
    const products = newestFirst(this.store.products).filter(
      (product) => (active === undefined || product.active === active) && (ids === undefined || ids.includes(product.id)),
    );
    return page(products, params, '/v1/products');
  }

  private createPrice({ params }: ApiCall) {
    params.allowOnly(['product', 'product_data', 'currency', 'unit_amount', 'recurring', 'lookup_key', 'transfer_lookup_key', 'nickname', 'active', 'metadata', 'expand']);
    const currency = params.requiredString('currency').toLowerCase();
    const unitAmount = params.integer('unit_amount', { min: 0 });
    if (unitAmount === undefined) throw stripeErrors.missingParam('unit_amount');
    const productData = params.object('product_data')?.allowOnly(['name', 'metadata']);
    let product = params.string('product');
    if (product === undefined && productData === undefined) throw stripeErrors.missingParam('product');
    if (product !== undefined && !this.store.products.has(product)) throw stripeErrors.noSuchReference('product', product, 'product');
    const recurringParams = params.object('recurring')?.allowOnly(['interval', 'interval_count']);
    let recurring: { interval: string; intervalCount: number } | undefined;
    if (recurringParams) {
      const interval = recurringParams.oneOf('interval', ['day', 'week', 'month', 'year'] as const);
      if (interval === undefined) throw stripeErrors.missingParam('recurring[interval]');
      recurring = { interval, intervalCount: recurringParams.integer('interval_count', { min: 1 }) ?? 1 };
    }
    const lookupKey = params.string('lookup_key', { maxLength: 200 });
    this.takeLookupKey(lookupKey, params.boolean('transfer_lookup_key') ?? false);
    product ??= this.billing.createProduct({ name: productData!.requiredString('name'), metadata: setMetadata(productData!) }).id;
    const price = this.billing.createPrice({
      product,
      currency,
      unitAmount,
      recurring,
      lookupKey,
      nickname: params.string('nickname'),
      active: params.boolean('active'),
      metadata: setMetadata(params),
    });
    this.store.commit();
    return price;
  }

  private updatePrice({ params, id }: ApiCall) {
    params.allowOnly(['active', 'lookup_key', 'transfer_lookup_key', 'nickname', 'metadata', 'expand']);
    const price = this.found('price', this.store.prices.get(id), id);
    const lookupKey = params.optionalString('lookup_key', { maxLength: 200 });
    if (lookupKey !== undefined && lookupKey !== price.lookup_key) {
      this.takeLookupKey(lookupKey || undefined, params.boolean('transfer_lookup_key') ?? false);
      price.lookup_key = lookupKey || null;
    }
    const active = params.boolean('active');
    if (active !== undefined) price.active = active;
    const nickname = params.optionalString('nickname');
    if (nickname !== undefined) price.nickname = nickname || null;
    price.metadata = mergeMetadata(price.metadata, params.metadata());
    this.store.commit();
    return price;
  }

  /** A lookup key names one price: taking one in use needs `transfer_lookup_key`, which moves it. */
  private takeLookupKey(lookupKey: string | undefined, transfer: boolean): void {
    if (lookupKey === undefined) return;
    const holder = [...this.store.prices.values()].find((price) => price.lookup_key === lookupKey);
    if (!holder) return;
    if (!transfer) {
      throw stripeErrors.invalidValue('lookup_key', `A price (\`${holder.id}\`) already uses that lookup key.`);
    }
    holder.lookup_key = null;
  }

  private listPrices({ params }: ApiCall) {
    params.allowOnly([...LIST_PARAMS, 'lookup_keys', 'active', 'product', 'type', 'currency', 'recurring']);
    const lookupKeys = params.strings('lookup_keys');
    if (lookupKeys && lookupKeys.length > 10) throw stripeErrors.invalidValue('lookup_keys', 'You can pass up to 10 lookup keys.');
    const active = params.boolean('active');
    const product = params.string('product');
    const type = params.oneOf('type', ['one_time', 'recurring'] as const);
    const currency = params.string('currency')?.toLowerCase();
    const interval = params.object('recurring')?.allowOnly(['interval', 'usage_type']).oneOf('interval', ['day', 'week', 'month', 'year'] as const);
    const prices = newestFirst(this.store.prices).filter(
      (price) =>
        (lookupKeys === undefined || (price.lookup_key !== null && lookupKeys.includes(price.lookup_key))) &&
        (active === undefined || price.active === active) &&
        (product === undefined || price.product === product) &&
        (type === undefined || price.type === type) &&
        (currency === undefined || price.currency === currency) &&
        (interval === undefined || price.recurring?.interval === interval),
    );
    return page(prices, params, '/v1/prices');
  }

  private createCoupon({ params }: ApiCall) {
    params.allowOnly(['id', 'name', 'percent_off', 'amount_off', 'currency', 'duration', 'duration_in_months', 'max_redemptions', 'redeem_by', 'metadata', 'expand']);
    const id = params.string('id');
    if (id !== undefined && this.store.coupons.has(id)) throw stripeErrors.alreadyExists('Coupon');
    const percentOff = params.number('percent_off', { min: 0.01, max: 100 });
    const amountOff = params.integer('amount_off', { min: 1 });
    const currency = params.string('currency')?.toLowerCase();
    if (percentOff === undefined && amountOff === undefined) {
      throw stripeErrors.invalidRequest('Must provide either percent_off or amount_off.', 'percent_off');
    }
    if (percentOff !== undefined && amountOff !== undefined) {
      throw stripeErrors.invalidRequest('You may only specify one of these parameters: amount_off, percent_off.', 'amount_off');
    }
    if (amountOff !== undefined && currency === undefined) throw stripeErrors.missingParam('currency');
    const duration = params.oneOf('duration', ['forever', 'once', 'repeating'] as const) ?? 'once';
    const durationInMonths = params.integer('duration_in_months', { min: 1 });
    if (duration === 'repeating' && durationInMonths === undefined) throw stripeErrors.missingParam('duration_in_months');
    const coupon = this.billing.createCoupon({
      id,
      name: params.string('name', { maxLength: 40 }),
      percentOff,
      amountOff,
      currency,
      duration,
      durationInMonths,
      maxRedemptions: params.integer('max_redemptions', { min: 1 }),
      redeemBy: params.integer('redeem_by'),
      metadata: setMetadata(params),
    });
    this.store.commit();
    return coupon;
  }

  private createPromotionCode({ params }: ApiCall) {
    params.allowOnly(['promotion', 'code', 'active', 'max_redemptions', 'expires_at', 'customer', 'metadata', 'expand']);
    const promotion = params.object('promotion')?.allowOnly(['type', 'coupon']);
    if (!promotion) throw stripeErrors.missingParam('promotion');
    promotion.oneOf('type', ['coupon'] as const);
    const couponId = promotion.requiredString('coupon');
    const coupon = this.store.coupons.get(couponId);
    if (!coupon) throw stripeErrors.noSuchReference('coupon', couponId, 'promotion[coupon]');
    const code = params.string('code', { maxLength: 500 });
    if (code !== undefined && [...this.store.promotionCodes.values()].some((existing) => existing.active && existing.code.toLowerCase() === code.toLowerCase())) {
      throw stripeErrors.invalidValue('code', `An active promotion code with \`code: ${code}\` already exists.`);
    }
    const customer = params.string('customer');
    if (customer !== undefined) this.customer(customer, 'customer');
    const promotionCode = this.billing.createPromotionCode({
      coupon,
      code,
      active: params.boolean('active'),
      maxRedemptions: params.integer('max_redemptions', { min: 1 }),
      expiresAt: params.integer('expires_at'),
      customer,
      metadata: setMetadata(params),
    });
    this.store.commit();
    return promotionCode;
  }

  private listPromotionCodes({ params }: ApiCall) {
    params.allowOnly([...LIST_PARAMS, 'code', 'coupon', 'active', 'customer']);
    const code = params.string('code');
    const coupon = params.string('coupon');
    const active = params.boolean('active');
    const customer = params.string('customer');
    const codes = newestFirst(this.store.promotionCodes).filter(
      (promotionCode) =>
        (code === undefined || promotionCode.code.toLowerCase() === code.toLowerCase()) &&
        (coupon === undefined || promotionCode.promotion.coupon === coupon) &&
        (active === undefined || promotionCode.active === active) &&
        (customer === undefined || promotionCode.customer === customer),
    );
    return page(codes, params, '/v1/promotion_codes');
  }

  private createCheckoutSession({ params }: ApiCall) {
    params.allowOnly([
      'mode',
      'customer',
      'customer_email',
      'client_reference_id',
      'line_items',
      'success_url',
      'cancel_url',
      'discounts',
      'allow_promotion_codes',
      'metadata',
      'subscription_data',
      'expires_at',
      'payment_method_types',
      'locale',
      'expand',
    ]);
    const now = this.store.now();
    const mode = params.oneOf('mode', ['payment', 'setup', 'subscription'] as const);
    if (mode === undefined) throw stripeErrors.missingParam('mode');
    if (mode !== 'subscription') throw stripeErrors.invalidValue('mode', 'The local Stripe supports Checkout in `subscription` mode only.');
    const customerId = params.string('customer');
    const customerEmail = emailParam(params, 'customer_email');
    if (customerId !== undefined && customerEmail !== undefined) {
      throw stripeErrors.invalidRequest('You may only specify one of these parameters: customer, customer_email.', 'customer_email');
    }
    const customer = customerId === undefined ? undefined : this.customer(customerId, 'customer');
    const paymentMethodTypes = params.strings('payment_method_types');
    if (paymentMethodTypes?.some((type) => type !== 'card')) {
      throw stripeErrors.invalidValue('payment_method_types', 'The local Stripe takes cards only: payment_method_types can only be `card`.');
    }
    params.string('locale');

    const lineItems = params.objects('line_items');
    if (!lineItems || lineItems.length === 0) throw stripeErrors.missingParam('line_items');
    if (lineItems.length > 1) throw stripeErrors.invalidValue('line_items', 'The local Stripe supports one line item per Checkout Session.');
    const lineItem = lineItems[0]!.allowOnly(['price', 'quantity']);
    const price = this.price(lineItem.requiredString('price'), lineItem.name('price'));
    if (!price.active) throw stripeErrors.invalidValue(lineItem.name('price'), 'The price specified is inactive. This field only accepts active prices.');
    if (price.type !== 'recurring') {
      throw stripeErrors.invalidValue(lineItem.name('price'), 'You must provide at least one recurring price in `subscription` mode when using prices.');
    }
    const quantity = lineItem.integer('quantity', { min: 1 });
    if (quantity === undefined) throw stripeErrors.missingParam(lineItem.name('quantity'));

    const allowPromotionCodes = params.boolean('allow_promotion_codes') ?? false;
    const discounts = params.objects('discounts');
    if (allowPromotionCodes && discounts) {
      throw stripeErrors.invalidRequest('You may only specify one of these parameters: allow_promotion_codes, discounts.', 'discounts');
    }
    if (discounts && discounts.length > 1) throw stripeErrors.invalidValue('discounts', 'You may only specify one discount.');
    const { coupon, promotionCode } = discounts?.[0] ? this.discount(discounts[0], now) : { coupon: undefined, promotionCode: undefined };

    const subscriptionData = params.object('subscription_data')?.allowOnly(['metadata', 'description']);
    const expiresAt = params.integer('expires_at');
    if (expiresAt !== undefined && expiresAt < now + THIRTY_MINUTES) {
      throw stripeErrors.invalidValue('expires_at', 'The `expires_at` timestamp must be at least 30 minutes from Checkout Session creation.');
    }
    if (expiresAt !== undefined && expiresAt > now + DAY) {
      throw stripeErrors.invalidValue('expires_at', 'The `expires_at` timestamp must be less than 24 hours from Checkout Session creation.');
    }

    return this.billing.openCheckoutSession({
      customer,
      customerEmail,
      clientReferenceId: params.string('client_reference_id', { maxLength: 200 }),
      price,
      quantity,
      coupon,
      promotionCode,
      allowPromotionCodes,
      successUrl: urlParam(params, 'success_url'),
      cancelUrl: urlParam(params, 'cancel_url'),
      metadata: setMetadata(params),
      subscriptionMetadata: subscriptionData ? setMetadata(subscriptionData) : {},
      subscriptionDescription: subscriptionData?.string('description', { maxLength: 500 }),
      expiresAt: expiresAt ?? now + DAY,
    });
  }

  private discount(discount: Params, now: number): { coupon: Coupon; promotionCode: PromotionCode | undefined } {
    discount.allowOnly(['coupon', 'promotion_code']);
    const couponId = discount.string('coupon');
    const promotionCodeId = discount.string('promotion_code');
    if ((couponId === undefined) === (promotionCodeId === undefined)) {
      throw stripeErrors.invalidRequest('You must specify exactly one of these parameters: coupon, promotion_code.', discount.name('coupon'));
    }
    let promotionCode: PromotionCode | undefined;
    let coupon: Coupon | undefined;
    if (promotionCodeId !== undefined) {
      promotionCode = this.store.promotionCodes.get(promotionCodeId);
      if (!promotionCode) throw stripeErrors.noSuchReference('promotion code', promotionCodeId, discount.name('promotion_code'));
      const used = promotionCode.max_redemptions !== null && promotionCode.times_redeemed >= promotionCode.max_redemptions;
      if (!promotionCode.active || used || (promotionCode.expires_at !== null && now >= promotionCode.expires_at)) {
        throw stripeErrors.invalidValue(discount.name('promotion_code'), 'This promotion code cannot be redeemed because it is inactive or has reached its redemption limit.');
      }
      coupon = this.store.coupons.get(String(promotionCode.promotion.coupon));
    } else {
      coupon = this.store.coupons.get(couponId!);
      if (!coupon) throw stripeErrors.noSuchReference('coupon', couponId!, discount.name('coupon'));
    }
    if (!coupon || !couponRedeemable(coupon, now)) {
      throw stripeErrors.invalidValue(discount.name(promotionCode ? 'promotion_code' : 'coupon'), `This coupon cannot be redeemed because it is no longer valid.`);
    }
    return { coupon, promotionCode };
  }

  private listCheckoutSessions({ params }: ApiCall) {
    params.allowOnly([...LIST_PARAMS, 'customer', 'status', 'subscription']);
    const customer = params.string('customer');
    const status = params.oneOf('status', ['open', 'complete', 'expired'] as const);
    const subscription = params.string('subscription');
    const sessions = newestFirst(this.store.checkoutSessions).filter(
      (session) =>
        (customer === undefined || session.customer === customer) &&
        (status === undefined || session.status === status) &&
        (subscription === undefined || session.subscription === subscription),
    );
    return page(sessions, params, '/v1/checkout/sessions');
  }

  private expireCheckoutSession({ params, id, request }: ApiCall) {
    params.allowOnly(['expand']);
    const session = this.checkoutSession(id);
    this.billing.expireCheckoutSession(session, request);
    return session;
  }

  private createPortalSession({ params }: ApiCall) {
    params.allowOnly(['customer', 'return_url', 'configuration', 'locale', 'expand']);
    const customer = this.customer(params.requiredString('customer'), 'customer');
    const configuration = params.string('configuration');
    if (configuration !== undefined && configuration !== this.store.portalConfiguration) {
      throw stripeErrors.noSuchReference('billing portal configuration', configuration, 'configuration');
    }
    params.string('locale');
    return this.billing.openPortalSession(customer, urlParam(params, 'return_url'));
  }

  private listSubscriptions({ params }: ApiCall) {
    params.allowOnly([...LIST_PARAMS, 'customer', 'status', 'price']);
    const customer = params.string('customer');
    const price = params.string('price');
    const status = params.oneOf('status', ['active', 'all', 'canceled', 'ended', 'incomplete', 'incomplete_expired', 'past_due', 'paused', 'trialing', 'unpaid'] as const);
    const subscriptions = newestFirst(this.store.subscriptions).filter((subscription) => {
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

  private updateSubscription({ params, id, request }: ApiCall) {
    params.allowOnly(['cancel_at_period_end', 'items', 'metadata', 'description', 'cancellation_details', 'proration_behavior', 'payment_behavior', 'expand']);
    const subscription = this.subscription(id);
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
        const price = this.price(priceId, 'items[0][price]');
        if (price.type !== 'recurring') {
          throw stripeErrors.invalidValue('items[0][price]', 'The price specified is set to `type=one_time` but this field only accepts prices with `type=recurring`.');
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
    return this.billing.updateSubscription(subscription, change, request);
  }

  private cancelSubscription({ params, id, request }: ApiCall) {
    params.allowOnly(['cancellation_details', 'invoice_now', 'prorate', 'expand']);
    const subscription = this.subscription(id);
    params.boolean('invoice_now');
    params.boolean('prorate');
    const details = params.object('cancellation_details')?.allowOnly(['comment', 'feedback']);
    return this.billing.cancelSubscription(subscription, { comment: details?.string('comment'), feedback: details?.string('feedback') }, request);
  }

  private listInvoices({ params }: ApiCall) {
    params.allowOnly([...LIST_PARAMS, 'customer', 'subscription', 'status']);
    const customer = params.string('customer');
    const subscription = params.string('subscription');
    const status = params.oneOf('status', ['draft', 'open', 'paid', 'uncollectible', 'void'] as const);
    const invoices = newestFirst(this.store.invoices).filter(
      (invoice) =>
        (customer === undefined || invoice.customer === customer) &&
        (subscription === undefined || invoice.parent?.subscription_details?.subscription === subscription) &&
        (status === undefined || invoice.status === status),
    );
    return page(invoices, params, '/v1/invoices');
  }

  private listEvents({ params }: ApiCall) {
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
      newestFirst(this.store.events).filter((event) => matches(event.type)),
      params,
      '/v1/events',
    );
  }
}
