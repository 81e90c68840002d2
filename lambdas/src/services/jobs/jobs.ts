import {
  budgetAmount,
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
import { ConflictError, NotFoundError, RateLimitedError } from '../../errors';
import { resolvePlace } from '../../geo/resolve';
import { boardPage, encodeCursor, type BoardPage } from './board';
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

const boardAnswer = (page: BoardPage, jobs: Job[]): JobBoardPage => ({
  jobs,
  page: page.page,
  ...(page.total !== undefined ? { total: page.total, pageCount: Math.max(1, Math.ceil(page.total / JOB_PAGE_SIZE)) } : {}),
  ...(page.next ? { nextCursor: encodeCursor(page.next) } : {}),
  ...(page.previous ? { previousCursor: encodeCursor(page.previous) } : {}),
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
