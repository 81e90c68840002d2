import ngeohash from 'ngeohash';
import { GEO, type CellCount } from '../../data/geo-cells';
import { before, type Hit } from './cursor';
import { milesBetween } from './distance';
import type { Frontier } from './frontier';
import { cellKey, ROOT_CELL, TRUSTED_LEAVES, type GeoEntry, type QueuedCell, type SearchPlan } from './plan';

/** Where a hit was read: the cell (scope and geohash) it came from, and its own geohash when the entry had it. */
interface HitOrigin {
  readonly scope: string;
  readonly cell: string;
  readonly geohash?: string;
}

/**
 * The visits of a page's search: each cell taken from the frontier is split (its children's counts read, the children
 * queued) or read whole (its entries in range after the page before are the hits found). Reads are put together where
 * they can be: the counts of the cells around the centre with the root's (`eager`), the counts of a round's cells in one
 * request, and a first page's cells with no other cell holding entries between them in one Query (a run).
 */
export function createCellVisits<E extends GeoEntry, R>(plan: SearchPlan<E, R>, frontier: Frontier) {
  const { search, leafSize, finest, splits } = plan;
  const { index, centre, radius, after } = search;
  // A first page starts at the centre, splitting the cells around it one level after another (in a crowded place, down
  // to the finest): with `eager`, the counts of those cells are read with the root's, in one round instead of one a
  // level. A later page starts where the one before ended, farther out.
  const prefetched = new Map<string, Promise<CellCount[]>>();
  /** The entries of cells read in a run with others, for `visit`. */
  const runs = new Map<string, Promise<E[]>>();
  /** Hits found in the index, not yet known to be wrong (the page drops those its records say are). */
  const found = new Map<string, Hit>();
  const origins = new Map<string, HitOrigin>();
  const seen = new Set<string>();
  /** The cells read whole, by scope and geohash. */
  const readWhole = new Set<string>();
  /** The cells this page split, and those holding a cell it visited (read or split), by scope and geohash. */
  const splitHere = new Set<string>();
  const holdingVisited = new Set<string>();

  /** Reads the counts of these cells (one request when the index can), each kept for when the search gets to it. */
  function readCounts(cells: readonly { scope: string; cell: string }[]): void {
    const many = index.manyChildCells && cells.length > 1 ? index.manyChildCells(cells) : undefined;
    cells.forEach(({ scope, cell }, at) => {
      const children = many ? many.then((all) => all[at]!) : index.childCells(scope, cell);
      // Awaited if the search gets there; a failure then is its failure.
      children.catch(() => undefined);
      prefetched.set(cellKey(scope, cell), children);
    });
  }

  const childCells = (scope: string, cell: string) => prefetched.get(cellKey(scope, cell)) ?? index.childCells(scope, cell);

  /**
   * Reads these cells (to be read whole) of a first page in runs: cells of a scope's partition with no other cell holding
   * entries between them in key order, each run one request (the same items as a request a cell); kept for `visit`.
   */
  function readRuns(cells: readonly QueuedCell[]): void {
    if (!index.runEntries || after) return;
    const byPartition = new Map<string, string[]>();
    for (const { scope, cell } of cells) {
      const key = cellKey(scope, cell.slice(0, GEO.partition));
      byPartition.set(key, [...(byPartition.get(key) ?? []), cell]);
    }
    for (const [partition, wanted] of byPartition) {
      if (wanted.length < 2) continue;
      const scope = partition.slice(0, partition.indexOf('\u0000'));
      for (const run of runsOf(wanted, frontier.leaves.get(scope))) readRun(scope, run);
    }
  }

  /** One Query for the cells of a run, each cell's entries kept for `visit`. */
  function readRun(scope: string, run: readonly string[]): void {
    const read = index.runEntries!(scope, run[0]!, run.at(-1)!);
    read.catch(() => undefined);
    for (const cell of run)
      runs.set(
        cellKey(scope, cell),
        read.then((entries) => entries.filter((entry) => (entry.geohash ?? ngeohash.encode(entry.lat, entry.lng, GEO.stored)).startsWith(cell))),
      );
  }

  /**
   * Splits a full cell into its non-empty children (queued), or reads a small one: its new hits in range. A cell of
   * GEO.finest or finer whose children add up to less than its count holds entries counted only down to its own precision
   * (written before the index kept finer counts): it is read whole.
   */
  async function visit(cell: QueuedCell): Promise<Hit[]> {
    for (let length = GEO.partition; length < cell.cell.length; length++) holdingVisited.add(cellKey(cell.scope, cell.cell.slice(0, length)));
    if (splits(cell)) {
      const children = await childCells(cell.scope, cell.cell);
      const counted = children.reduce((sum, child) => sum + child.count, 0);
      if (cell.cell.length < GEO.finest || counted >= cell.count) {
        frontier.leaves.get(cell.scope)?.delete(cell.cell);
        splitHere.add(cellKey(cell.scope, cell.cell));
        for (const child of children) frontier.found(cell.scope, child.cell, child.count);
        return [];
      }
    }
    const key = cellKey(cell.scope, cell.cell);
    const read = runs.get(key);
    runs.delete(key);
    // (A first page's counts are the index's own; a later page's came in its cursor.)
    const atMost = after && cell.cell.length < GEO.finest ? TRUSTED_LEAVES * leafSize : undefined;
    const entries = await (read ?? index.cellEntries(cell.scope, cell.cell, atMost));
    if (atMost !== undefined && entries.length >= atMost) return visit({ ...cell, count: Number.POSITIVE_INFINITY });
    readWhole.add(key);
    const hits = entries
      .filter((entry) => !search.keep || search.keep(entry))
      .map((entry) => ({ id: entry.id, distance: milesBetween(centre, entry), geohash: entry.geohash }))
      .filter((hit) => hit.distance <= radius && (!after || before(after, hit)) && !seen.has(hit.id));
    for (const { geohash, ...hit } of hits) {
      seen.add(hit.id);
      found.set(hit.id, hit);
      origins.set(hit.id, { scope: cell.scope, cell: cell.cell, ...(geohash ? { geohash } : {}) });
    }
    return hits;
  }

  return {
    found,
    origins,
    readWhole,
    splitHere,
    holdingVisited,

    /** With `eager` on a first page: reads the counts of the cells around the centre at every level with the root's. */
    prefetchAround(): void {
      // (The root's counts are the empty cell's children: in the same request.)
      if (!search.eager || after) return;
      readCounts(
        search.scopes.flatMap((scope) =>
          Array.from({ length: finest - GEO.partition + 1 }, (_, at) => ({
            scope,
            cell: at === 0 ? ROOT_CELL : ngeohash.encode(centre.lat, centre.lng, GEO.partition + at - 1),
          })),
        ),
      );
    },

    /** The root's cells of a scope (read with the counts around the centre, when they were). */
    rootCells: (scope: string): Promise<CellCount[]> => prefetched.get(cellKey(scope, ROOT_CELL)) ?? index.rootCells(scope),

    /** Whether the counts of this cell were read already. */
    countsRead: (cell: QueuedCell): boolean => prefetched.has(cellKey(cell.scope, cell.cell)),

    /** Visits a round's cells together: the counts of those it splits in one request, those it reads whole a run at a time. */
    async visitRound(batch: readonly QueuedCell[]): Promise<Hit[]> {
      readCounts(batch.filter((cell) => splits(cell) && !prefetched.has(cellKey(cell.scope, cell.cell))));
      readRuns(batch.filter((cell) => !splits(cell)));
      return (await Promise.all(batch.map((cell) => visit(cell)))).flat();
    },
  };
}

export type CellVisits = ReturnType<typeof createCellVisits>;

/** The cells wanted of a partition in runs: those next to each other among the partition's leaves in key order. */
function runsOf(wanted: readonly string[], leaves: ReadonlySet<string> | undefined): string[][] {
  const order = [...(leaves ?? [])].sort();
  const place = new Map(order.map((cell, at) => [cell, at]));
  const sorted = [...wanted].sort();
  const runs: string[][] = [];
  let run = [sorted[0]!];
  for (const cell of sorted.slice(1)) {
    const [previous, at] = [place.get(run.at(-1)!), place.get(cell)];
    if (previous !== undefined && at === previous + 1) run.push(cell);
    else {
      runs.push(run);
      run = [cell];
    }
  }
  runs.push(run);
  return runs.filter((cells) => cells.length > 1);
}
