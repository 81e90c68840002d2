import { GEO } from '../../data/geo-cells';
import type { CellVisits } from './cell-visits';
import { before, encodeResume, PENDING_PRECISION, type Hit, type OpenCell, type PendingCell, type Resume } from './cursor';
import { cellDistances } from './distance';
import type { Frontier } from './frontier';
import { cellKey, type GeoEntry, type NearestPage, type QueuedCell, type SearchPlan } from './plan';

/**
 * The page a search makes of the hits its visits found: the best of them in order, confirmed by their records (a stale
 * one is dropped and the search goes on), and, when the page ends, where it leaves the search for the next page (its
 * resume: the pending cells and, when they fit, the open cells).
 */
export function createPageAssembly<E extends GeoEntry, R>(plan: SearchPlan<E, R>, frontier: Frontier, visits: CellVisits) {
  const { search, pending } = plan;
  const { centre, radius, limit } = search;
  const { found, origins } = visits;
  const records = new Map<string, R>();
  /** Hits found so far (each counted once, when its cell was read). */
  let read = 0;

  async function confirm(hits: readonly Hit[]): Promise<void> {
    const fresh = await search.confirm(hits);
    for (const hit of hits) {
      const record = fresh.get(hit.id);
      if (record !== undefined) records.set(hit.id, record);
      else found.delete(hit.id);
    }
  }

  /**
   * Where the page ending at `last` leaves the search, with every cell nearer than `horizon` visited: its pending cells
   * (`pendingAfter`, the finest that fit) and, when they fit too, its open cells; undefined when it would not fit a cursor.
   */
  function resumeAfter(last: Hit, horizon: number): Resume | undefined {
    const queue = frontier.unvisited();
    // Every cell not visited, when none of them was partly visited before (a page from a cursor without open cells).
    const unvisited = queue.every((cell) => cell.kind !== 'part') ? queue.filter((cell) => cell.kind === 'open') : undefined;
    const fits = (resume: Resume) => encodeResume(resume, last.distance) !== undefined;
    // Each open cell as it is, else fewer (merged), else none.
    const withOpen = (resume: Resume) =>
      [false, true].map((merged) => unvisited && { ...resume, open: openCells(unvisited, merged) }).find((candidate) => candidate && fits(candidate));
    const ladder = pendingAfter(last, horizon);
    // Open cells save the counts of a ring; pending cells merged coarser than the finest may cost a crowded cell read whole again.
    for (const resume of ladder.filter(({ cells }) => cells.every(({ cell }) => cell.length >= GEO.finest))) {
      const better = withOpen(resume);
      if (better) return better;
    }
    return ladder.find(fits);
  }

  /**
   * The open cells of the search's queue; `merged`, fewer: the children of a cell this page split and then visited none of
   * are told as that cell (the next page splits it again when it gets there, one counts item, or reads it whole).
   */
  function openCells(cells: readonly QueuedCell[], merged: boolean): OpenCell[] {
    const { splitHere, holdingVisited } = visits;
    let open = new Map(cells.map(({ scope, cell, count }) => [cellKey(scope, cell), { scope, cell, count }]));
    for (let length = merged ? Math.max(GEO.partition, ...cells.map(({ cell }) => cell.length)) : 0; length > GEO.partition; length--) {
      const next = new Map<string, { scope: string; cell: string; count: number }>();
      for (const [key, cell] of open) {
        const parent = cellKey(cell.scope, cell.cell.slice(0, -1));
        if (cell.cell.length !== length || !splitHere.has(parent) || holdingVisited.has(parent)) next.set(key, cell);
        else next.set(parent, { scope: cell.scope, cell: cell.cell.slice(0, -1), count: (next.get(parent)?.count ?? 0) + cell.count });
      }
      open = next;
    }
    return [...open.values()].map(({ scope, cell, count }) => ({ scope: search.scopes.indexOf(scope), cell, count }));
  }

  /**
   * Resumes without open cells, best first: the pending cells of the page before that this one did not read, and for each
   * cell read that holds hits after `last` (not yet known to be stale), the small cells around them (one for each place of
   * PENDING_PRECISION when that is more), then the same merged into ever coarser cells (fewer, shorter, each read whole).
   */
  function pendingAfter(last: Hit, horizon: number): Resume[] {
    const cells = new Map<string, PendingCell>();
    for (const { scope, cell, next } of pending) {
      if (cellDistances(centre, cell).max < last.distance) continue;
      const reread = Array.from({ length: cell.length - GEO.partition + 1 }, (_, at) => cell.slice(0, GEO.partition + at)).some((around) =>
        visits.readWhole.has(cellKey(scope, around)),
      );
      if (!reread) cells.set(cellKey(scope, cell), { scope: search.scopes.indexOf(scope), cell, next });
    }
    const finer = new Map(cells);
    const left = new Map<string, { scope: string; hashes: string[]; next: number }>();
    const keep = (into: Map<string, PendingCell>, scope: string, cell: string, next: number) => {
      const key = cellKey(scope, cell);
      into.set(key, { scope: search.scopes.indexOf(scope), cell, next: Math.min(next, into.get(key)?.next ?? Number.POSITIVE_INFINITY) });
    };
    for (const hit of found.values()) {
      if (!before(last, hit)) continue;
      const origin = origins.get(hit.id)!;
      const key = cellKey(origin.scope, origin.cell);
      const hash = origin.geohash?.startsWith(origin.cell) ? origin.geohash : origin.cell;
      const group = left.get(key) ?? { scope: origin.scope, hashes: [] as string[], next: hit.distance };
      group.hashes.push(hash);
      group.next = Math.min(group.next, hit.distance);
      left.set(key, group);
      keep(finer, origin.scope, hash.slice(0, PENDING_PRECISION), hit.distance);
    }
    for (const { scope, hashes, next } of left.values()) keep(cells, scope, commonPrefix(hashes, PENDING_PRECISION), next);
    // Better, when it fits: a small cell (of PENDING_PRECISION) for each place holding hits after `last`, each read once
    // the search reaches it, so hits crowded at a few places of one cell are not read again with the others.
    const ladder: Resume[] = finer.size > cells.size ? [{ horizon, cells: [...finer.values()] }] : [];
    // Too many to carry: coarser cells hold them too (each then read whole once reached), fewer and shorter.
    for (const precision of [PENDING_PRECISION, GEO.finest, GEO.finest - 1, GEO.partition + 1, GEO.partition]) {
      const merged = new Map<string, PendingCell>();
      for (const pendingCell of cells.values()) {
        const cell = pendingCell.cell.slice(0, precision);
        const key = `${pendingCell.scope}\u0000${cell}`;
        merged.set(key, { ...pendingCell, cell, next: Math.min(pendingCell.next, merged.get(key)?.next ?? Number.POSITIVE_INFINITY) });
      }
      ladder.push({ horizon, cells: [...merged.values()] });
    }
    return ladder;
  }

  return {
    /** The best hits found so far, in order: the page and one more (which tells whether more follow). */
    best: (): Hit[] => [...found.values()].sort((a, b) => (before(a, b) ? -1 : 1)).slice(0, limit + 1),

    /**
     * The page, once no cell left can hold a hit better than its last (`next`, the nearest cell left, is no nearer than
     * the hit after the page, or there is none): undefined when hits of it had to be confirmed first, which may drop some
     * (look again then).
     */
    async settled(best: readonly Hit[], next: QueuedCell | undefined): Promise<NearestPage<R> | undefined> {
      const unconfirmed = best.filter((hit) => !records.has(hit.id));
      if (unconfirmed.length > 0) {
        await confirm(unconfirmed);
        return undefined;
      }
      const hits = best.slice(0, limit);
      const more = best.length > limit || (next !== undefined && next.min <= radius);
      // Every cell nearer than the nearest one not visited was read or split: the next page need not look there again.
      const left = more && best.length > limit ? resumeAfter(hits.at(-1)!, next ? Math.min(next.min, radius) : radius) : undefined;
      return { hits, records, more, ...(left ? { resume: left } : {}) };
    },

    /** With `confirmAllUpTo`, once that many hits were found: the page of the confirmed ones, the last. */
    cutShort(best: readonly Hit[]): NearestPage<R> | undefined {
      if (search.confirmAllUpTo === undefined || read < search.confirmAllUpTo) return undefined;
      return { hits: best.filter((hit) => records.has(hit.id)).slice(0, limit), records, more: false };
    },

    /** Takes in the hits a round found (confirmed at once with `confirmAllUpTo`). */
    async add(candidates: readonly Hit[]): Promise<void> {
      read += candidates.length;
      if (search.confirmAllUpTo !== undefined && candidates.length > 0) await confirm(candidates);
    },
  };
}

/** The longest geohash all these share, at most `longest` long. */
function commonPrefix(hashes: readonly string[], longest: number): string {
  let prefix = hashes[0]!.slice(0, longest);
  for (const hash of hashes) while (!hash.startsWith(prefix)) prefix = prefix.slice(0, -1);
  return prefix;
}
