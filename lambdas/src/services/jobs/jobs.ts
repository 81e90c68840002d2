import {
  budgetAmount,
  DEFAULT_RADIUS_MILES,
  JOB_LIMITS,
  JOB_MESSAGES,
  JOB_PAGE_SIZE,
  type Job,
  type JobBoardPage,
  type JobContact,
  type JobListQuery,
  type JobPage,
  type JobPost,
} from '@solutionz/shared';
import type { AuthorizedCaller } from '../../auth/caller';
import type { JobRecord } from '../../data/jobs-repository';
import { ALL_JOBS_SCOPE, JOB_GEO_FINEST, jobCategoryScope, type BoardEntry } from '../../data/job-board';
import { ConflictError, NotFoundError, RateLimitedError, ValidationError } from '../../errors';
import { resolvePlace } from '../../geo/resolve';
import { continueFrom, isNearestPosition, nearestInIndex, nearestPosition, type NearestPosition } from '../geo-search';
import type { JobsDeps } from './deps';
import { BUSINESS_METRICS } from '../../business-metrics';
import { refuseDeletedCategories } from '../category-check';

/** What the signed-in routes add to a card: the caller's relation to the job, and the contact when they may see it. */
interface Viewer {
  readonly isMine: boolean;
  readonly revealed: boolean;
  readonly saved: boolean;
  readonly contact?: JobContact;
}

function toJob(record: JobRecord, viewer?: Viewer): Job {
  return {
    id: record.jobId,
    title: record.title,
    description: record.description,
    categories: record.categories,
    ...(record.budget !== undefined ? { budget: record.budget } : {}),
    ...(record.budgetType !== undefined ? { budgetType: record.budgetType } : {}),
    locationName: record.locationName,
    postedAt: record.postedAt,
    revealCount: record.revealCount,
    revealCap: record.revealCap,
    enoughInterest: record.revealCount >= record.revealCap,
    ...(viewer ? { isMine: viewer.isMine, revealed: viewer.revealed, saved: viewer.saved, ...(viewer.contact ? { contact: viewer.contact } : {}) } : {}),
  };
}

async function viewerOf(deps: Pick<JobsDeps, 'jobs'>, caller: AuthorizedCaller, record: JobRecord): Promise<Viewer> {
  const isMine = record.ownerId === caller.userId;
  const isProvider = caller.accountType === 'provider';
  const [revealed, saved] = await Promise.all([
    isProvider ? deps.jobs.hasRevealed(record.jobId, caller.userId) : false,
    isProvider ? deps.jobs.isSaved(caller.userId, record.jobId) : false,
  ]);
  // A lapsed member keeps the flag but not the details: contact goes to running members only.
  const mayContact = isMine || (revealed && caller.subscribed);
  const contact = mayContact ? await deps.jobs.getContact(record.jobId) : undefined;
  return { isMine, revealed, saved, ...(contact ? { contact } : {}) };
}

const toViewedJob = async (deps: Pick<JobsDeps, 'jobs'>, caller: AuthorizedCaller, record: JobRecord) => toJob(record, await viewerOf(deps, caller, record));

function pageOf<T>(items: readonly T[], page: number): { slice: T[]; total: number; page: number; pageCount: number } {
  const total = items.length;
  return { slice: items.slice((page - 1) * JOB_PAGE_SIZE, page * JOB_PAGE_SIZE), total, page, pageCount: Math.ceil(total / JOB_PAGE_SIZE) };
}

/**
 * Where the next page starts: `n` below this position of the newest-first list; `g` after this hit of the nearest-first
 * order, going on from where the page left the search when that fits (geo-search.ts, as the directory's cursor).
 */
type BoardCursor = { readonly m: 'n'; readonly at: string } | (NearestPosition & { readonly m: 'g' });

const encodeCursor = (cursor: BoardCursor) => Buffer.from(JSON.stringify(cursor)).toString('base64url');

function decodeCursor(text: string | undefined, mode: BoardCursor['m']): BoardCursor | undefined {
  if (text === undefined) return undefined;
  try {
    const cursor = JSON.parse(Buffer.from(text, 'base64url').toString('utf8')) as BoardCursor;
    if (mode === 'n' && cursor.m === 'n' && typeof cursor.at === 'string' && cursor.at.length > 0) return cursor;
    if (mode === 'g' && cursor.m === 'g' && isNearestPosition(cursor)) return cursor;
  } catch {
    // Falls through to the refusal below.
  }
  throw badCursor();
}

const badCursor = () => new ValidationError({ 'query.cursor': JOB_MESSAGES.badCursor }, JOB_MESSAGES.badCursor);

/** The budget filters (docs/product/jobs.md#the-job-board: the range only when both ends are set), which the index entries answer; none without them. */
function budgetFilter(query: JobListQuery): ((entry: BoardEntry) => boolean) | undefined {
  const { minBudget, maxBudget, budgetType } = query;
  const range = minBudget !== undefined && maxBudget !== undefined;
  if (!range && budgetType === 'any') return undefined;
  return (entry) =>
    (!range || (entry.budgetAmount !== undefined && entry.budgetAmount >= minBudget && entry.budgetAmount <= maxBudget)) &&
    (budgetType === 'any' || entry.budgetType === budgetType);
}

/** Most newest-first entries a budget-filtered page reads; past it the page ends early and its cursor goes on from there. */
const FILTERED_READ_LIMIT = 500;
const FILTERED_CHUNK = 20;

interface BoardPage {
  readonly records: JobRecord[];
  readonly next?: BoardCursor;
  readonly total?: number;
}

/** Nearest first within the radius of the place the location names (a place that cannot be found is a 400, as in the directory). */
async function nearestJobs(deps: Pick<JobsDeps, 'jobs' | 'geocoder'>, query: JobListQuery, location: string, scope: string): Promise<BoardPage> {
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
  return { records: hits.map((hit) => records.get(hit.id)!), ...(more && last ? { next: { m: 'g', ...nearestPosition(last, resume) } } : {}) };
}

/** Newest first; the total from the scope's kept count when no budget filter narrows it. */
async function newestJobs(deps: Pick<JobsDeps, 'jobs'>, query: JobListQuery, scope: string): Promise<BoardPage> {
  const cursor = decodeCursor(query.cursor, 'n') as Extract<BoardCursor, { m: 'n' }> | undefined;
  const keep = budgetFilter(query);
  const chunk = keep ? FILTERED_CHUNK : JOB_PAGE_SIZE;
  const picked: (BoardEntry & { position: string })[] = [];
  let below = cursor?.at;
  let cutShort = false;
  for (let read = 0; picked.length <= JOB_PAGE_SIZE;) {
    const entries = await deps.jobs.boardNewest(scope, below, chunk);
    picked.push(...entries.filter((entry) => !keep || keep(entry)));
    read += entries.length;
    if (entries.length <= chunk) break;
    below = entries.at(-1)!.position;
    if (read >= FILTERED_READ_LIMIT && picked.length <= JOB_PAGE_SIZE) {
      cutShort = true;
      break;
    }
  }
  const shown = picked.slice(0, JOB_PAGE_SIZE);
  const [records, total] = await Promise.all([deps.jobs.getMany(shown.map((entry) => entry.id)), keep ? undefined : deps.jobs.boardCount(scope)]);
  const nextAt = cutShort ? below : picked.length > JOB_PAGE_SIZE ? shown.at(-1)!.position : undefined;
  return {
    records: shown.flatMap((entry) => records.get(entry.id) ?? []),
    ...(nextAt ? { next: { m: 'n', at: nextAt } } : {}),
    ...(total !== undefined ? { total } : {}),
  };
}

/**
 * The board's filters (docs/product/jobs.md#the-job-board) through its index (job-board.ts): category; within a
 * radius of a place, nearest first, else newest first; the budget range only when both ends are set; the type.
 */
async function boardPage(deps: Pick<JobsDeps, 'jobs' | 'geocoder'>, query: JobListQuery): Promise<BoardPage> {
  const scope = query.category ? jobCategoryScope(query.category) : ALL_JOBS_SCOPE;
  return query.location ? nearestJobs(deps, query, query.location, scope) : newestJobs(deps, query, scope);
}

const boardAnswer = (page: BoardPage, jobs: Job[]): JobBoardPage => ({
  jobs,
  ...(page.total !== undefined ? { total: page.total } : {}),
  ...(page.next ? { nextCursor: encodeCursor(page.next) } : {}),
});

/** Posting (docs/product/jobs.md#posting-a-job): the contact name is the poster's name, else the e-mail's local part. */
/** A day, the window of the posting quota. */
const DAY_S = 86_400;

/**
 * POST /api/jobs. A place that cannot be found is refused before the day's quota (JOB_LIMITS.postsPerDay)
 * is taken, by a conditional counter write, so a burst of posts cannot pass it.
 */
export async function createJob(deps: JobsDeps, caller: AuthorizedCaller, post: JobPost): Promise<Job> {
  await refuseDeletedCategories(deps.directory, post.categories, 'body.categories');
  const [place, profile] = await Promise.all([resolvePlace(deps.geocoder, post.location, 'body.location'), deps.accounts.getProfile(caller.userId)]);
  const quota = await deps.rateLimits.takeQuota('job-posts', caller.userId, JOB_LIMITS.postsPerDay, DAY_S, deps.clock());
  if (!quota.taken) throw new RateLimitedError(JOB_MESSAGES.dailyLimit, quota.retryAfterSeconds);
  const contactName = `${profile?.firstName ?? ''} ${profile?.lastName ?? ''}`.trim() || post.contactEmail.split('@')[0]!;
  const contact: JobContact = { contactName, contactEmail: post.contactEmail, ...(post.contactPhone ? { contactPhone: post.contactPhone } : {}) };
  const amount = budgetAmount(post.budget);
  const record = await deps.jobs.create(
    {
      jobId: deps.newId(),
      ownerId: caller.userId,
      title: post.title,
      description: post.description,
      categories: post.categories,
      ...(post.budget ? { budget: post.budget } : {}),
      ...(post.budgetType ? { budgetType: post.budgetType } : {}),
      ...(amount !== undefined ? { budgetAmount: amount } : {}),
      locationName: place.name,
      lat: place.lat,
      lng: place.lng,
      postedAt: deps.clock().toISOString(),
      revealCap: post.revealCap ?? JOB_LIMITS.revealCap.default,
    },
    contact,
  );
  return toJob(record, { isMine: true, revealed: false, saved: false, contact });
}

export async function listJobs(deps: Pick<JobsDeps, 'jobs' | 'geocoder'>, query: JobListQuery): Promise<JobBoardPage> {
  const page = await boardPage(deps, query);
  return boardAnswer(
    page,
    page.records.map((job) => toJob(job)),
  );
}

export async function listJobBoardForMe(deps: Pick<JobsDeps, 'jobs' | 'geocoder'>, caller: AuthorizedCaller, query: JobListQuery): Promise<JobBoardPage> {
  const page = await boardPage(deps, query);
  return boardAnswer(page, await Promise.all(page.records.map((job) => toViewedJob(deps, caller, job))));
}

async function requireJob(deps: Pick<JobsDeps, 'jobs'>, jobId: string): Promise<JobRecord> {
  const record = await deps.jobs.get(jobId);
  if (!record) throw new NotFoundError(JOB_MESSAGES.notFound);
  return record;
}

export async function getJob(deps: Pick<JobsDeps, 'jobs'>, jobId: string): Promise<Job> {
  return toJob(await requireJob(deps, jobId));
}

export async function getJobForMe(deps: Pick<JobsDeps, 'jobs'>, caller: AuthorizedCaller, jobId: string): Promise<Job> {
  return toViewedJob(deps, caller, await requireJob(deps, jobId));
}

/** Only the poster deletes a job; anyone else is told there is no such job of theirs. */
export async function deleteJob(deps: Pick<JobsDeps, 'jobs'>, caller: AuthorizedCaller, jobId: string): Promise<{ jobId: string; deleted: true }> {
  if (!(await deps.jobs.delete(jobId, caller.userId))) throw new NotFoundError(JOB_MESSAGES.notFound);
  return { jobId, deleted: true };
}

/**
 * A subscribed provider reveals the contact (docs/product/jobs.md#revealing-contact-details): counted once per provider,
 * refused at the cap; a provider who revealed before gets the contact again, whatever the count.
 */
export async function revealJob(
  deps: Pick<JobsDeps, 'jobs' | 'clock' | 'metrics'>,
  caller: AuthorizedCaller,
  jobId: string,
): Promise<{ job: Job & { contact: JobContact } }> {
  const outcome = await deps.jobs.reveal(jobId, caller.userId, deps.clock());
  if (outcome === 'notFound') throw new NotFoundError(JOB_MESSAGES.notFound);
  if (outcome === 'enoughInterest') throw new ConflictError(JOB_MESSAGES.enoughInterest);
  if (outcome === 'revealed') deps.metrics.count(BUSINESS_METRICS.contactReveals);
  const [record, contact, saved] = await Promise.all([requireJob(deps, jobId), deps.jobs.getContact(jobId), deps.jobs.isSaved(caller.userId, jobId)]);
  if (!contact) throw new NotFoundError(JOB_MESSAGES.notFound);
  return { job: { ...toJob(record, { isMine: false, revealed: true, saved }), contact } };
}

export async function saveJob(deps: Pick<JobsDeps, 'jobs' | 'clock'>, caller: AuthorizedCaller, jobId: string): Promise<{ jobId: string; saved: boolean }> {
  await requireJob(deps, jobId);
  await deps.jobs.save(caller.userId, jobId, deps.clock());
  return { jobId, saved: true };
}

export async function unsaveJob(deps: Pick<JobsDeps, 'jobs'>, caller: AuthorizedCaller, jobId: string): Promise<{ jobId: string; saved: boolean }> {
  await deps.jobs.unsave(caller.userId, jobId);
  return { jobId, saved: false };
}

export async function listSavedJobs(deps: Pick<JobsDeps, 'jobs'>, caller: AuthorizedCaller, { page }: { page: number }): Promise<JobPage> {
  const saved = await deps.jobs.listSaved(caller.userId);
  const { slice, ...rest } = pageOf(saved, page);
  const records = await Promise.all(slice.map(({ jobId }) => deps.jobs.get(jobId)));
  // A job deleted between the two reads is gone from the page; its save goes with it.
  const jobs = await Promise.all(records.filter((record) => record !== undefined).map((record) => toViewedJob(deps, caller, record)));
  return { jobs, ...rest };
}

export async function listMyJobs(deps: Pick<JobsDeps, 'jobs'>, caller: AuthorizedCaller, { page }: { page: number }): Promise<JobPage> {
  const { slice, ...rest } = pageOf(await deps.jobs.listByOwner(caller.userId), page);
  return { jobs: await Promise.all(slice.map((job) => toViewedJob(deps, caller, job))), ...rest };
}

export async function updateJobRevealCap(deps: Pick<JobsDeps, 'jobs'>, caller: AuthorizedCaller, jobId: string, revealCap: number): Promise<Job> {
  const outcome = await deps.jobs.setRevealCap(jobId, caller.userId, revealCap);
  if (outcome === 'notFound') throw new NotFoundError(JOB_MESSAGES.notFound);
  if (outcome === 'belowCount') throw new ConflictError(JOB_MESSAGES.revealCapBelowCount);
  return toViewedJob(deps, caller, outcome.job);
}
