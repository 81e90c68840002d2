import { GEO } from '../../data/geo-cells';

/**
 * Where a nearest-first page ends and the next begins: the order of the hits, and the resume that tells the next page
 * where the search was left, as the short text a cursor carries (docs/data-layer.md#nearest-first-cursors).
 */

/** A found entry, and its place in the order: distance, then id. */
export interface Hit {
  readonly id: string;
  readonly distance: number;
}
export const before = (a: Hit, b: Hit) => a.distance < b.distance || (a.distance === b.distance && a.id < b.id);

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
export interface OpenCell {
  readonly scope: number;
  readonly cell: string;
  readonly count: number;
}

/**
 * Hits not shown yet in what a page read: within this geohash (of any precision, down to the stored one) of the
 * scope at this position of the search's scopes, the first of them no nearer than `next`.
 */
export interface PendingCell {
  readonly scope: number;
  readonly cell: string;
  readonly next: number;
}

/** Longest text `encodeResume` makes (it travels in a cursor of at most 1,000 characters); a page whose resume is longer leaves it out. */
const MAX_RESUME_TEXT = 640;
/** Distances in a resume are told in these fractions of a mile beyond the page's last hit, rounded down. */
const STEPS_PER_MILE = 1000;
/** Pending cells are kept to this precision at most (a few tens of yards), which keeps the text short. */
export const PENDING_PRECISION = 8;
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
