import type { LiveTaxonomy } from './live-taxonomy';
import type { CellCount } from './geo-cells';

/**
 * The directory's read model (DESIGN.md sections 5 and 6). A provider who is listed (visible,
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
}

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
