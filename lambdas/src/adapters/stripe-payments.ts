import type Stripe from 'stripe';
import { STRIPE_CATALOGUE, type MembershipPlan } from '@solutionz/shared';
import type { StripeConfig } from '../area-config';
import { resolveSecrets } from './secrets';

/**
 * Stripe, seen from the membership services (docs/architecture.md#membership-and-payments): the same code talks to stripe.com in
 * the cloud and to the local Stripe (scripts/local/stripe) in local runs and tests, which the SDK reaches
 * through `host`, `port` and `protocol`. Answers are reduced to what the services decide on.
 */

/** A subscription as the membership reads it. */
export interface SubscriptionState {
  readonly id: string;
  readonly customerId: string;
  /** Stripe's status: active, trialing, past_due, canceled, unpaid, incomplete, incomplete_expired, paused. */
  readonly status: string;
  /** From the price's lookup key; undefined for a price that is not ours. */
  readonly plan: MembershipPlan | undefined;
  /** Unix seconds. */
  readonly currentPeriodEnd: number | undefined;
  readonly cancelAtPeriodEnd: boolean;
  /** Unix seconds. */
  readonly created: number;
}

interface CheckoutSessionState {
  readonly id: string;
  /** open, complete or expired. */
  readonly status: string;
  readonly customerId: string | undefined;
  /** `client_reference_id`: our user id. */
  readonly userId: string | undefined;
  readonly metadata: Readonly<Record<string, string>>;
  /** The hosted page, while the session is open. */
  readonly url: string | undefined;
}

/** A verified webhook event: what happened and to which object. */
export interface PaymentEvent {
  readonly id: string;
  readonly type: string;
  readonly objectId: string | undefined;
  /** The Stripe customer the object belongs to, where it names one. */
  readonly customerId: string | undefined;
}

interface NewCheckout {
  readonly customerId: string;
  readonly userId: string;
  readonly plan: MembershipPlan;
  readonly couponId?: string;
  readonly successUrl: string;
  readonly cancelUrl: string;
  /** Unix seconds. */
  readonly expiresAt: number;
  readonly metadata: Readonly<Record<string, string>>;
}

export interface PaymentGateway {
  /** One customer per user: a repeated call with the same user id (within Stripe's idempotency window) returns the same customer. */
  createCustomer(input: { userId: string; email: string; name: string }): Promise<string>;
  /** The user id we put on the customer; undefined for a deleted or foreign customer. */
  customerUserId(customerId: string): Promise<string | undefined>;
  createCheckoutSession(input: NewCheckout): Promise<{ id: string; url: string }>;
  getCheckoutSession(id: string): Promise<CheckoutSessionState>;
  /** Closes an open checkout; one already completed or expired is left as it is. */
  expireCheckoutSession(id: string): Promise<void>;
  createPortalSession(customerId: string, returnUrl: string): Promise<string>;
  /** Every subscription of the customer, newest first, whatever its status. */
  listSubscriptions(customerId: string): Promise<SubscriptionState[]>;
  cancelAtPeriodEnd(subscriptionId: string): Promise<SubscriptionState>;
  /** Ends the subscription now, without a refund (account deletion). */
  cancelNow(subscriptionId: string): Promise<void>;
  /** Checks the `Stripe-Signature` header against the raw body; throws InvalidSignatureError. */
  verifyEvent(rawBody: string, signature: string | undefined): Promise<PaymentEvent>;
}

/** The webhook's signature is missing, wrong, or older than Stripe's tolerance. */
export class InvalidSignatureError extends Error {
  override readonly name = 'InvalidSignatureError';
}

/** Stripe refused a coupon (FIRST100's own redemption limit reached at Stripe). */
export class CouponRefusedError extends Error {
  override readonly name = 'CouponRefusedError';
}

interface StripeSettings {
  readonly secretKey: string;
  readonly webhookSecret?: string;
  /** The local Stripe's base URL; stripe.com when absent. */
  readonly apiUrl?: string;
}

/** The SDK (some 200 modules) is loaded when a gateway is first made, not with the area's code: most routes never call Stripe. */
async function createStripeClient(settings: Pick<StripeSettings, 'secretKey' | 'apiUrl'>): Promise<Stripe> {
  const { default: StripeSdk } = await import('stripe');
  if (!settings.apiUrl) return new StripeSdk(settings.secretKey, { maxNetworkRetries: 2, timeout: 8_000 });
  // The local Stripe has no use for the SDK's request telemetry, whose buffer only fills and warns.
  const url = new URL(settings.apiUrl);
  return new StripeSdk(settings.secretKey, {
    host: url.hostname,
    port: Number(url.port || (url.protocol === 'https:' ? 443 : 80)),
    protocol: url.protocol === 'https:' ? 'https' : 'http',
    maxNetworkRetries: 2,
    timeout: 8_000,
    telemetry: false,
  });
}

const idOf = (value: string | { id: string } | null | undefined): string | undefined => (typeof value === 'string' ? value : (value?.id ?? undefined));

const PLAN_BY_LOOKUP_KEY = new Map<string, MembershipPlan>(
  (Object.entries(STRIPE_CATALOGUE.prices) as [MembershipPlan, { lookupKey: string }][]).map(([plan, price]) => [price.lookupKey, plan]),
);

function subscriptionState(subscription: Stripe.Subscription): SubscriptionState {
  const item = subscription.items.data[0];
  const lookupKey = item?.price.lookup_key ?? undefined;
  return {
    id: subscription.id,
    customerId: idOf(subscription.customer)!,
    status: subscription.status,
    plan: lookupKey ? PLAN_BY_LOOKUP_KEY.get(lookupKey) : undefined,
    currentPeriodEnd: item?.current_period_end ?? undefined,
    cancelAtPeriodEnd: subscription.cancel_at_period_end,
    created: subscription.created,
  };
}

/** Stripe's StripeInvalidRequestError, known by its type (this module does not load the SDK's error classes). */
function isInvalidRequest(error: unknown): error is Error & { readonly statusCode?: number; readonly param?: string } {
  return error instanceof Error && (error as { type?: unknown }).type === 'StripeInvalidRequestError';
}

function isMissing(error: unknown): boolean {
  return isInvalidRequest(error) && error.statusCode === 404;
}

export function createStripePayments(stripe: Stripe, webhookSecret: string | undefined): PaymentGateway {
  const priceIds = new Map<MembershipPlan, string>();

  async function priceId(plan: MembershipPlan): Promise<string> {
    const known = priceIds.get(plan);
    if (known) return known;
    const lookupKey = STRIPE_CATALOGUE.prices[plan].lookupKey;
    const prices = await stripe.prices.list({ lookup_keys: [lookupKey], active: true, limit: 1 });
    const price = prices.data[0];
    if (!price) throw new Error(`Stripe has no active price with lookup key ${lookupKey}: run npm run stripe:setup`);
    priceIds.set(plan, price.id);
    return price.id;
  }

  return {
    async createCustomer({ userId, email, name }) {
      const customer = await stripe.customers.create({ email, name, metadata: { userId } }, { idempotencyKey: `customer-${userId}` });
      return customer.id;
    },

    async customerUserId(customerId) {
      try {
        const customer = await stripe.customers.retrieve(customerId);
        if (customer.deleted) return undefined;
        return customer.metadata.userId || undefined;
      } catch (error) {
        if (isMissing(error)) return undefined;
        throw error;
      }
    },

    async createCheckoutSession(input) {
      try {
        const session = await stripe.checkout.sessions.create({
          mode: 'subscription',
          customer: input.customerId,
          client_reference_id: input.userId,
          line_items: [{ price: await priceId(input.plan), quantity: 1 }],
          ...(input.couponId ? { discounts: [{ coupon: input.couponId }] } : {}),
          success_url: input.successUrl,
          cancel_url: input.cancelUrl,
          expires_at: input.expiresAt,
          metadata: { ...input.metadata },
          subscription_data: { metadata: { userId: input.userId, plan: input.plan } },
        });
        if (!session.url) throw new Error(`Stripe returned checkout session ${session.id} without a URL`);
        return { id: session.id, url: session.url };
      } catch (error) {
        // A coupon past its max_redemptions (or otherwise unusable) is refused with param discounts[0][coupon].
        if (input.couponId && isInvalidRequest(error) && error.param?.startsWith('discounts')) {
          throw new CouponRefusedError(error.message, { cause: error });
        }
        throw error;
      }
    },

    async getCheckoutSession(id) {
      const session = await stripe.checkout.sessions.retrieve(id);
      return {
        id: session.id,
        status: session.status ?? 'open',
        customerId: idOf(session.customer),
        userId: session.client_reference_id ?? undefined,
        metadata: session.metadata ?? {},
        url: session.url ?? undefined,
      };
    },

    async expireCheckoutSession(id) {
      const session = await stripe.checkout.sessions.retrieve(id);
      if (session.status === 'open') await stripe.checkout.sessions.expire(id);
    },

    async createPortalSession(customerId, returnUrl) {
      const session = await stripe.billingPortal.sessions.create({ customer: customerId, return_url: returnUrl });
      return session.url;
    },

    async listSubscriptions(customerId) {
      const subscriptions: SubscriptionState[] = [];
      for await (const subscription of stripe.subscriptions.list({ customer: customerId, status: 'all', limit: 100 })) {
        subscriptions.push(subscriptionState(subscription));
      }
      return subscriptions.sort((a, b) => b.created - a.created);
    },

    async cancelAtPeriodEnd(subscriptionId) {
      return subscriptionState(await stripe.subscriptions.update(subscriptionId, { cancel_at_period_end: true }));
    },

    async cancelNow(subscriptionId) {
      try {
        await stripe.subscriptions.cancel(subscriptionId);
      } catch (error) {
        if (!isMissing(error)) throw error;
      }
    },

    async verifyEvent(rawBody, signature) {
      if (!webhookSecret) throw new Error('STRIPE_WEBHOOK_SECRET is not configured for this function');
      if (!signature) throw new InvalidSignatureError('No Stripe-Signature header');
      let event: Stripe.Event;
      try {
        event = await stripe.webhooks.constructEventAsync(rawBody, signature, webhookSecret);
      } catch (error) {
        throw new InvalidSignatureError((error as Error).message, { cause: error });
      }
      const object = event.data.object as { id?: string; object?: string; customer?: string | { id: string } | null };
      return {
        id: event.id,
        type: event.type,
        objectId: object.id,
        customerId: object.object === 'customer' ? object.id : idOf(object.customer),
      };
    },
  };
}

/** The gateway from an area's configuration, its secrets resolved (SSM in the cloud). */
export async function paymentGatewayFromConfig(region: string, config: StripeConfig): Promise<PaymentGateway> {
  const secrets = await resolveSecrets(region, { secretKey: config.secretKey, webhookSecret: config.webhookSecret });
  return createStripePayments(await createStripeClient({ secretKey: secrets.secretKey!, apiUrl: config.apiUrl }), secrets.webhookSecret);
}

/**
 * A gateway made on first use: an area that calls Stripe on one rare route (accounts: erasure) does not
 * read the Stripe secrets, or fail without them, on its other routes. A failed start is retried next time.
 */
export function lazyPaymentGateway(load: () => Promise<PaymentGateway>): PaymentGateway {
  let loading: Promise<PaymentGateway> | undefined;
  const gateway = () => {
    loading ??= load().catch((error: unknown) => {
      loading = undefined;
      throw error;
    });
    return loading;
  };
  return new Proxy({} as PaymentGateway, {
    get:
      (_target, name: keyof PaymentGateway) =>
      async (...args: unknown[]) =>
        ((await gateway())[name] as (...a: unknown[]) => Promise<unknown>)(...args),
  });
}
