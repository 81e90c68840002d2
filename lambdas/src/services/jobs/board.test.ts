import { randomUUID } from 'node:crypto';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { JOB_LIMITS, JOB_MESSAGES, jobListQuerySchema, type JobBoardPage, type JobListQueryInput } from '@solutionz/shared';
import { describe, expect, it } from 'vitest';
import type { AuthorizedCaller } from '../../auth/caller';
import { documentClient, dynamoDbUsage, meterDynamoDbUsage, resetDynamoDbUsage } from '../../adapters/dynamodb';
import { jobCategoryScope, jobCountKey } from '../../data/job-board';
import { bulkLoadJobs } from '../../data/job-board-bulk';
import { createJobsRepository, type JobRecord } from '../../data/jobs-repository';
import { TEST_CREDENTIALS, TEST_REGION, useTestTable } from '../../testing/dynamodb-table';
import { fakeGeocoder } from '../../testing/fake-geocoder';
import { recordingBusinessMetrics } from '../../business-metrics';
import type { JobsDeps } from './deps';
import { createJob, deleteJob, listJobs } from './jobs';

const table = useTestTable();

function deps(jobs = table.repositories.jobs): JobsDeps {
  let tick = 0;
  return {
    metrics: recordingBusinessMetrics(),
    jobs,
    accounts: { getProfile: async () => undefined },
    directory: table.repositories.directory,
    rateLimits: table.repositories.rateLimits,
    standing: table.repositories.standing,
    geocoder: fakeGeocoder(),
    clock: () => new Date(Date.UTC(2026, 10, 1) + tick++ * 1000),
    newId: () => randomUUID(),
  };
}

const query = (input: JobListQueryInput = {}) => jobListQuerySchema.parse(input);
const titles = (page: JobBoardPage) => page.jobs.map(({ title }) => title);

/** `count` jobs of a category of their own, loaded at once, job n posted n seconds in; every third hourly, the rest fixed. */
async function board(count: number): Promise<{ category: string; made: JobRecord[] }> {
  const category = `Numbered ${randomUUID().slice(0, 8)}`;
  const made = Array.from({ length: count }, (_, index) => ({
    jobId: randomUUID(),
    ownerId: randomUUID(),
    title: `Job ${index + 1}`,
    description: 'A job.',
    categories: [category],
    budget: '£100',
    budgetType: index % 3 === 0 ? ('hourly' as const) : ('fixed' as const),
    budgetAmount: 100,
    locationName: 'York',
    lat: 53.959,
    lng: -1.0815,
    postedAt: new Date(Date.UTC(2026, 10, 1) + index * 1000).toISOString(),
    revealCount: 0,
    revealCap: 5,
    contact: { contactName: 'Client', contactEmail: `client-${index}@example.co.uk` },
  }));
  const client = new DynamoDBClient({ region: TEST_REGION, endpoint: table.endpoint, credentials: TEST_CREDENTIALS });
  await bulkLoadJobs(documentClient(client), table.tableName, made);
  client.destroy();
  return { category, made };
}

/** The newest-first titles of pages of 5: what page `n` must show. */
const expectedPage = (made: readonly JobRecord[], page: number) =>
  made
    .map(({ title }) => title)
    .reverse()
    .slice((page - 1) * 5, page * 5);

describe('numbered pages of the board', () => {
  it('reads the last page from the oldest end, its neighbours through their tokens, and any page by its number', async () => {
    const { category, made } = await board(23);
    const first = await listJobs(deps(), query({ category }));
    expect(first).toMatchObject({ page: 1, total: 23, pageCount: 5 });
    expect(first.previousCursor).toBeUndefined();
    expect(titles(first)).toEqual(expectedPage(made, 1));

    const last = await listJobs(deps(), query({ category, page: '5' }));
    expect(last).toMatchObject({ page: 5, pageCount: 5 });
    expect(titles(last)).toEqual(['Job 3', 'Job 2', 'Job 1']);
    expect(last.nextCursor).toBeUndefined();

    const fourth = await listJobs(deps(), query({ category, cursor: last.previousCursor }));
    expect(fourth.page).toBe(4);
    expect(titles(fourth)).toEqual(expectedPage(made, 4));
    const fifthAgain = await listJobs(deps(), query({ category, cursor: fourth.nextCursor }));
    expect(fifthAgain.page).toBe(5);
    expect(titles(fifthAgain)).toEqual(titles(last));

    for (const page of [2, 3, 4]) expect(titles(await listJobs(deps(), query({ category, page: String(page) })))).toEqual(expectedPage(made, page));
    // Past the last page: the last.
    expect(await listJobs(deps(), query({ category, page: '99' }))).toMatchObject({ page: 5, jobs: last.jobs });
    // A page token that reaches the top of the list is the first page.
    const second = await listJobs(deps(), query({ category, cursor: first.nextCursor }));
    expect(await listJobs(deps(), query({ category, cursor: second.previousCursor }))).toMatchObject({ page: 1, jobs: first.jobs });
  });

  it('counts each budget type, so a board filtered by one has numbered pages too; a budget range has no count', async () => {
    const { category, made } = await board(23);
    const hourly = made.filter((job) => job.budgetType === 'hourly').reverse();
    const firstHourly = await listJobs(deps(), query({ category, budgetType: 'hourly' }));
    expect(firstHourly).toMatchObject({ total: hourly.length, pageCount: 2 });
    const lastHourly = await listJobs(deps(), query({ category, budgetType: 'hourly', page: '2' }));
    expect(titles(lastHourly)).toEqual(hourly.slice(5).map(({ title }) => title));
    expect((await listJobs(deps(), query({ category, budgetType: 'fixed' }))).total).toBe(23 - hourly.length);

    const ranged = await listJobs(deps(), query({ category, minBudget: '50', maxBudget: '150' }));
    expect(ranged.total).toBeUndefined();
    expect(ranged.pageCount).toBeUndefined();
    // Without a count a page number is reached by reading the pages before it, as Next would.
    const third = await listJobs(deps(), query({ category, minBudget: '50', maxBudget: '150', page: '3' }));
    expect(third.page).toBe(3);
    expect(titles(third)).toEqual(expectedPage(made, 3));
    await expect(listJobs(deps(), query({ category, minBudget: '50', maxBudget: '150', page: String(JOB_LIMITS.boardWalkPages + 1) }))).rejects.toThrow(
      JOB_MESSAGES.pageTooDeep,
    );
  });

  it('keeps the counts by type as jobs are posted and deleted, and gives none while they miss jobs counted only in the total', async () => {
    const category = `Counted ${randomUUID().slice(0, 8)}`;
    const client: AuthorizedCaller = {
      kind: 'signedIn',
      userId: randomUUID(),
      groups: ['client'],
      accountType: 'client',
      subscribed: false,
      emailConfirmed: true,
    };
    const post = { title: 'Tap', description: 'Drips.', contactEmail: 'c@example.co.uk', categories: [category], location: 'York' };
    const hourly = await createJob(deps(), client, { ...post, budget: '£20 an hour', budgetType: 'hourly' });
    await createJob(deps(), client, { ...post, budget: '£300', budgetType: 'fixed' });
    await createJob(deps(), client, post);
    expect((await listJobs(deps(), query({ category, budgetType: 'hourly' }))).total).toBe(1);
    await deleteJob(deps(), client, hourly.id);
    expect((await listJobs(deps(), query({ category, budgetType: 'hourly' }))).total).toBe(0);
    expect((await listJobs(deps(), query({ category }))).total).toBe(2);

    // A job counted in the total alone (posted before the counts by type were kept): the count by type is not known.
    const raw = new DynamoDBClient({ region: TEST_REGION, endpoint: table.endpoint, credentials: TEST_CREDENTIALS });
    await documentClient(raw).send(
      new UpdateCommand({
        TableName: table.tableName,
        Key: jobCountKey(jobCategoryScope(category)),
        UpdateExpression: 'ADD #count :one',
        ExpressionAttributeNames: { '#count': 'count' },
        ExpressionAttributeValues: { ':one': 1 },
      }),
    );
    raw.destroy();
    expect((await listJobs(deps(), query({ category, budgetType: 'fixed' }))).total).toBeUndefined();
    expect((await listJobs(deps(), query({ category }))).total).toBe(3);
  });

  it('refuses a page token whose page number was edited', async () => {
    const { category } = await board(7);
    const { nextCursor } = await listJobs(deps(), query({ category }));
    const token = JSON.parse(Buffer.from(nextCursor!, 'base64url').toString('utf8')) as Record<string, unknown>;
    for (const p of [0, -1, 1.5, 'two']) {
      await expect(listJobs(deps(), query({ category, cursor: Buffer.from(JSON.stringify({ ...token, p })).toString('base64url') }))).rejects.toThrow(
        JOB_MESSAGES.badCursor,
      );
    }
    expect(() => query({ category, page: '0' })).toThrow(JOB_MESSAGES.badPage);
  });
});

describe('the cost of a page by its number', () => {
  it('reads no more for the last page of 500 jobs than for the first, and for a page in the middle about what lies between it and the nearer end', async () => {
    const { category } = await board(500);
    const client = new DynamoDBClient({ region: TEST_REGION, endpoint: table.endpoint, credentials: TEST_CREDENTIALS });
    meterDynamoDbUsage(client);
    const metered = deps(createJobsRepository(documentClient(client), table.tableName));
    const itemsFor = async (input: JobListQueryInput) => {
      resetDynamoDbUsage();
      const page = await listJobs(metered, query({ category, ...input }));
      return { page, itemsRead: dynamoDbUsage().itemsRead };
    };
    const first = await itemsFor({});
    const last = await itemsFor({ page: String(first.page.pageCount) });
    const previous = await itemsFor({ cursor: last.page.previousCursor! });
    const middle = await itemsFor({ page: '40' });
    client.destroy();
    expect(last.page.page).toBe(100);
    expect(last.itemsRead).toBeLessThanOrEqual(first.itemsRead);
    expect(previous.itemsRead).toBeLessThanOrEqual(first.itemsRead);
    // 39 pages from the top: their entries, then the page's own.
    expect(middle.itemsRead).toBeGreaterThan(39 * 5);
    expect(middle.itemsRead).toBeLessThan(41 * 5 + 10);
  }, 60_000);
});
