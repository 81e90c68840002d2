import { Entity } from 'electrodb';
import { parseCategorySelection, slugify, TAXONOMY, type TaxonomyGroup } from '@solutionz/shared';
import { geoCountSlots, geoEntryKey, type CountSlot } from './geo-cells';
import { PARAMS_ONLY, pk, sk } from './key-templates';
import { tagged, type Item } from './raw-commands';
import { TABLE } from './table-definition';

/**
 * The directory's read model (docs/architecture.md#directory-and-geo-search). A provider who is listed (visible,
 * active, a membership that has not ended) has a listing: one item with the card, plus index items the
 * search reads, all written and removed together whenever the profile, membership or visibility changes
 * (`syncListing`), so a provider who stops being listed leaves every index at once.
 *
 * A scope is what a search is narrowed to: `all`, or a category slug (a group's or a subcategory's; a
 * provider with `Group > Sub` is in both). In each scope a provider with coordinates is in the geo index
 * (partition per geohash-3 cell, sort key the full geohash, so any finer cell is one `begins_with`
 * query), with maintained counts per cell at each precision so a search descends only into cells that
 * hold someone; a provider without coordinates is in the scope's no-place list; everyone is in the
 * scope's alphabetical list (searches without a place).
 *
 * Its items, and every key format of them (the repository, directory-repository.ts, writes and reads them):
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
 * The listing is an ElectroDB entity; the entries and counts are written and read with raw commands
 * (raw-commands.ts): a geo query is a `begins_with` on a geohash of any precision, and a counts item holds
 * one number attribute per child cell, named after the cell.
 *
 * Index entries say only where someone is; the listing item is the truth. A search checks the listings
 * of the hits that make its page (one BatchGet), so deleting the listing item takes a provider out of every
 * index at once; the entries and counts follow straight after, each scope in one transaction.
 */

/** The card fields and where the provider is, as the listing keeps them. */
export interface ListingRecord {
  readonly userId: string;
  readonly businessName?: string;
  readonly name: string;
  readonly avatarKey?: string;
  readonly categories: readonly string[];
  readonly skills: readonly string[];
  readonly ratingAverage?: number;
  readonly ratingCount: number;
  readonly bio?: string;
  readonly locationName?: string;
  readonly lat?: number;
  readonly lng?: number;
  readonly geohash?: string;
  /** ISO time the membership ends (the listing is dropped then, even before Stripe's webhook). */
  readonly listedUntil?: string;
  /** How fast they answer clients: the facts the figure is worked out from at read time (response-times.ts). */
  readonly responseLog?: readonly string[];
  /** The last UK day a checked insurance / trade registration holds (the card's marks, the insured filter). */
  readonly insuredUntil?: string;
  readonly registeredUntil?: string;
}

/** A listed provider's card, where they are and the scopes they are indexed under. */
export const listingEntity = new Entity({
  model: { entity: 'listing', version: '1', service: 'solutionz' },
  attributes: {
    userId: { type: 'string', required: true, readOnly: true },
    businessName: { type: 'string' },
    name: { type: 'string', required: true },
    avatarKey: { type: 'string' },
    categories: { type: 'list', items: { type: 'string' }, required: true },
    skills: { type: 'list', items: { type: 'string' }, required: true },
    ratingAverage: { type: 'number' },
    ratingCount: { type: 'number', required: true },
    bio: { type: 'string' },
    locationName: { type: 'string' },
    lat: { type: 'number' },
    lng: { type: 'number' },
    geohash: { type: 'string' },
    listedUntil: { type: 'string' },
    /** The provider's response facts, copied from the profile (response-times.ts). */
    responseLog: { type: 'list', items: { type: 'string' } },
    insuredUntil: { type: 'string' },
    registeredUntil: { type: 'string' },
    /** The scopes it is indexed under. */
    scopes: { type: 'list', items: { type: 'string' }, required: true },
    /** Each write expects the version it read, so concurrent syncs of one provider take turns. */
    version: { type: 'number', required: true },
    /** Being taken out of the indexes: no longer listed, its entries not all gone yet. */
    tombstone: { type: 'boolean' },
  },
  indexes: {
    byUser: { pk: pk('LISTING#${userId}', ['userId']), sk: sk('LISTING', []) },
  },
});

const { partitionKey: PK, sortKey: SK } = TABLE;
/** The key prefixes of the directory's geo index (geo-cells.ts). */
export const DIRECTORY_GEO_KEYS = { entries: 'GEO', counts: 'GEOCOUNT' } as const;
/** The entity tags of the raw entries and of the counts items (raw-commands.ts `tagged`, `countsUpdate`). */
const ENTRY_ENTITY = 'directoryEntry';
export const DIRECTORY_COUNT_ENTITY = 'directoryCount';
/** The scope of every listed provider. */
export const ALL_SCOPE = 'all';
/** A scope's no-place list (by user id) and alphabetical list (by name), and the partition of the category counts. */
export const unplacedPartition = (scope: string) => `UNPLACED#${scope}`;
export const alphabeticalPartition = (scope: string) => `LISTED#${scope}`;
export const CATEGORY_COUNTS_PARTITION = 'CATEGORY_COUNTS';

/** The listing item: the card and place, the scopes it is indexed under, its version, and whether it is being taken out. */
export interface StoredListing extends ListingRecord {
  readonly scopes: readonly string[];
  readonly version: number;
  readonly tombstone?: boolean;
}

/** The listing item's attributes, as ElectroDB takes them. */
export const listingAttributes = ({ responseLog, ...listing }: StoredListing) => ({
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

/** What alphabetical order sorts by: the business name, else the person's, case and accents folded. */
export function sortName(listing: ListingRecord): string {
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
  const entries: Item[] = isAlertScope(scope) ? [] : [{ [PK]: alphabeticalPartition(scope), [SK]: alphabeticalPosition(listing), userId }];
  if (geohash) {
    entries.push({ ...geoEntryKey(DIRECTORY_GEO_KEYS, scope, geohash, userId), userId, lat: listing.lat, lng: listing.lng });
  } else if (!isAlertScope(scope)) {
    entries.push({ [PK]: unplacedPartition(scope), [SK]: userId, userId });
  }
  return entries.map((entry) => tagged(entry, ENTRY_ENTITY));
}

/** The counts a listing adds one to in a scope: its cell at each counted precision (in its parent's item), and the category's count. */
export function scopeCountSlots(listing: ListingRecord, scope: string): CountSlot[] {
  return [
    ...(listing.geohash ? geoCountSlots(DIRECTORY_GEO_KEYS, scope, listing.geohash) : []),
    ...(scope === ALL_SCOPE || isAlertScope(scope) ? [] : [{ key: { [PK]: CATEGORY_COUNTS_PARTITION, [SK]: scope }, attribute: 'count' }]),
  ];
}
