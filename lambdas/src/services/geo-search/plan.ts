import { GEO, type CellCount } from '../../data/geo-cells';
import type { Hit, Resume } from './cursor';
import type { Point } from './distance';

/** What a nearest-first search reads and is asked, and the settings every part of a page's search shares. */

/** An index entry: what it points at, where (with the geohash its key holds, when the reader has it), and whatever else the reader filters entries by. */
export interface GeoEntry extends Point {
  readonly id: string;
  readonly geohash?: string;
}

/** A geo index as a search reads it. `cellEntries` takes a geohash of any precision from the partition's to the stored one. */
export interface GeoIndexReader<E extends GeoEntry> {
  /**
   * The finest cells it keeps counts of (GEO.finest unless it says). Cells finer than GEO.finest may be counted only
   * for entries written since (an index made finer later): a cell whose children's counts add up to less than its own
   * is read whole, not split.
   */
  readonly finest?: number;
  rootCells(scope: string): Promise<CellCount[]>;
  childCells(scope: string, cell: string): Promise<CellCount[]>;
  /** `childCells` of each of these cells, in their order, in one request (else one request each, side by side); the empty cell's are `rootCells`. */
  manyChildCells?(cells: readonly { readonly scope: string; readonly cell: string }[]): Promise<CellCount[][]>;
  /** The entries in this cell; with `atMost`, no more than that many (the first in key order). */
  cellEntries(scope: string, cell: string, atMost?: number): Promise<E[]>;
  /**
   * The entries of a scope from the cell `first` to the cell `last` (of one geohash-3 partition, `first` before `last` in
   * key order), those of every cell in between included: one request for a run of cells with nothing else between them.
   */
  runEntries?(scope: string, first: string, last: string): Promise<E[]>;
}

export interface NearestSearch<E extends GeoEntry, R> {
  readonly index: GeoIndexReader<E>;
  readonly scopes: readonly string[];
  readonly centre: Point;
  readonly radius: number;
  /** The last hit of the page before: this page starts after it. */
  readonly after?: Hit;
  /**
   * With `after`: where the page before left the search. The finest cells within its horizon are not read again, only
   * the pending cells in them, each once the page reaches its next hit. Without it, every cell reaching past `after` is read.
   */
  readonly resume?: Resume;
  readonly limit: number;
  /** Entries the filter keeps (what the entry itself tells). */
  readonly keep?: (entry: E) => boolean;
  /** The records behind these hits that still pass (the truth: an entry may outlive its record by a moment). */
  readonly confirm: (hits: readonly Hit[]) => Promise<Map<string, R>>;
  /** Every hit is confirmed as it is found (a filter only the record can tell), up to this many. */
  readonly confirmAllUpTo?: number;
  /**
   * A cell holding at most this many is read whole; a fuller one is split into its 32 children (reading one item). Never
   * smaller than on the pages after it: a later page takes a cell it would read whole as read by the page before (a cursor's
   * resume names only what that page left in it), so one the page before split would be missed.
   */
  readonly leafSize?: number;
  /** Most cells read at the same time (each one request, or one a run of them), PARALLEL_CELLS unless it says. */
  readonly parallelCells?: number;
  /**
   * A person waits for this page: a first page reads the counts of the cells around the centre at every level with the
   * root's (fewer round trips one after another, at the cost of a few counts items a sparse place did not need).
   */
  readonly eager?: boolean;
}

/** What a page found: its hits and their records, whether more follow, and where it left the search (when that fits a cursor). */
export interface NearestPage<R> {
  readonly hits: Hit[];
  readonly records: Map<string, R>;
  readonly more: boolean;
  readonly resume?: Resume;
}

/** A cell holding at most this many is read whole unless the search says otherwise (`leafSize`). */
export const DEFAULT_LEAF_SIZE = 12;
/**
 * A page from a cursor reads a cell whole on the cursor's word (its count, or a pending cell): it reads at most this many
 * leaves' worth of one that could be split, and splits it when there is more (a tampered cursor, or a cell much fuller
 * since), so no cursor makes a page read more than that of a cell it names.
 */
export const TRUSTED_LEAVES = 4;
/** The cell whose children are the root cells (in `manyChildCells`). */
export const ROOT_CELL = '';
/** Most cells read at the same time (each one request). */
const PARALLEL_CELLS = 4;

/** A cell the search found holding entries and has not visited yet, with the bounds on its distance from the centre. */
export interface QueuedCell {
  readonly scope: string;
  readonly cell: string;
  readonly count: number;
  readonly min: number;
  readonly max: number;
  /**
   * `open`: no part of it visited by this paging (an open cell of the next page's resume when the page ends before it);
   * `pending`: a pending cell of the page before; `part`: a cell part of which a page before visited.
   */
  readonly kind: 'open' | 'pending' | 'part';
}

/** A cell of a scope as the search's maps key it. */
export const cellKey = (scope: string, cell: string) => `${scope}\u0000${cell}`;

/** A search as a page runs it: its settings with their defaults, and where the page before left it. */
export interface SearchPlan<E extends GeoEntry, R> {
  readonly search: NearestSearch<E, R>;
  readonly leafSize: number;
  readonly parallelCells: number;
  /** The finest cells the index counts. */
  readonly finest: number;
  /** The resume of the page before (only with `after`). */
  readonly resume: Resume | undefined;
  /** The pending cells of the page before, by scope name. */
  readonly pending: readonly { readonly scope: string; readonly cell: string; readonly next: number }[];
  /** Whether a cell is split into its children rather than read whole. */
  splits(cell: { readonly cell: string; readonly count: number }): boolean;
}

export function planOf<E extends GeoEntry, R>(search: NearestSearch<E, R>): SearchPlan<E, R> {
  const leafSize = search.leafSize ?? DEFAULT_LEAF_SIZE;
  const finest = search.index.finest ?? GEO.finest;
  const resume = search.after ? search.resume : undefined;
  return {
    search,
    leafSize,
    parallelCells: search.parallelCells ?? PARALLEL_CELLS,
    finest,
    resume,
    pending: (resume?.cells ?? []).map(({ scope, cell, next }) => ({ scope: search.scopes[scope]!, cell, next })),
    // In an index counted finer than GEO.finest, a cell of GEO.finest or finer holds one or a few crowded places, each read whole
    // all the same: it is split only when that may save reading two leaves' worth (on later pages, the pending cells already
    // keep a crowded place from being read again, and a split would only add a counts item a page).
    splits: (cell) => cell.cell.length < finest && cell.count > (cell.cell.length < GEO.finest ? leafSize : 2 * leafSize),
  };
}
