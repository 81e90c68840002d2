import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import type { TestProject } from 'vitest/node';
// The names and meaning of what this setup provides (the `ProvidedContext` declaration).
import type {} from '@solutionz/lambdas/testing/local-endpoint';
import { POST_AUTHENTICATION_FUNCTION, start as startCognito } from '../../scripts/local/cognito';
import { start as startCognitoProxy } from '../../scripts/local/cognito-proxy';
import { start as startDynamodb } from '../../scripts/local/dynamodb';
import type { LocalService } from '../../scripts/local/process';
import { startTriggerRouter } from './cognito-trigger-router';
import { start as startS3 } from '../../scripts/local/s3';
import { start as startSes } from '../../scripts/local/ses';

/**
 * A port nothing listens on now; the other engineers' servers share this machine. Taken below the kernel's range of
 * ephemeral ports (32768 and up), which outgoing connections draw from: a port asked of the kernel (port 0) came from
 * that range and could be taken by a connection of the browser tests running beside these before the server bound it.
 * The stacks' own ports (scripts/local/ports.ts) stay under 20000.
 */
async function freePort(): Promise<number> {
  for (let attempt = 0; attempt < 50; attempt++) {
    const port = 20_000 + Math.floor(Math.random() * 12_000);
    const free = await new Promise<boolean>((resolve) => {
      const server = createServer();
      server.once('error', () => resolve(false));
      server.listen(port, '127.0.0.1', () => server.close(() => resolve(true)));
    });
    if (free) return port;
  }
  throw new Error('No free port between 20000 and 32000');
}

/**
 * The started service, or an error quoting the end of its log: the log itself goes with the work
 * directory, which is removed whether or not the services start.
 */
function started(result: PromiseSettledResult<LocalService>, logFile: string): LocalService {
  if (result.status === 'fulfilled') return result.value;
  let log: string;
  try {
    log = readFileSync(logFile, 'utf8').slice(-4_000);
  } catch {
    log = '(nothing was logged)';
  }
  const reason = result.reason instanceof Error ? result.reason.message : String(result.reason);
  throw new Error(`${reason}\n--- end of ${basename(logFile)} ---\n${log}`, { cause: result.reason });
}

/**
 * The local AWS stand-ins the connected project tests against (DynamoDB Local in memory, cognito-local
 * behind its gap-filling proxy, aws-ses-v2-local, s3rver), started together once and stopped when
 * the run ends.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  // DynamoDB Local writes a metadata file into its working directory, cognito-local keeps its pools
  // in `.cognito` under its own and s3rver its objects in `s3`; the logs go here too.
  const workDir = mkdtempSync(join(tmpdir(), 'solutionz-unit-aws-'));
  const logs = {
    dynamodb: join(workDir, 'dynamodb.log'),
    cognito: join(workDir, 'cognito.log'),
    ses: join(workDir, 'ses.log'),
    s3: join(workDir, 's3.log'),
  };
  let running: LocalService[] = [];
  const stopAll = () => Promise.all(running.map((service) => service.stop()));
  const removeWorkDir = () => rmSync(workDir, { recursive: true, force: true });
  try {
    const [dynamodbPort, cognitoPort, cognitoProxyPort, sesPort, s3Port] = await Promise.all([freePort(), freePort(), freePort(), freePort(), freePort()]);
    const cognitoProxyUrl = `http://127.0.0.1:${cognitoProxyPort}`;
    const triggerRouter = await startTriggerRouter();
    running.push(triggerRouter);
    project.provide('triggerRouterEndpoint', triggerRouter.url);
    const triggers = { endpoint: triggerRouter.url, functions: { PostAuthentication: POST_AUTHENTICATION_FUNCTION } };
    const [dynamodb, cognito, ses, s3] = await Promise.allSettled([
      startDynamodb({ port: dynamodbPort, dataDir: workDir, inMemory: true, logFile: logs.dynamodb }),
      startCognito({ port: cognitoPort, dir: workDir, issuerDomain: cognitoProxyUrl, logFile: logs.cognito, triggers }),
      startSes({ port: sesPort, logFile: logs.ses }),
      startS3({ port: s3Port, dataDir: join(workDir, 's3'), logFile: logs.s3 }),
    ]);
    running = [...running, ...[dynamodb, cognito, ses, s3].flatMap((result) => (result.status === 'fulfilled' ? [result.value] : []))];
    project.provide('dynamodbEndpoint', started(dynamodb, logs.dynamodb).url);
    const cognitoProxy = await startCognitoProxy({ port: cognitoProxyPort, upstream: started(cognito, logs.cognito).url });
    running.push(cognitoProxy);
    project.provide('cognitoEndpoint', cognitoProxyUrl);
    project.provide('cognitoLocalEndpoint', started(cognito, logs.cognito).url);
    project.provide('sesEndpoint', started(ses, logs.ses).url);
    started(s3, logs.s3);
    project.provide('s3Endpoint', `http://127.0.0.1:${s3Port}`);
  } catch (error) {
    await stopAll();
    removeWorkDir();
    throw error;
  }
  return async () => {
    await stopAll();
    removeWorkDir();
  };
}
