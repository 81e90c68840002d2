import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { createTableStore } from './table-store';
import { isConditionFailure } from './write-outcomes';

/** The one first-admin setup: claimed by a conditional create so two setups at once cannot both pass. */

interface AdminSetupRecord {
  readonly username: string;
  readonly startedAt: string;
  readonly userId?: string;
  readonly completedAt?: string;
}

export interface AdminSetupRepository {
  claimAdminSetup(username: string, now: Date): Promise<boolean>;
  completeAdminSetup(userId: string, now: Date): Promise<void>;
  releaseAdminSetup(): Promise<void>;
  getAdminSetup(): Promise<AdminSetupRecord | undefined>;
}

export function createAdminSetupRepository(client: DynamoDBDocumentClient, tableName: string): AdminSetupRepository {
  const { adminSetup } = createTableStore(client, tableName).entities;

  return {
    async claimAdminSetup(username, now) {
      try {
        await adminSetup.create({ username, startedAt: now.toISOString() }).go({ response: 'none' });
        return true;
      } catch (error) {
        if (isConditionFailure(error)) return false;
        throw error;
      }
    },

    async completeAdminSetup(userId, now) {
      await adminSetup.patch({}).set({ userId, completedAt: now.toISOString() }).go({ response: 'none' });
    },

    async releaseAdminSetup() {
      await adminSetup
        .delete({})
        .where((attr, op) => op.notExists(attr.completedAt))
        .go({ response: 'none' })
        .catch((error: unknown) => {
          if (!isConditionFailure(error)) throw error;
        });
    },

    async getAdminSetup() {
      const { data } = await adminSetup.get({}).go();
      return data ?? undefined;
    },
  };
}
