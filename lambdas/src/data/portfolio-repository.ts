import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { CONFLICT, isConditionFailure, retryOnConflict } from './write-outcomes';
import { newsItem } from './provider-updates';
import { createTableStore } from './table-store';

export interface PortfolioMediaRecord {
  /** Unique within its item. */
  readonly id: string;
  readonly type: 'image' | 'video';
  /** The name the provider knew the file by. */
  readonly filename: string;
  /** The object in the portfolio bucket; absent only for a legacy image, which has `url`. */
  readonly key?: string;
  readonly url?: string;
  readonly thumbnailKey?: string;
  readonly posterKey?: string;
}

export interface PortfolioItemRecord {
  readonly userId: string;
  readonly itemId: string;
  readonly title: string;
  readonly description?: string;
  readonly position: number;
  readonly media: readonly PortfolioMediaRecord[];
  readonly createdAt: string;
  readonly updatedAt: string;
}

/** What a save writes; the position of a new item and the times come from the caller. */
interface PortfolioItemContent {
  readonly title: string;
  readonly description?: string;
  readonly media: readonly PortfolioMediaRecord[];
}

export interface PortfolioRepository {
  /** The whole portfolio, in display order; `consistent` for the owner, who has often just changed it. */
  list(userId: string, options?: { consistent?: boolean }): Promise<PortfolioItemRecord[]>;
  get(userId: string, itemId: string): Promise<PortfolioItemRecord | undefined>;
  /** Adds the item unless the provider has `limit` items already (then `full`, nothing written). */
  add(item: PortfolioItemContent & { userId: string; itemId: string; position: number; createdAt: string }, limit: number): Promise<'added' | 'full'>;
  /**
   * Replaces the item's title, description and media, only while it is still as it was read
   * (`expectedUpdatedAt`); false when it changed meanwhile or is gone.
   */
  replace(userId: string, itemId: string, content: PortfolioItemContent, updatedAt: string, expectedUpdatedAt: string): Promise<boolean>;
  /** False when there was no such item. */
  remove(userId: string, itemId: string): Promise<boolean>;
  /** Numbers the items in this order; false (nothing changed) when one of them is gone. */
  reorder(userId: string, itemIds: readonly string[]): Promise<boolean>;
  itemCount(userId: string): Promise<number>;
  /** Every item and the count (account erasure). */
  removeAll(userId: string): Promise<void>;
}

/** A legacy item's single image URL, read as a media entry: the item shows as one image. */
export const LEGACY_IMAGE_ID = 'legacy-image';

const basename = (url: string) => decodeURIComponent(url.split(/[?#]/)[0]!.split('/').filter(Boolean).at(-1) ?? 'image');

interface StoredItem {
  userId: string;
  itemId: string;
  title: string;
  description?: string;
  position: number;
  media?: PortfolioMediaRecord[];
  imageUrl?: string;
  createdAt: string;
  updatedAt: string;
}

function toRecord(item: StoredItem): PortfolioItemRecord {
  const media = item.media?.length
    ? item.media.map((entry) => ({ ...entry }))
    : item.imageUrl
      ? [{ id: LEGACY_IMAGE_ID, type: 'image' as const, url: item.imageUrl, filename: basename(item.imageUrl) }]
      : [];
  return {
    userId: item.userId,
    itemId: item.itemId,
    title: item.title,
    ...(item.description ? { description: item.description } : {}),
    position: item.position,
    media,
    createdAt: item.createdAt,
    updatedAt: item.updatedAt,
  };
}

const inOrder = (a: PortfolioItemRecord, b: PortfolioItemRecord) =>
  a.position - b.position || a.createdAt.localeCompare(b.createdAt) || a.itemId.localeCompare(b.itemId);

/** ElectroDB's map type wants mutable, fully optional-free objects. */
const storedMedia = (media: readonly PortfolioMediaRecord[]) => media.map((entry) => ({ ...entry }));

function cancellationCodes(result: { data: unknown }): string[] {
  return (result.data as { code: string }[]).map((item) => item.code);
}

export function createPortfolioRepository(client: DynamoDBDocumentClient, tableName: string): PortfolioRepository {
  const service = createTableStore(client, tableName);
  const { portfolioItem, portfolioCounter } = service.entities;

  async function list(userId: string, options?: { consistent?: boolean }): Promise<PortfolioItemRecord[]> {
    const { data } = await portfolioItem.query.byUser({ userId }).go({ pages: 'all', consistent: options?.consistent ?? false });
    return (data as StoredItem[]).map(toRecord).sort(inOrder);
  }

  /** Runs a transaction again while it only met another at the same moment. */
  function transact(name: string, write: () => Promise<{ canceled: boolean; data: unknown }>): Promise<string[] | undefined> {
    return retryOnConflict(`The ${name} transaction`, async () => {
      const result = await write();
      if (!result.canceled) return undefined;
      const codes = cancellationCodes(result);
      return codes.includes('TransactionConflict') ? CONFLICT : codes;
    });
  }

  return {
    list,

    async get(userId, itemId) {
      const { data } = await portfolioItem.get({ userId, itemId }).go({ consistent: true });
      return data ? toRecord(data as StoredItem) : undefined;
    },

    async add(item, limit) {
      const { userId, itemId, title, description, position, media, createdAt } = item;
      const codes = await transact('portfolio add', () =>
        service.transaction
          .write(({ portfolioItem: items, portfolioCounter: counters, providerNews: news }) => [
            items
              .create({ userId, itemId, title, ...(description ? { description } : {}), position, media: storedMedia(media), createdAt, updatedAt: createdAt })
              .commit(),
            counters
              .upsert({ userId })
              .add({ itemCount: 1 })
              .where((attr, op) => `${op.notExists(attr.itemCount)} OR ${op.lt(attr.itemCount, limit)}`)
              .commit(),
            // The clients who saved the provider hear of new work (Provider Updates).
            news.put(newsItem(userId, 'portfolio', createdAt)).commit(),
          ])
          .go(),
      );
      if (!codes) return 'added';
      if (codes[0] === 'None' && codes[1] === 'ConditionalCheckFailed') return 'full';
      throw new Error(`The portfolio add transaction was cancelled: ${codes.join(', ')}`);
    },

    async replace(userId, itemId, { title, description, media }, updatedAt, expectedUpdatedAt) {
      try {
        await portfolioItem
          .patch({ userId, itemId })
          .set({ title, media: storedMedia(media), updatedAt, ...(description ? { description } : {}) })
          // A legacy item's image is in `media` from now on.
          .remove(description ? ['imageUrl'] : ['imageUrl', 'description'])
          .where((attr, op) => op.eq(attr.updatedAt, expectedUpdatedAt))
          .go({ response: 'none' });
        return true;
      } catch (error) {
        if (isConditionFailure(error)) return false;
        throw error;
      }
    },

    async remove(userId, itemId) {
      const codes = await transact('portfolio remove', () =>
        service.transaction
          .write(({ portfolioItem: items, portfolioCounter: counters }) => [
            items.remove({ userId, itemId }).commit(),
            // Items come only through `add`, so the count is there and at least one.
            counters.update({ userId }).add({ itemCount: -1 }).commit(),
          ])
          .go(),
      );
      if (!codes) return true;
      if (codes[0] === 'ConditionalCheckFailed') return false;
      throw new Error(`The portfolio remove transaction was cancelled: ${codes.join(', ')}`);
    },

    async reorder(userId, itemIds) {
      if (itemIds.length === 0) return true;
      const codes = await transact('portfolio reorder', () =>
        service.transaction
          .write(({ portfolioItem: items }) => itemIds.map((itemId, position) => items.patch({ userId, itemId }).set({ position }).commit()))
          .go(),
      );
      if (!codes) return true;
      if (codes.includes('ConditionalCheckFailed')) return false;
      throw new Error(`The portfolio reorder transaction was cancelled: ${codes.join(', ')}`);
    },

    async itemCount(userId) {
      const { data } = await portfolioCounter.get({ userId }).go({ consistent: true });
      return data?.itemCount ?? 0;
    },

    async removeAll(userId) {
      const items = await list(userId, { consistent: true });
      if (items.length > 0) {
        const { unprocessed } = await portfolioItem.delete(items.map(({ itemId }) => ({ userId, itemId }))).go();
        if (unprocessed.length > 0) throw new Error(`${unprocessed.length} portfolio items were not deleted`);
      }
      await portfolioCounter.delete({ userId }).go({ response: 'none' });
    },
  };
}
