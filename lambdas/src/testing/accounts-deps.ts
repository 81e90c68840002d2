import { CognitoIdentityProviderClient } from '@aws-sdk/client-cognito-identity-provider';
import { SESv2Client } from '@aws-sdk/client-sesv2';
import { createCognitoIdentity } from '../adapters/cognito-identity';
import { createSesMailer } from '../adapters/ses-mailer';
import type { AccountsDeps } from '../services/accounts/deps';
import type { TestTable } from './dynamodb-table';

/**
 * Accounts dependencies for unit tests: the real account repository over the test file's DynamoDB
 * Local table, the real Cognito and SES adapters (their SDK clients are mocked by the test with
 * aws-sdk-client-mock) and a settable clock.
 */
export function testAccountsDeps(table: TestTable) {
  let now = new Date('2026-11-21T12:00:00Z');
  let counter = 0;
  const deps: AccountsDeps = {
    accounts: table.repositories.accounts,
    identity: createCognitoIdentity(new CognitoIdentityProviderClient({ region: 'eu-west-2' }), 'eu-west-2_pool'),
    mailer: createSesMailer(new SESv2Client({ region: 'eu-west-2' }), 'no-reply@solutionz.test'),
    clock: () => now,
    random: { token: () => `token-${++counter}`, id: () => `id-${++counter}` },
    config: { siteUrl: 'https://solutionz.test', adminEmailDomain: 'admin.solutionz.test' },
  };
  return {
    deps,
    advance(seconds: number) {
      now = new Date(now.getTime() + seconds * 1000);
    },
  };
}
