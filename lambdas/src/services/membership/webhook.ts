import { COUPON_FIRST100, MEMBERSHIP_MESSAGES } from '@solutionz/shared';
import { InvalidSignatureError, type PaymentEvent } from '../../adapters/stripe-payments';
import { ValidationError } from '../../errors';
import { BUSINESS_METRICS, type BusinessMetrics } from '../../business-metrics';
import type { StripeSyncDeps } from './deps';
import { syncCustomer } from './subscription';

/** A claim on an event lapses after this long, so a delivery whose handler died is handled by a later one. */
const HANDLING_HOLD_MS = 60_000;
/** Stripe retries an event for up to three days; its id is remembered longer than that. */
const EVENT_MEMORY_SECONDS = 7 * 24 * 60 * 60;

const SYNCED_EVENTS = new Set([
  'customer.subscription.created',
  'customer.subscription.updated',
  'customer.subscription.deleted',
  'customer.subscription.paused',
  'customer.subscription.resumed',
  'invoice.paid',
  'invoice.payment_failed',
]);

/** The webhook's dependencies: following Stripe, and counting what the business watches. */
export type StripeWebhookDeps = StripeSyncDeps & { readonly metrics: BusinessMetrics };

async function checkoutCompleted(deps: StripeWebhookDeps, event: PaymentEvent): Promise<void> {
  const session = await deps.payments.getCheckoutSession(event.objectId!);
  if (!session.userId || !session.customerId) return;
  if (session.metadata.offer === COUPON_FIRST100.code) {
    await deps.membership.markOfferSlotUsed(COUPON_FIRST100.code, session.userId, session.id, deps.clock());
  }
  await syncCustomer(deps, session.customerId, session.userId);
  deps.metrics.count(BUSINESS_METRICS.checkoutsCompleted);
}

/** An unpaid checkout closed (abandoned, or replaced by a newer one): its FIRST100 slot goes back. */
async function checkoutExpired(deps: StripeSyncDeps, event: PaymentEvent): Promise<void> {
  const session = await deps.payments.getCheckoutSession(event.objectId!);
  if (session.userId && session.metadata.offer === COUPON_FIRST100.code && session.status === 'expired') {
    await deps.membership.releaseOfferSlot(COUPON_FIRST100.code, session.userId, session.id);
  }
}

async function handle(deps: StripeWebhookDeps, event: PaymentEvent): Promise<void> {
  if (event.type === 'checkout.session.completed') return checkoutCompleted(deps, event);
  if (event.type === 'checkout.session.expired') return checkoutExpired(deps, event);
  if (SYNCED_EVENTS.has(event.type) && event.customerId) await syncCustomer(deps, event.customerId);
}

/**
 * POST /api/stripe/webhook. The signature is checked on the raw body before anything else; each event
 * id is then claimed once (a conditional write), so repeated and concurrent deliveries handle it once;
 * handling re-reads the state from Stripe rather than trusting the event's copy, so any order of events
 * ends in the state Stripe has. A failure gives the claim back and answers 500: Stripe delivers again.
 */
export async function handleStripeWebhook(
  deps: StripeWebhookDeps,
  rawBody: string,
  signature: string | undefined,
): Promise<{ received: true; duplicate: boolean }> {
  let event: PaymentEvent;
  try {
    event = await deps.payments.verifyEvent(rawBody, signature);
  } catch (error) {
    // A wrong signing secret refuses every event, and memberships stop following Stripe: worth an alarm.
    deps.metrics.count(BUSINESS_METRICS.stripeWebhooksFailed);
    // Why it failed (no header, no match, too old) stays in our logs; the caller learns only that it did.
    if (error instanceof InvalidSignatureError) {
      throw new ValidationError({ 'headers.stripe-signature': MEMBERSHIP_MESSAGES.invalidSignature }, MEMBERSHIP_MESSAGES.invalidSignature, { cause: error });
    }
    throw error;
  }
  if (!(await deps.membership.claimEvent(event.id, event.type, deps.clock(), HANDLING_HOLD_MS, EVENT_MEMORY_SECONDS))) {
    return { received: true, duplicate: true };
  }
  try {
    await handle(deps, event);
  } catch (error) {
    deps.metrics.count(BUSINESS_METRICS.stripeWebhooksFailed);
    await deps.membership.releaseEvent(event.id);
    throw error;
  }
  await deps.membership.completeEvent(event.id, deps.clock());
  return { received: true, duplicate: false };
}
