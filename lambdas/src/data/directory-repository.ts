import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import type { ProfileRecord } from './account-repository';
import { STAT, statUpdateItem } from './admin';
import { untilProcessed } from './batch';
import { createCategoryRepository } from './category-repository';
import {
  ALL_SCOPE,
  alphabeticalPartition,
  CATEGORY_COUNTS_PARTITION,
  DIRECTORY_COUNT_ENTITY,
  DIRECTORY_GEO_KEYS,
  listingAttributes,
  scopeCountSlots,
  scopeEntries,
  sortName,
  unplacedPartition,
  type ListingRecord,
  type StoredListing,
} from './directory';
import { cellQuery, cellRunQuery, cellsOf, childCellsOfMany, countsKey, countWrites, entryGeohash, type CellCount } from './geo-cells';
import { isListed, listingOf, listingScopes } from './listing-rule';
import { cachedLiveTaxonomy, type LiveTaxonomy } from './live-taxonomy';
import { directoryIndexCommands, type TransactItems } from './raw-commands';
import { createTableStore } from './table-store';
import { TABLE } from './table-definition';
import { conflictPause, isConditionFailure, MAX_CONFLICT_RETRIES, retryOnConflict } from './write-outcomes';

/** The directory's listings and indexes (docs/architecture.md#directory-and-geo-search; items and key formats in directory.ts). */
export interface DirectoryRepository {
  /**
   * Brings the listing in line with the profile as stored now: written (or rewritten) when it says
   * listed, removed with every index entry when it does not or when there is no profile any more.
   */
  syncListing(userId: string, now: Date): Promise<void>;
  /** The live taxonomy (active groups and categories, deleted categories' selections), read at most once a minute. */
  taxonomy(): Promise<LiveTaxonomy>;
  /** Takes the provider out of the directory whatever the profile says (account erasure, before the profile goes). */
  removeListing(userId: string): Promise<void>;
  /** The listings of these providers (listed ones only), in one batch read. */
  getListings(userIds: readonly string[]): Promise<Map<string, ListingRecord>>;

  /** The non-empty geohash-3 cells of the scope. */
  rootCells(scope: string): Promise<CellCount[]>;
  /** The non-empty child cells (one character longer) of a cell. */
  childCells(scope: string, cell: string): Promise<CellCount[]>;
  /** `childCells` of each of these cells, in their order, in one batch read. */
  manyChildCells(cells: readonly { readonly scope: string; readonly cell: string }[]): Promise<CellCount[][]>;
  /** The listings of the scope in a cell (any precision from 3); with `atMost`, no more than that many (the first in key order). */
  cellListings(scope: string, cell: string, atMost?: number): Promise<ListingRecord[]>;
  /** The listings of the scope from the cell `first` to the cell `last` of one geohash-3 partition, those between included (one Query). */
  runListings(scope: string, first: string, last: string): Promise<ListingRecord[]>;
  /** Listings of the scope without coordinates, by user id, after `after`. */
  unplacedListings(scope: string, after: string | undefined, limit: number): Promise<{ listings: ListingRecord[]; last?: string }>;
  /** Listings of the scope by business (or person's) name, after the position `after`. */
  alphabeticalListings(scope: string, after: string | undefined, limit: number): Promise<{ listings: ListingRecord[]; last?: string }>;

  /** Listed providers per category slug (groups and subcategories), maintained with the listings. */
  categoryCounts(): Promise<Record<string, number>>;
}

const { partitionKey: PK, sortKey: SK } = TABLE;

/**
 * The writes that put a listing into one scope (`sign` 1) or take it out (-1), counts included. Each
 * entry write is conditional (not there yet, or still there), so repeating a move changes nothing and
 * the counts never drift: a move already done is cancelled as a whole.
 */
function scopeWrites(table: string, listing: ListingRecord, scope: string, sign: 1 | -1): TransactItems {
  const names = { '#pk': PK };
  return [
    ...scopeEntries(listing, scope).map((item) =>
      sign === 1
        ? { Put: { TableName: table, Item: item, ConditionExpression: 'attribute_not_exists(#pk)', ExpressionAttributeNames: names } }
        : {
            Delete: {
              TableName: table,
              Key: { [PK]: item[PK], [SK]: item[SK] },
              ConditionExpression: 'attribute_exists(#pk)',
              ExpressionAttributeNames: names,
            },
          },
    ),
    // The dashboard's count of listed providers moves with the listing's entry into (or out of) everyone's scope.
    ...(scope === ALL_SCOPE ? [statUpdateItem(table, STAT.listedProviders, sign)] : []),
    ...countWrites(table, scopeCountSlots(listing, scope), sign, DIRECTORY_COUNT_ENTITY),
  ];
}

export function createDirectoryRepository(client: DynamoDBDocumentClient, tableName: string): DirectoryRepository {
  const { profile: profiles, listing: listings } = createTableStore(client, tableName).entities;
  const index = directoryIndexCommands(client, tableName);
  const taxonomy = cachedLiveTaxonomy(createCategoryRepository(client, tableName), tableName);

  async function storedListing(userId: string): Promise<StoredListing | undefined> {
    const { data } = await listings.get({ userId }).go({ consistent: true });
    return data ?? undefined;
  }

  /**
   * Moves the listing in or out of one scope in one transaction: a move found done already is skipped;
   * one that met another provider's move on a shared count is tried again.
   */
  async function moveScope(listing: ListingRecord, scope: string, sign: 1 | -1): Promise<void> {
    await retryOnConflict(`The move of listing ${listing.userId} in ${scope}`, async () => {
      try {
        await index.transact(scopeWrites(tableName, listing, scope, sign));
      } catch (error) {
        if (!isConditionFailure(error)) throw error;
      }
    });
  }

  async function moveScopes(listing: ListingRecord, scopes: readonly string[], sign: 1 | -1): Promise<void> {
    await Promise.all(scopes.map((scope) => moveScope(listing, scope, sign)));
  }

  /** Replaces the listing item if it is still at `version` (or absent, without one). */
  async function putListing(listing: StoredListing, version: number | undefined): Promise<void> {
    await listings
      .put(listingAttributes(listing))
      .where((attr, op) => (version === undefined ? op.notExists(attr.userId) : op.eq(attr.version, version)))
      .go({ response: 'none' });
  }

  async function listEntries(partition: string, after: string | undefined, limit: number): Promise<{ ids: string[]; last?: string }> {
    const { items, last } = await index.entriesAfter(partition, after, limit);
    return { ids: items.map((item) => item.userId as string), ...(last ? { last } : {}) };
  }

  async function sync(userId: string, now: Date, remove: boolean): Promise<void> {
    for (let attempt = 1; ; attempt++) {
      const [{ data: profile }, previous] = await Promise.all([profiles.get({ userId }).go({ consistent: true }), storedListing(userId)]);
      // The rule of who is listed is the service layer's; this only keeps the listing in line with it.
      const wanted = !remove && isListed((profile ?? undefined) as ProfileRecord | undefined, now) ? listingOf(profile as ProfileRecord) : undefined;
      try {
        if (!wanted) {
          if (!previous) return;
          // Out of every search the moment the tombstone lands (searches check listings); then the entries go.
          const tombstone = { ...previous, tombstone: true, version: previous.version + 1 };
          await putListing(tombstone, previous.version);
          await moveScopes(previous, previous.scopes, -1);
          await listings
            .delete({ userId })
            .where((attr, op) => op.eq(attr.version, tombstone.version))
            .go({ response: 'none' });
          return;
        }
        const scopes = listingScopes(profile as ProfileRecord, (await taxonomy()).groups);
        await putListing({ ...wanted, scopes, version: (previous?.version ?? 0) + 1 }, previous?.version);
        // Entries say where and under what name; a card change alone moves nothing.
        const samePlace = previous !== undefined && !previous.tombstone && previous.geohash === wanted.geohash && sortName(previous) === sortName(wanted);
        const kept = samePlace ? previous.scopes.filter((scope) => scopes.includes(scope)) : [];
        if (previous)
          await moveScopes(
            previous,
            previous.scopes.filter((scope) => !kept.includes(scope)),
            -1,
          );
        await moveScopes(
          wanted,
          scopes.filter((scope) => !kept.includes(scope)),
          1,
        );
        return;
      } catch (error) {
        // Another change of the same profile got there first: start again from what is stored now (many changes at
        // once, such as feedback from several clients, each take a turn).
        if (!isConditionFailure(error) || attempt >= MAX_CONFLICT_RETRIES) throw error;
        await conflictPause(attempt);
      }
    }
  }

  /** The listings of the geo entries a Query finds (the entries say only who and where). */
  async function placedEntries(query: ReturnType<typeof cellQuery>, atMost?: number): Promise<ListingRecord[]> {
    const items = await index.queryAll(query, atMost);
    return items.map((item) => ({
      userId: item.userId as string,
      name: '',
      categories: [],
      skills: [],
      ratingCount: 0,
      lat: item.lat as number,
      lng: item.lng as number,
      geohash: entryGeohash(item),
    }));
  }

  const repository: DirectoryRepository = {
    taxonomy,
    syncListing: (userId, now) => sync(userId, now, false),
    removeListing: (userId) => sync(userId, new Date(), true),

    async getListings(userIds) {
      const found = new Map<string, ListingRecord>();
      await untilProcessed(
        'Listing reads',
        [...new Set(userIds)].map((userId) => ({ userId })),
        async (keys) => {
          const { data, unprocessed } = await listings.get([...keys]).go();
          for (const listing of data) if (!listing.tombstone) found.set(listing.userId, listing);
          return unprocessed;
        },
      );
      return found;
    },

    rootCells: async (scope) => cellsOf(await index.get(countsKey(DIRECTORY_GEO_KEYS, scope))),
    childCells: async (scope, cell) => cellsOf(await index.get(countsKey(DIRECTORY_GEO_KEYS, scope, cell))),
    manyChildCells: (cells) => childCellsOfMany(index.batchGet, DIRECTORY_GEO_KEYS, cells),

    cellListings: (scope, cell, atMost) => placedEntries(cellQuery(DIRECTORY_GEO_KEYS, scope, cell), atMost),
    runListings: (scope, first, last) => placedEntries(cellRunQuery(DIRECTORY_GEO_KEYS, scope, first, last)),

    async unplacedListings(scope, after, limit) {
      const { ids, last } = await listEntries(unplacedPartition(scope), after, limit);
      const listings = await repository.getListings(ids);
      return { listings: ids.flatMap((id) => listings.get(id) ?? []), ...(last ? { last } : {}) };
    },

    async alphabeticalListings(scope, after, limit) {
      const { ids, last } = await listEntries(alphabeticalPartition(scope), after, limit);
      const listings = await repository.getListings(ids);
      return { listings: ids.flatMap((id) => listings.get(id) ?? []), ...(last ? { last } : {}) };
    },

    async categoryCounts() {
      const items = await index.queryAll({
        KeyConditionExpression: '#pk = :pk',
        ExpressionAttributeNames: { '#pk': PK },
        ExpressionAttributeValues: { ':pk': CATEGORY_COUNTS_PARTITION },
      });
      return Object.fromEntries(items.filter((item) => (item.count as number) > 0).map((item) => [item[SK] as string, item.count as number]));
    },
  };
  return repository;
}
