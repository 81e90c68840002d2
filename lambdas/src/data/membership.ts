import { Entity } from 'electrodb';
import { pk, sk } from './key-templates';

/**
 * Membership: Stripe's webhook events seen, and the FIRST100 offer's slots. Every key format
 * of these items is here and nowhere else. The subscription summary itself is on the profile (accounts.ts).
 */

const STRIPE_EVENT_STATUSES = ['processing', 'done'] as const;

/**
 * One item per Stripe event id, so each event is handled once however often Stripe delivers it.
 *   "claim an event": PutItem PK = STRIPE_EVENT#<id>, SK = EVENT, conditional on no item, or a
 *   `processing` claim whose holder ran out of time (`processingUntil` passed: a crashed attempt).
 * Stripe retries an undelivered event for three days; `expiresAt` (TTL) keeps the id a week.
 */
export const stripeEventEntity = new Entity({
  model: { entity: 'stripeEvent', version: '1', service: 'solutionz' },
  attributes: {
    eventId: { type: 'string', required: true, readOnly: true },
    type: { type: 'string', required: true },
    status: { type: STRIPE_EVENT_STATUSES, required: true },
    /** Epoch ms. */
    processingUntil: { type: 'number', required: true },
    receivedAt: { type: 'string', required: true },
    handledAt: { type: 'string' },
    expiresAt: { type: 'number', required: true },
  },
  indexes: {
    byId: { pk: pk('STRIPE_EVENT#${eventId}', ['eventId']), sk: sk('EVENT', []) },
  },
});

const OFFER_SLOT_STATUSES = ['pending', 'used'] as const;
export type OfferSlotStatus = (typeof OFFER_SLOT_STATUSES)[number];

/**
 * A limited offer's counter, one item per offer (FIRST100): "take a slot" is an UpdateItem
 * `claimed = claimed + 1` conditional on `claimed < limit`, in the same transaction as the provider's
 * slot item, so concurrent claims can never pass the limit and nobody holds two.
 *   PK = OFFER#<offer>, SK = COUNTER.
 */
export const offerCounterEntity = new Entity({
  model: { entity: 'offerCounter', version: '1', service: 'solutionz' },
  attributes: {
    offer: { type: 'string', required: true, readOnly: true },
    claimed: { type: 'number', required: true, default: 0 },
  },
  indexes: {
    byOffer: { pk: pk('OFFER#${offer}', ['offer']), sk: sk('COUNTER', []) },
  },
});

/**
 * A provider's slot of an offer: `pending` while its checkout is open (released when Stripe expires the
 * checkout, at `heldUntil` at the latest), `used` once paid. Keyed by the user so account erasure finds
 * it with one GetItem.
 *   PK = USER#<userId>, SK = OFFER#<offer>.
 */
export const offerSlotEntity = new Entity({
  model: { entity: 'offerSlot', version: '1', service: 'solutionz' },
  attributes: {
    userId: { type: 'string', required: true, readOnly: true },
    offer: { type: 'string', required: true, readOnly: true },
    status: { type: OFFER_SLOT_STATUSES, required: true },
    /** The Stripe Checkout the slot is held for; set right after the session exists. */
    checkoutSessionId: { type: 'string' },
    claimedAt: { type: 'string', required: true },
    /** Epoch seconds: the hold ends then, however often its checkout is opened again. */
    heldUntil: { type: 'number' },
    usedAt: { type: 'string' },
  },
  indexes: {
    byUser: { pk: pk('USER#${userId}', ['userId']), sk: sk('OFFER#${offer}', ['offer']) },
  },
});
