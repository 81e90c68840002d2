import {
  CreateTableCommand,
  DescribeTableCommand,
  ResourceInUseException,
  UpdateTableCommand,
  waitUntilTableExists,
  type DynamoDBClient,
} from '@aws-sdk/client-dynamodb';
import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { createTableInput, TABLE_STREAM } from '@solutionz/lambdas/data/create-table-input';

const waitOptions = { maxWaitTime: 30, minDelay: 0.1, maxDelay: 0.5 };

/**
 * Creates the single table unless it is there already; true when it was created now. A table kept in
 * `.local/` from before the job alerts gets its stream turned on, so the poller has something to read.
 * `stream: false` creates a new table without its stream (a fresh start's demo data goes in several
 * times faster without one: nothing reads those records, the poller starts at the stream's end);
 * `ensureStream` turns it on once the data is in.
 */
export async function ensureTable(client: DynamoDBClient, tableName: string, { stream = true }: { stream?: boolean } = {}): Promise<boolean> {
  const { StreamSpecification, ...withoutStream } = createTableInput(tableName);
  try {
    await client.send(new CreateTableCommand(stream ? { ...withoutStream, StreamSpecification } : withoutStream));
  } catch (error) {
    if (!(error instanceof ResourceInUseException)) throw error;
    await ensureStream(client, tableName);
    return false;
  }
  await waitUntilTableExists({ client, ...waitOptions }, { TableName: tableName });
  return true;
}

/** Turns the table's stream on (new images, as the cloud table's) unless it is on. */
export async function ensureStream(client: DynamoDBClient, tableName: string): Promise<void> {
  const { Table } = await client.send(new DescribeTableCommand({ TableName: tableName }));
  if (Table?.StreamSpecification?.StreamEnabled) return;
  await client.send(new UpdateTableCommand({ TableName: tableName, StreamSpecification: TABLE_STREAM }));
  await waitUntilTableExists({ client, ...waitOptions }, { TableName: tableName });
}

/** The shared taxonomy as category data, as an admin will later manage it (the category repository only: making all of them costs seconds). */
export async function seedDemoCategories(documents: DynamoDBDocumentClient, tableName: string): Promise<void> {
  // Loaded here: only a new table is seeded, and a start that keeps its data need not load the data layer's entities before it is ready.
  const [{ createCategoryRepository }, { seedCategories }] = await Promise.all([
    import('@solutionz/lambdas/data/category-repository'),
    import('@solutionz/lambdas/data/seed-categories'),
  ]);
  await seedCategories({ categories: createCategoryRepository(documents, tableName) });
}
