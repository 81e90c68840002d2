import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { untilProcessed } from './batch';
import { pageBelow } from './raw-commands';
import { decodeTimeCursor, encodeTimeCursor } from './time-cursor';
import { isConditionFailure } from './write-outcomes';
import { newestFirstKeys } from './saved-providers';
import { createTableStore } from './table-store';

interface SavedProviderRecord {
  readonly userId: string;
  readonly providerId: string;
  /** ISO time of the first save. */
  readonly savedAt: string;
}

interface SavedProvidersPage {
  readonly saved: SavedProviderRecord[];
  /** Where the next page starts; absent on the last page. */
  readonly nextCursor?: string;
}

export interface SavedProvidersRepository {
  /** Saves the provider for the person; saving again changes nothing. Answers the saved item. */
  save(userId: string, providerId: string, now: Date): Promise<SavedProviderRecord>;
  /** Forgets the provider; one that was not saved is no error. */
  remove(userId: string, providerId: string): Promise<void>;
  /** A page of the person's saved providers, newest first; throws InvalidCursorError for a cursor it did not make. */
  list(userId: string, page: { cursor?: string; limit: number }): Promise<SavedProvidersPage>;
  /** Every provider the person saved, newest first (export). */
  listAll(userId: string): Promise<SavedProviderRecord[]>;
  /** Removes everything the person saved (account erasure). */
  removeAll(userId: string): Promise<void>;
}

const encodeCursor = (item: SavedProviderRecord) => encodeTimeCursor(item.savedAt, item.providerId);

function decodeCursor(cursor: string): { savedAt: string; providerId: string } {
  const { at, id } = decodeTimeCursor(cursor);
  return { savedAt: at, providerId: id };
}

const toRecord = (item: Record<string, unknown>): SavedProviderRecord => ({
  userId: item.userId as string,
  providerId: item.providerId as string,
  savedAt: item.savedAt as string,
});

export function createSavedProvidersRepository(client: DynamoDBDocumentClient, tableName: string): SavedProvidersRepository {
  const { savedProvider } = createTableStore(client, tableName).entities;

  async function listAll(userId: string): Promise<SavedProviderRecord[]> {
    const { data } = await savedProvider.query.newestFirst({ userId }).go({ pages: 'all', order: 'desc' });
    return data.map(toRecord);
  }

  return {
    async save(userId, providerId, now) {
      const item = { userId, providerId, savedAt: now.toISOString() };
      try {
        await savedProvider.create(item).go({ response: 'none' });
        return item;
      } catch (error) {
        if (!isConditionFailure(error)) throw error;
      }
      const { data } = await savedProvider.get({ userId, providerId }).go({ consistent: true });
      // Removed between the two calls: the save still happened, at this time.
      return data ? toRecord(data) : item;
    },

    async remove(userId, providerId) {
      await savedProvider.delete({ userId, providerId }).go({ response: 'none' });
    },

    async list(userId, { cursor, limit }) {
      const after = cursor === undefined ? undefined : decodeCursor(cursor);
      const { index, partitionKey, sortKey, partition, prefix, sort } = newestFirstKeys;
      const below = after ? sort(after.savedAt, after.providerId) : undefined;
      const list = { indexName: index, partitionKey, sortKey, partition: partition(userId), prefix };
      const items = (await pageBelow(client, tableName, list, below, limit)).map(toRecord);
      const saved = items.slice(0, limit);
      return items.length > limit ? { saved, nextCursor: encodeCursor(saved.at(-1)!) } : { saved };
    },

    listAll,

    async removeAll(userId) {
      const saved = await listAll(userId);
      if (saved.length === 0) return;
      await untilProcessed(
        `The saved providers of ${userId}`,
        saved.map(({ providerId }) => ({ userId, providerId })),
        async (keys) => (await savedProvider.delete([...keys]).go()).unprocessed,
      );
    },
  };
}
