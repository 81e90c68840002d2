import { randomUUID } from 'node:crypto';
import { CognitoIdentityProviderClient, InitiateAuthCommand } from '@aws-sdk/client-cognito-identity-provider';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { S3Client } from '@aws-sdk/client-s3';
import { createCognitoIdentity } from '@solutionz/lambdas/adapters/cognito-identity';
import { documentClient } from '@solutionz/lambdas/adapters/dynamodb';
import { createAccountRepository } from '@solutionz/lambdas/data/account-repository';
import type { AccountType } from '@solutionz/shared';
import { createLocalAccount, type LocalAccount } from '../../scripts/local/accounts';
import { LOCAL_BUCKETS, S3RVER_CLIENT_OPTIONS, S3RVER_CREDENTIALS } from '../../scripts/local/s3';
import { LOCAL_ADMIN_EMAIL_DOMAIN } from '../../scripts/local/stack';
import { loadRunningTestStack } from '../../scripts/local/test-stack-file';

// `SOLUTIONZ_TEST_STACK=1`: the stack `npm run stack:test` keeps running.
loadRunningTestStack();

/**
 * The running local stack, as `npm test` and `npm run test:e2e` (scripts/test.ts, scripts/test-e2e.ts)
 * describe it in the environment, and the accounts tests make in it.
 */
function required(name: string): string {
  const value = process.env[name];
  if (!value) throw new Error(`${name} is not set: these tests run against the local stack that \`npm test\` or \`npm run test:e2e\` starts`);
  return value;
}

export const stack = {
  /** Through the web origin, the way the browser calls the API. */
  apiBaseUrl: required('API_BASE_URL'),
  gatewayUrl: required('GATEWAY_URL'),
  cognitoEndpoint: required('COGNITO_ENDPOINT'),
  userPoolId: required('USER_POOL_ID'),
  userPoolClientId: required('USER_POOL_CLIENT_ID'),
  dynamodbEndpoint: required('DYNAMODB_ENDPOINT'),
  tableName: required('TABLE_NAME'),
  sesUrl: required('SES_URL'),
  s3Endpoint: required('S3_ENDPOINT'),
  /** The local media buckets by name (avatars, portfolio, logos). */
  buckets: LOCAL_BUCKETS,
  region: process.env.AWS_REGION ?? 'eu-west-2',
};

const credentials = S3RVER_CREDENTIALS;

export const cognito = new CognitoIdentityProviderClient({ region: stack.region, endpoint: stack.cognitoEndpoint, credentials });

export const s3 = new S3Client({ region: stack.region, endpoint: stack.s3Endpoint, credentials, ...S3RVER_CLIENT_OPTIONS });

export const documents = documentClient(new DynamoDBClient({ region: stack.region, endpoint: stack.dynamodbEndpoint, credentials }));

const accountDeps = {
  identity: createCognitoIdentity(cognito, stack.userPoolId),
  accounts: createAccountRepository(documents, stack.tableName),
};

export const TEST_PASSWORD = 'Correct-horse-1';

export interface TestAccount {
  readonly userId: string;
  readonly accountType: AccountType;
  readonly email: string;
  readonly password: string;
  readonly firstName: string;
  readonly lastName: string;
  /** What the header's account menu is named after. */
  readonly fullName: string;
  readonly businessName?: string;
  /** Admins sign in with this on /admin-login. */
  readonly username?: string;
}

const SAMPLE_PEOPLE: Record<AccountType, Pick<LocalAccount, 'firstName' | 'lastName' | 'location'>> = {
  client: { firstName: 'Chloe', lastName: 'Clarke', location: 'Leeds' },
  provider: { firstName: 'Priya', lastName: 'Patel', location: 'Manchester' },
  admin: { firstName: 'Ada', lastName: 'Admin' },
};

/**
 * A fresh account of its own for one test (a unique e-mail), created as sign-up leaves it but with the
 * address confirmed unless `emailConfirmed: false` is given.
 */
export async function createTestAccount(accountType: AccountType, overrides: Partial<Omit<LocalAccount, 'accountType'>> = {}): Promise<TestAccount> {
  const id = randomUUID().slice(0, 8);
  const username = accountType === 'admin' ? `e2e-admin-${id}` : undefined;
  const account: LocalAccount = {
    accountType,
    email: username ? `${username}@${LOCAL_ADMIN_EMAIL_DOMAIN}` : `e2e-${accountType}-${id}@example.co.uk`,
    password: TEST_PASSWORD,
    ...SAMPLE_PEOPLE[accountType],
    ...(accountType === 'provider'
      ? { businessName: `Pennine Plumbing ${id}`, phoneNumber: '+44 161 496 0000', categories: ['Construction/Trade > Plumber'] }
      : {}),
    ...overrides,
  };
  const userId = await createLocalAccount(accountDeps, account);
  return {
    userId,
    accountType,
    email: account.email,
    password: account.password,
    firstName: account.firstName,
    lastName: account.lastName,
    fullName: `${account.firstName} ${account.lastName}`,
    ...(account.businessName ? { businessName: account.businessName } : {}),
    ...(username ? { username } : {}),
  };
}

export interface SessionTokens {
  readonly accessToken: string;
  readonly idToken: string;
  readonly refreshToken: string;
}

/** Signs in through the local Cognito as the web app does (USER_PASSWORD_AUTH). */
export async function signInTokens(email: string, password: string): Promise<SessionTokens> {
  const { AuthenticationResult: result } = await cognito.send(
    new InitiateAuthCommand({ AuthFlow: 'USER_PASSWORD_AUTH', ClientId: stack.userPoolClientId, AuthParameters: { USERNAME: email, PASSWORD: password } }),
  );
  if (!result?.AccessToken || !result.IdToken || !result.RefreshToken) throw new Error(`The local Cognito returned no tokens for ${email}`);
  return { accessToken: result.AccessToken, idToken: result.IdToken, refreshToken: result.RefreshToken };
}
