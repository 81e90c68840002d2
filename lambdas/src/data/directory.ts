import {
  BatchGetCommand,
  DeleteCommand,
  GetCommand,
  PutCommand,
  QueryCommand,
  TransactWriteCommand,
  type BatchGetCommandOutput,
  type DynamoDBDocumentClient,
  type QueryCommandInput,
  type TransactWriteCommandInput,
} from '@aws-sdk/lib-dynamodb';
import ngeohash from 'ngeohash';
import { parseCategorySelection, slugify, TAXONOMY } from '@solutionz/shared';
import type { ProfileRecord } from './account-repository';
import { hasActiveMembership } from './account-standing';
import type { CellCount, DirectoryRepository, ListingRecord } from './directory-repository';
import { createAccountsService } from './accounts';
import { TABLE } from './table-definition';
import { queryAll as queryTable } from './query-all';
import { conflictPause, isConditionFailure, MAX_CONFLICT_RETRIES, retryOnConflict } from './write-outcomes';

/**
 * The directory's items (see directory-repository.ts for the model). Key formats, all here:
 *
 *   listing             PK = LISTING#<userId>            SK = LISTING          the card, where, scopes, version
 *   geo entry           PK = GEO#<scope>#<geohash-3>     SK = <geohash-9>#<userId>
 *   geo cell counts     PK = GEOCOUNT#<scope>#<parent>   SK = CHILDREN         one number attribute cell_<child> per
 *                                                                              non-empty child; parent ROOT holds the
 *                                                                              geohash-3 cells
 *   unplaced entry      PK = UNPLACED#<scope>            SK = <userId>
 *   alphabetical entry  PK = LISTED#<scope>              SK = <sort name>#<userId>
 *   category count      PK = CATEGORY_COUNTS             SK = <slug>
 *
 * "providers of a scope in a cell": Query PK = GEO#<scope>#<cell[0..3]>, SK begins_with <cell>.
 * "non-empty children of a cell": GetItem PK = GEOCOUNT#<scope>#<cell>, SK = CHILDREN (count > 0 kept by
 * the reader): one item read however many children or providers the cell has, so going one level
 * finer costs the same at any density.
 *
 * Index entries say only where someone is; the listing item is the truth. A search checks the listings
 * of the hits that make its page (one BatchGet), so deleting the listing item takes a provider out of every
 * index at once; the entries and counts follow straight after, each scope in one transaction.
 */

const { partitionKey: PK, sortKey: SK } = TABLE;
/** Geohash precisions: entries are partitioned by the coarsest, counts kept down to the finest cell a search visits. */
export const GEO = { partition: 3, finest: 6, stored: 9 } as const;
const ROOT = 'ROOT';
const CHILDREN = 'CHILDREN';
const CELL_ATTRIBUTE = 'cell_';
export const ALL_SCOPE = 'all';

interface StoredListing extends ListingRecord {
  readonly scopes: readonly string[];
  readonly version: number;
  /** Being taken out of the indexes: no longer listed, its entries not all gone yet. */
  readonly tombstone?: boolean;
}

export type Item = Record<string, unknown>;

/** The scopes a provider is searched under: everyone's, and each group and subcategory of their categories. */
export function scopesOf(categories: readonly string[]): string[] {
  const scopes = new Set<string>([ALL_SCOPE]);
  for (const value of categories) {
    const selection = parseCategorySelection(value);
    if (selection.kind === 'other') continue;
    const group = TAXONOMY.find((candidate) => candidate.name === selection.group);
    if (!group) continue;
    scopes.add(group.slug);
    if (selection.kind === 'sub') {
      const sub = group.subcategories.find((candidate) => candidate.name === selection.sub);
      if (sub) scopes.add(sub.slug);
    }
  }
  return [...scopes];
}

/** Listed: a visible, active provider whose membership has not ended (spec 02 section 4). */
export function isListed(profile: ProfileRecord | undefined, now: Date): profile is ProfileRecord {
  return Boolean(profile && profile.accountType === 'provider' && profile.isActive && profile.isVisible && hasActiveMembership(profile, now));
}

export function listingOf(profile: ProfileRecord): ListingRecord {
  const name = `${profile.firstName} ${profile.lastName}`.trim();
  const placed = profile.lat !== undefined && profile.lng !== undefined;
  return {
    userId: profile.userId,
    ...(profile.businessName ? { businessName: profile.businessName } : {}),
    name,
    ...(profile.avatarKey ? { avatarKey: profile.avatarKey } : {}),
    categories: [...profile.categories],
    skills: [...(profile.skills ?? [])],
    ...(profile.ratingCount ? { ratingAverage: (profile.ratingTotal ?? 0) / profile.ratingCount } : {}),
    ratingCount: profile.ratingCount ?? 0,
    ...(profile.bio ? { bio: profile.bio } : {}),
    ...(profile.placeName || profile.location ? { locationName: profile.placeName ?? profile.location } : {}),
    ...(placed ? { lat: profile.lat, lng: profile.lng, geohash: ngeohash.encode(profile.lat!, profile.lng!, GEO.stored) } : {}),
    ...(profile.subscriptionEnd ? { listedUntil: profile.subscriptionEnd } : {}),
  };
}

/** What alphabetical order sorts by: the business name, else the person's, case and accents folded. */
function sortName(listing: ListingRecord): string {
  return slugify(listing.businessName ?? listing.name).slice(0, 60) || '~';
}

/** A listing's place in a scope's alphabetical order: what `alphabeticalListings` pages after. */
export function alphabeticalPosition(listing: ListingRecord): string {
  return `${sortName(listing)}#${listing.userId}`;
}

/** The cells a geohash counts in, coarsest first: geohash-3 up to the finest counted precision. */
function countedCells(geohash: string): { parent: string; cell: string }[] {
  const cells: { parent: string; cell: string }[] = [];
  for (let precision = GEO.partition; precision <= GEO.finest; precision++) {
    cells.push({ parent: precision === GEO.partition ? ROOT : geohash.slice(0, precision - 1), cell: geohash.slice(0, precision) });
  }
  return cells;
}

export const listingKey = (userId: string): Item => ({ [PK]: `LISTING#${userId}`, [SK]: 'LISTING' });

/** The listing item as stored at `version`, with the scopes it is indexed under. */
export function listingItem(listing: ListingRecord, scopes: readonly string[], version: number): Item {
  return { ...listingKey(listing.userId), __edb_e__: 'listing', ...listing, scopes, version };
}

/** The index entries that put a listing into one scope: alphabetical, and geo (or no place). */
export function scopeEntries(listing: ListingRecord, scope: string): Item[] {
  const { userId, geohash } = listing;
  const entries: Item[] = [{ [PK]: `LISTED#${scope}`, [SK]: alphabeticalPosition(listing), userId }];
  if (geohash) {
    entries.push({ [PK]: `GEO#${scope}#${geohash.slice(0, GEO.partition)}`, [SK]: `${geohash}#${userId}`, userId, lat: listing.lat, lng: listing.lng });
  } else {
    entries.push({ [PK]: `UNPLACED#${scope}`, [SK]: userId, userId });
  }
  return entries.map((entry) => ({ ...entry, __edb_e__: 'directoryEntry' }));
}

/** A count a listing adds one to: the item, and the number attribute in it. */
export interface CountSlot {
  readonly key: Item;
  readonly attribute: string;
}

/** The counts a listing adds one to in a scope: its cell at each counted precision (in its parent's item), and the category's count. */
export function scopeCountSlots(listing: ListingRecord, scope: string): CountSlot[] {
  return [
    ...(listing.geohash
      ? countedCells(listing.geohash).map(({ parent, cell }) => ({ key: { [PK]: `GEOCOUNT#${scope}#${parent}`, [SK]: CHILDREN }, attribute: `${CELL_ATTRIBUTE}${cell}` }))
      : []),
    ...(scope === ALL_SCOPE ? [] : [{ key: { [PK]: 'CATEGORY_COUNTS', [SK]: scope }, attribute: 'count' }]),
  ];
}

/**
 * The writes that put a listing into one scope (`sign` 1) or take it out (-1), counts included. Each
 * entry write is conditional (not there yet, or still there), so repeating a move changes nothing and
 * the counts never drift: a move already done is cancelled as a whole.
 */
function scopeWrites(table: string, listing: ListingRecord, scope: string, sign: 1 | -1): NonNullable<TransactWriteCommandInput['TransactItems']> {
  const names = { '#pk': PK };
  return [
    ...scopeEntries(listing, scope).map((item) =>
      sign === 1
        ? { Put: { TableName: table, Item: item, ConditionExpression: 'attribute_not_exists(#pk)', ExpressionAttributeNames: names } }
        : { Delete: { TableName: table, Key: { [PK]: item[PK], [SK]: item[SK] }, ConditionExpression: 'attribute_exists(#pk)', ExpressionAttributeNames: names } },
    ),
    ...scopeCountSlots(listing, scope).map(({ key, attribute }) => ({
      Update: {
        TableName: table,
        Key: key,
        UpdateExpression: 'ADD #count :delta SET #entity = :entity',
        ExpressionAttributeNames: { '#count': attribute, '#entity': '__edb_e__' },
        ExpressionAttributeValues: { ':delta': sign, ':entity': 'directoryCount' },
      },
    })),
  ];
}

function fromItem(item: Item): StoredListing {
  const { [PK]: _pk, [SK]: _sk, __edb_e__: _entity, ...listing } = item;
  return listing as unknown as StoredListing;
}

export function createDirectoryRepository(client: DynamoDBDocumentClient, tableName: string): DirectoryRepository {
  const profiles = createAccountsService(client, tableName).entities.profile;

  async function storedListing(userId: string): Promise<StoredListing | undefined> {
    const { Item } = await client.send(new GetCommand({ TableName: tableName, Key: listingKey(userId), ConsistentRead: true }));
    return Item ? fromItem(Item) : undefined;
  }

  const queryAll = (input: Omit<QueryCommandInput, 'TableName' | 'ExclusiveStartKey'>) => queryTable(client, tableName, input);

  /** The non-empty cells a counts item holds. */
  async function cellCounts(pk: string): Promise<CellCount[]> {
    const { Item } = await client.send(new GetCommand({ TableName: tableName, Key: { [PK]: pk, [SK]: CHILDREN } }));
    return Object.entries(Item ?? {})
      .filter(([attribute, count]) => attribute.startsWith(CELL_ATTRIBUTE) && (count as number) > 0)
      .map(([attribute, count]) => ({ cell: attribute.slice(CELL_ATTRIBUTE.length), count: count as number }));
  }

  /**
   * Moves the listing in or out of one scope in one transaction: a move found done already is skipped;
   * one that met another provider's move on a shared count is tried again.
   */
  async function moveScope(listing: ListingRecord, scope: string, sign: 1 | -1): Promise<void> {
    await retryOnConflict(`The move of listing ${listing.userId} in ${scope}`, async () => {
      try {
        await client.send(new TransactWriteCommand({ TransactItems: scopeWrites(tableName, listing, scope, sign) }));
      } catch (error) {
        if (!isConditionFailure(error)) throw error;
      }
    });
  }

  async function moveScopes(listing: ListingRecord, scopes: readonly string[], sign: 1 | -1): Promise<void> {
    await Promise.all(scopes.map((scope) => moveScope(listing, scope, sign)));
  }

  /** Replaces the listing item if it is still at `version` (or absent, without one). */
  async function putListing(item: Item, version: number | undefined): Promise<void> {
    await client.send(
      new PutCommand({
        TableName: tableName,
        Item: { ...listingKey(item.userId as string), __edb_e__: 'listing', ...item },
        ...(version === undefined
          ? { ConditionExpression: 'attribute_not_exists(#pk)', ExpressionAttributeNames: { '#pk': PK } }
          : { ConditionExpression: '#version = :version', ExpressionAttributeNames: { '#version': 'version' }, ExpressionAttributeValues: { ':version': version } }),
      }),
    );
  }

  async function listEntries(pk: string, after: string | undefined, limit: number): Promise<{ ids: string[]; last?: string }> {
    const page = await client.send(
      new QueryCommand({
        TableName: tableName,
        KeyConditionExpression: after === undefined ? '#pk = :pk' : '#pk = :pk AND #sk > :after',
        ExpressionAttributeNames: { '#pk': PK, ...(after === undefined ? {} : { '#sk': SK }) },
        ExpressionAttributeValues: { ':pk': pk, ...(after === undefined ? {} : { ':after': after }) },
        Limit: limit,
      }),
    );
    const items = page.Items ?? [];
    return { ids: items.map((item) => item.userId as string), ...(page.LastEvaluatedKey ? { last: items.at(-1)![SK] as string } : {}) };
  }

  async function sync(userId: string, now: Date, remove: boolean): Promise<void> {
    for (let attempt = 1; ; attempt++) {
      const [{ data: profile }, previous] = await Promise.all([profiles.get({ userId }).go({ consistent: true }), storedListing(userId)]);
      const wanted = !remove && isListed((profile ?? undefined) as ProfileRecord | undefined, now) ? listingOf(profile as ProfileRecord) : undefined;
      try {
        if (!wanted) {
          if (!previous) return;
          // Out of every search the moment the tombstone lands (searches check listings); then the entries go.
          const tombstone = { ...previous, tombstone: true, version: previous.version + 1 };
          await putListing(tombstone, previous.version);
          await moveScopes(previous, previous.scopes, -1);
          await client.send(
            new DeleteCommand({
              TableName: tableName,
              Key: listingKey(userId),
              ConditionExpression: '#version = :version',
              ExpressionAttributeNames: { '#version': 'version' },
              ExpressionAttributeValues: { ':version': tombstone.version },
            }),
          );
          return;
        }
        const scopes = scopesOf(wanted.categories);
        await putListing({ ...wanted, scopes, version: (previous?.version ?? 0) + 1 }, previous?.version);
        // Entries say where and under what name; a card change alone moves nothing.
        const samePlace = previous !== undefined && !previous.tombstone && previous.geohash === wanted.geohash && sortName(previous) === sortName(wanted);
        const kept = samePlace ? previous.scopes.filter((scope) => scopes.includes(scope)) : [];
        if (previous) await moveScopes(previous, previous.scopes.filter((scope) => !kept.includes(scope)), -1);
        await moveScopes(wanted, scopes.filter((scope) => !kept.includes(scope)), 1);
        return;
      } catch (error) {
        // Another change of the same profile got there first: start again from what is stored now (many changes at
        // once, such as feedback from several clients, each take a turn).
        if (!isConditionFailure(error) || attempt >= MAX_CONFLICT_RETRIES) throw error;
        await conflictPause(attempt);
      }
    }
  }

  const repository: DirectoryRepository = {
    syncListing: (userId, now) => sync(userId, now, false),
    removeListing: (userId) => sync(userId, new Date(), true),

    async getListings(userIds) {
      const found = new Map<string, ListingRecord>();
      const unique = [...new Set(userIds)];
      for (let i = 0; i < unique.length; i += 100) {
        let keys: Record<string, unknown>[] | undefined = unique.slice(i, i + 100).map(listingKey);
        while (keys?.length) {
          const answer: BatchGetCommandOutput = await client.send(new BatchGetCommand({ RequestItems: { [tableName]: { Keys: keys } } }));
          for (const item of answer.Responses?.[tableName] ?? []) {
            const listing = fromItem(item);
            if (!listing.tombstone) found.set(listing.userId, listing);
          }
          keys = answer.UnprocessedKeys?.[tableName]?.Keys;
        }
      }
      return found;
    },

    rootCells: (scope) => cellCounts(`GEOCOUNT#${scope}#${ROOT}`),
    childCells: (scope, cell) => cellCounts(`GEOCOUNT#${scope}#${cell}`),

    async cellListings(scope, cell) {
      const items = await queryAll({
        KeyConditionExpression: '#pk = :pk AND begins_with(#sk, :cell)',
        ExpressionAttributeNames: { '#pk': PK, '#sk': SK },
        ExpressionAttributeValues: { ':pk': `GEO#${scope}#${cell.slice(0, GEO.partition)}`, ':cell': cell },
      });
      return items.map((item) => ({
        userId: item.userId as string,
        name: '',
        categories: [],
        skills: [],
        ratingCount: 0,
        lat: item.lat as number,
        lng: item.lng as number,
        geohash: (item[SK] as string).split('#')[0]!,
      }));
    },

    async unplacedListings(scope, after, limit) {
      const { ids, last } = await listEntries(`UNPLACED#${scope}`, after, limit);
      const listings = await repository.getListings(ids);
      return { listings: ids.flatMap((id) => listings.get(id) ?? []), ...(last ? { last } : {}) };
    },

    async alphabeticalListings(scope, after, limit) {
      const { ids, last } = await listEntries(`LISTED#${scope}`, after, limit);
      const listings = await repository.getListings(ids);
      return { listings: ids.flatMap((id) => listings.get(id) ?? []), ...(last ? { last } : {}) };
    },

    async categoryCounts() {
      const items = await queryAll({ KeyConditionExpression: '#pk = :pk', ExpressionAttributeNames: { '#pk': PK }, ExpressionAttributeValues: { ':pk': 'CATEGORY_COUNTS' } });
      return Object.fromEntries(items.filter((item) => (item.count as number) > 0).map((item) => [item[SK] as string, item.count as number]));
    },
  };
  return repository;
}
