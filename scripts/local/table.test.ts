import { randomUUID } from 'node:crypto';
import {
  CreateTableCommand,
  DeleteTableCommand,
  DescribeTableCommand,
  DescribeTimeToLiveCommand,
  DynamoDBClient,
  PutItemCommand,
  QueryCommand,
  UpdateTableCommand,
  UpdateTimeToLiveCommand,
} from '@aws-sdk/client-dynamodb';
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

/**
 * The launcher keeps each table schema DynamoDB Local parsed (DynamoDbLocalOnLoopback.java): a schema that
 * changes must be read anew at once, for the changed table only.
 */
describe('DynamoDB Local with its parsed schemas kept', () => {
  const keyOnly = (TableName: string) =>
    new CreateTableCommand({
      TableName,
      AttributeDefinitions: [{ AttributeName: 'pk', AttributeType: 'S' }],
      KeySchema: [{ AttributeName: 'pk', KeyType: 'HASH' }],
      BillingMode: 'PAY_PER_REQUEST',
    });
  const put = (TableName: string, pk: string) => client.send(new PutItemCommand({ TableName, Item: { pk: { S: pk }, colour: { S: 'red' } } }));
  const red = async (TableName: string) =>
    (
      await client.send(
        new QueryCommand({ TableName, IndexName: 'byColour', KeyConditionExpression: 'colour = :c', ExpressionAttributeValues: { ':c': { S: 'red' } } }),
      )
    ).Items?.map((item) => item.pk?.S).sort();

  /** Until the table's index is as wanted (DynamoDB Local adds an index's column only once the index is active). */
  const indexIs = async (TableName: string, status: 'ACTIVE' | undefined) => {
    for (let tries = 0; ; tries++) {
      const { Table } = await client.send(new DescribeTableCommand({ TableName }));
      if (Table?.GlobalSecondaryIndexes?.[0]?.IndexStatus === status) return;
      if (tries > 100) throw new Error(`The index of ${TableName} is ${Table?.GlobalSecondaryIndexes?.[0]?.IndexStatus}, not ${status}`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  };

  it('reads a table with an index added, then removed, and its time-to-live, at once; a table with the old schema keeps it', async () => {
    const [changed, unchanged] = [`local-${randomUUID()}`, `local-${randomUUID()}`];
    created.push(changed, unchanged);
    await Promise.all([client.send(keyOnly(changed)), client.send(keyOnly(unchanged))]);
    await Promise.all([put(changed, 'before'), put(unchanged, 'other')]);

    await client.send(
      new UpdateTableCommand({
        TableName: changed,
        AttributeDefinitions: [{ AttributeName: 'colour', AttributeType: 'S' }],
        GlobalSecondaryIndexUpdates: [
          { Create: { IndexName: 'byColour', KeySchema: [{ AttributeName: 'colour', KeyType: 'HASH' }], Projection: { ProjectionType: 'KEYS_ONLY' } } },
        ],
      }),
    );
    await indexIs(changed, 'ACTIVE');
    await put(changed, 'after');
    expect(await red(changed)).toEqual(['after', 'before']);
    await expect(red(unchanged)).rejects.toThrow();

    await client.send(new UpdateTimeToLiveCommand({ TableName: changed, TimeToLiveSpecification: { AttributeName: 'expires', Enabled: true } }));
    expect((await client.send(new DescribeTimeToLiveCommand({ TableName: changed }))).TimeToLiveDescription).toMatchObject({
      AttributeName: 'expires',
      TimeToLiveStatus: 'ENABLED',
    });
    expect((await client.send(new DescribeTimeToLiveCommand({ TableName: unchanged }))).TimeToLiveDescription?.TimeToLiveStatus).toBe('DISABLED');

    await client.send(new UpdateTableCommand({ TableName: changed, GlobalSecondaryIndexUpdates: [{ Delete: { IndexName: 'byColour' } }] }));
    await indexIs(changed, undefined);
    await expect(red(changed)).rejects.toThrow();
    await put(changed, 'last');
    expect((await client.send(new DescribeTableCommand({ TableName: changed }))).Table?.ItemCount).toBe(3);
  });
});
