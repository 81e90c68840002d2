import ngeohash from 'ngeohash';
import { EARTH_RADIUS_MILES } from '@solutionz/shared';
import { GEO, type CellCount } from '../data/geo-cells';

/**
 * Nearest first within a radius through a geohash cell index (DESIGN.md section 6): the directory's
 * providers and the job board's open jobs are both found this way.
 */

interface Point {
  readonly lat: number;
  readonly lng: number;
}

const toRadians = (degrees: number) => (degrees * Math.PI) / 180;

/** Great-circle distance in miles (spec 02 section 9: Earth radius 3959 miles). */
export function milesBetween(a: Point, b: Point): number {
  const dLat = toRadians(b.lat - a.lat);
  const dLng = toRadians(b.lng - a.lng);
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(toRadians(a.lat)) * Math.cos(toRadians(b.lat)) * Math.sin(dLng / 2) ** 2;
  return 2 * EARTH_RADIUS_MILES * Math.asin(Math.min(1, Math.sqrt(h)));
}

/**
 * Bounds on the distance from a point to anyone in a geohash cell. The nearest point of a small
 * latitude-longitude box is the clamped point up to a fraction of a percent, which the margin covers,
 * so `min` never overestimates and `max` never underestimates.
 */
export function cellDistances(centre: Point, cell: string): { min: number; max: number } {
  const [south, west, north, east] = ngeohash.decode_bbox(cell);
  const clamped = { lat: Math.min(Math.max(centre.lat, south), north), lng: Math.min(Math.max(centre.lng, west), east) };
  const corners = [
    { lat: south, lng: west },
    { lat: south, lng: east },
    { lat: north, lng: west },
    { lat: north, lng: east },
  ];
  return {
    min: Math.max(0, milesBetween(centre, clamped) * 0.995 - 0.01),
    max: Math.max(...corners.map((corner) => milesBetween(centre, corner))) * 1.005 + 0.01,
  };
}

/** An index entry: what it points at, where, and whatever else the reader filters entries by. */
export interface GeoEntry extends Point {
  readonly id: string;
}

/** A geo index as a search reads it. */
export interface GeoIndexReader<E extends GeoEntry> {
  rootCells(scope: string): Promise<CellCount[]>;
  childCells(scope: string, cell: string): Promise<CellCount[]>;
  cellEntries(scope: string, cell: string): Promise<E[]>;
}

/** A found entry, and its place in the order: distance, then id. */
export interface Hit {
  readonly id: string;
  readonly distance: number;
}
const before = (a: Hit, b: Hit) => a.distance < b.distance || (a.distance === b.distance && a.id < b.id);

export interface NearestSearch<E extends GeoEntry, R> {
  readonly index: GeoIndexReader<E>;
  readonly scopes: readonly string[];
  readonly centre: Point;
  readonly radius: number;
  /** The last hit of the page before: this page starts after it. */
  readonly after?: Hit;
  readonly limit: number;
  /** Entries the filter keeps (what the entry itself tells). */
  readonly keep?: (entry: E) => boolean;
  /** The records behind these hits that still pass (the truth: an entry may outlive its record by a moment). */
  readonly confirm: (hits: readonly Hit[]) => Promise<Map<string, R>>;
  /** Every hit is confirmed as it is found (a filter only the record can tell), up to this many. */
  readonly confirmAllUpTo?: number;
  /** A cell holding at most this many is read whole; a fuller one is split into its 32 children (reading one item). */
  readonly leafSize?: number;
}

const DEFAULT_LEAF_SIZE = 12;
/** Most cells read at the same time (each one request). */
const PARALLEL_CELLS = 4;

interface Frontier {
  readonly scope: string;
  readonly cell: string;
  readonly count: number;
  readonly min: number;
  readonly max: number;
}

/**
 * Cells are visited in order of their least possible distance; a cell with few entries is read whole, a
 * fuller one is split into its non-empty children (one item holds a cell's child counts); the search
 * stops once the page (plus one, to know whether there is more) is made of hits no unvisited cell can
 * beat. Entries carry the place, so distances come from them; the records are read only for the hits
 * that would make the page, and a stale one is dropped and the search goes on. A cursor skips cells
 * wholly nearer than where the last page ended.
 */
export async function nearestInIndex<E extends GeoEntry, R>(search: NearestSearch<E, R>): Promise<{ hits: Hit[]; records: Map<string, R>; more: boolean }> {
  const { index, centre, radius, after, limit } = search;
  const leafSize = search.leafSize ?? DEFAULT_LEAF_SIZE;
  const splits = (cell: Frontier) => cell.count > leafSize && cell.cell.length < GEO.finest;
  const queue: Frontier[] = [];
  const push = (scope: string, cell: string, count: number) => {
    const { min, max } = cellDistances(centre, cell);
    if (min > radius) return;
    if (after && max < after.distance) return;
    queue.push({ scope, cell, count, min, max });
  };
  const roots = await Promise.all(search.scopes.map(async (scope) => ({ scope, cells: await index.rootCells(scope) })));
  for (const { scope, cells } of roots) for (const { cell, count } of cells) push(scope, cell, count);

  /** Hits found in the index, not yet known to be wrong; those in `records` are confirmed. */
  const found = new Map<string, Hit>();
  const seen = new Set<string>();
  const records = new Map<string, R>();
  let read = 0;
  const confirm = async (hits: readonly Hit[]) => {
    const fresh = await search.confirm(hits);
    for (const hit of hits) {
      const record = fresh.get(hit.id);
      if (record !== undefined) records.set(hit.id, record);
      else found.delete(hit.id);
    }
  };
  for (;;) {
    queue.sort((a, b) => a.min - b.min);
    const next = queue[0];
    const best = [...found.values()].sort((a, b) => (before(a, b) ? -1 : 1)).slice(0, limit + 1);
    const settled = !next || (best.length > limit && best[limit]!.distance <= next.min);
    if (settled) {
      const unconfirmed = best.filter((hit) => !records.has(hit.id));
      if (unconfirmed.length > 0) {
        await confirm(unconfirmed);
        continue;
      }
      return { hits: best.slice(0, limit), records, more: best.length > limit || (next !== undefined && next.min <= radius) };
    }
    if (search.confirmAllUpTo !== undefined && read >= search.confirmAllUpTo) return { hits: best.filter((hit) => records.has(hit.id)).slice(0, limit), records, more: false };
    // Read at once with the nearest cell: cells nearer than the page's last hit so far (they must be read whatever the others
    // hold), and, while the page is not full, full cells that may hold closer hits than the nearest cell's farthest point
    // (splitting one reads a single item).
    const full = best.length > limit;
    const bound = full ? best[limit]!.distance : next.max;
    const batch = queue
      .slice(1)
      .filter((cell) => cell.min <= bound && (full || splits(cell)))
      .slice(0, PARALLEL_CELLS - 1);
    batch.unshift(next);
    for (const cell of batch) queue.splice(queue.indexOf(cell), 1);
    const candidates = (await Promise.all(batch.map((cell) => visit(cell)))).flat();
    read += candidates.length;
    if (search.confirmAllUpTo !== undefined && candidates.length > 0) await confirm(candidates);
  }

  /** Splits a full cell into its non-empty children (queued), or reads a small one: its new hits in range. */
  async function visit(cell: Frontier): Promise<Hit[]> {
    if (splits(cell)) {
      for (const child of await index.childCells(cell.scope, cell.cell)) push(cell.scope, child.cell, child.count);
      return [];
    }
    const hits = (await index.cellEntries(cell.scope, cell.cell))
      .filter((entry) => !search.keep || search.keep(entry))
      .map((entry) => ({ id: entry.id, distance: milesBetween(centre, entry) }))
      .filter((hit) => hit.distance <= radius && (!after || before(after, hit)) && !seen.has(hit.id));
    for (const hit of hits) {
      seen.add(hit.id);
      found.set(hit.id, hit);
    }
    return hits;
  }
}
