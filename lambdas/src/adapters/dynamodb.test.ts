import { DynamoDBClient, GetItemCommand } from '@aws-sdk/client-dynamodb';
import { BatchGetCommand, GetCommand, PutCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { TEST_CREDENTIALS, TEST_REGION, useTestTable } from '../testing/dynamodb-table';
import { createDocumentClient, documentClient, dynamoDbUsage, meterDynamoDbUsage, resetDynamoDbUsage } from './dynamodb';

const table = useTestTable();
const TableName = table.tableName;

function meteredDocuments() {
  const client = new DynamoDBClient({ region: TEST_REGION, endpoint: table.endpoint, credentials: TEST_CREDENTIALS });
  meterDynamoDbUsage(client);
  return documentClient(client);
}

afterEach(() => {
  vi.unstubAllEnvs();
});

describe('the DynamoDB usage meter', () => {
  it('counts requests, the items DynamoDB read for them and the capacity it reports', async () => {
    const documents = meteredDocuments();
    await Promise.all(['a', 'b', 'c'].map((SK) => documents.send(new PutCommand({ TableName, Item: { PK: 'METER', SK } }))));

    resetDynamoDbUsage();
    const { Items } = await documents.send(new QueryCommand({ TableName, KeyConditionExpression: 'PK = :pk', ExpressionAttributeValues: { ':pk': 'METER' } }));
    await documents.send(new GetCommand({ TableName, Key: { PK: 'METER', SK: 'a' } }));
    await documents.send(new GetCommand({ TableName, Key: { PK: 'METER', SK: 'missing' } }));
    const batch = await documents.send(
      new BatchGetCommand({
        RequestItems: {
          [TableName]: {
            Keys: [
              { PK: 'METER', SK: 'b' },
              { PK: 'METER', SK: 'c' },
            ],
          },
        },
      }),
    );

    expect(Items?.map((item) => item.SK)).toEqual(['a', 'b', 'c']);
    expect(batch.Responses?.[TableName]).toHaveLength(2);
    const usage = dynamoDbUsage();
    expect(usage).toMatchObject({ requests: 4, itemsRead: 3 + 1 + 0 + 2 });
    expect(usage.byOperation).toEqual({
      Query: { requests: 1, itemsRead: 3 },
      GetItem: { requests: 2, itemsRead: 1 },
      BatchGetItem: { requests: 1, itemsRead: 2 },
    });
    expect(usage.capacityUnits).toBeGreaterThan(0);
  });

  it('tells round trips one after another from those side by side, and the time spent waiting on them', async () => {
    const documents = meteredDocuments();
    const get = (SK: string) => documents.send(new GetCommand({ TableName, Key: { PK: 'METER', SK } }));

    resetDynamoDbUsage();
    const started = performance.now();
    await Promise.all([get('a'), get('b'), get('c')]);
    await get('a');
    await Promise.all([get('b'), get('c')]);
    const elapsed = performance.now() - started;

    const usage = dynamoDbUsage();
    expect(usage).toMatchObject({ requests: 6, rounds: 3 });
    expect(usage.waitingMs).toBeGreaterThan(0);
    expect(usage.waitingMs).toBeLessThanOrEqual(elapsed);
  });

  it('meters the Lambda client only when DYNAMODB_USAGE_METER is 1', async () => {
    vi.stubEnv('AWS_ENDPOINT_URL_DYNAMODB', table.endpoint);
    vi.stubEnv('AWS_ACCESS_KEY_ID', TEST_CREDENTIALS.accessKeyId);
    vi.stubEnv('AWS_SECRET_ACCESS_KEY', TEST_CREDENTIALS.secretAccessKey);
    const read = (documents: ReturnType<typeof createDocumentClient>) => documents.send(new GetCommand({ TableName, Key: { PK: 'METER', SK: 'a' } }));

    resetDynamoDbUsage();
    await read(createDocumentClient(TEST_REGION));
    expect(dynamoDbUsage().requests).toBe(0);

    vi.stubEnv('DYNAMODB_USAGE_METER', '1');
    await read(createDocumentClient(TEST_REGION));
    expect(dynamoDbUsage().requests).toBe(1);
  });
});

describe('the document client', () => {
  it("leaves out the SDK's logger middleware, which copies every call's input and output even for no logger", async () => {
    const logged = () => {
      const logger = { debug: vi.fn(), info: vi.fn(), warn: vi.fn(), error: vi.fn() };
      return { logger, client: new DynamoDBClient({ region: TEST_REGION, endpoint: table.endpoint, credentials: TEST_CREDENTIALS, logger }) };
    };
    const read = (documents: ReturnType<typeof documentClient>) => documents.send(new GetCommand({ TableName, Key: { PK: 'LOGGER', SK: 'a' } }));

    // This SDK's clients log each call through that middleware (so the one left out is the right one)...
    const plain = logged();
    await plain.client.send(new GetItemCommand({ TableName, Key: { PK: { S: 'LOGGER' }, SK: { S: 'a' } } }));
    expect(plain.logger.info).toHaveBeenCalledTimes(1);
    // ...and ours do not.
    const ours = logged();
    await read(documentClient(ours.client));
    expect(ours.logger.info).not.toHaveBeenCalled();
  });
});
