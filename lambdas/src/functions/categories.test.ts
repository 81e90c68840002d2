import { DynamoDBDocumentClient, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { mockClient } from 'aws-sdk-client-mock';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MESSAGES } from '@solutionz/shared';
import { apiEvent, captureLogs, lambdaContext } from '../testing/api-event';
import type { ApiHandler } from '../http/types';

const dynamo = mockClient(DynamoDBDocumentClient);

/** Items as ElectroDB writes them, in key order (by id), which is not display order. */
const edb = (entity: string) => ({ __edb_e__: entity, __edb_v__: '1', PK: 'CATEGORIES' });
const storedItems = [
  { ...edb('categoryGroup'), SK: 'GROUP#construction-trade', groupId: 'construction-trade', name: 'Construction/Trade', slug: 'construction-trade', displayOrder: 2, isActive: true },
  { ...edb('category'), SK: 'GROUP#construction-trade#CATEGORY#electrician', categoryId: 'electrician', groupId: 'construction-trade', groupName: 'Construction/Trade', groupSlug: 'construction-trade', name: 'Electrician', slug: 'electrician', displayOrder: 2, isActive: true },
  { ...edb('category'), SK: 'GROUP#construction-trade#CATEGORY#plumber', categoryId: 'plumber', groupId: 'construction-trade', groupName: 'Construction/Trade', groupSlug: 'construction-trade', name: 'Plumber', slug: 'plumber', displayOrder: 1, isActive: true },
  { ...edb('category'), SK: 'GROUP#construction-trade#CATEGORY#roofer', categoryId: 'roofer', groupId: 'construction-trade', groupName: 'Construction/Trade', groupSlug: 'construction-trade', name: 'Roofer', slug: 'roofer', displayOrder: 3, isActive: false },
  { ...edb('categoryGroup'), SK: 'GROUP#education', groupId: 'education', name: 'Education', slug: 'education', displayOrder: 1, isActive: true },
  { ...edb('category'), SK: 'GROUP#education#CATEGORY#tutoring', categoryId: 'tutoring', groupId: 'education', groupName: 'Education', groupSlug: 'education', name: 'Tutoring', slug: 'tutoring', displayOrder: 1, isActive: true },
  { ...edb('categoryGroup'), SK: 'GROUP#events', groupId: 'events', name: 'Events', slug: 'events', displayOrder: 3, isActive: false },
  { ...edb('category'), SK: 'GROUP#events#CATEGORY#weddings', categoryId: 'weddings', groupId: 'events', groupName: 'Events', groupSlug: 'events', name: 'Weddings', slug: 'weddings', displayOrder: 1, isActive: true },
];

describe('categories function', () => {
  let logs: ReturnType<typeof captureLogs>;
  let handler: ApiHandler;

  beforeEach(async () => {
    dynamo.reset();
    logs = captureLogs();
    vi.stubEnv('STAGE', 'test');
    vi.stubEnv('TABLE_NAME', 'solutionz-test');
    vi.stubEnv('AWS_REGION', 'eu-west-2');
    vi.stubEnv('USER_POOL_ID', 'local_pool');
    vi.stubEnv('USER_POOL_CLIENT_ID', 'client-id');
    vi.resetModules();
    ({ handler } = await import('./categories'));
  });
  afterEach(() => logs.restore());

  it('lists active groups by display order, each with its active categories by display order, from one partition query', async () => {
    dynamo.on(QueryCommand).resolves({ Items: storedItems });
    const result = await handler(apiEvent('GET', '/api/categories'), lambdaContext);

    expect(result.statusCode).toBe(200);
    expect(JSON.parse(result.body!)).toEqual({
      groups: [
        { name: 'Education', slug: 'education', displayOrder: 1, categories: [{ id: 'tutoring', name: 'Tutoring', slug: 'tutoring', displayOrder: 1 }] },
        {
          name: 'Construction/Trade',
          slug: 'construction-trade',
          displayOrder: 2,
          categories: [
            { id: 'plumber', name: 'Plumber', slug: 'plumber', displayOrder: 1 },
            { id: 'electrician', name: 'Electrician', slug: 'electrician', displayOrder: 2 },
          ],
        },
      ],
    });
    const queries = dynamo.commandCalls(QueryCommand);
    expect(queries).toHaveLength(1);
    expect(queries[0]!.args[0].input).toMatchObject({
      TableName: 'solutionz-test',
      KeyConditionExpression: '#pk = :pk',
      ExpressionAttributeValues: expect.objectContaining({ ':pk': 'CATEGORIES' }),
    });
  });

  it('answers a logged, generic 500 when DynamoDB fails', async () => {
    dynamo.on(QueryCommand).rejects(Object.assign(new Error('Throughput exceeds the current capacity of your table'), { name: 'ProvisionedThroughputExceededException' }));
    const result = await handler(apiEvent('GET', '/api/categories'), lambdaContext);

    expect(result.statusCode).toBe(500);
    expect(JSON.parse(result.body!)).toEqual({ error: { code: 'INTERNAL', message: MESSAGES.api.internal } });
    expect(result.body).not.toContain('Throughput');
    const errorLine = logs.lines().find((line) => line.level === 'ERROR');
    expect(JSON.stringify(errorLine)).toContain('Throughput exceeds the current capacity');
    expect(logs.lines()).toContainEqual(expect.objectContaining({ message: 'Request completed', route: 'GET /api/categories', status: 500 }));
  });
});
