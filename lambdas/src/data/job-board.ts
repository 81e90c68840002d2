import ngeohash from 'ngeohash';
import type { JobBudgetType } from '@solutionz/shared';
import { parseCategorySelection } from '@solutionz/shared';
import { countWrites, GEO, geoCountSlots, geoEntryKey, type CountSlot } from './geo-cells';
import { tagged, type Item, type TransactItems } from './raw-commands';
import { TABLE } from './table-definition';

/**
 * The job board's index of open jobs, found the way the directory finds providers (geo-cells.ts). Every
 * key format of it is here and nowhere else:
 *
 *   geo entry     PK = JOBGEO#<scope>#<geohash-3>      SK = <geohash-9>#<jobId>    where the job is, its budget
 *   geo counts    PK = JOBGEOCOUNT#<scope>#<parent>    SK = CHILDREN               cell_<child> numbers
 *   newest entry  PK = JOBNEW#<scope>                  SK = <postedAt>#<jobId>     its budget
 *   job count     PK = JOB_COUNTS                      SK = <scope>                count: open jobs of the scope;
 *                                                                                 count_hourly, count_fixed, count_untyped: of each budget type
 *
 * A scope is `all`, or a category selection a board filter can name: each category of the job, and the
 * group of each `Group > Sub` (a group matches its subcategories). Entries carry the budget, so the budget
 * filters are applied to entries without reading the jobs; the job item is the truth, read only for the
 * jobs that make the page. The entries and counts are written and removed with the job (see
 * jobs-repository.ts), so the counts are exact and give the board its totals.
 */

const { partitionKey: PK, sortKey: SK } = TABLE;
export const JOB_GEO_KEYS = { entries: 'JOBGEO', counts: 'JOBGEOCOUNT' } as const;
/**
 * Job counts are kept one geohash finer than the directory's (GEO.finest): jobs sit at postcode sectors, dozens at one
 * point in a city, so a geohash-6 cell (about 1.2 by 0.6 km, often two or three sectors) may hold several pages' worth;
 * its geohash-7 children (about 150 m) mostly hold one sector each. Entries written before these counts existed are
 * counted only to geohash 6; the search reads such a cell whole (geo-search.ts).
 */
export const JOB_GEO_FINEST = GEO.finest + 1;
export const ALL_JOBS_SCOPE = 'all';
const ENTRY_ENTITY = 'jobBoardEntry';
export const JOB_COUNT_ENTITY = 'jobBoardCount';

/** The scope of a category selection: its text, case folded and escaped, so `all` and `#` cannot clash with it. */
export const jobCategoryScope = (selection: string) => `c=${encodeURIComponent(selection.trim().toLowerCase())}`;

/** The scopes a job is found under. */
export function jobScopesOf(categories: readonly string[]): string[] {
  const scopes = new Set<string>([ALL_JOBS_SCOPE]);
  for (const value of categories) {
    scopes.add(jobCategoryScope(value));
    const selection = parseCategorySelection(value);
    if (selection.kind === 'sub') scopes.add(jobCategoryScope(selection.group));
  }
  return [...scopes];
}

/** What the board's index keeps of a job. */
export interface IndexedJob {
  readonly jobId: string;
  readonly categories: readonly string[];
  readonly lat: number;
  readonly lng: number;
  readonly postedAt: string;
  readonly budgetType?: JobBudgetType;
  readonly budgetAmount?: number;
}

/** What an entry tells a filter, without the job. */
export interface BoardEntry {
  readonly id: string;
  readonly budgetType?: JobBudgetType;
  readonly budgetAmount?: number;
}

export const newestPartition = (scope: string) => `JOBNEW#${scope}`;
/** The scope's newest-first list as a paged Query reads it (raw-commands.ts `pageFrom`). */
export const newestList = (scope: string) => ({ partitionKey: PK, sortKey: SK, partition: newestPartition(scope), prefix: '' });
const newestPosition = (job: Pick<IndexedJob, 'postedAt' | 'jobId'>) => `${job.postedAt}#${job.jobId}`;
export const jobCountKey = (scope: string): Item => ({ [PK]: 'JOB_COUNTS', [SK]: scope });

const budgetOf = (job: IndexedJob) => ({
  ...(job.budgetType !== undefined ? { budgetType: job.budgetType } : {}),
  ...(job.budgetAmount !== undefined ? { budgetAmount: job.budgetAmount } : {}),
});

/** The entry as a reader sees it. */
export const boardEntryOf = (item: Item): BoardEntry => ({
  id: item.jobId as string,
  ...(item.budgetType !== undefined ? { budgetType: item.budgetType as JobBudgetType } : {}),
  ...(item.budgetAmount !== undefined ? { budgetAmount: item.budgetAmount as number } : {}),
});

/** The entries that put a job into one scope. */
export function jobScopeEntries(job: IndexedJob, scope: string): Item[] {
  const geohash = ngeohash.encode(job.lat, job.lng, GEO.stored);
  const attributes = { jobId: job.jobId, ...budgetOf(job) };
  return [
    tagged({ ...geoEntryKey(JOB_GEO_KEYS, scope, geohash, job.jobId), ...attributes, lat: job.lat, lng: job.lng }, ENTRY_ENTITY),
    tagged({ [PK]: newestPartition(scope), [SK]: newestPosition(job), ...attributes }, ENTRY_ENTITY),
  ];
}

const TOTAL_ATTRIBUTE = 'count';
const typeAttribute = (budgetType: JobBudgetType | undefined) => `count_${budgetType ?? 'untyped'}`;

/**
 * The scope's open jobs, and those of a budget type when asked. The counts by type came after the total: where jobs
 * posted before them are still open, the three do not add up to the total, and the count by type is not known.
 */
export function countsOf(item: Item | undefined, budgetType?: JobBudgetType): number | undefined {
  const count = (attribute: string) => Number(item?.[attribute] ?? 0);
  if (budgetType === undefined) return count(TOTAL_ATTRIBUTE);
  const typed = count(typeAttribute('hourly')) + count(typeAttribute('fixed')) + count(typeAttribute(undefined));
  return typed === count(TOTAL_ATTRIBUTE) ? count(typeAttribute(budgetType)) : undefined;
}

/** The counts a job adds one to in a scope: its cells, the scope's total and the scope's count of its budget type. */
export function jobScopeCountSlots(job: IndexedJob, scope: string): CountSlot[] {
  return [
    ...geoCountSlots(JOB_GEO_KEYS, scope, ngeohash.encode(job.lat, job.lng, GEO.stored), JOB_GEO_FINEST),
    { key: jobCountKey(scope), attribute: TOTAL_ATTRIBUTE },
    { key: jobCountKey(scope), attribute: typeAttribute(job.budgetType) },
  ];
}

/**
 * The index writes of a job, a transaction's worth each (DynamoDB takes at most 100 writes in one):
 * the first group is the one the job's own write joins; a job in many categories needs more than one.
 */
export function jobIndexWrites(table: string, job: IndexedJob, sign: 1 | -1, room: number): TransactItems[] {
  const groups: TransactItems[] = [[]];
  for (const scope of jobScopesOf(job.categories)) {
    const writes: TransactItems = [
      ...jobScopeEntries(job, scope).map((item) =>
        sign === 1 ? { Put: { TableName: table, Item: item } } : { Delete: { TableName: table, Key: { [PK]: item[PK], [SK]: item[SK] } } },
      ),
      ...countWrites(table, jobScopeCountSlots(job, scope), sign, JOB_COUNT_ENTITY),
    ];
    const limit = groups.length === 1 ? room : 100;
    if (groups.at(-1)!.length + writes.length > limit) groups.push([]);
    groups.at(-1)!.push(...writes);
  }
  return groups;
}
