import { randomUUID } from 'node:crypto';
import { createDocumentClient } from '../adapters/dynamodb';
import { createS3MediaStorageFor } from '../adapters/s3-media';
import { loadAvatarsConfig, loadPortfolioConfig } from '../area-config';
import { getConfig } from '../config';
import { createAccountRepository } from '../data/account-repository';
import { createAccountStandingReader, type AccountStandingReader } from '../data/account-standing';
import { createCredentialsRepository } from '../data/credentials-repository';
import { createDirectoryRepository } from '../data/directory-repository';
import { createPortfolioRepository } from '../data/portfolio-repository';
import { createProviderUpdatesRepository, type ProviderUpdatesRepository } from '../data/provider-updates-repository';
import { createRateLimitRepository } from '../data/rate-limit-repository';
import { geocoderFromEnv } from '../geo/offline-geocoder';
import { createAreaHandler } from '../http/area-handler';
import { areaRuntime } from '../http/area-runtime';
import { attachEvidence, createEvidenceUpload, getMyEvidence } from '../services/credentials/evidence';
import { offeredOptions } from '../services/credentials/options';
import type { CredentialsDeps } from '../services/credentials/deps';
import { createCredential, deleteCredential, getProviderCredentials, listMyCredentials, updateCredential } from '../services/credentials/own';
import { createAvatarUpload, setAvatar } from '../services/profiles/avatar';
import type { ProfilesDeps } from '../services/profiles/deps';
import { updateNotificationSettings } from '../services/profiles/notifications';
import {
  createPortfolioItem,
  createPortfolioUploads,
  deletePortfolioItem,
  getProviderPortfolio,
  listMyPortfolio,
  reorderPortfolio,
  updatePortfolioItem,
  type PortfolioDeps,
} from '../services/profiles/portfolio';
import { unsubscribeProviderUpdates } from '../services/profiles/provider-updates';
import { updateProfile } from '../services/profiles/update-profile';

const config = getConfig();
const runtime = areaRuntime(config);
const avatarsConfig = loadAvatarsConfig();
const portfolioConfig = loadPortfolioConfig();

function createProfilesDeps(): ProfilesDeps & PortfolioDeps & CredentialsDeps & { standing: AccountStandingReader; updates: ProviderUpdatesRepository } {
  const documents = createDocumentClient(config.region);
  const portfolioFiles = createS3MediaStorageFor(config.region, portfolioConfig.bucket, { localEndpoint: portfolioConfig.localS3 });
  return {
    accounts: createAccountRepository(documents, config.tableName),
    standing: createAccountStandingReader(documents, config.tableName),
    geocoder: geocoderFromEnv(),
    directory: createDirectoryRepository(documents, config.tableName),
    avatars: createS3MediaStorageFor(config.region, avatarsConfig.bucket, { localEndpoint: avatarsConfig.localS3 }),
    portfolio: createPortfolioRepository(documents, config.tableName),
    updates: createProviderUpdatesRepository(documents, config.tableName),
    portfolioFiles,
    // Evidence documents are kept in the portfolio bucket under a private prefix (services/credentials/evidence-keys.ts).
    evidenceFiles: portfolioFiles,
    credentials: createCredentialsRepository(documents, config.tableName),
    rateLimits: createRateLimitRepository(documents, config.tableName),
    clock: () => new Date(),
    random: { id: () => randomUUID() },
  };
}

export const handler = createAreaHandler(
  'profiles',
  {
    updateProfile: ({ deps, caller, body }) => updateProfile(deps, caller, body),
    updateNotificationSettings: ({ deps, caller, body }) => updateNotificationSettings(deps, caller, body),
    createAvatarUpload: ({ deps, caller, body }) => createAvatarUpload(deps, caller, body),
    setAvatar: ({ deps, caller, body }) => setAvatar(deps, caller, body.key),
    createPortfolioUploads: ({ deps, caller, body }) => createPortfolioUploads(deps, caller, body),
    listMyPortfolio: ({ deps, caller }) => listMyPortfolio(deps, caller),
    createPortfolioItem: ({ deps, caller, body }) => createPortfolioItem(deps, caller, body),
    updatePortfolioItem: ({ deps, caller, params, body }) => updatePortfolioItem(deps, caller, params.itemId, body),
    reorderPortfolio: ({ deps, caller, body }) => reorderPortfolio(deps, caller, body.itemIds),
    deletePortfolioItem: ({ deps, caller, params }) => deletePortfolioItem(deps, caller, params.itemId),
    getProviderPortfolio: ({ deps, params }) => getProviderPortfolio(deps, params.providerId),
    unsubscribeProviderUpdates: ({ deps, body }) => unsubscribeProviderUpdates(deps, body.token),
    oneClickUnsubscribeProviderUpdates: ({ deps, query }) => unsubscribeProviderUpdates(deps, query.token, 'query.token'),
    getCredentialOptions: ({ deps }) => offeredOptions(deps),
    getProviderCredentials: ({ deps, params }) => getProviderCredentials(deps, params.providerId),
    listMyCredentials: ({ deps, caller }) => listMyCredentials(deps, caller),
    createCredential: ({ deps, caller, body }) => createCredential(deps, caller, body),
    updateCredential: ({ deps, caller, params, body }) => updateCredential(deps, caller, params.credentialId, body),
    deleteCredential: ({ deps, caller, params }) => deleteCredential(deps, caller, params.credentialId),
    createEvidenceUpload: ({ deps, caller, params, body }) => createEvidenceUpload(deps, caller, params.credentialId, body),
    attachEvidence: ({ deps, caller, params, body }) => attachEvidence(deps, caller, params.credentialId, body.uploadId),
    getMyEvidence: ({ deps, caller, params }) => getMyEvidence(deps, caller, params.credentialId),
  },
  {
    deps: createProfilesDeps,
    standing: (deps) => deps.standing,
    ...runtime,
  },
);
