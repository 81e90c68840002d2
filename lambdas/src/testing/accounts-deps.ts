import { CognitoIdentityProviderClient } from '@aws-sdk/client-cognito-identity-provider';
import { SESv2Client } from '@aws-sdk/client-sesv2';
import { createCognitoIdentity } from '../adapters/cognito-identity';
import { createSesMailer } from '../adapters/ses-mailer';
import { memoryAccounts } from './memory-accounts';
import type { AccountsDeps } from '../services/accounts/deps';

/**
 * Accounts dependencies for unit tests: the real Cognito and SES adapters (their SDK clients are
 * mocked by the test with aws-sdk-client-mock), an in-memory repository and a settable clock.
 */
export function testAccountsDeps() {
  const store = memoryAccounts();
  let now = new Date('2026-11-21T12:00:00Z');
  let counter = 0;
  const deps: AccountsDeps = {
    accounts: store.repository,
    identity: createCognitoIdentity(new CognitoIdentityProviderClient({ region: 'eu-west-2' }), 'eu-west-2_pool'),
    mailer: createSesMailer(new SESv2Client({ region: 'eu-west-2' }), 'no-reply@solutionz.test'),
    clock: () => now,
    random: { token: () => `token-${++counter}`, id: () => `id-${++counter}` },
    config: { siteUrl: 'https://solutionz.test' },
  };
  return {
    deps,
    store,
    advance(seconds: number) {
      now = new Date(now.getTime() + seconds * 1000);
    },
  };
}
