import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { epochSeconds } from './epoch-seconds';
import { createTableStore } from './table-store';
import { isConditionFailure } from './write-outcomes';

/**
 * Rate limits and cooldowns: fixed-window counters (mail caps, job posts, sign-up attempts) and resend
 * countdowns, each a conditional write so concurrent requests cannot pass a limit. Counters and
 * cooldowns leave by TTL.
 */

type CooldownResult = { readonly claimed: true } | { readonly claimed: false; readonly retryAfterSeconds: number };
type QuotaResult = { readonly taken: true } | { readonly taken: false; readonly retryAfterSeconds: number };

export interface RateLimitRepository {
  /**
   * Takes one of `limit` uses of the current fixed window by a conditional counter write: refused, with
   * the seconds until the window ends, once `limit` are taken (concurrent takes can never pass it).
   */
  takeQuota(scope: string, subject: string, limit: number, windowSeconds: number, now: Date): Promise<QuotaResult>;
  /** Counts one attempt in the current fixed window; returns the count including this one. */
  countAttempt(scope: string, subject: string, windowSeconds: number, now: Date): Promise<{ count: number; retryAfterSeconds: number }>;
  claimCooldown(scope: string, subject: string, seconds: number, now: Date): Promise<CooldownResult>;
  deleteCooldowns(cooldowns: readonly { scope: string; subject: string }[]): Promise<void>;
}

export function createRateLimitRepository(client: DynamoDBDocumentClient, tableName: string): RateLimitRepository {
  const { rateCounter, cooldown } = createTableStore(client, tableName).entities;

  return {
    async takeQuota(scope, subject, limit, windowSeconds, now) {
      const nowSeconds = epochSeconds(now);
      const windowStart = nowSeconds - (nowSeconds % windowSeconds);
      const windowEnd = windowStart + windowSeconds;
      try {
        await rateCounter
          .update({ scope, subject, windowStart })
          .add({ count: 1 })
          .set({ expiresAt: windowEnd + windowSeconds })
          .where((attr, op) => `${op.notExists(attr.count)} OR ${op.lt(attr.count, limit)}`)
          .go({ response: 'none' });
        return { taken: true };
      } catch (error) {
        if (!isConditionFailure(error)) throw error;
        return { taken: false, retryAfterSeconds: Math.max(1, windowEnd - nowSeconds) };
      }
    },

    async countAttempt(scope, subject, windowSeconds, now) {
      const nowSeconds = epochSeconds(now);
      const windowStart = nowSeconds - (nowSeconds % windowSeconds);
      const windowEnd = windowStart + windowSeconds;
      const { data } = await rateCounter
        .update({ scope, subject, windowStart })
        .add({ count: 1 })
        .set({ expiresAt: windowEnd + windowSeconds })
        .go({ response: 'all_new' });
      return { count: data.count ?? 1, retryAfterSeconds: Math.max(1, windowEnd - nowSeconds) };
    },

    async claimCooldown(scope, subject, seconds, now) {
      const until = now.getTime() + seconds * 1000;
      try {
        await cooldown
          .put({ scope, subject, until, expiresAt: Math.ceil(until / 1000) })
          .where((attr, op) => `${op.notExists(attr.until)} OR ${op.lte(attr.until, now.getTime())}`)
          .go({ response: 'none' });
        return { claimed: true };
      } catch (error) {
        if (!isConditionFailure(error)) throw error;
        const { data } = await cooldown.get({ scope, subject }).go();
        const remainingMs = (data?.until ?? until) - now.getTime();
        return { claimed: false, retryAfterSeconds: Math.max(1, Math.ceil(remainingMs / 1000)) };
      }
    },

    async deleteCooldowns(cooldowns) {
      if (cooldowns.length === 0) return;
      const { unprocessed } = await cooldown.delete(cooldowns.map(({ scope, subject }) => ({ scope, subject }))).go();
      if (unprocessed.length > 0) throw new Error(`${unprocessed.length} cooldowns were not deleted`);
    },
  };
}
