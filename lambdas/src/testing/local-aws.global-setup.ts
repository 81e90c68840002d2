import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { start } from '../../../scripts/local/dynamodb';

declare module 'vitest' {
  export interface ProvidedContext {
    /** DynamoDB Local of this test run; each test file makes its own table in it (see dynamodb-table.ts). */
    dynamodbEndpoint: string;
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

/** One in-memory DynamoDB Local for the unit project, started once and stopped when the run ends. */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  // The emulator writes a metadata file into its working directory, and its log goes here too.
  const workDir = mkdtempSync(join(tmpdir(), 'solutionz-unit-dynamodb-'));
  const dynamodb = await start({ port: await freePort(), dataDir: workDir, inMemory: true, logFile: join(workDir, 'dynamodb.log') });
  project.provide('dynamodbEndpoint', dynamodb.url);
  return async () => {
    await dynamodb.stop();
    rmSync(workDir, { recursive: true, force: true });
  };
}
