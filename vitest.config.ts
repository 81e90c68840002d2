import { configDefaults, defineConfig } from 'vitest/config';

/** Tests of shared, lambdas and scripts. */
const SERVERLESS_TESTS = ['shared/src/**/*.test.ts', 'lambdas/src/**/*.test.ts', 'scripts/**/*.test.ts'];

/**
 * The tests among them that run against the local AWS servers (through lambdas/src/testing: a test table,
 * user pool, mail inbox or bucket, or an endpoint itself): the connected project. Every other test runs in the
 * unit project, with no servers, in seconds. A test called up without its servers says to add it here.
 */
export const CONNECTED_TESTS = [
  'lambdas/src/adapters/dynamodb.test.ts',
  'lambdas/src/adapters/s3-media.test.ts',
  'lambdas/src/adapters/ses-mailer.test.ts',
  'lambdas/src/adapters/stripe-payments.test.ts',
  'lambdas/src/data/admin-bulk.test.ts',
  'lambdas/src/services/credentials/credentials.test.ts',
  'lambdas/src/data/directory-bulk.test.ts',
  'lambdas/src/data/job-alerts-repository.test.ts',
  'lambdas/src/data/portfolio-repository.test.ts',
  'lambdas/src/data/saved-providers-repository.test.ts',
  'lambdas/src/data/seed-categories.test.ts',
  'lambdas/src/functions/admin.test.ts',
  'lambdas/src/functions/categories.test.ts',
  'lambdas/src/functions/pages.test.ts',
  'lambdas/src/services/accounts/admin-setup.test.ts',
  'lambdas/src/services/accounts/business-search.test.ts',
  'lambdas/src/services/accounts/confirmation.test.ts',
  'lambdas/src/services/accounts/password-reset.test.ts',
  'lambdas/src/services/accounts/signup.test.ts',
  'lambdas/src/services/admin/admin.test.ts',
  'lambdas/src/services/claims/claim.test.ts',
  'lambdas/src/services/claims/transfer.test.ts',
  'lambdas/src/services/admin/categories.test.ts',
  'lambdas/src/services/admin/reports.test.ts',
  'lambdas/src/services/admin/transparency.test.ts',
  'lambdas/src/services/directory/provider-profile.test.ts',
  'lambdas/src/services/directory/saved-providers.test.ts',
  'lambdas/src/services/directory/search.test.ts',
  'lambdas/src/services/feedback/feedback.test.ts',
  'lambdas/src/services/jobs/alerts.test.ts',
  'lambdas/src/services/profiles/provider-updates.test.ts',
  'lambdas/src/services/jobs/jobs.test.ts',
  'lambdas/src/services/jobs/board.test.ts',
  'lambdas/src/services/membership/membership.test.ts',
  'lambdas/src/services/pages/sitemap.test.ts',
  'lambdas/src/services/messages/conversations.test.ts',
  'lambdas/src/services/messages/response-times.test.ts',
  'lambdas/src/services/messages/message-mails.test.ts',
  'lambdas/src/services/messages/message-images.test.ts',
  'lambdas/src/services/privacy/privacy.test.ts',
  'lambdas/src/services/profiles/avatar.test.ts',
  'lambdas/src/services/profiles/portfolio.test.ts',
  'lambdas/src/services/profiles/update-profile.test.ts',
  'lambdas/src/services/security/email-change.test.ts',
  'lambdas/src/services/security/active-sessions.test.ts',
  'lambdas/src/services/security/sessions.test.ts',
  'lambdas/src/services/security/totp.test.ts',
  'scripts/local/cognito-proxy.test.ts',
  'scripts/local/demo-directory.test.ts',
  'scripts/local/demo-jobs.test.ts',
  'scripts/local/demo-portfolio.test.ts',
  'scripts/local/loopback.test.ts',
  'scripts/local/public-routes.test.ts',
  'scripts/local/stream-poller.test.ts',
  'scripts/local/table.test.ts',
];

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          include: SERVERLESS_TESTS,
          exclude: [...configDefaults.exclude, ...CONNECTED_TESTS],
          environment: 'node',
          // Reading the town and postcode tables takes seconds on a busy two-core CI machine.
          testTimeout: 15_000,
          // Files share a worker and its loaded modules (the AWS SDK alone takes seconds to import per file); each
          // file restores the environment variables and mocks it changes.
          isolate: false,
        },
      },
      {
        test: {
          name: 'connected',
          include: CONNECTED_TESTS,
          environment: 'node',
          // DynamoDB Local, cognito-local, the local SES and s3rver, started once for the run: one table, user pool
          // and bucket per test file.
          globalSetup: ['test/support/local-aws.global-setup.ts'],
          // The local stack's stand-ins a test starts in its own worker (a local Stripe, a Lambda Invoke endpoint),
          // handed to lambdas/src/testing, which imports nothing of scripts.
          setupFiles: ['test/support/local-stand-ins.setup.ts'],
          // Those servers answer in milliseconds, but on a busy two-core CI machine a test that writes a few
          // hundred items can pass Vitest's default five seconds.
          testTimeout: 15_000,
          isolate: false,
        },
      },
      './web/vite.config.ts',
      {
        test: {
          name: 'integration',
          include: ['test/integration/**/*.test.ts'],
          environment: 'node',
          fileParallelism: false,
          // One worker keeps the modules from file to file (the SDK clients and the lambdas' modules the files read the
          // table with): loading them afresh for each file costs about a quarter of a CI run. The files share no state but
          // the stack's, and each makes its own accounts and data.
          isolate: false,
          testTimeout: 20_000,
          hookTimeout: 60_000,
        },
      },
      {
        test: {
          name: 'infra',
          include: ['test/infra/**/*.test.ts'],
          environment: 'node',
          testTimeout: 120_000,
          // Cloud assemblies and stand-in web builds go under one directory per run, removed when the run ends.
          globalSetup: ['test/infra/scratch-dir.global-setup.ts'],
          // One worker keeps its modules from file to file, so each synthesis (seconds) is made once per run
          // and shared by all files (test/infra/synth.ts).
          isolate: false,
          fileParallelism: false,
          // Vitest refuses to group a one-worker project with projects that use more workers: it runs after them.
          sequence: { groupOrder: 2 },
          // The functions' bundles (cdk.out's asset.<hash>/index.mjs) that tests import load through Node's own loader, as
          // the Lambda runtime loads them: through Vite's transform, each bundle of one to two megabytes took 2 to 4 s.
          server: { deps: { external: [/[\\/]asset\.[0-9a-f]+[\\/]index\.mjs/] } },
        },
      },
    ],
  },
});
