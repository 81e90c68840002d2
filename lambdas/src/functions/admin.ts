import { randomUUID } from 'node:crypto';
import { ADMIN_AUDIT_PAGE_SIZE, ADMIN_SETUP_TOKEN_HEADER } from '@solutionz/shared';
import { createCognitoIdentityFor } from '../adapters/cognito-identity';
import { createCognitoSecurityFor } from '../adapters/cognito-security';
import { createDocumentClient } from '../adapters/dynamodb';
import { createS3MediaStorageFor } from '../adapters/s3-media';
import { resolveSecrets } from '../adapters/secrets';
import { createSesMailerFor } from '../adapters/ses-mailer';
import { publicCacheFor } from '../adapters/cloudfront-purge';
import {
  loadAccountsConfig,
  loadAdminConfig,
  loadAvatarsConfig,
  loadLogosConfig,
  loadPortfolioConfig,
  loadPublicCacheConfig,
  loadStripeConfig,
} from '../area-config';
import { getConfig } from '../config';
import { createAccountRepository } from '../data/account-repository';
import { createAccountStandingReader } from '../data/account-standing';
import { createAdminRepository } from '../data/admin-repository';
import { createAdminSetupRepository } from '../data/admin-setup-repository';
import { createClaimRepository, type ClaimRepository } from '../data/claim-repository';
import { createCategoryRepository } from '../data/category-repository';
import { createDirectoryRepository } from '../data/directory-repository';
import { createFeedbackRepository } from '../data/feedback-repository';
import { createJobsRepository } from '../data/jobs-repository';
import { createMessageReportsRepository } from '../data/message-reports-repository';
import { createTransparencyRepository } from '../data/transparency-repository';
import { createRateLimitRepository } from '../data/rate-limit-repository';
import { geocoderFromEnv } from '../geo/offline-geocoder';
import { createAreaHandler } from '../http/area-handler';
import { areaRuntime } from '../http/area-runtime';
import { adminOverview, setupFirstAdmin } from '../services/accounts/admin-setup';
import type { AdminDeps } from '../services/accounts/deps';
import { listAudit } from '../services/admin/audit';
import { decideClaim, listBusinesses, listClaims } from '../services/admin/claims';
import {
  categoryStatistics,
  continueProviderUpdates,
  createCategory,
  deleteCategory,
  listAdminCategories,
  reorderCategories,
  updateCategory,
  type AdminCategoriesDeps,
} from '../services/admin/categories';
import { createLogoUpload, createProvider } from '../services/admin/create-provider';
import { dashboard } from '../services/admin/dashboard';
import { analytics, type AdminAnalyticsDeps } from '../services/admin/analytics';
import type { AdminConsoleDeps } from '../services/admin/deps';
import { deleteFeedback, listFeedback, setFeedbackApproval, updateFeedback } from '../services/admin/feedback';
import { listReports, resolveReport } from '../services/admin/reports';
import { transparencyFigures, type TransparencyDeps } from '../services/admin/transparency';
import { requireAdminTwoStep } from '../services/admin/two-step';
import { allowMessaging, deleteUser, getUser, listUsers, setUserActive, setUserVisible, updateUser } from '../services/admin/users';
import { createPersonalData } from './wiring';
import { createCredentialsRepository, type CredentialsRepository } from '../data/credentials-repository';
import { adminEvidence, credentialQueue, decideCredential } from '../services/credentials/review';
import { createCredentialOption, offeredOptions, removeCredentialOption, renameCredentialOption } from '../services/credentials/options';
import type { MediaStorage } from '../adapters/s3-media';
import { createSessionRepository } from '../data/session-repository';

const config = getConfig();
const runtime = areaRuntime(config);
const adminConfig = loadAdminConfig();
const accountsConfig = loadAccountsConfig();
const logosConfig = loadLogosConfig();
const publicCacheConfig = loadPublicCacheConfig();
// Deleting a user is the same erasure as their own: files, and the subscription at Stripe.
const places = { avatars: loadAvatarsConfig(), portfolio: loadPortfolioConfig(), logos: logosConfig, stripe: loadStripeConfig() };

export const handler = createAreaHandler(
  'admin',
  {
    adminSetup: ({ deps, body, headers }) => setupFirstAdmin(deps, { username: body.username!, password: body.password! }, headers[ADMIN_SETUP_TOKEN_HEADER]),
    adminOverview: ({ deps }) => adminOverview(deps),
    adminDashboard: ({ deps, caller }) => dashboard(deps, caller),
    adminListUsers: ({ deps, caller, query }) => listUsers(deps, caller, query),
    adminGetUser: ({ deps, caller, params }) => getUser(deps, caller, params.userId),
    adminUpdateUser: ({ deps, caller, params, body }) => updateUser(deps, caller, params.userId, body),
    adminSetUserActive: ({ deps, caller, params, body }) => setUserActive(deps, caller, params.userId, body),
    adminSetUserVisible: ({ deps, caller, params, body }) => setUserVisible(deps, caller, params.userId, body),
    adminDeleteUser: ({ deps, caller, params, body }) => deleteUser(deps, caller, params.userId, body),
    adminAllowMessaging: ({ deps, caller, params }) => allowMessaging(deps, caller, params.userId),
    adminLogoUpload: ({ deps, caller, body }) => createLogoUpload(deps, caller, body),
    adminCreateProvider: ({ deps, caller, body }) => createProvider(deps, caller, body),
    adminListFeedback: ({ deps, caller, query }) => listFeedback(deps, caller, query),
    adminSetFeedbackApproval: ({ deps, caller, params, body }) => setFeedbackApproval(deps, caller, params, body),
    adminUpdateFeedback: ({ deps, caller, params, body }) => updateFeedback(deps, caller, params, body),
    adminDeleteFeedback: ({ deps, caller, params, body }) => deleteFeedback(deps, caller, params, body),
    adminListAudit: ({ deps, caller, query }) => listAudit(deps, caller, query, ADMIN_AUDIT_PAGE_SIZE),
    adminListClaims: ({ deps, caller, query }) => listClaims(deps, caller, query),
    adminDecideClaim: ({ deps, caller, params, body }) => decideClaim(deps, caller, params.businessId, body),
    adminAnalytics: ({ deps, caller }) => analytics(deps, caller),
    adminListCategories: ({ deps, caller }) => listAdminCategories(deps, caller),
    adminCreateCategory: ({ deps, caller, body }) => createCategory(deps, caller, body),
    adminUpdateCategory: ({ deps, caller, params, body }) => updateCategory(deps, caller, params.categoryId, body),
    adminDeleteCategory: ({ deps, caller, params }) => deleteCategory(deps, caller, params.categoryId),
    adminContinueCategoryProviders: ({ deps, caller, params }) => continueProviderUpdates(deps, caller, params.categoryId),
    adminCategoryStatistics: ({ deps, caller, params }) => categoryStatistics(deps, caller, params.categoryId),
    adminReorderCategories: ({ deps, caller, params, body }) => reorderCategories(deps, caller, params.groupId, body),
    adminListBusinesses: ({ deps, caller, query }) => listBusinesses(deps, caller, query),
    adminListReports: ({ deps, caller, query }) => listReports(deps, caller, query),
    adminResolveReport: ({ deps, caller, params, body }) => resolveReport(deps, caller, params.reportId, body),
    getTransparency: ({ deps }) => transparencyFigures(deps),
    adminCredentialQueue: ({ deps, query }) => credentialQueue(deps, query),
    adminCredentialEvidence: ({ deps, caller, params }) => adminEvidence(deps, caller, params.providerId, params.credentialId),
    decideCredential: ({ deps, caller, params, body }) => decideCredential(deps, caller, params.providerId, params.credentialId, body),
    adminCredentialOptions: ({ deps }) => offeredOptions(deps),
    createCredentialOption: ({ deps, caller, body }) => createCredentialOption(deps, caller, body),
    renameCredentialOption: ({ deps, caller, params, body }) => renameCredentialOption(deps, caller, params.optionId, body.name),
    removeCredentialOption: ({ deps, caller, params }) => removeCredentialOption(deps, caller, params.optionId),
  },
  {
    deps: async (): Promise<
      AdminDeps &
        AdminConsoleDeps &
        AdminCategoriesDeps &
        AdminAnalyticsDeps &
        TransparencyDeps & { claims: ClaimRepository; credentials: CredentialsRepository; evidenceFiles: MediaStorage }
    > => {
      const { adminSetupToken } = await resolveSecrets(config.region, { adminSetupToken: adminConfig.adminSetupToken });
      const documents = createDocumentClient(config.region);
      const accounts = createAccountRepository(documents, config.tableName);
      return {
        accounts,
        adminSetup: createAdminSetupRepository(documents, config.tableName),
        standing: createAccountStandingReader(documents, config.tableName),
        identity: createCognitoIdentityFor(config.region, config.userPoolId),
        admin: createAdminRepository(documents, config.tableName),
        feedback: createFeedbackRepository(documents, config.tableName),
        reports: createMessageReportsRepository(documents, config.tableName),
        transparency: createTransparencyRepository(documents, config.tableName),
        jobs: createJobsRepository(documents, config.tableName),
        directory: createDirectoryRepository(documents, config.tableName),
        categories: createCategoryRepository(documents, config.tableName),
        security: createCognitoSecurityFor(config.region, config.userPoolId, accountsConfig.serverClientId),
        sessions: createSessionRepository(documents, config.tableName),
        mailer: createSesMailerFor(config.region, accountsConfig.mailFromAddress, {
          configurationSetName: accountsConfig.mailConfigurationSet,
          metrics: runtime.businessMetrics,
        }),
        rateLimits: createRateLimitRepository(documents, config.tableName),
        logos: createS3MediaStorageFor(config.region, logosConfig.bucket, { localEndpoint: logosConfig.localS3 }),
        personalData: createPersonalData(config, documents, accounts, places),
        geocoder: geocoderFromEnv(),
        publicCache: publicCacheFor(publicCacheConfig.distributionId, (message, error) => runtime.logger.error(message, error)),
        claims: createClaimRepository(documents, config.tableName),
        credentials: createCredentialsRepository(documents, config.tableName),
        // Evidence documents are kept in the portfolio bucket under a private prefix (services/credentials/evidence-keys.ts).
        evidenceFiles: createS3MediaStorageFor(config.region, places.portfolio.bucket, { localEndpoint: places.portfolio.localS3 }),
        clock: () => new Date(),
        random: { id: () => randomUUID() },
        config: {
          adminEmailDomain: adminConfig.adminEmailDomain,
          siteUrl: accountsConfig.siteUrl,
          requireAdminMfa: adminConfig.requireAdminMfa,
          ...(adminSetupToken ? { adminSetupToken } : {}),
        },
      };
    },
    standing: (deps) => deps.standing,
    // The admin 2-step rule, before every admin route (the overview included).
    admitAdmin: requireAdminTwoStep,
    ...runtime,
  },
);
