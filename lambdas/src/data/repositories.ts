import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { createAccountRepository, type AccountRepository } from './account-repository';
import { createAccountStandingReader, type AccountStandingReader } from './account-standing';
import { createAdminRepository, type AdminRepository } from './admin-repository';
import { createAdminSetupRepository, type AdminSetupRepository } from './admin-setup-repository';
import { createBusinessRepository, type BusinessRepository } from './business-repository';
import { createCategoryRepository, type CategoryRepository } from './category-repository';
import { createClaimRepository, type ClaimRepository } from './claim-repository';
import { createCredentialsRepository, type CredentialsRepository } from './credentials-repository';
import { createMessagesRepository, type MessagesRepository } from './messages-repository';
import { createMessageMailsRepository, type MessageMailsRepository } from './message-mails-repository';
import { createMessageReportsRepository, type MessageReportsRepository } from './message-reports-repository';
import { createDirectoryRepository, type DirectoryRepository } from './directory-repository';
import { createFeedbackRepository, type FeedbackRepository } from './feedback-repository';
import { createJobAlertsRepository, type JobAlertsRepository } from './job-alerts-repository';
import { createProviderUpdatesRepository, type ProviderUpdatesRepository } from './provider-updates-repository';
import { createJobsRepository, type JobsRepository } from './jobs-repository';
import { createLinkTokenRepository, type LinkTokenRepository } from './link-token-repository';
import { createMembershipRepository, type MembershipRepository } from './membership-repository';
import { createPortfolioRepository, type PortfolioRepository } from './portfolio-repository';
import { createRateLimitRepository, type RateLimitRepository } from './rate-limit-repository';
import { createResponseTimesRepository, type ResponseTimesRepository } from './response-times-repository';
import { createSavedProvidersRepository, type SavedProvidersRepository } from './saved-providers-repository';
import { createSessionRepository, type SessionRepository } from './session-repository';

export interface Repositories {
  readonly categories: CategoryRepository;
  readonly accounts: AccountRepository;
  readonly tokens: LinkTokenRepository;
  readonly rateLimits: RateLimitRepository;
  readonly businesses: BusinessRepository;
  readonly adminSetup: AdminSetupRepository;
  readonly standing: AccountStandingReader;
  readonly membership: MembershipRepository;
  readonly saved: SavedProvidersRepository;
  readonly directory: DirectoryRepository;
  readonly feedback: FeedbackRepository;
  readonly portfolio: PortfolioRepository;
  readonly jobs: JobsRepository;
  readonly jobAlerts: JobAlertsRepository;
  readonly providerUpdates: ProviderUpdatesRepository;
  readonly admin: AdminRepository;
  readonly claims: ClaimRepository;
  readonly messages: MessagesRepository;
  readonly responseTimes: ResponseTimesRepository;
  readonly messageMails: MessageMailsRepository;
  readonly sessions: SessionRepository;
  readonly messageReports: MessageReportsRepository;
  readonly credentials: CredentialsRepository;
}

export function createRepositories(client: DynamoDBDocumentClient, tableName: string): Repositories {
  return {
    categories: createCategoryRepository(client, tableName),
    accounts: createAccountRepository(client, tableName),
    tokens: createLinkTokenRepository(client, tableName),
    rateLimits: createRateLimitRepository(client, tableName),
    businesses: createBusinessRepository(client, tableName),
    adminSetup: createAdminSetupRepository(client, tableName),
    standing: createAccountStandingReader(client, tableName),
    membership: createMembershipRepository(client, tableName),
    saved: createSavedProvidersRepository(client, tableName),
    directory: createDirectoryRepository(client, tableName),
    feedback: createFeedbackRepository(client, tableName),
    portfolio: createPortfolioRepository(client, tableName),
    jobs: createJobsRepository(client, tableName),
    jobAlerts: createJobAlertsRepository(client, tableName),
    providerUpdates: createProviderUpdatesRepository(client, tableName),
    admin: createAdminRepository(client, tableName),
    claims: createClaimRepository(client, tableName),
    messages: createMessagesRepository(client, tableName),
    responseTimes: createResponseTimesRepository(client, tableName),
    messageMails: createMessageMailsRepository(client, tableName),
    sessions: createSessionRepository(client, tableName),
    messageReports: createMessageReportsRepository(client, tableName),
    credentials: createCredentialsRepository(client, tableName),
  };
}
