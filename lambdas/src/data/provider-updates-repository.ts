import { randomUUID } from 'node:crypto';
import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { PROVIDER_UPDATE_LIMITS } from '@solutionz/shared';
import { epochSeconds } from './epoch-seconds';
import { STALE_CLAIM_MS } from './mail-claims';
import { DAY_MS } from './provider-updates';
import { createTableStore } from './table-store';
import { unsubscribeTokens } from './unsubscribe-tokens';
import { isConditionFailure } from './write-outcomes';

/** Who hears of a provider's news, and the claims and tokens of the mails (key formats in provider-updates.ts). */
export interface ProviderUpdatesRepository {
  /** The clients who saved this provider, a page at a time. */
  savers(providerId: string): AsyncGenerator<string[]>;
  /**
   * Takes the right to mail this client about this provider now: answers the claim's id, or undefined
   * when a mail went (or is going) within the quiet days.
   */
  claim(clientId: string, providerId: string, now: Date): Promise<string | undefined>;
  markSent(clientId: string, providerId: string, claimId: string): Promise<void>;
  markFailed(clientId: string, providerId: string, claimId: string): Promise<void>;
  /** The client's unsubscribe token, created the first time it is asked for. */
  unsubscribeToken(clientId: string, now: Date): Promise<string>;
  /** Whose token this is, or undefined for one that is malformed, unknown or wrong. */
  clientOfUnsubscribeToken(token: string): Promise<string | undefined>;
  /**
   * Account erasure: the person's token and claims as a client, and the news about them as a provider.
   * Claims of other clients about an erased provider hold only the two ids and expire by TTL (at most
   * PROVIDER_UPDATE_LIMITS.quietDays + 1 days), as job alert claims do.
   */
  forget(userId: string): Promise<void>;
}

export function createProviderUpdatesRepository(client: DynamoDBDocumentClient, tableName: string): ProviderUpdatesRepository {
  const { savedProvider, providerUpdateClaim: claims, providerUpdatesToken: tokenItems, providerNews: news } = createTableStore(client, tableName).entities;

  async function finish(clientId: string, providerId: string, claimId: string, status: 'sent' | 'failed') {
    try {
      await claims
        .patch({ clientId, providerId })
        .set({ status })
        .where((attr, op) => op.eq(attr.claimId, claimId))
        .go({ response: 'none' });
    } catch (error) {
      // Taken over as stale meanwhile: the claim is the other worker's to finish.
      if (!isConditionFailure(error)) throw error;
    }
  }

  const tokens = unsubscribeTokens({
    read: async (clientId) => (await tokenItems.get({ clientId }).go({ consistent: true })).data?.secret,
    create: async (clientId, secret, createdAt) => {
      await tokenItems.create({ clientId, secret, createdAt }).go({ response: 'none' });
    },
  });

  return {
    async *savers(providerId) {
      let cursor: string | null = null;
      do {
        const page: { data: { userId: string }[]; cursor: string | null } = await savedProvider.query
          .savers({ providerId })
          .go({ cursor, attributes: ['userId'] });
        if (page.data.length > 0) yield page.data.map(({ userId }) => userId);
        cursor = page.cursor;
      } while (cursor);
    },

    async claim(clientId, providerId, now) {
      const claimId = randomUUID();
      const quietSince = now.getTime() - PROVIDER_UPDATE_LIMITS.quietDays * DAY_MS;
      try {
        await claims
          .put({
            clientId,
            providerId,
            status: 'sending',
            claimId,
            claimedAt: now.getTime(),
            expiresAt: epochSeconds(new Date(now.getTime() + (PROVIDER_UPDATE_LIMITS.quietDays + 1) * DAY_MS)),
          })
          .where(
            (attr, op) =>
              `${op.notExists(attr.clientId)} OR ${op.lt(attr.claimedAt, quietSince)} OR ${op.eq(attr.status, 'failed')} OR (${op.eq(attr.status, 'sending')} AND ${op.lt(attr.claimedAt, now.getTime() - STALE_CLAIM_MS)})`,
          )
          .go({ response: 'none' });
        return claimId;
      } catch (error) {
        if (isConditionFailure(error)) return undefined;
        throw error;
      }
    },

    markSent: (clientId, providerId, claimId) => finish(clientId, providerId, claimId, 'sent'),
    markFailed: (clientId, providerId, claimId) => finish(clientId, providerId, claimId, 'failed'),

    unsubscribeToken: (clientId, now) => tokens.tokenOf(clientId, now),
    clientOfUnsubscribeToken: (token) => tokens.ownerOf(token),

    async forget(userId) {
      const [ownClaims, newsAbout] = await Promise.all([
        claims.query.byClient({ clientId: userId }).go({ pages: 'all', attributes: ['clientId', 'providerId'] }),
        news.query.byProvider({ providerId: userId }).go({ pages: 'all', attributes: ['providerId', 'day', 'kind'] }),
      ]);
      await Promise.all([
        tokenItems.delete({ clientId: userId }).go({ response: 'none' }),
        ...ownClaims.data.map((claim) => claims.delete(claim).go({ response: 'none' })),
        ...newsAbout.data.map((item) => news.delete(item).go({ response: 'none' })),
      ]);
    },
  };
}
