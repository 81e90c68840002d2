import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { STAT, ukMonth } from './admin';
import { untilProcessed } from './batch';
import { createTableStore } from './table-store';

/**
 * The business-name index: each provider's business and one item per word of its name, so sign-up can
 * find an existing business by any word of it. Sign-up and profile edits write the business with the
 * profile in one transaction (the account repository, through `nameWords` and `wordItem`).
 */

export interface BusinessRecord {
  readonly businessId: string;
  readonly businessName: string;
  readonly businessEmail?: string;
}

/** Lower-case ASCII letters and digits separated by single spaces: what search compares. */
function normaliseBusinessName(name: string): string {
  return name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, ' ')
    .trim();
}

const SEARCH_PREFIX_LENGTH = 2;
/** Keeps a business and its word items inside one transaction (at most 100 items). */
const MAX_INDEXED_WORDS = 20;
const SEARCH_CANDIDATES = 100;

export function nameWords(name: string): string[] {
  const words = normaliseBusinessName(name)
    .split(' ')
    .filter((word) => word.length >= SEARCH_PREFIX_LENGTH);
  return [...new Set(words)].slice(0, MAX_INDEXED_WORDS);
}

/** The key of a business's search-word item. */
export function wordKey(word: string, businessId: string) {
  return { prefix: word.slice(0, SEARCH_PREFIX_LENGTH), word, businessId };
}

export function wordItem(word: string, business: { businessId: string; businessName: string }) {
  return { ...wordKey(word, business.businessId), businessName: business.businessName };
}

export interface BusinessRepository {
  /** Businesses with a name word starting with the text's longest word and containing the whole text: their ids and names. */
  searchBusinesses(text: string, limit: number): Promise<Pick<BusinessRecord, 'businessId' | 'businessName'>[]>;
  /** Whose each business is, by business id (one BatchGetItem; a business without an owner is not in it). */
  ownersOf(businessIds: readonly string[]): Promise<Map<string, string>>;
  deleteBusiness(businessId: string, businessName: string): Promise<void>;
}

export function createBusinessRepository(client: DynamoDBDocumentClient, tableName: string): BusinessRepository {
  const store = createTableStore(client, tableName);
  const { business, businessWord } = store.entities;

  return {
    async searchBusinesses(text, limit) {
      const normalised = normaliseBusinessName(text);
      const longest = normalised.split(' ').reduce((a, b) => (b.length > a.length ? b : a), '');
      if (longest.length < SEARCH_PREFIX_LENGTH) return [];
      const { data } = await businessWord.query
        .byWord({ prefix: longest.slice(0, SEARCH_PREFIX_LENGTH) })
        .begins({ word: longest })
        .go({ limit: SEARCH_CANDIDATES });
      const found = new Map<string, BusinessRecord>();
      for (const item of data) {
        if (found.size >= limit) break;
        if (found.has(item.businessId) || !normaliseBusinessName(item.businessName).includes(normalised)) continue;
        found.set(item.businessId, { businessId: item.businessId, businessName: item.businessName });
      }
      return [...found.values()].sort((a, b) => a.businessName.localeCompare(b.businessName, 'en-GB'));
    },

    async ownersOf(businessIds) {
      const owners = new Map<string, string>();
      if (businessIds.length === 0) return owners;
      await untilProcessed(
        'Business reads',
        [...new Set(businessIds)].map((businessId) => ({ businessId })),
        async (pending) => {
          const { data: stored, unprocessed } = await business.get([...pending]).go({ attributes: ['businessId', 'ownerUserId'] });
          for (const { businessId, ownerUserId } of stored) if (ownerUserId) owners.set(businessId, ownerUserId);
          return unprocessed;
        },
      );
      return owners;
    },

    async deleteBusiness(businessId, businessName) {
      const words = nameWords(businessName).map((word) => wordKey(word, businessId));
      if (words.length > 0) {
        const { unprocessed } = await businessWord.delete(words).go();
        if (unprocessed.length > 0) throw new Error(`${unprocessed.length} business search words were not deleted`);
      }
      const { data: stored } = await business.get({ businessId }).go({ consistent: true });
      if (!stored) return;
      // The counters move only with the item's own deletion: a second run finds nothing and moves nothing.
      const result = await store.transaction
        .write(({ business: businesses, adminStat: stats }) => [
          businesses
            .delete({ businessId })
            .where((attr, op) => op.exists(attr.businessId))
            .commit(),
          stats.update({ name: STAT.businesses }).add({ count: -1 }).commit(),
          stats
            .update({ name: STAT.businessesIn(ukMonth(stored.createdAt)) })
            .add({ count: -1 })
            .commit(),
        ])
        .go();
      const codes = result.canceled ? (result.data as { code: string }[]).map((item) => item.code) : [];
      if (result.canceled && codes[0] !== 'ConditionalCheckFailed') throw new Error(`The business deletion was cancelled: ${codes.join(', ')}`);
    },
  };
}
