import { spawnSync } from 'node:child_process';
import { createHash, randomUUID } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, renameSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { delimiter, dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { startHttpProcess, type LocalService } from './process';

const require = createRequire(import.meta.url);

/** The DynamoDB Local jar shipped inside amplify-dynamodb-simulator (its own JS launcher is broken). */
function emulatorDir(): string {
  return join(dirname(require.resolve('amplify-dynamodb-simulator/package.json')), 'emulator');
}

const LAUNCHER = 'DynamoDbLocalOnLoopback';
const LAUNCHER_SOURCE = fileURLToPath(new URL(`${LAUNCHER}.java`, import.meta.url));
const CACHE_DIR = fileURLToPath(new URL('../../node_modules/.cache/solutionz-dynamodb-local/', import.meta.url));

/**
 * The folder holding the compiled launcher that starts DynamoDB Local on 127.0.0.1 only (it has no
 * option for the address). Compiled once per version of its source by the compiler inside the Java
 * runtime (`jdk.compiler`, which Debian's JRE carries too), into a folder named after the source's
 * digest; a compile is moved into place whole, so two stacks starting at once never see half of one.
 */
function loopbackLauncher(classPath: string): string {
  const digest = createHash('sha256').update(readFileSync(LAUNCHER_SOURCE)).digest('hex').slice(0, 16);
  const dir = join(CACHE_DIR, digest);
  if (existsSync(join(dir, `${LAUNCHER}.class`))) return dir;
  const building = join(CACHE_DIR, `building-${randomUUID()}`);
  mkdirSync(building, { recursive: true });
  const compiled = spawnSync('java', ['-m', 'jdk.compiler/com.sun.tools.javac.Main', '-nowarn', '-cp', classPath, '-d', building, LAUNCHER_SOURCE], { encoding: 'utf8' });
  if (compiled.status !== 0) {
    rmSync(building, { recursive: true, force: true });
    throw new Error(`Could not compile ${LAUNCHER_SOURCE} (the Java runtime needs its jdk.compiler module, as in a JDK):\n${compiled.stderr || compiled.error?.message}`);
  }
  try {
    renameSync(building, dir);
  } catch {
    // Another start put the same launcher in place first.
    rmSync(building, { recursive: true, force: true });
  }
  return dir;
}

export interface DynamoDbOptions {
  readonly port: number;
  /** Directory for the database file (and the emulator's metadata file). */
  readonly dataDir: string;
  readonly inMemory: boolean;
  readonly logFile: string;
}

export async function start(opts: DynamoDbOptions): Promise<LocalService> {
  const emulator = emulatorDir();
  const classPath = [join(emulator, 'DynamoDBLocal.jar'), join(emulator, 'DynamoDBLocal_lib', '*')].join(delimiter);
  const launcher = loopbackLauncher(classPath);
  const storage = opts.inMemory ? ['-inMemory'] : ['-dbPath', opts.dataDir];
  mkdirSync(opts.dataDir, { recursive: true });
  return startHttpProcess({
    name: 'DynamoDB Local',
    command: 'java',
    args: [
      // C1-only JIT and the serial collector halve the JVM's start-up; local request volumes never
      // need the optimising compiler.
      '-XX:TieredStopAtLevel=1',
      '-XX:+UseSerialGC',
      // Its native SQLite library is unpacked into the temp folder on every start, and the JVM keeps
      // a perf-data file there: both belong with the rest of this instance's files.
      `-Djava.io.tmpdir=${opts.dataDir}`,
      '-XX:-UsePerfData',
      `-Djava.library.path=${join(emulator, 'DynamoDBLocal_lib')}`,
      '-cp',
      [launcher, classPath].join(delimiter),
      LAUNCHER,
      ...storage,
      '-sharedDb',
      '-disableTelemetry',
      '-port',
      String(opts.port),
    ],
    // It writes a metadata file into its working directory, in memory or not.
    cwd: opts.dataDir,
    url: `http://localhost:${opts.port}`,
    readyUrl: `http://127.0.0.1:${opts.port}`,
    logFile: opts.logFile,
  });
}
