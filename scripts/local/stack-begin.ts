import { mkdirSync, rmSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import * as dynamodb from './dynamodb';
import { phaseClock, type PhaseClock } from './phases';
import { portsFor, type Ports } from './ports';
import { checkJava, checkPorts } from './preflight';
import type { LocalService } from './process';
import type { LocalStackOptions } from './stack';

/**
 * The first steps of a local stack's start, in a module that loads nothing heavy: the checks, the reset,
 * and DynamoDB Local set going (its JVM is the slowest server to start). `npm start` takes them before it
 * loads the rest of the stack (the AWS SDK and the app's modules: seconds), so the JVM starts meanwhile;
 * `startLocalStack` takes them itself otherwise.
 */
export interface BegunStack {
  readonly clock: PhaseClock;
  readonly offset: number;
  readonly ports: Ports;
  readonly dataDir: string;
  readonly logs: string;
  /** DynamoDB Local, starting (its time is the clock's `dynamodb` step). */
  readonly dynamodb: Promise<LocalService>;
}

const REPO_ROOT = fileURLToPath(new URL('../../', import.meta.url));

export async function beginLocalStack(options: Pick<LocalStackOptions, 'portOffset' | 'dataDir' | 'inMemory' | 'web' | 'reset'>): Promise<BegunStack> {
  const clock = phaseClock();
  const offset = options.portOffset ?? 0;
  const ports = portsFor(offset);
  const dataDir = resolve(options.dataDir ?? join(REPO_ROOT, '.local'));
  const logs = join(dataDir, 'logs');

  checkJava();
  const { web: webPort, ...backendPorts } = ports;
  await checkPorts(options.web ? { ...backendPorts, web: webPort } : backendPorts, offset);

  if (options.reset) rmSync(dataDir, { recursive: true, force: true });
  mkdirSync(logs, { recursive: true });

  const starting = clock.time('dynamodb', () =>
    dynamodb.start({ port: ports.dynamodb, dataDir: join(dataDir, 'dynamodb'), inMemory: options.inMemory ?? false, logFile: join(logs, 'dynamodb.log'), listClasses: true }),
  );
  // Awaited by the stack's start; a failure meanwhile is not an unhandled one.
  starting.catch(() => undefined);
  return { clock, offset, ports, dataDir, logs, dynamodb: starting };
}
