import { createCognitoSecurity } from '../adapters/cognito-security';
import type { AccountsDeps } from '../services/accounts/deps';
import { endSignIn } from '../services/security/active-sessions';
import { recordingBusinessMetrics } from '../business-metrics';
import type { TestTable } from './dynamodb-table';
import { testGeocoder } from './geocoder';
import { testMailer } from './ses-inbox';
import type { TestUserPool } from './user-pool';

/**
 * Accounts dependencies for unit tests, all real: the account repository over the test file's
 * DynamoDB Local table, the Cognito adapter over its cognito-local user pool, the SES mailer
 * sending to the local SES and the offline geocoder over the reference postcode tables, plus a
 * settable clock. The security adapter shares the identity adapter's
 * Cognito client. The SDK clients come back too, new for each
 * call, so a test can inject a fault into one (sdk-faults.ts) without touching the others.
 */
export function testAccountsDeps(table: TestTable, pool: TestUserPool) {
  let now = new Date('2026-11-21T12:00:00Z');
  let counter = 0;
  const { identity, client: cognito } = pool.identity();
  const mail = testMailer();
  const metrics = recordingBusinessMetrics();
  const deps: AccountsDeps = {
    accounts: table.repositories.accounts,
    tokens: table.repositories.tokens,
    rateLimits: table.repositories.rateLimits,
    businesses: table.repositories.businesses,
    standing: table.repositories.standing,
    identity,
    // A password check's own sign-in does not stay counted as a session (where a test runs the trigger).
    security: createCognitoSecurity(cognito, pool.userPoolId, pool.serverClientId, {
      endCheckSession: (userId, authTime) => endSignIn({ sessions: table.repositories.sessions, clock: () => new Date() }, userId, authTime),
    }),
    sessions: table.repositories.sessions,
    mailer: mail.mailer,
    geocoder: testGeocoder(),
    directory: table.repositories.directory,
    clock: () => now,
    metrics,
    random: { token: () => `token-${++counter}`, id: () => `id-${++counter}` },
    config: { siteUrl: 'https://solutionz.test', adminEmailDomain: 'admin.solutionz.test' },
  };
  return {
    deps,
    /** What the services counted for the business dashboard. */
    counted: metrics.counted,
    cognito,
    ses: mail.client,
    /** The mail these deps have sent, as the local SES received it. */
    sentMail: mail.sent,
    advance(seconds: number) {
      now = new Date(now.getTime() + seconds * 1000);
    },
  };
}
