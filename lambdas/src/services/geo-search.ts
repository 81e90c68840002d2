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

/** A found entry, and its place in the order: distance, then id. */
export interface Hit {
  readonly id: string;
  readonly distance: number;
}
const before = (a: Hit, b: Hit) => a.distance < b.distance || (a.distance === b.distance && a.id < b.id);

/**
 * Where a page left the search, for the next page (it travels in the cursor, so it is small): every cell whose
 * nearest point is nearer than `horizon` was read or split, and the hits after the page's last in them are all
 * inside `cells`; everywhere else is at least `horizon` away.
 */
export interface Resume {
  readonly horizon: number;
  readonly cells: readonly PendingCell[];
  /**
   * When it fits: every cell the search had found holding entries and had not visited (read or split) when the page ended,
   * each with its count. They hold every entry after the page's last hit outside `cells` (as the counts had it), so the next
   * page starts from them and these cells, without walking the counts down from the root again to the ring where the page
   * before ended (at 50,000 jobs, about 15 counts items a page deep in "Leeds, 10 miles").
   */
  readonly open?: readonly OpenCell[];
}

/** A cell not visited yet, of the scope at this position of the search's scopes, holding `count` entries. */
interface OpenCell {
  readonly scope: number;
  readonly cell: string;
  readonly count: number;
}

/**
 * Hits not shown yet in what a page read: within this geohash (of any precision, down to the stored one) of the
 * scope at this position of the search's scopes, the first of them no nearer than `next`.
 */
interface PendingCell {
  readonly scope: number;
  readonly cell: string;
  readonly next: number;
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

/** Longest text `encodeResume` makes (it travels in a cursor of at most 1,000 characters); a page whose resume is longer leaves it out. */
const MAX_RESUME_TEXT = 640;
/** Distances in a resume are told in these fractions of a mile beyond the page's last hit, rounded down. */
const STEPS_PER_MILE = 1000;
/** Pending cells are kept to this precision at most (a few tens of yards), which keeps the text short. */
const PENDING_PRECISION = 8;
const BASE36 = /^[0-9a-z]{1,7}$/;
const CELL_PART = /^(?:(\d{1,2})\.)?(\d)([0-9b-hjkmnp-z]*)~([0-9a-z]{1,7})$/;

const stepsBeyond = (distance: number, from: number) => Math.max(0, Math.floor((distance - from) * STEPS_PER_MILE)).toString(36);
// A step less than was written: never beyond the true distance, whatever the floating point did.
const distanceBeyond = (text: string, from: number) => from + Math.max(0, parseInt(text, 36) - 1) / STEPS_PER_MILE;

/**
 * Cells of scopes as a short text: comma separated, each the number of leading characters it shares with the cell before,
 * the rest, and `~` its value; `n.` in front where the scope changes to the nth.
 */
function encodeCells<C extends { readonly scope: number; readonly cell: string }>(cells: readonly C[], value: (cell: C) => string): string {
  const sorted = [...cells].sort((a, b) => a.scope - b.scope || (a.cell < b.cell ? -1 : 1));
  let previous = { scope: 0, cell: '' };
  return sorted
    .map((cell) => {
      const sameScope = cell.scope === previous.scope;
      let shared = 0;
      while (sameScope && shared < 9 && shared < cell.cell.length && shared < previous.cell.length && cell.cell[shared] === previous.cell[shared]) shared++;
      previous = cell;
      return `${sameScope ? '' : `${cell.scope}.`}${shared}${cell.cell.slice(shared)}~${value(cell)}`;
    })
    .join(',');
}

/** The cells of `encodeCells`'s text, each with its value's text; undefined when it is not one it makes for this many scopes. */
function decodeCells(list: string, scopes: number): { scope: number; cell: string; value: string }[] | undefined {
  let previous = { scope: 0, cell: '' };
  const cells: { scope: number; cell: string; value: string }[] = [];
  for (const part of list === '' ? [] : list.split(',')) {
    const match = CELL_PART.exec(part);
    if (!match) return undefined;
    const scope = match[1] === undefined ? previous.scope : Number(match[1]);
    const shared = Number(match[2]);
    if (scope >= scopes || (scope !== previous.scope && shared > 0) || shared > previous.cell.length) return undefined;
    const cell = previous.cell.slice(0, shared) + match[3]!;
    if (cell.length < GEO.partition || cell.length > PENDING_PRECISION) return undefined;
    previous = { scope, cell };
    cells.push({ scope, cell, value: match[4]! });
  }
  return cells;
}

/**
 * A resume as a short text, for a page whose last hit is `from` away: the horizon, `;`, the pending cells (`encodeCells`,
 * each with its next hit: distances in thousandths of a mile beyond `from`, base 36, rounded down), and, with its open
 * cells, `;` and those (each with its count, base 36); undefined when longer than MAX_RESUME_TEXT.
 */
export function encodeResume(resume: Resume, from: number): string | undefined {
  const pending = encodeCells(resume.cells, (cell) => stepsBeyond(cell.next, from));
  const open = resume.open ? `;${encodeCells(resume.open, (cell) => cell.count.toString(36))}` : '';
  const text = `${stepsBeyond(resume.horizon, from)};${pending}${open}`;
  return text.length <= MAX_RESUME_TEXT ? text : undefined;
}

/** The resume of `encodeResume`'s text for a page whose last hit is `from` away, or undefined when it is not one it makes for this many scopes (a tampered cursor). */
export function decodeResume(text: string, from: number, scopes: number): Resume | undefined {
  if (text.length > MAX_RESUME_TEXT) return undefined;
  const [horizon, list, openList, ...rest] = text.split(';');
  if (rest.length > 0 || list === undefined || !BASE36.test(horizon!)) return undefined;
  const pending = decodeCells(list, scopes);
  const open = openList === undefined ? undefined : decodeCells(openList, scopes);
  if (!pending || (openList !== undefined && !open)) return undefined;
  return {
    horizon: distanceBeyond(horizon!, from),
    cells: pending.map(({ scope, cell, value }) => ({ scope, cell, next: distanceBeyond(value, from) })),
    ...(open ? { open: open.map(({ scope, cell, value }) => ({ scope, cell, count: parseInt(value, 36) })) } : {}),
  };
}

/**
 * Where a nearest-first page ended, as a cursor carries it (the directory's and the job board's): the distance and id
 * of its last hit, and where it left the search (`c`, `encodeResume`'s text) when that fits.
 */
export interface NearestPosition {
  readonly d: number;
  readonly id: string;
  readonly c?: string;
}

/** The position after `last`, with the page's resume when there is one that fits. */
export function nearestPosition(last: Hit, resume: Resume | undefined): NearestPosition {
  const text = resume && encodeResume(resume, last.distance);
  return { d: last.distance, id: last.id, ...(text ? { c: text } : {}) };
}

/** Whether a decoded cursor's fields are a position's (a finite distance, an id, a text resume or none). */
export function isNearestPosition(value: { d?: unknown; id?: unknown; c?: unknown }): value is NearestPosition {
  return typeof value.d === 'number' && Number.isFinite(value.d) && typeof value.id === 'string' && (value.c === undefined || typeof value.c === 'string');
}

/**
 * Where a search over this many scopes goes on from a position: after its hit, with its resume; undefined when the
 * resume is not one `nearestPosition` makes (a tampered cursor, which the caller refuses).
 */
export function continueFrom(position: NearestPosition, scopes: number): { after: Hit; resume?: Resume } | undefined {
  const after = { id: position.id, distance: position.d };
  if (position.c === undefined) return { after };
  const resume = decodeResume(position.c, position.d, scopes);
  return resume ? { after, resume } : undefined;
}

/** A cell holding at most this many is read whole unless the search says otherwise (`leafSize`). */
export const DEFAULT_LEAF_SIZE = 12;
/**
 * A page from a cursor reads a cell whole on the cursor's word (its count, or a pending cell): it reads at most this many
 * leaves' worth of one that could be split, and splits it when there is more (a tampered cursor, or a cell much fuller
 * since), so no cursor makes a page read more than that of a cell it names.
 */
const TRUSTED_LEAVES = 4;
/** The cell whose children are the root cells (in `manyChildCells`). */
const ROOT_CELL = '';
/** Most cells read at the same time (each one request). */
const PARALLEL_CELLS = 4;

interface Frontier {
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

/** What a page found: its hits and their records, whether more follow, and where it left the search (when that fits a cursor). */
export interface NearestPage<R> {
  readonly hits: Hit[];
  readonly records: Map<string, R>;
  readonly more: boolean;
  readonly resume?: Resume;
}

/** The longest geohash all these share, at most `longest` long. */
function commonPrefix(hashes: readonly string[], longest: number): string {
  let prefix = hashes[0]!.slice(0, longest);
  for (const hash of hashes) while (!hash.startsWith(prefix)) prefix = prefix.slice(0, -1);
  return prefix;
}

/**
 * Cells are visited in order of their least possible distance; a cell with few entries is read whole, a
 * fuller one is split into its non-empty children (one item holds a cell's child counts); the search
 * stops once the page (plus one, to know whether there is more) is made of hits no unvisited cell can
 * beat. Entries carry the place, so distances come from them; the records are read only for the hits
 * that would make the page, and a stale one is dropped and the search goes on. A cursor skips cells
 * wholly nearer than where the last page ended; with the page's resume, the finest cells the page before
 * read are not read again, only the small cells of them that hold the hits it did not show, each once the
 * search reaches its next hit (so a page deep in a result costs about what the first does).
 */
export async function nearestInIndex<E extends GeoEntry, R>(search: NearestSearch<E, R>): Promise<NearestPage<R>> {
  const { index, centre, radius, after, limit } = search;
  const leafSize = search.leafSize ?? DEFAULT_LEAF_SIZE;
  const parallelCells = search.parallelCells ?? PARALLEL_CELLS;
  const finest = index.finest ?? GEO.finest;
  // In an index counted finer than GEO.finest, a cell of GEO.finest or finer holds one or a few crowded places, each read whole
  // all the same: it is split only when that may save reading two leaves' worth (on later pages, the pending cells already
  // keep a crowded place from being read again, and a split would only add a counts item a page).
  const splits = (cell: Frontier) => cell.cell.length < finest && cell.count > (cell.cell.length < GEO.finest ? leafSize : 2 * leafSize);
  const resume = after ? search.resume : undefined;
  /** The pending cells of the page before, by scope name. */
  const pending = (resume?.cells ?? []).map(({ scope, cell, next }) => ({ scope: search.scopes[scope]!, cell, next }));
  const queue: Frontier[] = [];
  const cellKey = (scope: string, cell: string) => `${scope}\u0000${cell}`;
  const enqueue = (scope: string, cell: string, count: number, atLeast: number, kind: Frontier['kind']) => {
    const { min, max } = cellDistances(centre, cell);
    if (min > radius) return;
    if (after && max < after.distance) return;
    const least = Math.max(min, atLeast);
    if (least > max || least > radius) return;
    queue.push({ scope, cell, count, min: least, max, kind });
  };
  /**
   * On a first page, the cells known to hold entries and not split, by scope (each entry is in one of them, whether queued,
   * read or out of range): two cells to read with no other between them in key order are read in one request.
   */
  const leaves = new Map<string, Set<string>>();
  // (Starting from the open cells of the page before, every cell the search finds is one no page visited.)
  const push = (scope: string, cell: string, count: number) => {
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
    if (!splits({ scope, cell, count, min, max: min, kind: 'part' })) {
      for (const other of inside) enqueue(scope, other.cell, 0, other.next, 'pending');
      return;
    }
    // In a cell split within the horizon, all is shown, or in its pending cells, or beyond the horizon.
    return enqueue(scope, cell, count, Math.min(resume.horizon, ...inside.map((other) => other.next)), 'part');
  };
  // A first page starts at the centre, splitting the cells around it one level after another (in a crowded place, down
  // to the finest): with `eager`, the counts of those cells are read with the root's, in one round instead of one a
  // level. A later page starts where the one before ended, farther out.
  const prefetched = new Map<string, Promise<CellCount[]>>();
  /** Reads the counts of these cells (one request when the index can), each kept for when the search gets to it. */
  const readCounts = (cells: readonly { scope: string; cell: string }[]) => {
    const many = index.manyChildCells && cells.length > 1 ? index.manyChildCells(cells) : undefined;
    cells.forEach(({ scope, cell }, at) => {
      const children = many ? many.then((all) => all[at]!) : index.childCells(scope, cell);
      // Awaited if the search gets there; a failure then is its failure.
      children.catch(() => undefined);
      prefetched.set(cellKey(scope, cell), children);
    });
  };
  // (The root's counts are the empty cell's children: with `eager`, in the same request.)
  if (search.eager && !after) {
    readCounts(search.scopes.flatMap((scope) => Array.from({ length: finest - GEO.partition + 1 }, (_, at) => ({ scope, cell: at === 0 ? ROOT_CELL : ngeohash.encode(centre.lat, centre.lng, GEO.partition + at - 1) }))));
  }
  const childCells = (scope: string, cell: string) => prefetched.get(cellKey(scope, cell)) ?? index.childCells(scope, cell);
  if (resume?.open) {
    // Where the page before left the search: its open cells and its pending ones, nothing else to look at.
    for (const { scope, cell, count } of resume.open) enqueue(search.scopes[scope]!, cell, count, 0, 'open');
    for (const { scope, cell, next } of pending) enqueue(scope, cell, 0, next, 'pending');
  } else {
    const roots = await Promise.all(search.scopes.map(async (scope) => ({ scope, cells: await (prefetched.get(cellKey(scope, ROOT_CELL)) ?? index.rootCells(scope)) })));
    for (const { scope, cells } of roots) for (const { cell, count } of cells) push(scope, cell, count);
  }

  /** Hits found in the index, not yet known to be wrong; those in `records` are confirmed. */
  const found = new Map<string, Hit>();
  /** The cell (scope and geohash) each hit was read from, and its own geohash when the entry had it. */
  const origins = new Map<string, { scope: string; cell: string; geohash?: string }>();
  /** The cells read whole, by scope and geohash. */
  const readWhole = new Set<string>();
  /** The cells this page split, and those holding a cell it visited (read or split), by scope and geohash. */
  const splitHere = new Set<string>();
  const holdingVisited = new Set<string>();
  /** The entries of cells read in a run with others, for `visit`. */
  const runs = new Map<string, Promise<E[]>>();
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
      const hits = best.slice(0, limit);
      const more = best.length > limit || (next !== undefined && next.min <= radius);
      // Every cell nearer than the nearest one not visited was read or split: the next page need not look there again.
      const left = more && best.length > limit ? resumeAfter(hits.at(-1)!, next ? Math.min(next.min, radius) : radius) : undefined;
      return { hits, records, more, ...(left ? { resume: left } : {}) };
    }
    if (search.confirmAllUpTo !== undefined && read >= search.confirmAllUpTo) return { hits: best.filter((hit) => records.has(hit.id)).slice(0, limit), records, more: false };
    // Read at once with the nearest cell: cells nearer than the page's last hit so far (they must be read whatever the others
    // hold), and, while the page is not full, cells that may hold closer hits than the nearest cell's farthest point: full
    // ones (splitting one reads a single item) and small ones (at most a leaf's worth, most often needed next), not a finest
    // cell holding more (read whole, it is left until the search reaches it). This saves round trips one after another.
    const full = best.length > limit;
    const bound = full ? best[limit]!.distance : next.max;
    // (A cell whose counts were read with the root's is split at once, alone: the cells around it are better chosen after.)
    const ready = splits(next) && prefetched.has(cellKey(next.scope, next.cell));
    const batch = ready
      ? []
      : queue
          .slice(1)
          .filter((cell) => cell.min <= bound && (full || splits(cell) || cell.count <= leafSize))
          .slice(0, parallelCells - 1);
    batch.unshift(next);
    for (const cell of batch) queue.splice(queue.indexOf(cell), 1);
    // The counts of the cells this round splits, in one request; the cells it reads whole, a run at a time.
    readCounts(batch.filter((cell) => splits(cell) && !prefetched.has(cellKey(cell.scope, cell.cell))));
    readRuns(batch.filter((cell) => !splits(cell)));
    const candidates = (await Promise.all(batch.map((cell) => visit(cell)))).flat();
    read += candidates.length;
    if (search.confirmAllUpTo !== undefined && candidates.length > 0) await confirm(candidates);
  }

  /**
   * Reads these cells (to be read whole) of a first page in runs: cells of a scope's partition with no other cell holding
   * entries between them in key order, each run one request (the same items as a request a cell); kept for `visit`.
   */
  function readRuns(cells: readonly Frontier[]): void {
    if (!index.runEntries || after) return;
    const byPartition = new Map<string, string[]>();
    for (const { scope, cell } of cells) {
      const key = cellKey(scope, cell.slice(0, GEO.partition));
      byPartition.set(key, [...(byPartition.get(key) ?? []), cell]);
    }
    for (const [partition, wanted] of byPartition) {
      if (wanted.length < 2) continue;
      const scope = partition.slice(0, partition.indexOf('\u0000'));
      const order = [...(leaves.get(scope) ?? [])].sort();
      const place = new Map(order.map((cell, at) => [cell, at]));
      const sorted = [...wanted].sort();
      let run = [sorted[0]!];
      const flush = () => {
        if (run.length > 1) {
          const read = index.runEntries!(scope, run[0]!, run.at(-1)!);
          read.catch(() => undefined);
          for (const cell of run) runs.set(cellKey(scope, cell), read.then((entries) => entries.filter((entry) => (entry.geohash ?? ngeohash.encode(entry.lat, entry.lng, GEO.stored)).startsWith(cell))));
        }
      };
      for (const cell of sorted.slice(1)) {
        const [previous, at] = [place.get(run.at(-1)!), place.get(cell)];
        if (previous !== undefined && at === previous + 1) run.push(cell);
        else {
          flush();
          run = [cell];
        }
      }
      flush();
    }
  }

  /**
   * Splits a full cell into its non-empty children (queued), or reads a small one: its new hits in range. A cell of
   * GEO.finest or finer whose children add up to less than its count holds entries counted only down to its own precision
   * (written before the index kept finer counts): it is read whole.
   */
  async function visit(cell: Frontier): Promise<Hit[]> {
    for (let length = GEO.partition; length < cell.cell.length; length++) holdingVisited.add(cellKey(cell.scope, cell.cell.slice(0, length)));
    if (splits(cell)) {
      const children = await childCells(cell.scope, cell.cell);
      const counted = children.reduce((sum, child) => sum + child.count, 0);
      if (cell.cell.length < GEO.finest || counted >= cell.count) {
        leaves.get(cell.scope)?.delete(cell.cell);
        splitHere.add(cellKey(cell.scope, cell.cell));
        for (const child of children) push(cell.scope, child.cell, child.count);
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

  /**
   * Where the page ending at `last` leaves the search, with every cell nearer than `horizon` visited: its pending cells
   * (`pendingAfter`, the finest that fit) and, when they fit too, its open cells; undefined when it would not fit a cursor.
   */
  function resumeAfter(last: Hit, horizon: number): Resume | undefined {
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
  function openCells(cells: readonly Frontier[], merged: boolean): OpenCell[] {
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
      const reread = Array.from({ length: cell.length - GEO.partition + 1 }, (_, at) => cell.slice(0, GEO.partition + at)).some((around) => readWhole.has(cellKey(scope, around)));
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
}
