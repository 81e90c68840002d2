import { randomUUID } from 'node:crypto';
import { CreateTableCommand, DeleteTableCommand, DescribeTableCommand, DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { afterAll, describe, expect, it } from 'vitest';
import { createTableInput } from '@solutionz/lambdas/data/create-table-input';
import { TEST_CREDENTIALS, TEST_REGION } from '@solutionz/lambdas/testing/dynamodb-table';
import { localEndpoint } from '@solutionz/lambdas/testing/local-endpoint';
import { ensureStream, ensureTable } from './table';

const client = new DynamoDBClient({ region: TEST_REGION, endpoint: localEndpoint('dynamodbEndpoint'), credentials: TEST_CREDENTIALS });
const created: string[] = [];

afterAll(async () => {
  await Promise.all(created.map((TableName) => client.send(new DeleteTableCommand({ TableName }))));
  client.destroy();
});

const streamOf = async (TableName: string) => (await client.send(new DescribeTableCommand({ TableName }))).Table?.StreamSpecification;

describe('the local table', () => {
  it('is created with a stream of new images, once', async () => {
    const tableName = `local-${randomUUID()}`;
    created.push(tableName);
    expect(await ensureTable(client, tableName)).toBe(true);
    expect(await streamOf(tableName)).toEqual({ StreamEnabled: true, StreamViewType: 'NEW_IMAGE' });
    expect(await ensureTable(client, tableName)).toBe(false);
  });

  it('gets the stream turned on when it was kept from before job alerts', async () => {
    const tableName = `local-${randomUUID()}`;
    created.push(tableName);
    const { StreamSpecification: _stream, ...withoutStream } = createTableInput(tableName);
    await client.send(new CreateTableCommand(withoutStream));
    expect(await streamOf(tableName)).toBeUndefined();

    expect(await ensureTable(client, tableName)).toBe(false);
    expect(await streamOf(tableName)).toEqual({ StreamEnabled: true, StreamViewType: 'NEW_IMAGE' });
  });

  it('can be created without its stream, for a fresh start to load its demo data first, and gets it after', async () => {
    const tableName = `local-${randomUUID()}`;
    created.push(tableName);
    expect(await ensureTable(client, tableName, { stream: false })).toBe(true);
    expect(await streamOf(tableName)).toBeUndefined();
    await ensureStream(client, tableName);
    expect(await streamOf(tableName)).toEqual({ StreamEnabled: true, StreamViewType: 'NEW_IMAGE' });
  });
});
