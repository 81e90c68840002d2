import { randomUUID } from 'node:crypto';
import { createDocumentClient } from '../adapters/dynamodb';
import { createS3MediaStorageFor } from '../adapters/s3-media';
import { loadAvatarsConfig } from '../area-config';
import { getConfig } from '../config';
import { createAccountRepository } from '../data/account-repository';
import { createAccountStandingReader, type AccountStandingReader } from '../data/account-standing';
import { createDirectoryRepository } from '../data/directory';
import { geocoderFromEnv } from '../geo/offline-geocoder';
import { createAreaHandler } from '../http/area-handler';
import { createLogger } from '../http/logger';
import { createAvatarUpload, setAvatar } from '../services/profiles/avatar';
import type { ProfilesDeps } from '../services/profiles/deps';
import { updateNotificationSettings } from '../services/profiles/notifications';
import { updateProfile } from '../services/profiles/update-profile';

const config = getConfig();
const avatarsConfig = loadAvatarsConfig();

export function createProfilesDeps(): ProfilesDeps & { standing: AccountStandingReader } {
  const documents = createDocumentClient(config.region);
  return {
    accounts: createAccountRepository(documents, config.tableName),
    standing: createAccountStandingReader(documents, config.tableName),
    geocoder: geocoderFromEnv(),
    directory: createDirectoryRepository(documents, config.tableName),
    avatars: createS3MediaStorageFor(config.region, avatarsConfig.bucket, { localEndpoint: avatarsConfig.localS3 }),
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
  },
  {
    deps: createProfilesDeps,
    standing: (deps) => deps.standing,
    logger: createLogger(config),
    validateResponses: !config.isProduction,
  },
);
