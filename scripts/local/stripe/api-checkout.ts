import {
  checkoutSessionOf,
  customerOf,
  emailParam,
  LIST_PARAMS,
  newestFirst,
  page,
  priceOf,
  setMetadata,
  urlParam,
  type ApiCall,
  type ApiContext,
} from './api-support';
import { couponRedeemable } from './discounts';
import { stripeErrors } from './errors';
import type { Coupon, PromotionCode } from './objects';
import type { Params } from './params';
import type { StripeStore } from './store';

/** The local Stripe API's Checkout Sessions and customer portal sessions. */

const THIRTY_MINUTES = 30 * 60;
const DAY = 24 * 60 * 60;

export function createCheckoutSession(ctx: ApiContext, { params }: ApiCall) {
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
  const now = ctx.store.now();
  const mode = params.oneOf('mode', ['payment', 'setup', 'subscription'] as const);
  if (mode === undefined) throw stripeErrors.missingParam('mode');
  if (mode !== 'subscription') throw stripeErrors.invalidValue('mode', 'The local Stripe supports Checkout in `subscription` mode only.');
  const customerId = params.string('customer');
  const customerEmail = emailParam(params, 'customer_email');
  if (customerId !== undefined && customerEmail !== undefined) {
    throw stripeErrors.invalidRequest('You may only specify one of these parameters: customer, customer_email.', 'customer_email');
  }
  const customer = customerId === undefined ? undefined : customerOf(ctx.store, customerId, 'customer');
  const paymentMethodTypes = params.strings('payment_method_types');
  if (paymentMethodTypes?.some((type) => type !== 'card')) {
    throw stripeErrors.invalidValue('payment_method_types', 'The local Stripe takes cards only: payment_method_types can only be `card`.');
  }
  params.string('locale');

  const lineItems = params.objects('line_items');
  if (!lineItems || lineItems.length === 0) throw stripeErrors.missingParam('line_items');
  if (lineItems.length > 1) throw stripeErrors.invalidValue('line_items', 'The local Stripe supports one line item per Checkout Session.');
  const lineItem = lineItems[0]!.allowOnly(['price', 'quantity']);
  const price = priceOf(ctx.store, lineItem.requiredString('price'), lineItem.name('price'));
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
  const { coupon, promotionCode } = discounts?.[0] ? discountOf(ctx.store, discounts[0], now) : { coupon: undefined, promotionCode: undefined };

  const subscriptionData = params.object('subscription_data')?.allowOnly(['metadata', 'description']);
  const expiresAt = params.integer('expires_at');
  if (expiresAt !== undefined && expiresAt < now + THIRTY_MINUTES) {
    throw stripeErrors.invalidValue('expires_at', 'The `expires_at` timestamp must be at least 30 minutes from Checkout Session creation.');
  }
  if (expiresAt !== undefined && expiresAt > now + DAY) {
    throw stripeErrors.invalidValue('expires_at', 'The `expires_at` timestamp must be less than 24 hours from Checkout Session creation.');
  }

  return ctx.billing.openCheckoutSession({
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

function discountOf(store: StripeStore, discount: Params, now: number): { coupon: Coupon; promotionCode: PromotionCode | undefined } {
  discount.allowOnly(['coupon', 'promotion_code']);
  const couponId = discount.string('coupon');
  const promotionCodeId = discount.string('promotion_code');
  if ((couponId === undefined) === (promotionCodeId === undefined)) {
    throw stripeErrors.invalidRequest('You must specify exactly one of these parameters: coupon, promotion_code.', discount.name('coupon'));
  }
  let promotionCode: PromotionCode | undefined;
  let coupon: Coupon | undefined;
  if (promotionCodeId !== undefined) {
    promotionCode = store.promotionCodes.get(promotionCodeId);
    if (!promotionCode) throw stripeErrors.noSuchReference('promotion code', promotionCodeId, discount.name('promotion_code'));
    const used = promotionCode.max_redemptions !== null && promotionCode.times_redeemed >= promotionCode.max_redemptions;
    if (!promotionCode.active || used || (promotionCode.expires_at !== null && now >= promotionCode.expires_at)) {
      throw stripeErrors.invalidValue(
        discount.name('promotion_code'),
        'This promotion code cannot be redeemed because it is inactive or has reached its redemption limit.',
      );
    }
    coupon = store.coupons.get(String(promotionCode.promotion.coupon));
  } else {
    coupon = store.coupons.get(couponId!);
    if (!coupon) throw stripeErrors.noSuchReference('coupon', couponId!, discount.name('coupon'));
  }
  if (!coupon || !couponRedeemable(coupon, now)) {
    throw stripeErrors.invalidValue(
      discount.name(promotionCode ? 'promotion_code' : 'coupon'),
      `This coupon cannot be redeemed because it is no longer valid.`,
    );
  }
  return { coupon, promotionCode };
}

export function listCheckoutSessions(ctx: ApiContext, { params }: ApiCall) {
  params.allowOnly([...LIST_PARAMS, 'customer', 'status', 'subscription']);
  const customer = params.string('customer');
  const status = params.oneOf('status', ['open', 'complete', 'expired'] as const);
  const subscription = params.string('subscription');
  const sessions = newestFirst(ctx.store.checkoutSessions).filter(
    (session) =>
      (customer === undefined || session.customer === customer) &&
      (status === undefined || session.status === status) &&
      (subscription === undefined || session.subscription === subscription),
  );
  return page(sessions, params, '/v1/checkout/sessions');
}

export function expireCheckoutSession(ctx: ApiContext, { params, id, request }: ApiCall) {
  params.allowOnly(['expand']);
  const session = checkoutSessionOf(ctx.store, id);
  ctx.billing.expireCheckoutSession(session, request);
  return session;
}

export function createPortalSession(ctx: ApiContext, { params }: ApiCall) {
  params.allowOnly(['customer', 'return_url', 'configuration', 'locale', 'expand']);
  const customer = customerOf(ctx.store, params.requiredString('customer'), 'customer');
  const configuration = params.string('configuration');
  if (configuration !== undefined && configuration !== ctx.store.portalConfiguration) {
    throw stripeErrors.noSuchReference('billing portal configuration', configuration, 'configuration');
  }
  params.string('locale');
  return ctx.billing.openPortalSession(customer, urlParam(params, 'return_url'));
}
