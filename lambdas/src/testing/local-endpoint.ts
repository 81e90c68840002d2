import { inject } from 'vitest';
import type { ProvidedContext } from 'vitest';

declare module 'vitest' {
  export interface ProvidedContext {
    /** DynamoDB Local of this test run; each test file makes its own table in it (see dynamodb-table.ts). */
    dynamodbEndpoint: string;
    /**
     * cognito-local of this test run behind the proxy that fills its gaps, as the local stack runs it;
     * each test file makes its own user pool in it (see user-pool.ts).
     */
    cognitoEndpoint: string;
    /** aws-ses-v2-local of this test run; mail sent through it is listed at `/store` (see ses-inbox.ts). */
    sesEndpoint: string;
    /** s3rver of this test run; each test file that stores files makes its own bucket in it (see media-bucket.ts). */
    s3Endpoint: string;
    /** cognito-local itself, behind the proxy (only the test that checks where each server listens needs it). */
    cognitoLocalEndpoint: string;
    /**
     * The Lambda Invoke endpoint cognito-local calls for its triggers; a test file routes its own pool's
     * triggers to handlers of its own there (see cognito-triggers.ts).
     */
    triggerRouterEndpoint: string;
  }
}

type LocalEndpoint = { [K in keyof ProvidedContext]: K extends `${string}Endpoint` ? K : never }[keyof ProvidedContext];

/**
 * The address of one local AWS stand-in, started by the connected project's global setup. A test
 * that calls this from the unit project (no servers) is told where it belongs rather than failing on
 * an undefined endpoint.
 */
export function localEndpoint(name: LocalEndpoint): string {
  const url = inject(name);
  if (!url)
    throw new Error(`No ${name}: this test runs against the local AWS servers, so it belongs in the connected project (CONNECTED_TESTS in vitest.config.ts).`);
  return url;
}
