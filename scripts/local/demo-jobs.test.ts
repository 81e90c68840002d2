import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { beforeAll, describe, expect, it } from 'vitest';
import { parseCategorySelection, TAXONOMY } from '@solutionz/shared';
import { documentClient } from '@solutionz/lambdas/adapters/dynamodb';
import { TEST_CREDENTIALS, TEST_REGION, useTestTable } from '@solutionz/lambdas/testing/dynamodb-table';
import { TEST_POSTCODE_DATA_DIR, testGeocoder } from '@solutionz/lambdas/testing/geocoder';
import { ALL_JOBS_SCOPE } from '@solutionz/lambdas/data/job-board';
import { demoDirectoryProviders, demoTowns, writeDemoDirectory, type DemoDirectoryProvider, type DemoTown } from './demo-directory';
import { demoJobs, writeDemoJobs, type DemoJob, type DemoJobAccounts } from './demo-jobs';

const table = useTestTable();
const NOW = new Date('2026-11-23T12:00:00Z');
const DAY_MS = 86_400_000;
const ACCOUNTS: DemoJobAccounts = {
  client: { userId: 'demo-client-login', name: 'Chloe Clarke', email: 'client@solutionz.local' },
  member: { userId: 'demo-member-login', town: 'Manchester', category: 'Construction/Trade > Electrician' },
};
let towns: DemoTown[];
let providers: DemoDirectoryProvider[];
let jobs: DemoJob[];

beforeAll(async () => {
  towns = await demoTowns(testGeocoder(), TEST_POSTCODE_DATA_DIR);
  providers = demoDirectoryProviders(towns, NOW);
  jobs = demoJobs(towns, providers, ACCOUNTS, NOW);
});

/** Great Britain and Northern Ireland, with their islands. */
const inTheUk = ({ lat, lng }: { lat: number; lng: number }) => lat >= 49.8 && lat <= 60.9 && lng >= -8.7 && lng <= 1.8;

function inTaxonomy(selection: string): boolean {
  const parsed = parseCategorySelection(selection);
  const group = TAXONOMY.find((candidate) => parsed.kind !== 'other' && candidate.name === parsed.group);
  return parsed.kind === 'group' ? group !== undefined : parsed.kind === 'sub' && group?.subcategories.some((sub) => sub.name === parsed.sub) === true;
}

describe('the demo jobs', () => {
  it('are about 60 across the demo towns and many categories, the same on every start', () => {
    expect(jobs.length).toBeGreaterThanOrEqual(55);
    expect(jobs.length).toBeLessThanOrEqual(65);
    expect(demoJobs(towns, providers, ACCOUNTS, NOW)).toEqual(jobs);
    expect(new Set(jobs.map((job) => job.jobId)).size).toBe(jobs.length);
    expect(new Set(jobs.map((job) => job.town)).size).toBeGreaterThanOrEqual(8);
    expect(new Set(jobs.map((job) => job.categories[0])).size).toBeGreaterThanOrEqual(20);
    expect(jobs.every((job) => job.categories.length > 0 && job.categories.every(inTaxonomy))).toBe(true);
  });

  it('are each placed within the UK, near their town, with hourly, fixed and no budgets', () => {
    for (const job of jobs) {
      expect(inTheUk(job.place)).toBe(true);
      expect(towns.find((town) => town.name === job.town)?.sectors).toContainEqual(job.place);
    }
    expect(jobs.filter((job) => job.budgetType === 'hourly').length).toBeGreaterThan(3);
    expect(jobs.filter((job) => job.budgetType === 'fixed').length).toBeGreaterThan(10);
    expect(jobs.filter((job) => job.budget === undefined).length).toBeGreaterThan(3);
    expect(jobs.every((job) => (job.budget === undefined) === (job.budgetType === undefined))).toBe(true);
  });

  it('were posted over the last month but not in the last day, so job alerts mail none of them', () => {
    for (const job of jobs) {
      const age = NOW.getTime() - Date.parse(job.postedAt);
      expect(age).toBeGreaterThan(DAY_MS);
      expect(age).toBeLessThanOrEqual(31 * DAY_MS);
      expect(job.reveals.every((reveal) => reveal.revealedAt > job.postedAt && Date.parse(reveal.revealedAt) < NOW.getTime())).toBe(true);
    }
    expect(new Set(jobs.map((job) => job.ownerId)).size).toBeGreaterThanOrEqual(5);
  });

  it('give the demo client a few jobs, one revealed by the demo member, and are revealed by listed members of their trade', () => {
    const clientJobs = jobs.filter((job) => job.ownerId === ACCOUNTS.client!.userId);
    expect(clientJobs.length).toBeGreaterThanOrEqual(3);
    expect(clientJobs.some((job) => job.reveals.some((reveal) => reveal.providerId === ACCOUNTS.member!.userId))).toBe(true);
    const byId = new Map(providers.map((provider) => [provider.userId, provider]));
    for (const job of jobs) {
      expect(new Set(job.reveals.map((reveal) => reveal.providerId)).size).toBe(job.reveals.length);
      for (const { providerId } of job.reveals) {
        const provider = byId.get(providerId);
        if (providerId === ACCOUNTS.member!.userId) continue;
        expect(provider?.isVisible).toBe(true);
        expect(provider?.membership.tier).not.toBe('none');
        expect(provider?.categories.some((category) => category.split(' > ')[0] === job.categories[0]!.split(' > ')[0])).toBe(true);
      }
    }
    expect(jobs.filter((job) => job.reveals.length > 0).length).toBeGreaterThanOrEqual(15);
  });

  it('store counts that match their reveal items and markers, with exactly one job at its cap, and verify some demo reviews', async () => {
    const documents = documentClient(new DynamoDBClient({ region: TEST_REGION, endpoint: table.endpoint, credentials: TEST_CREDENTIALS }));
    const reviewedIds = new Set(jobs.filter((job) => job.ownerId.startsWith('demo-reviewer-')).map((job) => job.reveals[0]!.providerId));
    const reviewed = providers.filter((provider) => reviewedIds.has(provider.userId));
    await writeDemoDirectory(documents, table.tableName, reviewed, NOW);
    await writeDemoJobs(documents, table.tableName, jobs);
    const repository = table.repositories.jobs;

    expect(await repository.boardCount(ALL_JOBS_SCOPE)).toBe(jobs.length);
    const board = await repository.getMany((await repository.boardNewest(ALL_JOBS_SCOPE, undefined, 1000)).map((entry) => entry.id));
    expect(board.size).toBe(jobs.length);
    for (const job of jobs) {
      const stored = board.get(job.jobId)!;
      expect(stored).toMatchObject({ ownerId: job.ownerId, revealCount: job.reveals.length, revealCap: job.revealCap, lat: job.place.lat, lng: job.place.lng });
    }
    const reveals = jobs.flatMap((job) => job.reveals.map(({ providerId }) => ({ job, providerId })));
    const found = await Promise.all(
      reveals.map(async ({ job, providerId }) => [
        await repository.hasRevealed(job.jobId, providerId),
        (await repository.verifiedClients(providerId, [job.ownerId])).has(job.ownerId),
      ]),
    );
    expect(found.every(([revealed, verified]) => revealed && verified)).toBe(true);
    const revealers = new Set(jobs.flatMap((job) => job.reveals.map((reveal) => reveal.providerId)));
    const revealItems = (await Promise.all([...revealers].map((providerId) => repository.listRevealedJobIds(providerId)))).flat();
    expect(revealItems).toHaveLength(jobs.reduce((sum, job) => sum + job.reveals.length, 0));

    const full = [...board.values()].filter((job) => job.revealCount >= job.revealCap);
    expect(full).toHaveLength(1);
    expect(full[0]!.ownerId).toBe(ACCOUNTS.client!.userId);
    expect((await repository.listByOwner(ACCOUNTS.client!.userId)).length).toBe(jobs.filter((job) => job.ownerId === ACCOUNTS.client!.userId).length);

    // Their authors posted the job the reviewed provider revealed: the provider's page shows "Verified job" on those reviews.
    expect(reviewed.length).toBeGreaterThanOrEqual(3);
    for (const provider of reviewed) {
      const { feedback } = await table.repositories.feedback.listPublished(provider.userId, { limit: 10 });
      const verified = await repository.verifiedClients(
        provider.userId,
        feedback.map((entry) => entry.authorId!),
      );
      expect(verified.size).toBeGreaterThanOrEqual(1);
    }
    // Sixty jobs and their reveals, written one transaction each as the stack loads them.
  }, 60_000);
});
