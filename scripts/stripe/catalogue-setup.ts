import { STRIPE_CATALOGUE } from '@solutionz/shared';
import Stripe from 'stripe';

/**
 * `npm run stripe:setup`: puts what the membership sells (STRIPE_CATALOGUE in shared) into a Stripe
 * account, idempotently. The membership adapter finds the prices by lookup key and the coupon by id,
 * never by Stripe's generated ids, so running this again finds everything and changes nothing.
 */

type SetupOutcome = 'created' | 'found' | 'replaced' | 'differs';

export interface SetupStep {
  /** What it is, in the catalogue's words ("price solutionz_monthly"). */
  readonly what: string;
  readonly id: string;
  readonly outcome: SetupOutcome;
  /** Why a price was replaced, or how a coupon differs. */
  readonly note?: string;
}

/** A Stripe client for `key`, at the local Stripe when `apiUrl` names one. */
export function stripeClient(key: string, apiUrl?: string): Stripe {
  if (!apiUrl) return new Stripe(key);
  const url = new URL(apiUrl);
  const protocol = url.protocol === 'http:' ? 'http' : 'https';
  return new Stripe(key, { host: url.hostname, port: Number(url.port || (protocol === 'http' ? 80 : 443)), protocol });
}

/** Whether a key reaches live money: those are refused unless asked for by name (`--live`). */
export function isLiveKey(key: string): boolean {
  return /^(?:sk|rk)_live_/.test(key);
}

type Plan = (typeof STRIPE_CATALOGUE.prices)[keyof typeof STRIPE_CATALOGUE.prices];

function priceDifference(price: Stripe.Price, plan: Plan, productId: string): string | undefined {
  const differences = [
    price.active ? undefined : 'archived',
    price.product === productId ? undefined : `belongs to product ${String(price.product)}`,
    price.unit_amount === plan.unitAmount ? undefined : `costs ${price.unit_amount} instead of ${plan.unitAmount}`,
    price.currency === plan.currency ? undefined : `is in ${price.currency} instead of ${plan.currency}`,
    price.recurring?.interval === plan.interval && price.recurring.interval_count === 1 ? undefined : `does not renew every ${plan.interval}`,
  ].filter(Boolean);
  return differences.length ? differences.join(', ') : undefined;
}

async function findProduct(stripe: Stripe, prices: Stripe.Price[]): Promise<Stripe.Product | undefined> {
  const priced = prices.find((price) => price.active && typeof price.product === 'string');
  if (priced) {
    const product = await stripe.products.retrieve(priced.product as string);
    if (product.active) return product;
  }
  for await (const product of stripe.products.list({ active: true, limit: 100 })) {
    if (product.name === STRIPE_CATALOGUE.product.name) return product;
  }
  return undefined;
}

async function findCoupon(stripe: Stripe, id: string): Promise<Stripe.Coupon | undefined> {
  try {
    return await stripe.coupons.retrieve(id);
  } catch (error) {
    if (error instanceof Stripe.errors.StripeInvalidRequestError && error.statusCode === 404) return undefined;
    throw error;
  }
}

export async function setUpStripeCatalogue(stripe: Stripe): Promise<SetupStep[]> {
  const steps: SetupStep[] = [];
  const plans = Object.values(STRIPE_CATALOGUE.prices);
  const { data: prices } = await stripe.prices.list({ lookup_keys: plans.map((plan) => plan.lookupKey), limit: 100 });

  let product = await findProduct(stripe, prices);
  if (product) {
    steps.push({ what: `product "${product.name}"`, id: product.id, outcome: 'found' });
  } else {
    product = await stripe.products.create({ name: STRIPE_CATALOGUE.product.name });
    steps.push({ what: `product "${product.name}"`, id: product.id, outcome: 'created' });
  }

  for (const plan of plans) {
    const what = `price ${plan.lookupKey}`;
    const existing = prices.find((price) => price.lookup_key === plan.lookupKey);
    const difference = existing && priceDifference(existing, plan, product.id);
    if (existing && !difference) {
      steps.push({ what, id: existing.id, outcome: 'found' });
      continue;
    }
    // A price cannot change: a new one takes the lookup key over, and subscriptions on the old one run on.
    const created = await stripe.prices.create({
      product: product.id,
      currency: plan.currency,
      unit_amount: plan.unitAmount,
      recurring: { interval: plan.interval },
      lookup_key: plan.lookupKey,
      nickname: plan.nickname,
      ...(existing ? { transfer_lookup_key: true } : {}),
    });
    steps.push(existing ? { what, id: created.id, outcome: 'replaced', note: `${existing.id} ${difference}` } : { what, id: created.id, outcome: 'created' });
  }

  const wanted = STRIPE_CATALOGUE.coupon;
  const what = `coupon ${wanted.id}`;
  const coupon = await findCoupon(stripe, wanted.id);
  if (!coupon) {
    await stripe.coupons.create({
      id: wanted.id,
      name: wanted.name,
      percent_off: wanted.percentOff,
      duration: wanted.duration,
      duration_in_months: wanted.durationInMonths,
      max_redemptions: wanted.maxRedemptions,
    });
    steps.push({ what, id: wanted.id, outcome: 'created' });
  } else {
    // A coupon's terms cannot change either, and its id is the code people type: it has to be replaced by hand.
    const differences = [
      coupon.percent_off === wanted.percentOff ? undefined : `${coupon.percent_off ?? 0}% off instead of ${wanted.percentOff}%`,
      coupon.duration === wanted.duration && coupon.duration_in_months === wanted.durationInMonths
        ? undefined
        : `lasts ${coupon.duration}${coupon.duration_in_months ? ` ${coupon.duration_in_months} months` : ''} instead of ${wanted.durationInMonths} months`,
      coupon.max_redemptions === wanted.maxRedemptions
        ? undefined
        : `${coupon.max_redemptions === null ? 'has no redemption limit' : `allows ${coupon.max_redemptions} redemptions`} instead of ${wanted.maxRedemptions}`,
    ].filter(Boolean);
    steps.push(differences.length ? { what, id: coupon.id, outcome: 'differs', note: differences.join(', ') } : { what, id: coupon.id, outcome: 'found' });
  }
  return steps;
}
