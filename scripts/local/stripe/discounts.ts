import { newId, type Coupon, type Discount, type Subscription } from './objects';
import { addInterval } from './periods';
import type { StripeStore } from './store';

/** Coupons at work: whether one can still be redeemed, what it takes off, and the discount it gives a subscription. */

export function couponRedeemable(coupon: Coupon, at: number): boolean {
  if (coupon.max_redemptions !== null && coupon.times_redeemed >= coupon.max_redemptions) return false;
  return coupon.redeem_by === null || at < coupon.redeem_by;
}

export function discountOff(coupon: Coupon, subtotal: number, currency: string): number {
  if (coupon.percent_off !== null) return Math.round((subtotal * coupon.percent_off) / 100);
  if (coupon.amount_off !== null && coupon.currency === currency) return Math.min(subtotal, coupon.amount_off);
  return 0;
}

export function applyCoupon(store: StripeStore, subscription: Subscription, coupon: Coupon, promotionCode: string | null, at: number): Discount {
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
  store.discounts.set(discount.id, discount);
  coupon.times_redeemed += 1;
  coupon.valid = couponRedeemable(coupon, at);
  if (promotionCode) {
    const promotion = store.promotionCodes.get(promotionCode);
    if (promotion) promotion.times_redeemed += 1;
  }
  return discount;
}

/** The subscription's discount if it still applies at `at` (a repeating coupon ends; a `once` coupon lasts one invoice). */
export function activeDiscount(store: StripeStore, subscription: Subscription, at: number): { discount: Discount; coupon: Coupon } | undefined {
  const id = subscription.discounts[0];
  const discount = typeof id === 'string' ? store.discounts.get(id) : undefined;
  const coupon = discount ? store.coupons.get(String(discount.source.coupon)) : undefined;
  if (!discount || !coupon) return undefined;
  const used = coupon.duration === 'once' && subscription.latest_invoice !== null;
  if (used || (discount.end !== null && at >= discount.end)) {
    subscription.discounts = [];
    return undefined;
  }
  return { discount, coupon };
}
