import { randomBytes, randomUUID } from 'node:crypto';
import { createCognitoIdentityFor } from '../adapters/cognito-identity';
import { createDocumentClient } from '../adapters/dynamodb';
import { createSesMailerFor } from '../adapters/ses-mailer';
import { loadAccountsConfig } from '../area-config';
import { getConfig } from '../config';
import { createAccountRepository } from '../data/account-repository';
import { createAreaHandler } from '../http/area-handler';
import { createLogger } from '../http/logger';
import { searchBusinesses } from '../services/accounts/business-search';
import { confirmEmail, resendConfirmation } from '../services/accounts/confirmation';
import type { AccountsDeps } from '../services/accounts/deps';
import { getMe } from '../services/accounts/me';
import { requestPasswordReset, resetPassword } from '../services/accounts/password-reset';
import { signUp } from '../services/accounts/signup';

const config = getConfig();
const accountsConfig = loadAccountsConfig();

export function createAccountsDeps(): AccountsDeps {
  return {
    accounts: createAccountRepository(createDocumentClient(config.region), config.tableName),
    identity: createCognitoIdentityFor(config.region, config.userPoolId),
    mailer: createSesMailerFor(config.region, accountsConfig.mailFromAddress, accountsConfig.mailConfigurationSet),
    clock: () => new Date(),
    random: { token: () => randomBytes(32).toString('base64url'), id: () => randomUUID() },
    config: { siteUrl: accountsConfig.siteUrl, adminEmailDomain: accountsConfig.adminEmailDomain },
  };
}

export const handler = createAreaHandler(
  'accounts',
  {
    signup: ({ deps, body, sourceIp }) => signUp(deps, body, sourceIp),
    confirmEmail: ({ deps, body }) => confirmEmail(deps, body.token),
    resendConfirmation: ({ deps, body }) => resendConfirmation(deps, body.email),
    requestPasswordReset: ({ deps, body }) => requestPasswordReset(deps, body.email),
    confirmPasswordReset: ({ deps, body }) => resetPassword(deps, body.token, body.password),
    getMe: ({ deps, caller }) => getMe(deps, caller),
    searchBusinesses: ({ deps, query }) => searchBusinesses(deps, query.q),
  },
  {
    deps: createAccountsDeps,
    logger: createLogger(config),
    validateResponses: !config.isProduction,
  },
);
