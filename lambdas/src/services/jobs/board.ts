import { DEFAULT_RADIUS_MILES, JOB_LIMITS, JOB_MESSAGES, JOB_PAGE_SIZE, type JobListQuery } from '@solutionz/shared';
import type { JobRecord } from '../../data/jobs-repository';
import { ALL_JOBS_SCOPE, JOB_GEO_FINEST, jobCategoryScope, type BoardEntry } from '../../data/job-board';
import { ValidationError } from '../../errors';
import { resolvePlace } from '../../geo/resolve';
import { continueFrom, isNearestPosition, nearestInIndex, nearestPosition, type NearestPosition } from '../geo-search';
import type { JobsDeps } from './deps';

/**
 * A page token: the page's number and where it starts. `n`: beyond the position `at` of the newest-first list, older
 * (the next page) or, with `up`, newer (the previous page); `g`: after this hit of the nearest-first order, going on
 * from where the page left the search when that fits (geo-search.ts, as the directory's cursor).
 */
type BoardCursor = { readonly p: number } & ({ readonly m: 'n'; readonly at: string; readonly up?: true } | (NearestPosition & { readonly m: 'g' }));

export const encodeCursor = (cursor: BoardCursor) => Buffer.from(JSON.stringify(cursor)).toString('base64url');

const badCursor = () => new ValidationError({ 'query.cursor': JOB_MESSAGES.badCursor }, JOB_MESSAGES.badCursor);

const isPageNumber = (value: unknown) => Number.isInteger(value) && (value as number) >= 1 && (value as number) <= JOB_LIMITS.boardPageMax;

function decodeCursor(text: string | undefined, mode: BoardCursor['m']): BoardCursor | undefined {
  if (text === undefined) return undefined;
  try {
    const parsed = JSON.parse(Buffer.from(text, 'base64url').toString('utf8')) as Record<string, unknown>;
    // A token without a page number (made before numbered pages) starts the second page.
    const cursor = { ...parsed, p: parsed.p ?? 2 } as BoardCursor;
    if (!isPageNumber(cursor.p)) throw badCursor();
    if (mode === 'n' && cursor.m === 'n' && typeof cursor.at === 'string' && cursor.at.length > 0 && (cursor.up === undefined || cursor.up === true))
      return cursor;
    if (mode === 'g' && cursor.m === 'g' && isNearestPosition(cursor)) return cursor;
  } catch {
    // Falls through to the refusal below.
  }
  throw badCursor();
}

/** The budget filters (docs/product/jobs.md#the-job-board: the range only when both ends are set), which the index entries answer; none without them. */
function budgetFilter(query: JobListQuery): ((entry: BoardEntry) => boolean) | undefined {
  const { minBudget, maxBudget, budgetType } = query;
  const range = minBudget !== undefined && maxBudget !== undefined;
  if (!range && budgetType === 'any') return undefined;
  return (entry) =>
    (!range || (entry.budgetAmount !== undefined && entry.budgetAmount >= minBudget && entry.budgetAmount <= maxBudget)) &&
    (budgetType === 'any' || entry.budgetType === budgetType);
}

/** Most newest-first entries a budget-filtered page from a token reads; past it the page ends early and its token goes on from there. */
const FILTERED_READ_LIMIT = 500;
const FILTERED_CHUNK = 20;

export interface BoardPage {
  readonly records: JobRecord[];
  readonly page: number;
  readonly next?: BoardCursor;
  readonly previous?: BoardCursor;
  readonly total?: number;
}

type Deps = Pick<JobsDeps, 'jobs' | 'geocoder'>;
type Entry = BoardEntry & { position: string };

/** Nearest first within the radius of the place the location names (a place that cannot be found is a 400, as in the directory). */
async function nearestJobs(deps: Deps, query: JobListQuery, location: string, scope: string): Promise<BoardPage> {
  const cursor = decodeCursor(query.cursor, 'g') as Extract<BoardCursor, { m: 'g' }> | undefined;
  const from = cursor && continueFrom(cursor, 1);
  if (cursor && !from) throw badCursor();
  const place = await resolvePlace(deps.geocoder, location, 'query.location');
  const keep = budgetFilter(query);
  const { hits, records, more, resume } = await nearestInIndex({
    index: {
      finest: JOB_GEO_FINEST,
      rootCells: (cellScope) => deps.jobs.boardCells(cellScope),
      childCells: deps.jobs.boardCells,
      manyChildCells: deps.jobs.boardManyCells,
      cellEntries: deps.jobs.boardCellEntries,
      runEntries: deps.jobs.boardRunEntries,
    },
    scopes: [scope],
    centre: place,
    radius: query.radius ?? DEFAULT_RADIUS_MILES,
    ...from,
    limit: JOB_PAGE_SIZE,
    // Pages of 5: a cell holding more than a page and the one that tells whether there is more is split, not read.
    leafSize: JOB_PAGE_SIZE + 1,
    eager: true,
    ...(keep ? { keep } : {}),
    confirm: (found) => deps.jobs.getMany(found.map((hit) => hit.id)),
  });
  const last = hits.at(-1);
  const page = cursor?.p ?? 1;
  return {
    records: hits.map((hit) => records.get(hit.id)!),
    page,
    ...(more && last ? { next: { m: 'g', p: page + 1, ...nearestPosition(last, resume) } } : {}),
  };
}

/**
 * Entries of the list in one direction from `from` until `want` of them pass the filter or the list ends; with
 * `readLimit`, also once that many were read (`cutShort`, `last` the position reached). Never reads more than it needs
 * beyond one chunk: a run it skips over is read in one go.
 */
async function collect(
  deps: Pick<Deps, 'jobs'>,
  scope: string,
  direction: 'older' | 'newer',
  from: string | undefined,
  want: number,
  keep: ((entry: BoardEntry) => boolean) | undefined,
  readLimit?: number,
): Promise<{ picked: Entry[]; ended: boolean; cutShort?: true; last?: string }> {
  if (!keep) {
    const picked = await deps.jobs.boardList(scope, direction, from, want);
    return { picked, ended: picked.length < want };
  }
  const picked: Entry[] = [];
  let at = from;
  for (let read = 0; ;) {
    const chunk = Math.max(FILTERED_CHUNK, want - picked.length);
    const entries = await deps.jobs.boardList(scope, direction, at, chunk);
    read += entries.length;
    picked.push(...entries.filter(keep));
    if (entries.length < chunk) return { picked, ended: true };
    at = entries.at(-1)!.position;
    if (picked.length >= want) return { picked, ended: false };
    if (readLimit !== undefined && read >= readLimit) return { picked, ended: false, cutShort: true, last: at };
  }
}

const newerToken = (page: number, shown: readonly Entry[]): BoardCursor | undefined =>
  page > 1 && shown.length > 0 ? { m: 'n', p: page - 1, at: shown[0]!.position, up: true } : undefined;
const olderToken = (page: number, at: string): BoardCursor => ({ m: 'n', p: page + 1, at });

interface Window {
  readonly shown: Entry[];
  readonly page: number;
  readonly next?: BoardCursor;
  readonly previous?: BoardCursor;
}

/** A page read downwards (older) from a position, or from the top: the first page, or the next one of a token. */
async function olderPage(deps: Pick<Deps, 'jobs'>, scope: string, keep: Keep, page: number, from: string | undefined): Promise<Window> {
  const { picked, cutShort, last } = await collect(deps, scope, 'older', from, JOB_PAGE_SIZE + 1, keep, keep ? FILTERED_READ_LIMIT : undefined);
  const shown = picked.slice(0, JOB_PAGE_SIZE);
  const nextAt = cutShort ? last : picked.length > JOB_PAGE_SIZE ? shown.at(-1)!.position : undefined;
  const previous = newerToken(page, shown);
  return { shown, page, ...(nextAt ? { next: olderToken(page, nextAt) } : {}), ...(previous ? { previous } : {}) };
}

type Keep = ((entry: BoardEntry) => boolean) | undefined;

/** The page before a shown one, read upwards (newer) from its first job; at the top of the list, the first page. */
async function newerPage(deps: Pick<Deps, 'jobs'>, scope: string, keep: Keep, page: number, from: string): Promise<Window> {
  const { picked, ended } = await collect(deps, scope, 'newer', from, JOB_PAGE_SIZE + 1, keep);
  if (ended && picked.length <= JOB_PAGE_SIZE) return olderPage(deps, scope, keep, 1, undefined);
  const shown = picked.slice(0, JOB_PAGE_SIZE).reverse();
  const previous = newerToken(page, shown);
  return { shown, page, next: olderToken(page, shown.at(-1)!.position), ...(previous ? { previous } : {}) };
}

/**
 * Page `asked` of `total` with no token: from whichever end is nearer, skipping the pages between (the last page
 * reads only its own jobs, from the oldest end). Past the last page, the last.
 */
async function numberedPage(deps: Pick<Deps, 'jobs'>, scope: string, keep: Keep, asked: number, total: number): Promise<Window> {
  const page = Math.min(asked, Math.max(1, Math.ceil(total / JOB_PAGE_SIZE)));
  const top = (page - 1) * JOB_PAGE_SIZE;
  const end = Math.min(page * JOB_PAGE_SIZE, total);
  const bottom = total - end;
  if (page === 1 || top <= bottom) {
    const { picked } = await collect(deps, scope, 'older', undefined, top + JOB_PAGE_SIZE + 1, keep);
    const shown = picked.slice(top, top + JOB_PAGE_SIZE);
    if (shown.length === 0) return olderPage(deps, scope, keep, 1, undefined);
    const previous = newerToken(page, shown);
    return {
      shown,
      page,
      ...(picked.length > top + JOB_PAGE_SIZE ? { next: olderToken(page, shown.at(-1)!.position) } : {}),
      ...(previous ? { previous } : {}),
    };
  }
  const { picked } = await collect(deps, scope, 'newer', undefined, bottom + end - top, keep);
  const shown = picked.slice(bottom, bottom + end - top).reverse();
  // The kept count ran ahead of the list (a job removed meanwhile): the first page rather than none.
  if (shown.length === 0) return olderPage(deps, scope, keep, 1, undefined);
  const previous = newerToken(page, shown);
  return { shown, page, ...(bottom > 0 ? { next: olderToken(page, shown.at(-1)!.position) } : {}), ...(previous ? { previous } : {}) };
}

/** The kept count of what the board shows: the scope's, or its budget type's; none with a budget range (no count is kept per range). */
async function keptTotal(deps: Pick<Deps, 'jobs'>, query: JobListQuery, scope: string): Promise<number | undefined> {
  if (query.minBudget !== undefined && query.maxBudget !== undefined) return undefined;
  return deps.jobs.boardCount(scope, query.budgetType === 'any' ? undefined : query.budgetType);
}

/** Newest first: from a token, by its number (where a kept count gives the total), or the first page. */
async function newestJobs(deps: Pick<Deps, 'jobs'>, query: JobListQuery, scope: string): Promise<BoardPage> {
  const cursor = decodeCursor(query.cursor, 'n') as Extract<BoardCursor, { m: 'n' }> | undefined;
  const keep = budgetFilter(query);
  const numbered = !cursor && (query.page ?? 1) > 1;
  const countFirst = numbered ? await keptTotal(deps, query, scope) : undefined;
  if (numbered && countFirst === undefined) return walk(query, (walked) => newestJobs(deps, walked, scope));
  const [window, total] = await Promise.all([
    cursor
      ? cursor.up
        ? newerPage(deps, scope, keep, cursor.p, cursor.at)
        : olderPage(deps, scope, keep, cursor.p, cursor.at)
      : numbered
        ? numberedPage(deps, scope, keep, query.page!, countFirst!)
        : olderPage(deps, scope, keep, 1, undefined),
    numbered ? countFirst : keptTotal(deps, query, scope),
  ]);
  const records = await deps.jobs.getMany(window.shown.map((entry) => entry.id));
  return {
    records: window.shown.flatMap((entry) => records.get(entry.id) ?? []),
    page: window.page,
    ...(window.next ? { next: window.next } : {}),
    ...(window.previous ? { previous: window.previous } : {}),
    ...(total !== undefined ? { total } : {}),
  };
}

/**
 * A page number without a token where no kept count places it (around a place, or a budget range): the pages before
 * it are read one after another, as Next would, up to JOB_LIMITS.boardWalkPages; the last page reached when the
 * result ends sooner.
 */
async function walk(query: JobListQuery, read: (query: JobListQuery) => Promise<BoardPage>): Promise<BoardPage> {
  const wanted = query.page ?? 1;
  if (wanted > JOB_LIMITS.boardWalkPages) throw new ValidationError({ 'query.page': JOB_MESSAGES.pageTooDeep }, JOB_MESSAGES.pageTooDeep);
  const { page: _page, cursor: _cursor, ...first } = query;
  let page = await read(first);
  while (page.page < wanted && page.next) page = await read({ ...first, cursor: encodeCursor(page.next) });
  return page;
}

/**
 * The board's filters (docs/product/jobs.md#the-job-board) through its index (job-board.ts): category; within a
 * radius of a place, nearest first, else newest first; the budget range only when both ends are set; the type; the
 * page from a token or by its number.
 */
export async function boardPage(deps: Deps, query: JobListQuery): Promise<BoardPage> {
  const scope = query.category ? jobCategoryScope(query.category) : ALL_JOBS_SCOPE;
  const { location } = query;
  if (!location) return newestJobs(deps, query, scope);
  if (!query.cursor && (query.page ?? 1) > 1) return walk(query, (walked) => nearestJobs(deps, walked, location, scope));
  return nearestJobs(deps, query, location, scope);
}
