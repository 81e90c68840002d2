import { createCredentialsRepository } from '../data/credentials-repository';
import type { createDocumentClient } from '../adapters/dynamodb';
import { createS3MediaStorageFor } from '../adapters/s3-media';
import { lazyPaymentGateway, paymentGatewayFromConfig } from '../adapters/stripe-payments';
import type { AvatarsConfig, StripeConfig } from '../area-config';
import type { Config } from '../config';
import type { AccountRepository } from '../data/account-repository';
import { createAdminRepository } from '../data/admin-repository';
import { createBusinessRepository } from '../data/business-repository';
import { createDirectoryRepository } from '../data/directory-repository';
import { createFeedbackRepository } from '../data/feedback-repository';
import { createJobAlertsRepository } from '../data/job-alerts-repository';
import { createProviderUpdatesRepository } from '../data/provider-updates-repository';
import { createJobsRepository } from '../data/jobs-repository';
import { createLinkTokenRepository } from '../data/link-token-repository';
import { createMembershipRepository } from '../data/membership-repository';
import { createPortfolioRepository } from '../data/portfolio-repository';
import { createRateLimitRepository } from '../data/rate-limit-repository';
import { createMessagesRepository } from '../data/messages-repository';
import { createMessageMailsRepository } from '../data/message-mails-repository';
import { createMessageReportsRepository } from '../data/message-reports-repository';
import { createSavedProvidersRepository } from '../data/saved-providers-repository';
import { createSessionRepository } from '../data/session-repository';
import type { PersonalDataRegistry } from '../services/privacy/personal-data';
import { personalDataRegistry } from '../services/privacy/registry';

/** The buckets and the payment provider an erasure reaches. */
export interface PersonalDataPlaces {
  readonly avatars: AvatarsConfig;
  readonly portfolio: AvatarsConfig;
  readonly logos: AvatarsConfig;
  readonly stripe: StripeConfig;
}

/**
 * The personal-data registry as the functions that erase and export accounts use it: the person's own
 * deletion (accounts) and an admin's (admin) run the same erasers.
 */
export function createPersonalData(
  config: Config,
  documents: ReturnType<typeof createDocumentClient>,
  accounts: AccountRepository,
  places: PersonalDataPlaces,
): PersonalDataRegistry {
  const table = config.tableName;
  const bucket = (place: AvatarsConfig) => createS3MediaStorageFor(config.region, place.bucket, { localEndpoint: place.localS3 });
  return personalDataRegistry({
    accounts,
    tokens: createLinkTokenRepository(documents, table),
    rateLimits: createRateLimitRepository(documents, table),
    businesses: createBusinessRepository(documents, table),
    avatars: bucket(places.avatars),
    membership: createMembershipRepository(documents, table),
    directory: createDirectoryRepository(documents, table),
    payments: lazyPaymentGateway(() => paymentGatewayFromConfig(config.region, places.stripe)),
    saved: createSavedProvidersRepository(documents, table),
    feedback: createFeedbackRepository(documents, table),
    portfolio: createPortfolioRepository(documents, table),
    jobs: createJobsRepository(documents, table),
    jobAlerts: createJobAlertsRepository(documents, table),
    providerUpdates: createProviderUpdatesRepository(documents, table),
    portfolioFiles: bucket(places.portfolio),
    logoFiles: bucket(places.logos),
    admin: createAdminRepository(documents, table),
    messages: createMessagesRepository(documents, table),
    messageMails: createMessageMailsRepository(documents, table),
    sessions: createSessionRepository(documents, table),
    messageReports: createMessageReportsRepository(documents, table),
    credentials: createCredentialsRepository(documents, table),
  });
}
