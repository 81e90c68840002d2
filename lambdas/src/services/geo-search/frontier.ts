import type { CellCount } from '../../data/geo-cells';
import type { Hit } from './cursor';
import { cellDistances } from './distance';
import type { GeoEntry, QueuedCell, SearchPlan } from './plan';

/**
 * The cells a page's search has found holding entries and not visited yet, nearest first: where it starts (the root's
 * cells, or where the page before left the search), what each cell found is queued as (with a page before, a cell
 * within its horizon is only partly left to look at), and the cells each round visits together.
 */
export function createFrontier<E extends GeoEntry, R>(plan: SearchPlan<E, R>) {
  const { search, resume, pending, splits, leafSize, parallelCells } = plan;
  const { centre, radius, after, limit } = search;
  const queue: QueuedCell[] = [];
  /**
   * On a first page, the cells known to hold entries and not split, by scope (each entry is in one of them, whether queued,
   * read or out of range): two cells to read with no other between them in key order are read in one request.
   */
  const leaves = new Map<string, Set<string>>();

  function enqueue(scope: string, cell: string, count: number, atLeast: number, kind: QueuedCell['kind']): void {
    const { min, max } = cellDistances(centre, cell);
    if (min > radius) return;
    if (after && max < after.distance) return;
    const least = Math.max(min, atLeast);
    if (least > max || least > radius) return;
    queue.push({ scope, cell, count, min: least, max, kind });
  }

  /** Queues a cell found holding `count` entries (a root cell, or a child of a cell split). */
  function found(scope: string, cell: string, count: number): void {
    // (Starting from the open cells of the page before, every cell the search finds is one no page visited.)
    if (!resume || resume.open) {
      if (!after) (leaves.get(scope) ?? leaves.set(scope, new Set()).get(scope)!).add(cell);
      return enqueue(scope, cell, count, 0, 'open');
    }
    const { min } = cellDistances(centre, cell);
    const around = pending.filter((other) => other.scope === scope && cell.startsWith(other.cell) && other.cell !== cell);
    // Inside a pending cell (a cell read whole before that has split since): nothing nearer than its next hit.
    const outside = Math.max(0, ...around.map((other) => other.next));
    if (min >= resume.horizon || around.length > 0) return enqueue(scope, cell, count, outside, around.length > 0 ? 'part' : 'open');
    const inside = pending.filter((other) => other.scope === scope && other.cell.startsWith(cell));
    // A cell read whole within the horizon was read by the page before: only its pending cells are left, read once the
    // search reaches them. (Were it split then and fewer in it now, what it held beyond the horizon would be missed.)
    if (!splits({ cell, count })) {
      for (const other of inside) enqueue(scope, other.cell, 0, other.next, 'pending');
      return;
    }
    // In a cell split within the horizon, all is shown, or in its pending cells, or beyond the horizon.
    return enqueue(scope, cell, count, Math.min(resume.horizon, ...inside.map((other) => other.next)), 'part');
  }

  return {
    leaves,
    found,

    /** The cells not visited yet (when the page ends: what its resume tells of them). */
    unvisited: (): readonly QueuedCell[] => queue,

    /** Where the search starts: where the page before left it, else the root's cells (`rootCells`, read for each scope). */
    async start(rootCells: (scope: string) => Promise<CellCount[]>): Promise<void> {
      if (resume?.open) {
        // Where the page before left the search: its open cells and its pending ones, nothing else to look at.
        for (const { scope, cell, count } of resume.open) enqueue(search.scopes[scope]!, cell, count, 0, 'open');
        for (const { scope, cell, next } of pending) enqueue(scope, cell, 0, next, 'pending');
        return;
      }
      const roots = await Promise.all(search.scopes.map(async (scope) => ({ scope, cells: await rootCells(scope) })));
      for (const { scope, cells } of roots) for (const { cell, count } of cells) found(scope, cell, count);
    },

    /** The nearest cell not visited (by its least possible distance), or undefined when none is left. */
    nearest(): QueuedCell | undefined {
      queue.sort((a, b) => a.min - b.min);
      return queue[0];
    },

    /**
     * Takes the cells of the next round out of the queue: the nearest (`next`) and, read at once with it, cells nearer than
     * the page's last hit so far (they must be read whatever the others hold), and, while the page is not full, cells that
     * may hold closer hits than the nearest cell's farthest point: full ones (splitting one reads a single item) and small
     * ones (at most a leaf's worth, most often needed next), not a finest cell holding more (read whole, it is left until
     * the search reaches it). This saves round trips one after another. `best` is the page so far (and one more);
     * `countsRead` tells a cell whose counts were read already.
     */
    takeRound(next: QueuedCell, best: readonly Hit[], countsRead: (cell: QueuedCell) => boolean): QueuedCell[] {
      const full = best.length > limit;
      const bound = full ? best[limit]!.distance : next.max;
      // (A cell whose counts were read with the root's is split at once, alone: the cells around it are better chosen after.)
      const ready = splits(next) && countsRead(next);
      const batch = ready
        ? []
        : queue
            .slice(1)
            .filter((cell) => cell.min <= bound && (full || splits(cell) || cell.count <= leafSize))
            .slice(0, parallelCells - 1);
      batch.unshift(next);
      for (const cell of batch) queue.splice(queue.indexOf(cell), 1);
      return batch;
    },
  };
}

export type Frontier = ReturnType<typeof createFrontier>;
