import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { CHECKOUT_SESSION_MINUTES, type SubscriptionTier } from '@solutionz/shared';
import { conflictPause, isConditionFailure, MAX_CONFLICT_RETRIES } from './write-outcomes';
import { type OfferSlotStatus } from './membership';
import { createTableStore } from './table-store';

/** The subscription fields of a profile, as the membership writes them from Stripe. */
export interface StoredSubscription {
  readonly tier: SubscriptionTier;
  /** ISO time the paid period ends; undefined without a subscription. */
  readonly end: string | undefined;
  readonly cancelAtPeriodEnd: boolean;
  readonly paymentFailed: boolean;
  readonly subscriptionId: string | undefined;
  readonly status: string | undefined;
}

interface OfferSlot {
  readonly status: OfferSlotStatus;
  readonly checkoutSessionId?: string;
  /** Epoch seconds: when a pending slot's hold ends. */
  readonly heldUntil: number;
}

type SlotClaim =
  /** A new slot was taken for this provider. */
  | { readonly outcome: 'claimed' }
  /** The provider already holds a pending slot (an earlier checkout still open), until `heldUntil` (epoch seconds). */
  | { readonly outcome: 'held'; readonly checkoutSessionId: string | undefined; readonly heldUntil: number }
  | { readonly outcome: 'used' }
  | { readonly outcome: 'full' };

export interface MembershipRepository {
  /** Stores the provider's Stripe customer unless one is stored already; answers the one that is stored. */
  keepCustomer(userId: string, customerId: string, now: Date): Promise<string>;
  /** Writes the summary; false when the profile is gone (an erased account) or belongs to another customer. */
  writeSubscription(userId: string, customerId: string, subscription: StoredSubscription, now: Date): Promise<boolean>;

  /** Takes one of `limit` slots of the offer for the provider, atomically with the counter, held for `holdSeconds` from now. */
  claimOfferSlot(offer: string, userId: string, limit: number, now: Date, holdSeconds: number): Promise<SlotClaim>;
  /** Records the checkout the pending slot is held for. */
  attachCheckout(offer: string, userId: string, checkoutSessionId: string): Promise<void>;
  /**
   * Gives a pending slot back (its checkout expired or could not be opened), only while it is still held
   * for that checkout (or none, when the checkout never opened); true when released.
   */
  releaseOfferSlot(offer: string, userId: string, checkoutSessionId: string | undefined): Promise<boolean>;
  /** The slot's checkout was paid: the slot is spent for good. */
  markOfferSlotUsed(offer: string, userId: string, checkoutSessionId: string, now: Date): Promise<void>;
  getOfferSlot(offer: string, userId: string): Promise<OfferSlot | undefined>;
  /** The slot item goes with the account; a pending one also goes back to the counter. */
  deleteOfferSlot(offer: string, userId: string): Promise<void>;
  claimedCount(offer: string): Promise<number>;

  /** True when this delivery may handle the event: nobody has, and nobody is handling it now. */
  claimEvent(eventId: string, type: string, now: Date, holdMs: number, keepSeconds: number): Promise<boolean>;
  completeEvent(eventId: string, now: Date): Promise<void>;
  /** The handling failed: the next delivery handles it again. */
  releaseEvent(eventId: string): Promise<void>;
  eventStatus(eventId: string): Promise<'processing' | 'done' | undefined>;
}

export function createMembershipRepository(client: DynamoDBDocumentClient, tableName: string): MembershipRepository {
  const service = createTableStore(client, tableName);
  const { stripeEvent, offerCounter, offerSlot, profile } = service.entities;

  return {
    async keepCustomer(userId, customerId, now) {
      try {
        await profile
          .patch({ userId })
          .set({ stripeCustomerId: customerId, updatedAt: now.toISOString() })
          .where((attr, op) => op.notExists(attr.stripeCustomerId))
          .go({ response: 'none' });
        return customerId;
      } catch (error) {
        if (!isConditionFailure(error)) throw error;
      }
      const { data } = await profile.get({ userId }).go({ attributes: ['stripeCustomerId'], consistent: true });
      if (!data?.stripeCustomerId) throw new Error(`The profile of ${userId} is gone`);
      return data.stripeCustomerId;
    },

    async writeSubscription(userId, customerId, subscription, now) {
      const set = {
        subscriptionTier: subscription.tier,
        cancelAtPeriodEnd: subscription.cancelAtPeriodEnd,
        paymentFailed: subscription.paymentFailed,
        stripeCustomerId: customerId,
        updatedAt: now.toISOString(),
        ...(subscription.end ? { subscriptionEnd: subscription.end } : {}),
        ...(subscription.subscriptionId ? { stripeSubscriptionId: subscription.subscriptionId } : {}),
        ...(subscription.status ? { subscriptionStatus: subscription.status } : {}),
      };
      const remove = [
        ...(subscription.end ? [] : (['subscriptionEnd'] as const)),
        ...(subscription.subscriptionId ? [] : (['stripeSubscriptionId'] as const)),
        ...(subscription.status ? [] : (['subscriptionStatus'] as const)),
      ];
      try {
        let write = profile.patch({ userId }).set(set);
        if (remove.length > 0) write = write.remove(remove);
        await write.where((attr, op) => `${op.notExists(attr.stripeCustomerId)} OR ${op.eq(attr.stripeCustomerId, customerId)}`).go({ response: 'none' });
        return true;
      } catch (error) {
        if (isConditionFailure(error)) return false;
        throw error;
      }
    },

    async claimOfferSlot(offer, userId, limit, now, holdSeconds) {
      const heldUntil = Math.floor(now.getTime() / 1000) + holdSeconds;
      for (let attempt = 1; ; attempt++) {
        const result = await service.transaction
          .write(({ offerCounter: counters, offerSlot: slots }) => [
            slots.create({ offer, userId, status: 'pending', claimedAt: now.toISOString(), heldUntil }).commit(),
            counters
              .upsert({ offer })
              .add({ claimed: 1 })
              .where((attr, op) => `${op.notExists(attr.claimed)} OR ${op.lt(attr.claimed, limit)}`)
              .commit(),
          ])
          .go();
        if (!result.canceled) return { outcome: 'claimed' };
        const [slotWrite, counterWrite] = (result.data as { code: string }[]).map((item) => item.code);
        if (slotWrite === 'ConditionalCheckFailed') {
          const slot = await this.getOfferSlot(offer, userId);
          // Without a slot now, it went between the two reads (its checkout expired): claim again.
          if (slot)
            return slot.status === 'used' ? { outcome: 'used' } : { outcome: 'held', checkoutSessionId: slot.checkoutSessionId, heldUntil: slot.heldUntil };
        } else if (counterWrite === 'ConditionalCheckFailed') {
          return { outcome: 'full' };
        } else if (![slotWrite, counterWrite].includes('TransactionConflict') || attempt >= MAX_CONFLICT_RETRIES) {
          throw new Error(`The offer slot transaction was cancelled: ${slotWrite}, ${counterWrite}`);
        }
        // Another claim touched the counter at the same moment: DynamoDB cancels rather than waits.
        await conflictPause(attempt);
      }
    },

    async attachCheckout(offer, userId, checkoutSessionId) {
      await offerSlot
        .patch({ offer, userId })
        .set({ checkoutSessionId })
        .where((attr, op) => op.eq(attr.status, 'pending'))
        .go({ response: 'none' });
    },

    async releaseOfferSlot(offer, userId, checkoutSessionId) {
      for (let attempt = 1; ; attempt++) {
        const result = await service.transaction
          .write(({ offerCounter: counters, offerSlot: slots }) => [
            slots
              .delete({ offer, userId })
              .where((attr, op) =>
                checkoutSessionId === undefined
                  ? `${op.eq(attr.status, 'pending')} AND ${op.notExists(attr.checkoutSessionId)}`
                  : `${op.eq(attr.status, 'pending')} AND ${op.eq(attr.checkoutSessionId, checkoutSessionId)}`,
              )
              .commit(),
            counters
              .patch({ offer })
              .add({ claimed: -1 })
              .where((attr, op) => op.gt(attr.claimed, 0))
              .commit(),
          ])
          .go();
        if (!result.canceled) return true;
        const codes = (result.data as { code: string }[]).map((item) => item.code);
        if (codes[0] === 'ConditionalCheckFailed') return false;
        if (!codes.includes('TransactionConflict') || attempt >= MAX_CONFLICT_RETRIES) {
          throw new Error(`The offer slot release was cancelled: ${codes.join(', ')}`);
        }
        await conflictPause(attempt);
      }
    },

    async markOfferSlotUsed(offer, userId, checkoutSessionId, now) {
      try {
        await offerSlot
          .patch({ offer, userId })
          .set({ status: 'used', usedAt: now.toISOString() })
          .where((attr, op) => op.eq(attr.checkoutSessionId, checkoutSessionId))
          .go({ response: 'none' });
      } catch (error) {
        if (!isConditionFailure(error)) throw error;
      }
    },

    async getOfferSlot(offer, userId) {
      const { data } = await offerSlot.get({ offer, userId }).go({ consistent: true });
      if (!data) return undefined;
      // A slot claimed before holds were dated is held for a checkout's lifetime from its claim.
      const heldUntil = data.heldUntil ?? Math.floor(Date.parse(data.claimedAt) / 1000) + CHECKOUT_SESSION_MINUTES * 60;
      return { status: data.status, ...(data.checkoutSessionId ? { checkoutSessionId: data.checkoutSessionId } : {}), heldUntil };
    },

    async deleteOfferSlot(offer, userId) {
      const slot = await this.getOfferSlot(offer, userId);
      if (!slot) return;
      if (slot.status === 'pending' && (await this.releaseOfferSlot(offer, userId, slot.checkoutSessionId))) return;
      await offerSlot.delete({ offer, userId }).go({ response: 'none' });
    },

    async claimedCount(offer) {
      const { data } = await offerCounter.get({ offer }).go({ consistent: true });
      return data?.claimed ?? 0;
    },

    async claimEvent(eventId, type, now, holdMs, keepSeconds) {
      try {
        await stripeEvent
          .put({
            eventId,
            type,
            status: 'processing',
            processingUntil: now.getTime() + holdMs,
            receivedAt: now.toISOString(),
            expiresAt: Math.floor(now.getTime() / 1000) + keepSeconds,
          })
          .where((attr, op) => `${op.notExists(attr.eventId)} OR (${op.eq(attr.status, 'processing')} AND ${op.lt(attr.processingUntil, now.getTime())})`)
          .go({ response: 'none' });
        return true;
      } catch (error) {
        if (isConditionFailure(error)) return false;
        throw error;
      }
    },

    async completeEvent(eventId, now) {
      await stripeEvent.patch({ eventId }).set({ status: 'done', handledAt: now.toISOString() }).go({ response: 'none' });
    },

    async releaseEvent(eventId) {
      await stripeEvent
        .delete({ eventId })
        .where((attr, op) => op.eq(attr.status, 'processing'))
        .go({ response: 'none' })
        .catch((error: unknown) => {
          if (!isConditionFailure(error)) throw error;
        });
    },

    async eventStatus(eventId) {
      const { data } = await stripeEvent.get({ eventId }).go({ consistent: true });
      return data?.status;
    },
  };
}
