import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import type { ClaimState } from '@solutionz/shared';
import { createTableStore } from './table-store';
import { isConditionFailure } from './write-outcomes';

interface ClaimRecord {
  readonly businessId: string;
  readonly claimId: string;
  readonly businessName: string;
  readonly claimantUserId: string;
  readonly claimantEmail: string;
  readonly state: ClaimState;
  readonly createdAt: string;
  readonly decidedAt?: string;
  readonly decidedBy?: string;
  readonly refusalReason?: string;
}

/** A business as a claim sees it: who owns it now, the address the admin recorded, and its claim. */
interface ClaimTarget {
  readonly businessId: string;
  readonly businessName: string;
  readonly businessEmail?: string;
  /** The owner's profile is an admin-listed business nobody has claimed. */
  readonly unclaimed: boolean;
  readonly claim?: ClaimRecord;
}

export interface ClaimRepository {
  /** The business and its claim; undefined for an unknown business. */
  target(businessId: string): Promise<ClaimTarget | undefined>;
  /** Creates the business's claim unless one stands (any state but refused): false when another claim holds it. */
  open(claim: ClaimRecord): Promise<boolean>;
  /** Names the claimant's account once it exists. */
  attachClaimant(businessId: string, claimId: string, userId: string): Promise<void>;
  /** Withdraws a claim whose account could not be made, if it is still this claim. */
  drop(businessId: string, claimId: string): Promise<void>;
  /** The claims a person made, newest first. */
  claimsOf(userId: string): Promise<ClaimRecord[]>;
  /** Moves a claim from one state to another if it is still in the first: false when it was not. */
  move(businessId: string, claimId: string, from: ClaimState, set: Pick<ClaimRecord, 'state'> & Partial<Pick<ClaimRecord, 'decidedAt' | 'decidedBy' | 'refusalReason'>>): Promise<boolean>;
}

export function createClaimRepository(client: DynamoDBDocumentClient, tableName: string): ClaimRepository {
  const { claim, business, profile } = createTableStore(client, tableName).entities;

  return {
    async target(businessId) {
      const [{ data: stored }, { data: standing }] = await Promise.all([
        business.get({ businessId }).go({ consistent: true }),
        claim.get({ businessId }).go({ consistent: true }),
      ]);
      if (!stored) return undefined;
      const { data: owner } = stored.ownerUserId ? await profile.get({ userId: stored.ownerUserId }).go({ consistent: true, attributes: ['unclaimed'] }) : { data: null };
      return {
        businessId,
        businessName: stored.businessName,
        ...(stored.businessEmail ? { businessEmail: stored.businessEmail } : {}),
        unclaimed: owner?.unclaimed === true,
        ...(standing ? { claim: standing as ClaimRecord } : {}),
      };
    },

    async open(record) {
      try {
        await claim
          .put({ ...record })
          .where((attr, op) => `${op.notExists(attr.claimId)} OR ${op.eq(attr.state, 'refused')}`)
          .go({ response: 'none' });
        return true;
      } catch (error) {
        if (isConditionFailure(error)) return false;
        throw error;
      }
    },

    async attachClaimant(businessId, claimId, userId) {
      await claim
        .patch({ businessId })
        .set({ claimantUserId: userId })
        .where((attr, op) => op.eq(attr.claimId, claimId))
        .go({ response: 'none' });
    },

    async drop(businessId, claimId) {
      try {
        await claim
          .delete({ businessId })
          .where((attr, op) => op.eq(attr.claimId, claimId))
          .go({ response: 'none' });
      } catch (error) {
        if (!isConditionFailure(error)) throw error;
      }
    },

    async claimsOf(userId) {
      const { data } = await claim.query.byClaimant({ claimantUserId: userId }).go({ pages: 'all', order: 'desc' });
      return data as ClaimRecord[];
    },

    async move(businessId, claimId, from, set) {
      try {
        await claim
          .patch({ businessId })
          .set(set)
          .where((attr, op) => `${op.eq(attr.claimId, claimId)} AND ${op.eq(attr.state, from)}`)
          .go({ response: 'none' });
        return true;
      } catch (error) {
        if (isConditionFailure(error)) return false;
        throw error;
      }
    },
  };
}
