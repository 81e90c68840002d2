import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { createCategoryRepository, type CategoryRepository } from './category-repository';

export interface Repositories {
  readonly categories: CategoryRepository;
}

export function createRepositories(client: DynamoDBDocumentClient, tableName: string): Repositories {
  return { categories: createCategoryRepository(client, tableName) };
}
