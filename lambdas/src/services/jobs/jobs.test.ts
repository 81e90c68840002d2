import { randomUUID } from 'node:crypto';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import ngeohash from 'ngeohash';
import { JOB_LIMITS, JOB_MESSAGES, jobListQuerySchema, type JobListQueryInput, type JobPostInput, jobPostSchema } from '@solutionz/shared';
import { describe, expect, it } from 'vitest';
import type { AuthorizedCaller } from '../../auth/caller';
import { ConflictError, NotFoundError, ValidationError } from '../../errors';
import { documentClient, dynamoDbUsage, meterDynamoDbUsage, resetDynamoDbUsage } from '../../adapters/dynamodb';
import { countsKey } from '../../data/geo-cells';
import { JOB_GEO_KEYS, jobCategoryScope } from '../../data/job-board';
import { bulkLoadJobs } from '../../data/job-board-bulk';
import { createJobsRepository, type JobRecord } from '../../data/jobs-repository';
import { TEST_CREDENTIALS, TEST_REGION, useTestTable } from '../../testing/dynamodb-table';
import { fakeGeocoder } from '../../testing/fake-geocoder';
import { jobActivitySection, jobsEraser } from '../privacy/jobs-data';
import type { DataSubject } from '../privacy/personal-data';
import type { JobsDeps } from './deps';
import {
  createJob,
  deleteJob,
  getJob,
  getJobForMe,
  listJobBoardForMe,
  listJobs,
  listMyJobs,
  listSavedJobs,
  revealJob,
  saveJob,
  updateJobRevealCap,
} from './jobs';
import { recordingBusinessMetrics } from '../../business-metrics';
import { milesBetween } from '../geo-search';

const table = useTestTable();

let tick = 0;
const metrics = recordingBusinessMetrics();
function deps(): JobsDeps {
  return {
    metrics,
    jobs: table.repositories.jobs,
    accounts: { getProfile: async () => undefined },
    directory: table.repositories.directory,
    rateLimits: table.repositories.rateLimits,
    standing: table.repositories.standing,
    geocoder: fakeGeocoder(),
    // Each job a second after the last, so "newest first" is the order of posting.
    clock: () => new Date(Date.UTC(2026, 10, 1) + tick++ * 1000),
    newId: () => randomUUID(),
  };
}

const caller = (accountType: AuthorizedCaller['accountType'], subscribed = false): AuthorizedCaller => ({
  kind: 'signedIn',
  userId: randomUUID(),
  groups: [accountType],
  accountType,
  subscribed,
  emailConfirmed: true,
});

const post = (overrides: Partial<JobPostInput> = {}) =>
  jobPostSchema.parse({
    title: 'Fix a leaking tap',
    description: 'The kitchen tap drips all night.',
    contactEmail: 'cara.client@example.co.uk',
    contactPhone: '07700 900123',
    budget: '£120',
    budgetType: 'fixed',
    categories: ['Home Services > Plumber'],
    location: 'York',
    ...overrides,
  });

/** The jobs eraser reads only the id of the person erased. */
const subject = (userId: string) => ({ userId }) as DataSubject;

const query = (input: JobListQueryInput = {}) => jobListQuerySchema.parse(input);

describe('posting and reading jobs', () => {
  it('gives the poster the contact (named after the e-mail without a profile name) and nobody else on the public routes', async () => {
    const client = caller('client');
    const job = await createJob(deps(), client, post({ revealCap: 3 }));
    expect(job.contact).toEqual({ contactName: 'cara.client', contactEmail: 'cara.client@example.co.uk', contactPhone: '07700 900123' });
    expect(job).toMatchObject({ locationName: 'York, North Yorkshire', revealCount: 0, revealCap: 3, enoughInterest: false, isMine: true });

    const shown = await getJob(deps(), job.id);
    expect(JSON.stringify(shown)).not.toContain('cara.client');
    expect(JSON.stringify(await listJobs(deps(), query()))).not.toContain('example.co.uk');
    const provider = caller('provider', true);
    expect((await getJobForMe(deps(), provider, job.id)).contact).toBeUndefined();
    expect((await getJobForMe(deps(), client, job.id)).contact?.contactEmail).toBe('cara.client@example.co.uk');
  });

  it('takes at most 10 posts a day from one client, also when they arrive at once, and more the next day', async () => {
    const client = caller('client');
    const day = new Date(Date.UTC(2026, 10, 2, 9));
    const onDay = (at: Date): JobsDeps => ({ ...deps(), clock: () => at });
    const answers = await Promise.allSettled(
      Array.from({ length: JOB_LIMITS.postsPerDay + 3 }, (_, n) => createJob(onDay(day), client, post({ title: `Burst ${n}` }))),
    );
    const refused = answers.flatMap((answer) =>
      answer.status === 'rejected' ? [answer.reason as { statusCode: number; message: string; retryAfterSeconds: number }] : [],
    );
    expect(answers.length - refused.length).toBe(JOB_LIMITS.postsPerDay);
    expect(refused).toEqual(Array(3).fill(expect.objectContaining({ statusCode: 429, message: JOB_MESSAGES.dailyLimit, retryAfterSeconds: 15 * 3600 })));
    expect((await listMyJobs(deps(), client, { page: 1 })).total).toBe(JOB_LIMITS.postsPerDay);
    // Another client is not held back, nor is this one the next day.
    await expect(createJob(onDay(day), caller('client'), post())).resolves.toMatchObject({ isMine: true });
    await expect(createJob(onDay(new Date(Date.UTC(2026, 10, 3, 0, 0, 1))), client, post())).resolves.toMatchObject({ isMine: true });
  });

  it("refuses a location that names no place, without taking one of the day's posts", async () => {
    const client = caller('client');
    await expect(createJob(deps(), client, post({ location: 'Atlantis' }))).rejects.toMatchObject({
      statusCode: 400,
      fields: { 'body.location': expect.any(String) },
    });
    for (let n = 0; n < JOB_LIMITS.postsPerDay; n++) await createJob(deps(), client, post());
  });

  it("refuses unknown fields and a post without a category, in the product's words", () => {
    expect(jobPostSchema.safeParse({ ...post(), userId: 'someone' }).success).toBe(false);
    const missing = jobPostSchema.safeParse({ ...post(), categories: [] });
    expect(missing.error?.issues[0]?.message).toBe(JOB_MESSAGES.categoryRequired.description);
  });
});

describe('revealing contact details', () => {
  it('records exactly the cap when 30 members reveal at once, and tells the rest "Enough interest"', async () => {
    const job = await createJob(deps(), caller('client'), post({ revealCap: 5 }));
    const outcomes = await Promise.allSettled(Array.from({ length: 30 }, () => revealJob(deps(), caller('provider', true), job.id)));
    const revealed = outcomes.filter((outcome) => outcome.status === 'fulfilled');
    const refused = outcomes.filter((outcome): outcome is PromiseRejectedResult => outcome.status === 'rejected');
    expect(revealed).toHaveLength(5);
    expect(refused.every(({ reason }) => reason instanceof ConflictError && reason.message === JOB_MESSAGES.enoughInterest)).toBe(true);
    expect(await getJob(deps(), job.id)).toMatchObject({ revealCount: 5, enoughInterest: true });
  });

  it('counts a provider once and gives the contact again on a second reveal, even at the cap', async () => {
    const job = await createJob(deps(), caller('client'), post({ revealCap: 1 }));
    const member = caller('provider', true);
    const revealsBefore = metrics.counted.ContactReveals ?? 0;
    const first = await revealJob(deps(), member, job.id);
    const again = await revealJob(deps(), member, job.id);
    expect(metrics.counted.ContactReveals).toBe(revealsBefore + 1);
    expect(again.job.contact).toEqual(first.job.contact);
    expect(again.job).toMatchObject({ revealCount: 1, revealed: true });
    const board = await listJobBoardForMe(deps(), member, query());
    expect(board.jobs.find(({ id }) => id === job.id)?.contact?.contactEmail).toBe('cara.client@example.co.uk');
  });

  it('answers not found for a job that does not exist', async () => {
    await expect(revealJob(deps(), caller('provider', true), 'no-such-job')).rejects.toBeInstanceOf(NotFoundError);
  });

  it('lets the client raise the cap but not below the reveals so far', async () => {
    const client = caller('client');
    const job = await createJob(deps(), client, post({ revealCap: 2 }));
    await revealJob(deps(), caller('provider', true), job.id);
    await revealJob(deps(), caller('provider', true), job.id);
    await expect(updateJobRevealCap(deps(), client, job.id, 1)).rejects.toBeInstanceOf(ConflictError);
    await expect(updateJobRevealCap(deps(), caller('client'), job.id, 5)).rejects.toBeInstanceOf(NotFoundError);
    expect(await updateJobRevealCap(deps(), client, job.id, 4)).toMatchObject({ revealCap: 4, revealCount: 2, enoughInterest: false });
  });
});

describe('verified jobs', () => {
  it('marks the client as verified for the provider with the first reveal, once, and for no one else', async () => {
    const { jobs } = table.repositories;
    const client = caller('client');
    const first = await createJob(deps(), client, post({ title: 'Fix a leaking tap' }));
    const second = await createJob(deps(), client, post({ title: 'Bleed the radiators' }));
    const member = caller('provider', true);
    const other = caller('provider', true);
    expect(await jobs.verifiedClients(member.userId, [client.userId])).toEqual(new Set());

    const revealed = await revealJob(deps(), member, first.id);
    await revealJob(deps(), member, second.id);
    await revealJob(deps(), member, first.id);

    expect(await jobs.verifiedClients(member.userId, [client.userId, caller('client').userId])).toEqual(new Set([client.userId]));
    expect(await jobs.verifiedClients(other.userId, [client.userId])).toEqual(new Set());
    expect(await jobs.listVerifiedClients(member.userId)).toEqual([{ clientId: client.userId, jobId: first.id, revealedAt: expect.any(String) }]);
    const activity = (await jobActivitySection(jobs).collect(subject(member.userId))) as { verifiedJobs: unknown[] };
    expect(activity.verifiedJobs).toEqual([{ jobId: first.id, revealedAt: (await jobs.listVerifiedClients(member.userId))[0]!.revealedAt }]);
    expect(JSON.stringify(activity)).not.toContain(client.userId);
    expect(revealed.job.revealCount).toBe(1);
  });

  it("keeps the mark when the job is deleted and removes it with the provider's or the client's erasure", async () => {
    const { jobs } = table.repositories;
    const client = caller('client');
    const job = await createJob(deps(), client, post());
    const [kept, erased] = [caller('provider', true), caller('provider', true)];
    await revealJob(deps(), kept, job.id);
    await revealJob(deps(), erased, job.id);
    await deleteJob(deps(), client, job.id);
    expect(await jobs.verifiedClients(kept.userId, [client.userId])).toEqual(new Set([client.userId]));

    await jobsEraser(jobs).erase(subject(erased.userId));
    expect(await jobs.listVerifiedClients(erased.userId)).toEqual([]);
    expect(await jobs.verifiedClients(kept.userId, [client.userId])).toEqual(new Set([client.userId]));

    await jobsEraser(jobs).erase(subject(client.userId));
    expect(await jobs.verifiedClients(kept.userId, [client.userId])).toEqual(new Set());
  });
});

describe('deleting, saving and My Jobs', () => {
  it('deletes only by the poster, with its reveals and saves', async () => {
    const client = caller('client');
    const job = await createJob(deps(), client, post());
    const member = caller('provider', true);
    await revealJob(deps(), member, job.id);
    await saveJob(deps(), member, job.id);
    expect((await listSavedJobs(deps(), member, { page: 1 })).jobs.map(({ id }) => id)).toEqual([job.id]);

    await expect(deleteJob(deps(), caller('client'), job.id)).rejects.toBeInstanceOf(NotFoundError);
    await deleteJob(deps(), client, job.id);
    await expect(getJob(deps(), job.id)).rejects.toBeInstanceOf(NotFoundError);
    expect(await table.repositories.jobs.hasRevealed(job.id, member.userId)).toBe(false);
    expect(await listSavedJobs(deps(), member, { page: 1 })).toMatchObject({ jobs: [], total: 0 });
  });

  it("lists a client's own jobs newest first, 5 a page", async () => {
    const client = caller('client');
    for (let n = 1; n <= 6; n++) await createJob(deps(), client, post({ title: `Job ${n}` }));
    const first = await listMyJobs(deps(), client, { page: 1 });
    expect(first).toMatchObject({ total: 6, page: 1, pageCount: 2 });
    expect(first.jobs.map(({ title }) => title)).toEqual(['Job 6', 'Job 5', 'Job 4', 'Job 3', 'Job 2']);
    expect(first.jobs.every((job) => job.contact !== undefined && job.isMine)).toBe(true);
    expect((await listMyJobs(deps(), client, { page: 2 })).jobs.map(({ title }) => title)).toEqual(['Job 1']);
  });

  it("erases a client's jobs with the reveals of them", async () => {
    const client = caller('client');
    const job = await createJob(deps(), client, post());
    const member = caller('provider', true);
    await revealJob(deps(), member, job.id);
    await jobsEraser(table.repositories.jobs).erase(subject(client.userId));
    expect(await listMyJobs(deps(), client, { page: 1 })).toMatchObject({ total: 0 });
    expect(await table.repositories.jobs.listRevealedJobIds(member.userId)).toEqual([]);
  });

  it("erases a provider's reveals and saves but keeps the job's count, so the cap still holds", async () => {
    const job = await createJob(deps(), caller('client'), post({ revealCap: 1 }));
    const member = caller('provider', true);
    await revealJob(deps(), member, job.id);
    await saveJob(deps(), member, job.id);
    await jobsEraser(table.repositories.jobs).erase(subject(member.userId));
    expect(await table.repositories.jobs.listRevealedJobIds(member.userId)).toEqual([]);
    expect(await table.repositories.jobs.listSaved(member.userId)).toEqual([]);
    expect(await getJob(deps(), job.id)).toMatchObject({ revealCount: 1, enoughInterest: true });
  });
});

describe('the board filters', () => {
  it('filters by category group, budget range (both ends only), budget type and place', async () => {
    const client = caller('client');
    const marker = randomUUID();
    const tag = (title: string) => `${title} ${marker}`;
    await createJob(deps(), client, post({ title: tag('Cheap fixed'), budget: '£100', budgetType: 'fixed' }));
    await createJob(deps(), client, post({ title: tag('Dear fixed'), budget: '£2,500', budgetType: 'fixed', categories: ['Home Services > Electrician'] }));
    await createJob(deps(), client, post({ title: tag('Hourly'), budget: '£30 an hour', budgetType: 'hourly', location: 'SW1A 1AA' }));
    await createJob(deps(), client, post({ title: tag('Garden'), budget: undefined, budgetType: undefined, categories: ['Garden & Outdoor'] }));

    // This test's jobs are the newest, so they are all on the first page of any filter.
    const mine = async (input: JobListQueryInput) =>
      (await listJobs(deps(), query(input))).jobs.filter(({ title }) => title.endsWith(marker)).map(({ title }) => title.replace(` ${marker}`, ''));

    expect(await mine({ minBudget: '0', maxBudget: '500' })).toEqual(expect.arrayContaining(['Hourly', 'Cheap fixed']));
    expect(await mine({ minBudget: '0', maxBudget: '500' })).not.toContain('Dear fixed');
    expect(await mine({ maxBudget: '500' })).toEqual(expect.arrayContaining(['Dear fixed', 'Garden']));
    expect(await mine({ budgetType: 'hourly' })).toContain('Hourly');
    expect(await mine({ budgetType: 'hourly' })).not.toContain('Cheap fixed');
    expect(await mine({ category: 'Home Services' })).toEqual(expect.arrayContaining(['Cheap fixed', 'Dear fixed', 'Hourly']));
    expect(await mine({ category: 'Home Services' })).not.toContain('Garden');
    expect(await mine({ location: 'SW1A 1AA', radius: '5' })).toContain('Hourly');
    expect(await mine({ location: 'SW1A 1AA', radius: '5' })).not.toContain('Cheap fixed');
    await expect(listJobs(deps(), query({ location: 'north york' }))).rejects.toThrow(ValidationError);
  });

  it('pages the board 5 at a time with a cursor, newest first, the total from the kept count', async () => {
    const client = caller('client');
    const category = `Paging ${randomUUID().slice(0, 8)} > Odd jobs`;
    for (let n = 1; n <= 7; n++) await createJob(deps(), client, post({ title: `Paged ${n}`, categories: [category] }));
    const first = await listJobs(deps(), query({ category }));
    expect(first.jobs.map(({ title }) => title)).toEqual(['Paged 7', 'Paged 6', 'Paged 5', 'Paged 4', 'Paged 3']);
    expect(first.total).toBe(7);
    const second = await listJobs(deps(), query({ category, cursor: first.nextCursor }));
    expect(second.jobs.map(({ title }) => title)).toEqual(['Paged 2', 'Paged 1']);
    expect(second.nextCursor).toBeUndefined();
    // The group of `Group > Sub` finds the same jobs; a budget range has no kept count, so no total.
    expect((await listJobs(deps(), query({ category: category.split(' > ')[0] }))).total).toBe(7);
    const filtered = await listJobs(deps(), query({ category, minBudget: '0', maxBudget: '500' }));
    expect(filtered.total).toBeUndefined();
    expect(filtered.jobs).toHaveLength(5);
    await expect(listJobs(deps(), query({ category, cursor: 'not-ours' }))).rejects.toThrow(ValidationError);
  });

  it('takes a deleted job out of the board and its count at once', async () => {
    const client = caller('client');
    const category = `Deleting ${randomUUID().slice(0, 8)}`;
    const kept = await createJob(deps(), client, post({ title: 'Kept', categories: [category] }));
    const gone = await createJob(deps(), client, post({ title: 'Gone', categories: [category] }));
    await deleteJob(deps(), client, gone.id);
    const board = await listJobs(deps(), query({ category }));
    expect(board).toMatchObject({ total: 1, jobs: [{ id: kept.id }] });
    expect((await listJobs(deps(), query({ category, location: 'York', radius: '5' }))).jobs.map(({ id }) => id)).toEqual([kept.id]);
    // Deleting again changes no count.
    await expect(deleteJob(deps(), client, gone.id)).rejects.toThrow(NotFoundError);
    expect((await listJobs(deps(), query({ category }))).total).toBe(1);
  });

  it('lists jobs around a place nearest first, page after page, exactly as a look at every job would', async () => {
    const category = `Nearby ${randomUUID().slice(0, 8)}`;
    const york = { lat: 53.959, lng: -1.0815 };
    // Jobs on a spiral out from York: 23 inside 25 miles, the rest beyond.
    const places = Array.from({ length: 30 }, (_, n) => ({ lat: york.lat + Math.sin(n) * n * 0.012, lng: york.lng + Math.cos(n) * n * 0.02 }));
    let n = 0;
    const spread: JobsDeps = {
      ...deps(),
      geocoder: {
        search: async (text) =>
          text === 'York'
            ? fakeGeocoder().search(text)
            : { best: { name: text, ...places[Number(text.slice(1))]!, precision: 'sector' as const }, suggestions: [] },
      },
    };
    const ids = new Map<string, { lat: number; lng: number }>();
    for (const place of places) {
      // A client of its own for each, past the day's posting quota.
      const job = await createJob(spread, caller('client'), post({ title: `Spot ${n}`, categories: [category], location: `P${n}` }));
      ids.set(job.id, place);
      n++;
    }
    const expected = [...ids]
      .map(([id, place]) => ({ id, distance: milesBetween(york, place) }))
      .filter((hit) => hit.distance <= 25)
      .sort((a, b) => a.distance - b.distance || (a.id < b.id ? -1 : 1))
      .map((hit) => hit.id);
    expect(expected.length).toBeGreaterThan(10);
    const seen: string[] = [];
    let cursor: string | undefined;
    do {
      const page = await listJobs(spread, query({ category, location: 'York', radius: '25', ...(cursor ? { cursor } : {}) }));
      expect(page.total).toBeUndefined();
      seen.push(...page.jobs.map(({ id }) => id));
      cursor = page.nextCursor;
    } while (cursor && seen.length <= ids.size);
    expect(seen).toEqual(expected);
  });
});

describe('the board deep in a result around a place', () => {
  const YORK = { lat: 53.959, lng: -1.0815 };

  /**
   * A city's worth of jobs around York in a category of their own, loaded at once as the benchmark loads them: a crowded
   * centre and the country around, or (`sectors`) every job at one of a few places, as postcode sectors are.
   */
  async function crowd(category: string, sectors?: number): Promise<JobRecord[]> {
    let state = 24;
    const random = () => (state = (state * 1_103_515_245 + 12_345) % 2 ** 31) / 2 ** 31;
    const spot = (miles: number) => {
      const [r, angle] = [miles * Math.sqrt(random()), 2 * Math.PI * random()];
      return { lat: YORK.lat + (r * Math.cos(angle)) / 69, lng: YORK.lng + (r * Math.sin(angle)) / (69 * Math.cos((YORK.lat * Math.PI) / 180)) };
    };
    const places = Array.from({ length: sectors ?? 0 }, (_, index) => spot(index % 3 === 0 ? 1.5 : 12));
    const jobs = Array.from({ length: 500 }, (_, index): JobRecord & { contact: { contactName: string; contactEmail: string } } => ({
      jobId: `deep-${String(index).padStart(4, '0')}-${randomUUID()}`,
      ownerId: randomUUID(),
      title: `Deep ${index}`,
      description: 'A job in a crowd.',
      categories: [category],
      locationName: 'Somewhere',
      ...(sectors ? places[index % sectors]! : spot(index < 100 ? 1 : 12)),
      postedAt: new Date(Date.UTC(2026, 10, 1) + index * 1000).toISOString(),
      revealCount: 0,
      revealCap: 5,
      contact: { contactName: 'Deep Client', contactEmail: `deep-${index}@example.co.uk` },
    }));
    const client = new DynamoDBClient({ region: TEST_REGION, endpoint: table.endpoint, credentials: TEST_CREDENTIALS });
    await bulkLoadJobs(documentClient(client), table.tableName, jobs);
    client.destroy();
    return jobs;
  }

  it('reads no more for any page far down the list than twice the first, pages through every job once, in order, and refuses an edited cursor', async () => {
    const category = `Deep ${randomUUID().slice(0, 8)} > Odd jobs`;
    const made = await crowd(category);
    const client = new DynamoDBClient({ region: TEST_REGION, endpoint: table.endpoint, credentials: TEST_CREDENTIALS });
    meterDynamoDbUsage(client);
    const metered: JobsDeps = { ...deps(), jobs: createJobsRepository(documentClient(client), table.tableName) };
    const board = { category, location: 'York', radius: '10' } as const;
    const ids: string[] = [];
    const reads: number[] = [];
    const cursors: string[] = [];
    let cursor: string | undefined;
    do {
      resetDynamoDbUsage();
      const page = await listJobs(metered, query({ ...board, ...(cursor ? { cursor } : {}) }));
      reads.push(dynamoDbUsage().itemsRead);
      ids.push(...page.jobs.map(({ id }) => id));
      cursor = page.nextCursor;
      if (cursor) cursors.push(cursor);
    } while (cursor && reads.length < 200);
    client.destroy();

    const expected = made
      .map((job) => ({ id: job.jobId, distance: milesBetween(YORK, job) }))
      .filter((hit) => hit.distance <= 10)
      .sort((a, b) => a.distance - b.distance || (a.id < b.id ? -1 : 1))
      .map((hit) => hit.id);
    expect(ids).toEqual(expected);
    expect(reads.length).toBeGreaterThan(40);
    const [first, ...deeper] = reads;
    expect(Math.max(...deeper)).toBeLessThanOrEqual(2 * first!);

    // Without where the page before left the search (a cursor of before), a deep page goes on all the same.
    const deep = JSON.parse(Buffer.from(cursors[30]!, 'base64url').toString('utf8')) as Record<string, unknown>;
    expect(deep.c).toEqual(expect.any(String));
    const { c: _resume, ...older } = deep;
    const again = await listJobs(deps(), query({ ...board, cursor: Buffer.from(JSON.stringify(older)).toString('base64url') }));
    expect(again.jobs.map(({ id }) => id)).toEqual(ids.slice(31 * 5, 32 * 5));
    // The cells a cursor names are checked: one edited is refused as any other cursor the board did not make.
    for (const c of ['1;0gcx2f~1,<script>', '1;1.0gcx2f~1', '1;0g~1', '0gcx2f~1', 42]) {
      const tampered = Buffer.from(JSON.stringify({ ...deep, c })).toString('base64url');
      await expect(listJobs(deps(), query({ ...board, cursor: tampered }))).rejects.toThrow(JOB_MESSAGES.badCursor);
    }
    // One the board could have made, but lying: York's whole partition as a cell holding one job, to be read whole. The
    // board reads a few leaves' worth of it and splits it, not the 500 jobs in it.
    const lying = Buffer.from(JSON.stringify({ ...deep, c: `0;;0${ngeohash.encode(YORK.lat, YORK.lng, 3)}~1` })).toString('base64url');
    const lyingClient = new DynamoDBClient({ region: TEST_REGION, endpoint: table.endpoint, credentials: TEST_CREDENTIALS });
    meterDynamoDbUsage(lyingClient);
    resetDynamoDbUsage();
    const lied = await listJobs({ ...deps(), jobs: createJobsRepository(documentClient(lyingClient), table.tableName) }, query({ ...board, cursor: lying }));
    const { itemsRead } = dynamoDbUsage();
    lyingClient.destroy();
    expect(lied.jobs).toHaveLength(5);
    expect(itemsRead).toBeLessThan(150);
  }, 120_000);
});

describe('the board around a crowded place', () => {
  const YORK = { lat: 53.959, lng: -1.0815 };
  // Two postcode sectors' worth of jobs in one geohash-6 cell (about 1.2 by 0.6 km): 30 at York's point, 30 at the centre
  // of another geohash-7 cell of it, the one farthest from York.
  const cell6 = ngeohash.encode(YORK.lat, YORK.lng, 6);
  const [other] = [...'0123456789bcdefghjkmnpqrstuvwxyz']
    .map((child) => ngeohash.decode(cell6 + child))
    .map((centre) => ({ lat: centre.latitude, lng: centre.longitude }))
    .sort((a, b) => milesBetween(YORK, b) - milesBetween(YORK, a));

  async function twoSectors(category: string): Promise<string[]> {
    const jobs = Array.from({ length: 60 }, (_, index): JobRecord & { contact: { contactName: string; contactEmail: string } } => ({
      jobId: `crowd-${String(index).padStart(2, '0')}-${randomUUID()}`,
      ownerId: randomUUID(),
      title: `Crowded ${index}`,
      description: 'A job at a busy postcode sector.',
      categories: [category],
      locationName: 'York',
      ...(index % 2 === 0 ? YORK : other!),
      postedAt: new Date(Date.UTC(2026, 10, 1) + index * 1000).toISOString(),
      revealCount: 0,
      revealCap: 5,
      contact: { contactName: 'Crowd Client', contactEmail: `crowd-${index}@example.co.uk` },
    }));
    const client = new DynamoDBClient({ region: TEST_REGION, endpoint: table.endpoint, credentials: TEST_CREDENTIALS });
    await bulkLoadJobs(documentClient(client), table.tableName, jobs);
    client.destroy();
    return jobs
      .map((job) => ({ id: job.jobId, distance: milesBetween(YORK, job) }))
      .sort((a, b) => a.distance - b.distance || (a.id < b.id ? -1 : 1))
      .map((hit) => hit.id);
  }

  async function firstPage(category: string) {
    const client = new DynamoDBClient({ region: TEST_REGION, endpoint: table.endpoint, credentials: TEST_CREDENTIALS });
    meterDynamoDbUsage(client);
    resetDynamoDbUsage();
    const page = await listJobs(
      { ...deps(), jobs: createJobsRepository(documentClient(client), table.tableName) },
      query({ category, location: 'York', radius: '5' }),
    );
    const { itemsRead: read, rounds } = dynamoDbUsage();
    client.destroy();
    return { ids: page.jobs.map(({ id }) => id), read, rounds };
  }

  it('reads a first page in few round trips one after another: the counts of the cells around the place come with the root', async () => {
    const category = `Crowd ${randomUUID().slice(0, 8)} > Odd jobs`;
    const expected = await twoSectors(category);
    const { ids, rounds } = await firstPage(category);
    expect(ids).toEqual(expected.slice(0, 5));
    // The root with the counts of York's cells from geohash 3 to 6 (one batch read), the jobs at York's point, the page's
    // jobs: read one level a round, from the root down to geohash 7, the page took 7.
    expect(rounds).toBeLessThanOrEqual(4);
  });

  it('reads the jobs at the nearest place, not every job of its geohash-6 cell', async () => {
    const category = `Crowd ${randomUUID().slice(0, 8)} > Odd jobs`;
    const expected = await twoSectors(category);
    const { ids, read } = await firstPage(category);
    expect(ids).toEqual(expected.slice(0, 5));
    // York's 30 entries, the page's 5 jobs and a few counts items; with counts only down to geohash 6, all 60 entries were read.
    expect(read).toBeLessThanOrEqual(45);
  });

  it('finds jobs counted only down to geohash 6 (written before the finer counts) all the same', async () => {
    const category = `Crowd ${randomUUID().slice(0, 8)} > Odd jobs`;
    const expected = await twoSectors(category);
    // The other place's jobs as the board wrote them before: no geohash-7 count.
    const client = new DynamoDBClient({ region: TEST_REGION, endpoint: table.endpoint, credentials: TEST_CREDENTIALS });
    await documentClient(client).send(
      new UpdateCommand({
        TableName: table.tableName,
        Key: countsKey(JOB_GEO_KEYS, jobCategoryScope(category), cell6),
        UpdateExpression: 'REMOVE #other',
        ExpressionAttributeNames: { '#other': `cell_${ngeohash.encode(other!.lat, other!.lng, 7)}` },
      }),
    );
    client.destroy();
    const ids: string[] = [];
    let cursor: string | undefined;
    do {
      const page = await listJobs(deps(), query({ category, location: 'York', radius: '5', ...(cursor ? { cursor } : {}) }));
      ids.push(...page.jobs.map(({ id }) => id));
      cursor = page.nextCursor;
    } while (cursor && ids.length <= expected.length);
    expect(ids).toEqual(expected);
  });
});
