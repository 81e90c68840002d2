import { randomBytes, randomUUID } from 'node:crypto';
import { createCognitoIdentityFor } from '../adapters/cognito-identity';
import { createCognitoSecurityFor } from '../adapters/cognito-security';
import { publicCacheFor, type PublicCache } from '../adapters/cloudfront-purge';
import { createDocumentClient } from '../adapters/dynamodb';
import { createSesMailerFor } from '../adapters/ses-mailer';
import { loadAccountsConfig, loadAvatarsConfig, loadLogosConfig, loadPortfolioConfig, loadPublicCacheConfig, loadStripeConfig } from '../area-config';
import { getConfig } from '../config';
import { createAccountRepository } from '../data/account-repository';
import { createBusinessRepository } from '../data/business-repository';
import { createDirectoryRepository } from '../data/directory-repository';
import { createClaimRepository } from '../data/claim-repository';
import { createLinkTokenRepository } from '../data/link-token-repository';
import { createRateLimitRepository } from '../data/rate-limit-repository';
import { createSessionRepository } from '../data/session-repository';
import { createAccountStandingReader } from '../data/account-standing';
import { geocoderFromEnv } from '../geo/offline-geocoder';
import { createAreaHandler } from '../http/area-handler';
import { areaRuntime } from '../http/area-runtime';
import { searchBusinesses } from '../services/accounts/business-search';
import { confirmEmail, resendConfirmation } from '../services/accounts/confirmation';
import { getMe } from '../services/accounts/me';
import { requestPasswordReset, resetPassword } from '../services/accounts/password-reset';
import { signUp } from '../services/accounts/signup';
import {
  cancelClaim,
  completeClaim,
  completeClaimSignedIn,
  getClaimable,
  inspectClaimLink,
  listMyClaims,
  requestClaim,
  type ClaimDeps,
} from '../services/claims/claim';
import { deleteAccount } from '../services/privacy/erasure';
import { exportMyData } from '../services/privacy/export';
import type { PersonalDataRegistry } from '../services/privacy/personal-data';
import { createPersonalData } from './wiring';
import { confirmEmailChange, requestEmailChange } from '../services/security/email-change';
import { changePassword, signOutEverywhere } from '../services/security/sessions';
import { endSignIn, signOut } from '../services/security/active-sessions';
import { disableTotp, enableTotp, setupTotp } from '../services/security/totp';

const config = getConfig();
const runtime = areaRuntime(config);
const accountsConfig = loadAccountsConfig();
const publicCacheConfig = loadPublicCacheConfig();
// Account deletion removes the person's files and cancels their subscription at Stripe.
const places = { avatars: loadAvatarsConfig(), portfolio: loadPortfolioConfig(), logos: loadLogosConfig(), stripe: loadStripeConfig() };

function createAccountsDeps(): ClaimDeps & { personalData: PersonalDataRegistry; publicCache: PublicCache } {
  const documents = createDocumentClient(config.region);
  const accounts = createAccountRepository(documents, config.tableName);
  const tokens = createLinkTokenRepository(documents, config.tableName);
  const rateLimits = createRateLimitRepository(documents, config.tableName);
  const sessions = createSessionRepository(documents, config.tableName);
  const clock = () => new Date();
  return {
    accounts,
    tokens,
    rateLimits,
    businesses: createBusinessRepository(documents, config.tableName),
    standing: createAccountStandingReader(documents, config.tableName),
    identity: createCognitoIdentityFor(config.region, config.userPoolId),
    security: createCognitoSecurityFor(config.region, config.userPoolId, accountsConfig.serverClientId, {
      endCheckSession: (userId, authTime) => endSignIn({ sessions, clock }, userId, authTime),
    }),
    sessions,
    mailer: createSesMailerFor(config.region, accountsConfig.mailFromAddress, {
      configurationSetName: accountsConfig.mailConfigurationSet,
      metrics: runtime.businessMetrics,
    }),
    metrics: runtime.businessMetrics,
    geocoder: geocoderFromEnv(),
    directory: createDirectoryRepository(documents, config.tableName),
    clock,
    random: { token: () => randomBytes(32).toString('base64url'), id: () => randomUUID() },
    config: { siteUrl: accountsConfig.siteUrl, adminEmailDomain: accountsConfig.adminEmailDomain },
    personalData: createPersonalData(config, documents, accounts, places),
    publicCache: publicCacheFor(publicCacheConfig.distributionId, (message, error) => runtime.logger.error(message, error)),
    claims: createClaimRepository(documents, config.tableName),
    adminNotifyAddresses: accountsConfig.adminNotifyAddresses,
  };
}

export const handler = createAreaHandler(
  'accounts',
  {
    signup: ({ deps, body, sourceIp }) => signUp(deps, body, sourceIp),
    confirmEmail: ({ deps, body }) => confirmEmail(deps, body.token),
    resendConfirmation: ({ deps, body, sourceIp }) => resendConfirmation(deps, body.email, sourceIp),
    requestPasswordReset: ({ deps, body, sourceIp }) => requestPasswordReset(deps, body.email, sourceIp),
    confirmPasswordReset: ({ deps, body }) => resetPassword(deps, body.token, body.password),
    getMe: ({ deps, caller, sourceIp }) => getMe(deps, caller, sourceIp),
    searchBusinesses: ({ deps, query }) => searchBusinesses(deps, query.q),
    requestEmailChange: ({ deps, caller, body, sourceIp }) => requestEmailChange(deps, caller, body, sourceIp),
    confirmEmailChange: ({ deps, body }) => confirmEmailChange(deps, body.token),
    changePassword: ({ deps, caller, body }) => changePassword(deps, caller, body),
    signOutEverywhere: ({ deps, caller }) => signOutEverywhere(deps, caller),
    signOut: ({ deps, caller }) => signOut(deps, caller),
    setupTotp: ({ deps, caller, body }) => setupTotp(deps, caller, body),
    enableTotp: ({ deps, caller, body }) => enableTotp(deps, caller, body),
    disableTotp: ({ deps, caller, body }) => disableTotp(deps, caller, body),
    exportMyData: ({ deps, caller }) => exportMyData(deps, caller),
    deleteAccount: ({ deps, caller, body }) => deleteAccount(deps, caller, body.password),
    getClaimable: ({ deps, params }) => getClaimable(deps, params.businessId),
    claimBusiness: ({ deps, params, body, sourceIp }) => requestClaim(deps, params.businessId, body, sourceIp),
    inspectClaimLink: ({ deps, body }) => inspectClaimLink(deps, body.token),
    completeClaim: ({ deps, body }) => completeClaim(deps, body),
    completeClaimSignedIn: ({ deps, caller, body }) => completeClaimSignedIn(deps, caller, body.token),
    cancelClaim: ({ deps, body }) => cancelClaim(deps, body.token),
    listMyClaims: ({ deps, caller }) => listMyClaims(deps, caller),
  },
  {
    deps: createAccountsDeps,
    standing: (deps) => deps.standing,
    ...runtime,
  },
);
