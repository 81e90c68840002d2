import { createDocumentClient } from '../adapters/dynamodb';
import { getConfig } from '../config';
import { createAccountRepository } from '../data/account-repository';
import { createAccountStandingReader } from '../data/account-standing';
import { createDirectoryRepository } from '../data/directory-repository';
import { createSavedProvidersRepository } from '../data/saved-providers-repository';
import { geocoderFromEnv } from '../geo/offline-geocoder';
import { createAreaHandler } from '../http/area-handler';
import { areaRuntime } from '../http/area-runtime';
import type { DirectoryDeps } from '../services/directory/deps';
import { getMyProviderPage, getProviderProfile, type ProviderPageDeps } from '../services/directory/provider-profile';
import { listSavedProviders, saveProvider, unsaveProvider } from '../services/directory/saved-providers';
import { searchProviders } from '../services/directory/search';

const config = getConfig();
const runtime = areaRuntime(config);

export function createDirectoryDeps(): DirectoryDeps & ProviderPageDeps {
  const documents = createDocumentClient(config.region);
  return {
    directory: createDirectoryRepository(documents, config.tableName),
    saved: createSavedProvidersRepository(documents, config.tableName),
    standing: createAccountStandingReader(documents, config.tableName),
    profiles: createAccountRepository(documents, config.tableName),
    geocoder: geocoderFromEnv(),
    clock: () => new Date(),
  };
}

export const handler = createAreaHandler(
  'directory',
  {
    searchLocations: ({ deps, query }) => deps.geocoder.search(query.q),
    searchProviders: ({ deps, query }) => searchProviders(deps, query),
    listSavedProviders: ({ deps, caller, query }) => listSavedProviders(deps, caller, query),
    saveProvider: ({ deps, caller, params }) => saveProvider(deps, caller, params.providerId),
    unsaveProvider: ({ deps, caller, params }) => unsaveProvider(deps, caller, params.providerId),
    getProvider: ({ deps, params }) => getProviderProfile(deps, params.providerId),
    getMyProviderPage: ({ deps, caller }) => getMyProviderPage(deps, caller),
  },
  {
    deps: createDirectoryDeps,
    standing: (deps) => deps.standing,
    ...runtime,
  },
);
