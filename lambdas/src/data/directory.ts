import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import ngeohash from 'ngeohash';
import { parseCategorySelection, slugify, TAXONOMY, type TaxonomyGroup } from '@solutionz/shared';
import type { ProfileRecord } from './account-repository';
import { STAT, statUpdateItem } from './admin';
import { untilProcessed } from './batch';
import type { DirectoryRepository, ListingRecord } from './directory-repository';
import { cellQuery, cellRunQuery, cellsOf, childCellsOfMany, countsKey, countWrites, entryGeohash, GEO, geoCountSlots, geoEntryKey, type CountSlot } from './geo-cells';
import { PARAMS_ONLY } from './key-templates';
import { createCategoryRepository } from './category-repository';
import { listingEntity } from './listing';
import { cachedLiveTaxonomy } from './live-taxonomy';
import { directoryIndexCommands, type Item, type TransactItems } from './raw-commands';
import { createTableStore } from './table-store';
import { TABLE } from './table-definition';
import { isListed } from '../services/listing-rule';
import { conflictPause, isConditionFailure, MAX_CONFLICT_RETRIES, retryOnConflict } from './write-outcomes';

/**
 * The directory's items (see directory-repository.ts for the model). Key formats, all here:
 *
 *   listing             PK = LISTING#<userId>            SK = LISTING          the card, where, scopes, version (listing.ts)
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
 * The listing is an ElectroDB entity; the entries and counts are written and read with raw commands
 * (raw-commands.ts): a geo query is a `begins_with` on a geohash of any precision, and a counts item holds
 * one number attribute per child cell, named after the cell.
 *
 * Index entries say only where someone is; the listing item is the truth. A search checks the listings
 * of the hits that make its page (one BatchGet), so deleting the listing item takes a provider out of every
 * index at once; the entries and counts follow straight after, each scope in one transaction.
 */

const { partitionKey: PK, sortKey: SK } = TABLE;
const GEO_KEYS = { entries: 'GEO', counts: 'GEOCOUNT' } as const;
export const ALL_SCOPE = 'all';

interface StoredListing extends ListingRecord {
  readonly scopes: readonly string[];
  readonly version: number;
  readonly tombstone?: boolean;
}

export type { Item };

const listingAttributes = ({ responseLog, ...listing }: StoredListing) => ({
  ...listing,
  categories: [...listing.categories],
  skills: [...listing.skills],
  scopes: [...listing.scopes],
  ...(responseLog ? { responseLog: [...responseLog] } : {}),
});

/**
 * The job alerts index lives in the same geo index under scopes of its own: a provider whose Job Alerts are
 * on is in `alerts-<radius>-<group>` for their radius and the group (or `Other:` text) of each alert
 * category, so a new job finds whom to tell by looking around itself within each radius a provider can
 * choose, in its own groups only. The entries and counts are kept with the listing (geo only: no
 * alphabetical entries or category counts).
 */
const ALERT_SCOPE_PREFIX = 'alerts-';
const isAlertScope = (scope: string) => scope.startsWith(ALERT_SCOPE_PREFIX);

/** The alerts scope of one category selection at one radius. */
export function alertScope(radiusMiles: number, category: string): string {
  const selection = parseCategorySelection(category);
  const key = selection.kind === 'other' ? `other=${selection.text}` : selection.group;
  return `${ALERT_SCOPE_PREFIX}${radiusMiles}-${encodeURIComponent(key.toLowerCase())}`;
}

/** The alerts scopes of a provider: none unless their alerts are on and they have a place. */
function alertScopesOf(profile: ProfileRecord): string[] {
  const settings = profile.jobAlerts;
  if (!settings?.enabled || profile.accountType !== 'provider' || profile.lat === undefined || profile.lng === undefined) return [];
  const categories = settings.categories.length > 0 ? settings.categories : profile.categories;
  return [...new Set(categories.map((category) => alertScope(settings.radiusMiles, category)))];
}

/** Every scope a listed provider is indexed under: the directory's, and the job alerts'. */
export function listingScopes(profile: ProfileRecord, taxonomy: readonly TaxonomyGroup[] = TAXONOMY): string[] {
  return [...scopesOf(profile.categories, taxonomy), ...alertScopesOf(profile)];
}

/**
 * The scopes a provider is searched under: everyone's, and each group and subcategory of their categories,
 * by the live taxonomy's slugs (ids kept through renames), the seed's where the live one has not the name.
 */
export function scopesOf(categories: readonly string[], taxonomy: readonly TaxonomyGroup[] = TAXONOMY): string[] {
  const scopes = new Set<string>([ALL_SCOPE]);
  for (const value of categories) {
    const selection = parseCategorySelection(value);
    if (selection.kind === 'other') continue;
    const named = (groups: readonly TaxonomyGroup[]) => groups.find((candidate) => candidate.name === selection.group);
    const [live, seed] = [named(taxonomy), named(TAXONOMY)];
    const group = live ?? seed;
    if (!group) continue;
    scopes.add(group.slug);
    if (selection.kind === 'sub') {
      const sub = [...(live?.subcategories ?? []), ...(seed?.subcategories ?? [])].find((candidate) => candidate.name === selection.sub);
      if (sub) scopes.add(sub.slug);
    }
  }
  return [...scopes];
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
    ...(profile.responseLog?.length ? { responseLog: [...profile.responseLog] } : {}),
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

export const listingKey = (userId: string): Item => listingEntity.get({ userId }).params<{ Key: Item }>(PARAMS_ONLY).Key;

/** The listing item as stored at `version`, with the scopes it is indexed under (for bulk loading's raw batch writes). */
export function listingItem(listing: ListingRecord, scopes: readonly string[], version: number): Item {
  return listingEntity.put(listingAttributes({ ...listing, scopes, version })).params<{ Item: Item }>(PARAMS_ONLY).Item;
}

/** The index entries that put a listing into one scope: alphabetical, and geo (or no place). */
export function scopeEntries(listing: ListingRecord, scope: string): Item[] {
  const { userId, geohash } = listing;
  const entries: Item[] = isAlertScope(scope) ? [] : [{ [PK]: `LISTED#${scope}`, [SK]: alphabeticalPosition(listing), userId }];
  if (geohash) {
    entries.push({ ...geoEntryKey(GEO_KEYS, scope, geohash, userId), userId, lat: listing.lat, lng: listing.lng });
  } else if (!isAlertScope(scope)) {
    entries.push({ [PK]: `UNPLACED#${scope}`, [SK]: userId, userId });
  }
  return entries.map((entry) => ({ ...entry, __edb_e__: 'directoryEntry' }));
}

/** The counts a listing adds one to in a scope: its cell at each counted precision (in its parent's item), and the category's count. */
export function scopeCountSlots(listing: ListingRecord, scope: string): CountSlot[] {
  return [
    ...(listing.geohash ? geoCountSlots(GEO_KEYS, scope, listing.geohash) : []),
    ...(scope === ALL_SCOPE || isAlertScope(scope) ? [] : [{ key: { [PK]: 'CATEGORY_COUNTS', [SK]: scope }, attribute: 'count' }]),
  ];
}

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
        : { Delete: { TableName: table, Key: { [PK]: item[PK], [SK]: item[SK] }, ConditionExpression: 'attribute_exists(#pk)', ExpressionAttributeNames: names } },
    ),
    // The dashboard's count of listed providers moves with the listing's entry into (or out of) everyone's scope.
    ...(scope === ALL_SCOPE ? [statUpdateItem(table, STAT.listedProviders, sign)] : []),
    ...countWrites(table, scopeCountSlots(listing, scope), sign, 'directoryCount'),
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

    rootCells: async (scope) => cellsOf(await index.get(countsKey(GEO_KEYS, scope))),
    childCells: async (scope, cell) => cellsOf(await index.get(countsKey(GEO_KEYS, scope, cell))),
    manyChildCells: (cells) => childCellsOfMany(index.batchGet, GEO_KEYS, cells),

    cellListings: (scope, cell, atMost) => placedEntries(cellQuery(GEO_KEYS, scope, cell), atMost),
    runListings: (scope, first, last) => placedEntries(cellRunQuery(GEO_KEYS, scope, first, last)),

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
      const items = await index.queryAll({ KeyConditionExpression: '#pk = :pk', ExpressionAttributeNames: { '#pk': PK }, ExpressionAttributeValues: { ':pk': 'CATEGORY_COUNTS' } });
      return Object.fromEntries(items.filter((item) => (item.count as number) > 0).map((item) => [item[SK] as string, item.count as number]));
    },
  };
  return repository;
}
