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
        },
      },
    ],
  },
});
