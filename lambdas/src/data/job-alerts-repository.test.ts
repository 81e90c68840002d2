import { randomUUID } from 'node:crypto';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { marshall } from '@aws-sdk/util-dynamodb';
import { describe, expect, it } from 'vitest';
import { documentClient } from '../adapters/dynamodb';
import { TEST_CREDENTIALS, TEST_REGION, useTestTable } from '../testing/dynamodb-table';
import { createJobAlertsRepository } from './job-alerts-repository';
import { STALE_CLAIM_MS } from './mail-claims';
import { alertedJobFromStreamImage, jobContactEntity, jobKey, type AlertedJob } from './jobs';

const table = useTestTable();
const alerts = createJobAlertsRepository(
  documentClient(new DynamoDBClient({ region: TEST_REGION, endpoint: table.endpoint, credentials: TEST_CREDENTIALS })),
  table.tableName,
);
const NOW = new Date('2026-11-23T12:00:00Z');

const job = (): AlertedJob => ({
  jobId: randomUUID(),
  ownerId: randomUUID(),
  title: 'Fix a leaking tap',
  categories: ['Construction/Trade > Plumber'],
  locationName: 'York',
  lat: 53.959,
  lng: -1.0815,
  postedAt: NOW.toISOString(),
});

describe('the stream image of a job', () => {
  it('reads the job from a new job item and nothing from its contact item', async () => {
    const stored = await table.repositories.jobs.create(
      { ...job(), categories: ['Construction/Trade > Plumber'], description: 'Drips', budget: '£80', budgetType: 'hourly', revealCap: 5 },
      { contactName: 'Cara', contactEmail: 'cara@example.co.uk' },
    );
    const item = { ...jobKey(stored.jobId), ...stored };
    expect(alertedJobFromStreamImage(marshall(item))).toEqual({
      jobId: stored.jobId,
      ownerId: stored.ownerId,
      title: 'Fix a leaking tap',
      categories: ['Construction/Trade > Plumber'],
      budget: '£80',
      budgetType: 'hourly',
      locationName: 'York',
      lat: 53.959,
      lng: -1.0815,
      postedAt: NOW.toISOString(),
    });
    expect(
      alertedJobFromStreamImage(
        marshall(
          jobContactEntity.put({ jobId: stored.jobId, contactName: 'Cara', contactEmail: 'cara@example.co.uk' }).params({ table: table.tableName }).Item,
        ),
      ),
    ).toBeUndefined();
  });
});

describe('claims', () => {
  it('lets one claim win, a failed one be claimed again, and a sending one be taken over only once it is stale', async () => {
    const posted = job();
    const first = await alerts.claim(posted, 'provider-1', NOW);
    expect(first).toBeDefined();
    expect(await alerts.claim(posted, 'provider-1', new Date(NOW.getTime() + STALE_CLAIM_MS - 1000))).toBeUndefined();
    const takeover = await alerts.claim(posted, 'provider-1', new Date(NOW.getTime() + STALE_CLAIM_MS + 1000));
    expect(takeover).toBeDefined();

    // The worker that died wakes up: its late mark changes nothing.
    await alerts.markSent(posted.jobId, 'provider-1', first!, NOW);
    await alerts.markFailed(posted.jobId, 'provider-1', takeover!, NOW);
    expect(await alerts.claim(posted, 'provider-1', NOW)).toBeDefined();

    const other = job();
    const sent = await alerts.claim(other, 'provider-1', NOW);
    await alerts.markSent(other.jobId, 'provider-1', sent!, NOW);
    expect(await alerts.claim(other, 'provider-1', new Date(NOW.getTime() + 2 * STALE_CLAIM_MS))).toBeUndefined();
  });
});
