import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import type { TokenPurpose } from './accounts';
import { epochSeconds } from './epoch-seconds';
import { createTableStore } from './table-store';
import { isConditionFailure } from './write-outcomes';

/**
 * The one-time links sent by e-mail (confirm the address, reset the password, change the address, claim a business), kept
 * by the hash of their token. Redeeming one together with the profile change it allows is the account
 * repository's (`redeemConfirmationToken`, `moveEmail`), in one transaction.
 */

export interface TokenRecord {
  readonly tokenHash: string;
  readonly purpose: TokenPurpose;
  readonly userId: string;
  readonly email: string;
  /** Epoch seconds. */
  readonly expiresAt: number;
  readonly createdAt: string;
  readonly usedAt?: string;
  /** A business claim's link: the business and the name the new account takes. */
  readonly businessId?: string;
  readonly fullName?: string;
}

export interface LinkTokenRepository {
  putToken(token: TokenRecord): Promise<void>;
  getToken(tokenHash: string): Promise<TokenRecord | undefined>;
  /** Marks the token used if it is unused, unexpired and of this purpose; false when it was not. */
  redeemToken(tokenHash: string, purpose: TokenPurpose, now: Date): Promise<boolean>;
  /** Makes a redeemed token usable again after the step that needed it failed. */
  unredeemToken(tokenHash: string): Promise<void>;
  /** Every link token issued to the user that has not expired away yet, spent or not. */
  tokensOfUser(userId: string): Promise<TokenRecord[]>;
  deleteTokens(tokenHashes: readonly string[]): Promise<void>;
}

export function createLinkTokenRepository(client: DynamoDBDocumentClient, tableName: string): LinkTokenRepository {
  const { accountToken } = createTableStore(client, tableName).entities;

  return {
    async putToken(token) {
      await accountToken.create({ ...token }).go({ response: 'none' });
    },

    async getToken(tokenHash) {
      const { data } = await accountToken.get({ tokenHash }).go();
      return data ?? undefined;
    },

    async redeemToken(tokenHash, purpose, now) {
      try {
        await accountToken
          .patch({ tokenHash })
          .set({ usedAt: now.toISOString() })
          .where((attr, op) => `${op.eq(attr.purpose, purpose)} AND ${op.notExists(attr.usedAt)} AND ${op.gt(attr.expiresAt, epochSeconds(now))}`)
          .go({ response: 'none' });
        return true;
      } catch (error) {
        if (isConditionFailure(error)) return false;
        throw error;
      }
    },

    async unredeemToken(tokenHash) {
      await accountToken.patch({ tokenHash }).remove(['usedAt']).go({ response: 'none' });
    },

    async tokensOfUser(userId) {
      const { data } = await accountToken.query.byUser({ userId }).go({ pages: 'all' });
      return data;
    },

    async deleteTokens(tokenHashes) {
      if (tokenHashes.length === 0) return;
      const { unprocessed } = await accountToken.delete(tokenHashes.map((tokenHash) => ({ tokenHash }))).go();
      if (unprocessed.length > 0) throw new Error(`${unprocessed.length} tokens were not deleted`);
    },
  };
}
