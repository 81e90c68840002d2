import { CreateTableCommand, ResourceInUseException, waitUntilTableExists, type DynamoDBClient } from '@aws-sdk/client-dynamodb';
import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { createTableInput } from '@solutionz/lambdas/data/create-table-input';
import { createRepositories } from '@solutionz/lambdas/data/repositories';
import { seedCategories } from '@solutionz/lambdas/data/seed-categories';

/** Creates the single table unless it is there already; true when it was created now. */
export async function ensureTable(client: DynamoDBClient, tableName: string): Promise<boolean> {
  try {
    await client.send(new CreateTableCommand(createTableInput(tableName)));
  } catch (error) {
    if (error instanceof ResourceInUseException) return false;
    throw error;
  }
  await waitUntilTableExists({ client, maxWaitTime: 30, minDelay: 0.1, maxDelay: 0.5 }, { TableName: tableName });
  return true;
}

/** The shared taxonomy as category data, as an admin will later manage it. */
export async function seedDemoCategories(documents: DynamoDBDocumentClient, tableName: string): Promise<void> {
  await seedCategories(createRepositories(documents, tableName));
}
