import { vi } from 'vitest';
import { TEST_ORIGIN_SECRET } from './api-event';
import { TEST_CREDENTIALS, TEST_REGION, type TestTable } from './dynamodb-table';
import type { TestUserPool } from './user-pool';
import { localEndpoint } from './local-endpoint';

/**
 * The environment a Lambda entry reads when it loads, as the local stack gives it, pointed at this test
 * file's table and user pool and the run's local servers, with `more` on top. `vi.unstubAllEnvs()` undoes it.
 */
export function stubLambdaEnv(table: TestTable, pool: TestUserPool, more: Record<string, string> = {}): void {
  const env: Record<string, string> = {
    STAGE: 'test',
    TABLE_NAME: table.tableName,
    AWS_REGION: TEST_REGION,
    AWS_ACCESS_KEY_ID: TEST_CREDENTIALS.accessKeyId,
    AWS_SECRET_ACCESS_KEY: TEST_CREDENTIALS.secretAccessKey,
    AWS_ENDPOINT_URL_DYNAMODB: table.endpoint,
    AWS_ENDPOINT_URL_COGNITO_IDENTITY_PROVIDER: localEndpoint('cognitoEndpoint'),
    AWS_ENDPOINT_URL_SESV2: localEndpoint('sesEndpoint'),
    AWS_ENDPOINT_URL_S3: localEndpoint('s3Endpoint'),
    USER_POOL_ID: pool.userPoolId,
    USER_POOL_CLIENT_ID: pool.userPoolClientId,
    USER_POOL_SERVER_CLIENT_ID: pool.serverClientId,
    // apiEvent sends it as CloudFront would.
    ORIGIN_SECRET: TEST_ORIGIN_SECRET,
    ...more,
  };
  for (const [name, value] of Object.entries(env)) vi.stubEnv(name, value);
}
