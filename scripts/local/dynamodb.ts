import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { mkdirSync } from 'node:fs';
import { startHttpProcess, type LocalService } from './process';

const require = createRequire(import.meta.url);

/** The DynamoDB Local jar shipped inside amplify-dynamodb-simulator (its own JS launcher is broken). */
function emulatorDir(): string {
  return join(dirname(require.resolve('amplify-dynamodb-simulator/package.json')), 'emulator');
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
      '-jar',
      join(emulator, 'DynamoDBLocal.jar'),
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
