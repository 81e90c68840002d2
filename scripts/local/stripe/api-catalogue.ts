import { customerOf, found, LIST_PARAMS, newestFirst, page, setMetadata, type ApiCall, type ApiContext } from './api-support';
import { stripeErrors } from './errors';
import { mergeMetadata } from './params';
import type { StripeStore } from './store';

/** The catalogue's routes of the local Stripe's API: products, prices, coupons and promotion codes. */

export function createProduct(ctx: ApiContext, { params }: ApiCall) {
  params.allowOnly(['id', 'name', 'description', 'active', 'metadata', 'expand']);
  const id = params.string('id');
  if (id !== undefined && ctx.store.products.has(id)) throw stripeErrors.alreadyExists('Product');
  const product = ctx.billing.createProduct({
    id,
    name: params.requiredString('name'),
    description: params.string('description'),
    active: params.boolean('active'),
    metadata: setMetadata(params),
  });
  ctx.store.commit();
  return product;
}

export function listProducts(ctx: ApiContext, { params }: ApiCall) {
  params.allowOnly([...LIST_PARAMS, 'active', 'ids']);
  const active = params.boolean('active');
  const ids = params.strings('ids');
  const products = newestFirst(ctx.store.products).filter(
    (product) => (active === undefined || product.active === active) && (ids === undefined || ids.includes(product.id)),
  );
  return page(products, params, '/v1/products');
}

export function createPrice(ctx: ApiContext, { params }: ApiCall) {
  params.allowOnly([
    'product',
    'product_data',
    'currency',
    'unit_amount',
    'recurring',
    'lookup_key',
    'transfer_lookup_key',
    'nickname',
    'active',
    'metadata',
    'expand',
  ]);
  const currency = params.requiredString('currency').toLowerCase();
  const unitAmount = params.integer('unit_amount', { min: 0 });
  if (unitAmount === undefined) throw stripeErrors.missingParam('unit_amount');
  const productData = params.object('product_data')?.allowOnly(['name', 'metadata']);
  let product = params.string('product');
  if (product === undefined && productData === undefined) throw stripeErrors.missingParam('product');
  if (product !== undefined && !ctx.store.products.has(product)) throw stripeErrors.noSuchReference('product', product, 'product');
  const recurringParams = params.object('recurring')?.allowOnly(['interval', 'interval_count']);
  let recurring: { interval: string; intervalCount: number } | undefined;
  if (recurringParams) {
    const interval = recurringParams.oneOf('interval', ['day', 'week', 'month', 'year'] as const);
    if (interval === undefined) throw stripeErrors.missingParam('recurring[interval]');
    recurring = { interval, intervalCount: recurringParams.integer('interval_count', { min: 1 }) ?? 1 };
  }
  const lookupKey = params.string('lookup_key', { maxLength: 200 });
  takeLookupKey(ctx.store, lookupKey, params.boolean('transfer_lookup_key') ?? false);
  product ??= ctx.billing.createProduct({ name: productData!.requiredString('name'), metadata: setMetadata(productData!) }).id;
  const price = ctx.billing.createPrice({
    product,
    currency,
    unitAmount,
    recurring,
    lookupKey,
    nickname: params.string('nickname'),
    active: params.boolean('active'),
    metadata: setMetadata(params),
  });
  ctx.store.commit();
  return price;
}

export function updatePrice(ctx: ApiContext, { params, id }: ApiCall) {
  params.allowOnly(['active', 'lookup_key', 'transfer_lookup_key', 'nickname', 'metadata', 'expand']);
  const price = found('price', ctx.store.prices.get(id), id);
  const lookupKey = params.optionalString('lookup_key', { maxLength: 200 });
  if (lookupKey !== undefined && lookupKey !== price.lookup_key) {
    takeLookupKey(ctx.store, lookupKey || undefined, params.boolean('transfer_lookup_key') ?? false);
    price.lookup_key = lookupKey || null;
  }
  const active = params.boolean('active');
  if (active !== undefined) price.active = active;
  const nickname = params.optionalString('nickname');
  if (nickname !== undefined) price.nickname = nickname || null;
  price.metadata = mergeMetadata(price.metadata, params.metadata());
  ctx.store.commit();
  return price;
}

/** A lookup key names one price: taking one in use needs `transfer_lookup_key`, which moves it. */
function takeLookupKey(store: StripeStore, lookupKey: string | undefined, transfer: boolean): void {
  if (lookupKey === undefined) return;
  const holder = [...store.prices.values()].find((price) => price.lookup_key === lookupKey);
  if (!holder) return;
  if (!transfer) {
    throw stripeErrors.invalidValue('lookup_key', `A price (\`${holder.id}\`) already uses that lookup key.`);
  }
  holder.lookup_key = null;
}

export function listPrices(ctx: ApiContext, { params }: ApiCall) {
  params.allowOnly([...LIST_PARAMS, 'lookup_keys', 'active', 'product', 'type', 'currency', 'recurring']);
  const lookupKeys = params.strings('lookup_keys');
  if (lookupKeys && lookupKeys.length > 10) throw stripeErrors.invalidValue('lookup_keys', 'You can pass up to 10 lookup keys.');
  const active = params.boolean('active');
  const product = params.string('product');
  const type = params.oneOf('type', ['one_time', 'recurring'] as const);
  const currency = params.string('currency')?.toLowerCase();
  const interval = params
    .object('recurring')
    ?.allowOnly(['interval', 'usage_type'])
    .oneOf('interval', ['day', 'week', 'month', 'year'] as const);
  const prices = newestFirst(ctx.store.prices).filter(
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

export function createCoupon(ctx: ApiContext, { params }: ApiCall) {
  params.allowOnly([
    'id',
    'name',
    'percent_off',
    'amount_off',
    'currency',
    'duration',
    'duration_in_months',
    'max_redemptions',
    'redeem_by',
    'metadata',
    'expand',
  ]);
  const id = params.string('id');
  if (id !== undefined && ctx.store.coupons.has(id)) throw stripeErrors.alreadyExists('Coupon');
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
  const coupon = ctx.billing.createCoupon({
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
  ctx.store.commit();
  return coupon;
}

export function createPromotionCode(ctx: ApiContext, { params }: ApiCall) {
  params.allowOnly(['promotion', 'code', 'active', 'max_redemptions', 'expires_at', 'customer', 'metadata', 'expand']);
  const promotion = params.object('promotion')?.allowOnly(['type', 'coupon']);
  if (!promotion) throw stripeErrors.missingParam('promotion');
  promotion.oneOf('type', ['coupon'] as const);
  const couponId = promotion.requiredString('coupon');
  const coupon = ctx.store.coupons.get(couponId);
  if (!coupon) throw stripeErrors.noSuchReference('coupon', couponId, 'promotion[coupon]');
  const code = params.string('code', { maxLength: 500 });
  if (code !== undefined && [...ctx.store.promotionCodes.values()].some((existing) => existing.active && existing.code.toLowerCase() === code.toLowerCase())) {
    throw stripeErrors.invalidValue('code', `An active promotion code with \`code: ${code}\` already exists.`);
  }
  const customer = params.string('customer');
  if (customer !== undefined) customerOf(ctx.store, customer, 'customer');
  const promotionCode = ctx.billing.createPromotionCode({
    coupon,
    code,
    active: params.boolean('active'),
    maxRedemptions: params.integer('max_redemptions', { min: 1 }),
    expiresAt: params.integer('expires_at'),
    customer,
    metadata: setMetadata(params),
  });
  ctx.store.commit();
  return promotionCode;
}

export function listPromotionCodes(ctx: ApiContext, { params }: ApiCall) {
  params.allowOnly([...LIST_PARAMS, 'code', 'coupon', 'active', 'customer']);
  const code = params.string('code');
  const coupon = params.string('coupon');
  const active = params.boolean('active');
  const customer = params.string('customer');
  const codes = newestFirst(ctx.store.promotionCodes).filter(
    (promotionCode) =>
      (code === undefined || promotionCode.code.toLowerCase() === code.toLowerCase()) &&
      (coupon === undefined || promotionCode.promotion.coupon === coupon) &&
      (active === undefined || promotionCode.active === active) &&
      (customer === undefined || promotionCode.customer === customer),
  );
  return page(codes, params, '/v1/promotion_codes');
}
