import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          include: ['shared/src/**/*.test.ts', 'lambdas/src/**/*.test.ts', 'scripts/**/*.test.ts'],
          environment: 'node',
          // Data-layer and service tests run against DynamoDB Local, cognito-local and the local SES: one table and one user pool per test file.
          globalSetup: ['lambdas/src/testing/local-aws.global-setup.ts'],
          // Those servers answer in milliseconds, but on a busy two-core CI machine a test that writes a few
          // hundred items can pass Vitest's default five seconds.
          testTimeout: 15_000,
          // Files share a worker and its loaded modules (the AWS SDK alone takes seconds to import per file); each
          // file has its own table and user pool, and restores the environment variables and mocks it changes.
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
        },
      },
    ],
  },
});
