import type { AdminConsoleDeps } from '../services/admin/deps';
import { personalDataRegistry } from '../services/privacy/registry';
import { testAccountsDeps } from './accounts-deps';
import type { TestTable } from './dynamodb-table';
import type { TestMediaBucket } from './media-bucket';
import { recordingPublicCache } from './public-cache';
import type { TestStripe } from './stripe';
import type { TestUserPool } from './user-pool';

/**
 * The personal data registry (export and erasure) over the test file's table, bucket and Stripe, all real.
 * One bucket stands in for all three: avatars, portfolio files and logos live under different prefixes.
 */
export function testPersonalDataRegistry(table: TestTable, media: TestMediaBucket, stripe: TestStripe): ReturnType<typeof personalDataRegistry> {
  const { repositories } = table;
  return personalDataRegistry({
    accounts: repositories.accounts,
    tokens: repositories.tokens,
    rateLimits: repositories.rateLimits,
    businesses: repositories.businesses,
    avatars: media.storage,
    membership: repositories.membership,
    directory: repositories.directory,
    payments: stripe.payments,
    saved: repositories.saved,
    feedback: repositories.feedback,
    portfolio: repositories.portfolio,
    jobs: repositories.jobs,
    jobAlerts: repositories.jobAlerts,
    providerUpdates: repositories.providerUpdates,
    portfolioFiles: media.storage,
    logoFiles: media.storage,
    admin: repositories.admin,
    messages: repositories.messages,
    messageMails: repositories.messageMails,
    sessions: repositories.sessions,
    messageReports: repositories.messageReports,
    credentials: repositories.credentials,
  });
}

/**
 * The admin console's dependencies over the test file's servers, all real, on the accounts deps' settable
 * clock and ids (testAccountsDeps, returned with them: its mail, its clock's `advance`), and the paths each
 * purge of the public cache named (`purges`).
 */
export function adminTestDeps(table: TestTable, pool: TestUserPool, media: TestMediaBucket, stripe: TestStripe, options: { requireAdminMfa?: boolean } = {}) {
  const context = testAccountsDeps(table, pool);
  const { repositories } = table;
  const publicCache = recordingPublicCache();
  const deps: AdminConsoleDeps = {
    accounts: repositories.accounts,
    admin: repositories.admin,
    feedback: repositories.feedback,
    reports: repositories.messageReports,
    jobs: repositories.jobs,
    directory: repositories.directory,
    identity: context.deps.identity,
    security: context.deps.security,
    sessions: repositories.sessions,
    mailer: context.deps.mailer,
    rateLimits: repositories.rateLimits,
    logos: media.storage,
    personalData: testPersonalDataRegistry(table, media, stripe),
    geocoder: context.deps.geocoder,
    publicCache,
    clock: context.deps.clock,
    random: context.deps.random,
    config: { siteUrl: 'https://solutionz.test', requireAdminMfa: options.requireAdminMfa ?? false },
  };
  return { ...context, deps, purges: publicCache.purges };
}
