import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { createAccountRepository, type AccountRepository } from './account-repository';
import { createCategoryRepository, type CategoryRepository } from './category-repository';

export interface Repositories {
  readonly categories: CategoryRepository;
  readonly accounts: AccountRepository;
}

export function createRepositories(client: DynamoDBDocumentClient, tableName: string): Repositories {
  return { categories: createCategoryRepository(client, tableName), accounts: createAccountRepository(client, tableName) };
}
