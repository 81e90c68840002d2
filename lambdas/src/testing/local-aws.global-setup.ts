import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { start as startCognito } from '../../../scripts/local/cognito';
import { start as startDynamodb } from '../../../scripts/local/dynamodb';
import { start as startSes } from '../../../scripts/local/ses';

declare module 'vitest' {
  export interface ProvidedContext {
    /** DynamoDB Local of this test run; each test file makes its own table in it (see dynamodb-table.ts). */
    dynamodbEndpoint: string;
    /** cognito-local of this test run; each test file makes its own user pool in it (see user-pool.ts). */
    cognitoEndpoint: string;
    /** aws-ses-v2-local of this test run; mail sent through it is listed at `/store` (see ses-inbox.ts). */
    sesEndpoint: string;
  }
}

/** A port nothing listens on now; the other engineers' servers share this machine. */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('No port was assigned'))));
    });
  });
}

function started<T>(result: PromiseSettledResult<T>): T {
  if (result.status === 'rejected') throw result.reason;
  return result.value;
}

/**
 * The local AWS stand-ins the unit project tests against (DynamoDB Local in memory, cognito-local,
 * aws-ses-v2-local), started together once and stopped when the run ends.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  // DynamoDB Local writes a metadata file into its working directory and cognito-local keeps its
  // pools in `.cognito` under its own; the logs go here too.
  const workDir = mkdtempSync(join(tmpdir(), 'solutionz-unit-aws-'));
  const [dynamodbPort, cognitoPort, sesPort] = await Promise.all([freePort(), freePort(), freePort()]);
  const [dynamodb, cognito, ses] = await Promise.allSettled([
    startDynamodb({ port: dynamodbPort, dataDir: workDir, inMemory: true, logFile: join(workDir, 'dynamodb.log') }),
    startCognito({ port: cognitoPort, dir: workDir, issuerDomain: `http://127.0.0.1:${cognitoPort}`, logFile: join(workDir, 'cognito.log') }),
    startSes({ port: sesPort, logFile: join(workDir, 'ses.log') }),
  ]);
  const running = [dynamodb, cognito, ses].flatMap((result) => (result.status === 'fulfilled' ? [result.value] : []));
  const stopAll = () => Promise.all(running.map((service) => service.stop()));
  try {
    project.provide('dynamodbEndpoint', started(dynamodb).url);
    project.provide('cognitoEndpoint', started(cognito).url);
    project.provide('sesEndpoint', started(ses).url);
  } catch (error) {
    // The work directory stays: the error names the log to read.
    await stopAll();
    throw error;
  }
  return async () => {
    await stopAll();
    rmSync(workDir, { recursive: true, force: true });
  };
}
