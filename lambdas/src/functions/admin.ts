import { randomUUID } from 'node:crypto';
import { ADMIN_SETUP_TOKEN_HEADER } from '@solutionz/shared';
import { createCognitoIdentityFor } from '../adapters/cognito-identity';
import { createDocumentClient } from '../adapters/dynamodb';
import { resolveSecrets } from '../adapters/secrets';
import { loadAdminConfig } from '../area-config';
import { getConfig } from '../config';
import { createAdminSetupRepository } from '../data/admin-setup-repository';
import { createAccountRepository } from '../data/account-repository';
import { createAccountStandingReader } from '../data/account-standing';
import { createAreaHandler } from '../http/area-handler';
import { areaRuntime } from '../http/area-runtime';
import { adminOverview, setupFirstAdmin } from '../services/accounts/admin-setup';
import type { AdminDeps } from '../services/accounts/deps';

const config = getConfig();
const runtime = areaRuntime(config);
const adminConfig = loadAdminConfig();

export const handler = createAreaHandler(
  'admin',
  {
    adminSetup: ({ deps, body, headers }) =>
      setupFirstAdmin(deps, { username: body.username!, password: body.password! }, headers[ADMIN_SETUP_TOKEN_HEADER]),
    adminOverview: ({ deps }) => adminOverview(deps),
  },
  {
    deps: async (): Promise<AdminDeps> => {
      const { adminSetupToken } = await resolveSecrets(config.region, { adminSetupToken: adminConfig.adminSetupToken });
      return {
        accounts: createAccountRepository(createDocumentClient(config.region), config.tableName),
        adminSetup: createAdminSetupRepository(createDocumentClient(config.region), config.tableName),
        standing: createAccountStandingReader(createDocumentClient(config.region), config.tableName),
        identity: createCognitoIdentityFor(config.region, config.userPoolId),
        clock: () => new Date(),
        random: { id: () => randomUUID() },
        config: { adminEmailDomain: adminConfig.adminEmailDomain, ...(adminSetupToken ? { adminSetupToken } : {}) },
      };
    },
    standing: (deps) => deps.standing,
    ...runtime,
  },
);
