import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { mockClient } from 'aws-sdk-client-mock';
import { afterEach, beforeEach, describe, expect, it, onTestFinished, vi } from 'vitest';
import { MESSAGES } from '@solutionz/shared';
import { documentClient } from '../adapters/dynamodb';
import { createTableStore } from '../data/table-store';
import type { CategoryGroupRecord, CategoryRecord } from '../data/category-repository';
import { createDirectoryRepository } from '../data/directory-repository';
import { apiEvent, captureLogs, lambdaContext, TEST_ORIGIN_SECRET } from '../testing/api-event';
import { TEST_CREDENTIALS, TEST_REGION, useTestTable } from '../testing/dynamodb-table';
import type { ApiHandler } from '../http/types';

const table = useTestTable();
const documents = documentClient(new DynamoDBClient({ region: TEST_REGION, endpoint: table.endpoint, credentials: TEST_CREDENTIALS }));
const NOW = new Date();

/** A provider with a running membership in these categories, listed in the directory. */
async function listedProvider(userId: string, categories: string[]) {
  await createTableStore(documents, table.tableName)
    .entities.profile.create({
      userId,
      email: `${userId}@example.co.uk`,
      accountType: 'provider',
      firstName: 'Pat',
      lastName: userId,
      categories,
      subscriptionTier: 'yearly',
      subscriptionEnd: new Date(NOW.getTime() + 86_400_000).toISOString(),
      createdAt: NOW.toISOString(),
      updatedAt: NOW.toISOString(),
    })
    .go();
  await createDirectoryRepository(documents, table.tableName).syncListing(userId, NOW);
}

/** Ids sort differently from display order, and inactive groups and categories are mixed in. */
const group = (groupId: string, name: string, displayOrder: number, isActive = true): CategoryGroupRecord => ({
  groupId,
  name,
  slug: groupId,
  displayOrder,
  isActive,
});
const category = (parent: CategoryGroupRecord, categoryId: string, name: string, displayOrder: number, isActive = true): CategoryRecord => ({
  categoryId,
  groupId: parent.groupId,
  groupName: parent.name,
  groupSlug: parent.slug,
  name,
  slug: categoryId,
  displayOrder,
  isActive,
});
const trades = group('construction-trade', 'Construction/Trade', 2);
const education = group('education', 'Education', 1);
const events = group('events', 'Events', 3, false);
const categories = [
  category(trades, 'electrician', 'Electrician', 2),
  category(trades, 'plumber', 'Plumber', 1),
  category(trades, 'roofer', 'Roofer', 3, false),
  category(education, 'tutoring', 'Tutoring', 1),
  category(events, 'weddings', 'Weddings', 1),
];

describe('categories function', () => {
  let logs: ReturnType<typeof captureLogs>;
  let handler: ApiHandler;

  beforeEach(async () => {
    logs = captureLogs();
    vi.stubEnv('STAGE', 'test');
    vi.stubEnv('TABLE_NAME', table.tableName);
    vi.stubEnv('AWS_REGION', TEST_REGION);
    vi.stubEnv('AWS_ENDPOINT_URL_DYNAMODB', table.endpoint);
    vi.stubEnv('AWS_ACCESS_KEY_ID', TEST_CREDENTIALS.accessKeyId);
    vi.stubEnv('AWS_SECRET_ACCESS_KEY', TEST_CREDENTIALS.secretAccessKey);
    vi.stubEnv('USER_POOL_ID', 'local_pool');
    vi.stubEnv('USER_POOL_CLIENT_ID', 'client-id');
    vi.stubEnv('ORIGIN_SECRET', TEST_ORIGIN_SECRET);
    vi.resetModules();
    ({ handler } = await import('./categories'));
  });
  afterEach(() => {
    logs.restore();
    vi.unstubAllEnvs();
    vi.restoreAllMocks();
  });

  it('lists active groups by display order, each with its active categories by display order and listed providers, from two partition queries', async () => {
    await table.repositories.categories.putGroups([trades, education, events]);
    await table.repositories.categories.putCategories(categories);
    await listedProvider('plumber-1', ['Construction/Trade > Plumber']);
    await listedProvider('plumber-2', ['Construction/Trade > Plumber', 'Construction/Trade > Electrician']);
    await listedProvider('builder', ['Construction/Trade']);
    // Passes every call through to DynamoDB Local; only counts them.
    const send = vi.spyOn(DynamoDBDocumentClient.prototype, 'send');
    const result = await handler(apiEvent('GET', '/api/categories'), lambdaContext);

    expect(result.statusCode).toBe(200);
    expect(JSON.parse(result.body!)).toEqual({
      groups: [
        {
          name: 'Education',
          slug: 'education',
          displayOrder: 1,
          categories: [{ id: 'tutoring', name: 'Tutoring', slug: 'tutoring', displayOrder: 1, providerCount: 0 }],
          providerCount: 0,
        },
        {
          name: 'Construction/Trade',
          slug: 'construction-trade',
          displayOrder: 2,
          categories: [
            { id: 'plumber', name: 'Plumber', slug: 'plumber', displayOrder: 1, providerCount: 2 },
            { id: 'electrician', name: 'Electrician', slug: 'electrician', displayOrder: 2, providerCount: 1 },
          ],
          providerCount: 3,
        },
      ],
    });
    // The counts are maintained items, read in one query beside the taxonomy's: no count per request.
    expect(send.mock.calls.map(([command]) => command.constructor.name)).toEqual([QueryCommand.name, QueryCommand.name]);
  });

  it('answers a logged, generic 500 when DynamoDB fails', async () => {
    // DynamoDB Local cannot be made to throttle on cue.
    const dynamo = mockClient(DynamoDBDocumentClient);
    onTestFinished(() => dynamo.restore());
    dynamo
      .on(QueryCommand)
      .rejects(Object.assign(new Error('Throughput exceeds the current capacity of your table'), { name: 'ProvisionedThroughputExceededException' }));
    const result = await handler(apiEvent('GET', '/api/categories'), lambdaContext);

    expect(result.statusCode).toBe(500);
    expect(JSON.parse(result.body!)).toEqual({ error: { code: 'INTERNAL', message: MESSAGES.api.internal } });
    expect(result.body).not.toContain('Throughput');
    const errorLine = logs.lines().find((line) => line.level === 'ERROR');
    expect(JSON.stringify(errorLine)).toContain('Throughput exceeds the current capacity');
    expect(logs.lines()).toContainEqual(expect.objectContaining({ message: 'Request completed', route: 'GET /api/categories', status: 500 }));
  });

  it('lets CloudFront keep the answer a minute for visitors without a session (browsers none: a purge cannot reach them), and nobody keep it for a request with one', async () => {
    const anonymous = await handler(apiEvent('GET', '/api/categories'), lambdaContext);
    expect(anonymous.statusCode).toBe(200);
    expect(anonymous.headers).toMatchObject({ 'cache-control': 'public, max-age=0, s-maxage=60', vary: 'Authorization' });
    const withSession = await handler(apiEvent('GET', '/api/categories', { headers: { authorization: 'Bearer a-token' } }), lambdaContext);
    expect(withSession.statusCode).toBe(200);
    expect(withSession.headers?.['cache-control']).toBe('private, no-store');
    expect(withSession.body).toBe(anonymous.body);
  });
});
