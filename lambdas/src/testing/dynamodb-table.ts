import { randomUUID } from 'node:crypto';
import { CreateTableCommand, DeleteTableCommand, DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { BatchWriteCommand, paginateScan } from '@aws-sdk/lib-dynamodb';
import { afterAll, beforeAll, beforeEach } from 'vitest';
import { documentClient } from '../adapters/dynamodb';
import { createTableInput } from '../data/create-table-input';
import { createRepositories, type Repositories } from '../data/repositories';
import { TABLE } from '../data/table-definition';
import { localEndpoint } from './local-endpoint';

export const TEST_REGION = 'eu-west-2';
/** The local emulators take any key; the SDK only needs one to sign with. */
export const TEST_CREDENTIALS = { accessKeyId: 'local', secretAccessKey: 'local' };

export interface TestTable {
  readonly tableName: string;
  readonly endpoint: string;
  /** The real repositories over this file's table. */
  readonly repositories: Repositories;
  /**
   * Every item now in the table that holds one of these texts anywhere (a key or a value, any case): what
   * an erasure test scans for, so that it sees a trace whatever kind of item keeps it.
   */
  itemsMentioning(...texts: string[]): Promise<Record<string, unknown>[]>;
}

/**
 * A table of this test file's own in the run's DynamoDB Local (see test/support/local-aws.global-setup.ts),
 * so files run in parallel; emptied before each test and deleted after the file. Call it at the top
 * level of the file. `stream`: with the table's stream, for tests that read it (it makes DynamoDB
 * Local's writes several times slower, so the others go without).
 */
export function useTestTable({ stream = false }: { stream?: boolean } = {}): TestTable {
  const endpoint = localEndpoint('dynamodbEndpoint');
  const tableName = `unit-${randomUUID()}`;
  const client = new DynamoDBClient({ region: TEST_REGION, endpoint, credentials: TEST_CREDENTIALS });
  const documents = documentClient(client);

  async function items(): Promise<Record<string, unknown>[]> {
    const found: Record<string, unknown>[] = [];
    for await (const page of paginateScan({ client: documents }, { TableName: tableName, ConsistentRead: true })) found.push(...(page.Items ?? []));
    return found;
  }

  beforeAll(async () => {
    const { StreamSpecification, ...withoutStream } = createTableInput(tableName);
    await client.send(new CreateTableCommand(stream ? { ...withoutStream, StreamSpecification } : withoutStream));
  });
  beforeEach(async () => {
    const keys = (await items()).map((item) => ({ [TABLE.partitionKey]: item[TABLE.partitionKey], [TABLE.sortKey]: item[TABLE.sortKey] }));
    for (let i = 0; i < keys.length; i += 25) {
      const deletes = keys.slice(i, i + 25).map((Key) => ({ DeleteRequest: { Key } }));
      await documents.send(new BatchWriteCommand({ RequestItems: { [tableName]: deletes } }));
    }
  });
  afterAll(async () => {
    await client.send(new DeleteTableCommand({ TableName: tableName }));
    client.destroy();
  });

  return {
    tableName,
    endpoint,
    repositories: createRepositories(documents, tableName),
    async itemsMentioning(...texts) {
      const sought = texts.map((text) => text.toLowerCase());
      return (await items()).filter((item) => {
        const stored = JSON.stringify(item).toLowerCase();
        return sought.some((text) => stored.includes(text));
      });
    },
  };
}
