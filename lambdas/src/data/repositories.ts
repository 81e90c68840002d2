import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { createAccountRepository, type AccountRepository } from './account-repository';
import { createAccountStandingReader, type AccountStandingReader } from './account-standing';
import { createCategoryRepository, type CategoryRepository } from './category-repository';
import { createDirectoryRepository } from './directory';
import type { DirectoryRepository } from './directory-repository';
import { createFeedbackRepository, type FeedbackRepository } from './feedback-repository';
import { createJobAlertsRepository, type JobAlertsRepository } from './job-alerts';
import { createJobsRepository, type JobsRepository } from './jobs-repository';
import { createMembershipRepository, type MembershipRepository } from './membership-repository';
import { createPortfolioRepository, type PortfolioRepository } from './portfolio-repository';
import { createSavedProvidersRepository, type SavedProvidersRepository } from './saved-providers-repository';

export interface Repositories {
  readonly categories: CategoryRepository;
  readonly accounts: AccountRepository;
  readonly standing: AccountStandingReader;
  readonly membership: MembershipRepository;
  readonly saved: SavedProvidersRepository;
  readonly directory: DirectoryRepository;
  readonly feedback: FeedbackRepository;
  readonly portfolio: PortfolioRepository;
  readonly jobs: JobsRepository;
  readonly jobAlerts: JobAlertsRepository;
}

export function createRepositories(client: DynamoDBDocumentClient, tableName: string): Repositories {
  return {
    categories: createCategoryRepository(client, tableName),
    accounts: createAccountRepository(client, tableName),
    standing: createAccountStandingReader(client, tableName),
    membership: createMembershipRepository(client, tableName),
    saved: createSavedProvidersRepository(client, tableName),
    directory: createDirectoryRepository(client, tableName),
    feedback: createFeedbackRepository(client, tableName),
    portfolio: createPortfolioRepository(client, tableName),
    jobs: createJobsRepository(client, tableName),
    jobAlerts: createJobAlertsRepository(client, tableName),
  };
}
