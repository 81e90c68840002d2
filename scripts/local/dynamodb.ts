import { spawn, spawnSync } from 'node:child_process';
import { createHash, randomUUID } from 'node:crypto';
import { closeSync, copyFileSync, existsSync, openSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { basename, delimiter, dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { startHttpProcess, type LocalService } from './process';

const require = createRequire(import.meta.url);

/** The DynamoDB Local jar shipped inside amplify-dynamodb-simulator (its own JS launcher is broken). */
function emulatorDir(): string {
  return join(dirname(require.resolve('amplify-dynamodb-simulator/package.json')), 'emulator');
}

/** The class that starts DynamoDB Local (its JVM's command line names it: bench:start finds the process by it). */
export const DYNAMODB_LAUNCHER_CLASS = 'DynamoDbLocalOnLoopback';
const LAUNCHER_SOURCE = fileURLToPath(new URL(`${DYNAMODB_LAUNCHER_CLASS}.java`, import.meta.url));
const CACHE_DIR = fileURLToPath(new URL('../../node_modules/.cache/solutionz-dynamodb-local/', import.meta.url));

/**
 * The folder holding the compiled launcher that starts DynamoDB Local on 127.0.0.1 only (it has no
 * option for the address). Compiled once per version of its source by the compiler inside the Java
 * runtime (`jdk.compiler`, which Debian's JRE carries too), into a folder named after the source's
 * digest; a compile is moved into place whole, so two stacks starting at once never see half of one. Without the JVM's
 * perf-data file, which would leave an hsperfdata folder in the temp folder on a fresh checkout's first start.
 */
function loopbackLauncher(classPath: string): string {
  const digest = createHash('sha256').update(readFileSync(LAUNCHER_SOURCE)).digest('hex').slice(0, 16);
  const dir = join(CACHE_DIR, digest);
  if (existsSync(join(dir, `${DYNAMODB_LAUNCHER_CLASS}.class`))) return dir;
  const building = join(CACHE_DIR, `building-${randomUUID()}`);
  mkdirSync(building, { recursive: true });
  const compiled = spawnSync(
    'java',
    ['-XX:-UsePerfData', '-m', 'jdk.compiler/com.sun.tools.javac.Main', '-nowarn', '-cp', classPath, '-d', building, LAUNCHER_SOURCE],
    { encoding: 'utf8' },
  );
  if (compiled.status !== 0) {
    rmSync(building, { recursive: true, force: true });
    throw new Error(
      `Could not compile ${LAUNCHER_SOURCE} (the Java runtime needs its jdk.compiler module, as in a JDK):\n${compiled.stderr || compiled.error?.message}`,
    );
  }
  try {
    renameSync(building, dir);
  } catch {
    // Another start put the same launcher in place first.
    rmSync(building, { recursive: true, force: true });
  }
  return dir;
}

/**
 * Class-data sharing: the JVM maps the classes DynamoDB Local loads (~6,500) from an archive instead of
 * loading and checking them from the jars, which halves its start (6 s to 2.5 s on a busy two-core machine).
 * The archive is made on this machine, never downloaded or committed: the first start lists the classes it
 * loads, and `makeClassSharingArchive` then makes the archive in the background (about 7 s of processor
 * time, at low priority) into a folder named after what it was made from (the launcher, DynamoDB Local's
 * jar, the JVM), moved into place whole. The JVM shares only from jars, with the same class path as when
 * the archive was made, and checks the archive is for itself and its jars: one that does not fit is
 * ignored and DynamoDB Local starts as it would without.
 */
interface ClassSharing {
  /** Where the archive and the jars it was made from live once made. */
  readonly dir: string;
  readonly archive: string;
  /** The class path of a start with the archive: only jars, the libraries by name. */
  readonly classPath: string;
}

function classSharing(launcherDir: string): ClassSharing {
  const emulator = emulatorDir();
  const jar = statSync(join(emulator, 'DynamoDBLocal.jar'));
  const jvm = process.env.JAVA_HOME ?? '';
  const key = createHash('sha256').update(`${launcherDir}\0${jar.size}\0${jar.mtimeMs}\0${jvm}`).digest('hex').slice(0, 16);
  const dir = join(CACHE_DIR, `class-sharing-${key}`);
  const libraries = readdirSync(join(emulator, 'DynamoDBLocal_lib'))
    .filter((name) => name.endsWith('.jar'))
    .sort()
    .map((name) => join(emulator, 'DynamoDBLocal_lib', name));
  return { dir, archive: join(dir, 'classes.jsa'), classPath: [join(dir, 'launcher.jar'), join(dir, 'DynamoDBLocal.jar'), ...libraries].join(delimiter) };
}

/** JVM options of the start and of the archive's making alike. */
const JVM_OPTIONS = ['-XX:+UseSerialGC', '-XX:-UsePerfData'];
/** A making of the archive that left its lock this long ago has died. */
const STALE_LOCK_MS = 10 * 60_000;

/** The class list a start without an archive is writing, for `makeClassSharingArchive`. */
let classListWritten: { readonly list: string; readonly sharing: ClassSharing; readonly launcherClassPath: string } | undefined;

const quoted = (text: string) => `'${text.replaceAll("'", `'\\''`)}'`;

/**
 * Makes the class-sharing archive from the classes the last start without one has loaded (its first
 * requests included), in a detached, low-priority process that outlives the stack if need be; nothing when
 * the archive is there or being made. Called once the stack is ready, so it slows no start down.
 */
export function makeClassSharingArchive(logFile: string): void {
  const written = classListWritten;
  classListWritten = undefined;
  if (!written || !existsSync(written.list) || existsSync(written.sharing.archive)) return;
  const { dir, archive, classPath } = written.sharing;
  const lock = `${dir}.lock`;
  try {
    if (Date.now() - statSync(lock).mtimeMs > STALE_LOCK_MS) rmSync(lock, { recursive: true, force: true });
  } catch {
    // No lock.
  }
  try {
    mkdirSync(lock);
  } catch {
    return;
  }
  // Archives of other launchers or jars (~70 MB each) are of no more use: a start uses the one of its own.
  for (const name of readdirSync(CACHE_DIR)) {
    if (name.startsWith('class-sharing-') && !name.startsWith(basename(dir))) rmSync(join(CACHE_DIR, name), { recursive: true, force: true });
  }
  // The list as it is now, in the folder the archive is made in (the start's own list goes with its data).
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  copyFileSync(written.list, join(dir, 'classes.list'));
  const script = [
    'set -e',
    `java -XX:-UsePerfData -cp ${quoted(written.launcherClassPath)} ${DYNAMODB_LAUNCHER_CLASS} --jars-for-class-sharing ${quoted(join(emulatorDir(), 'DynamoDBLocal.jar'))} ${quoted(dir)}`,
    // Made where it is used (it records its jars' paths), under another name until it is whole.
    `java -Xshare:dump ${JVM_OPTIONS.join(' ')} -XX:SharedClassListFile=${quoted(join(dir, 'classes.list'))} -XX:SharedArchiveFile=${quoted(`${archive}.making`)} -cp ${quoted(classPath)}`,
    `mv ${quoted(`${archive}.making`)} ${quoted(archive)}`,
    `rmdir ${quoted(lock)}`,
  ].join('\n');
  mkdirSync(dirname(logFile), { recursive: true });
  const log = openSync(logFile, 'a');
  const child = spawn('nice', ['-n', '19', 'sh', '-c', script], { detached: true, stdio: ['ignore', log, log] });
  child.on('error', () => rmSync(lock, { recursive: true, force: true }));
  child.unref();
  closeSync(log);
}

export interface DynamoDbOptions {
  readonly port: number;
  /** Directory for the database file (and the emulator's metadata file). */
  readonly dataDir: string;
  readonly inMemory: boolean;
  readonly logFile: string;
  /**
   * Without a class-sharing archive yet, list the classes this start loads (into `dataDir`), for
   * `makeClassSharingArchive` to make one from (the local stack does; test servers only use one).
   */
  readonly listClasses?: boolean;
}

export async function start(opts: DynamoDbOptions): Promise<LocalService> {
  const emulator = emulatorDir();
  const classPath = [join(emulator, 'DynamoDBLocal.jar'), join(emulator, 'DynamoDBLocal_lib', '*')].join(delimiter);
  const launcher = loopbackLauncher(classPath);
  const storage = opts.inMemory ? ['-inMemory'] : ['-dbPath', opts.dataDir];
  mkdirSync(opts.dataDir, { recursive: true });
  const sharing = classSharing(launcher);
  const launcherClassPath = [launcher, classPath].join(delimiter);
  let classes = ['-cp', launcherClassPath];
  if (existsSync(sharing.archive)) {
    classes = [`-XX:SharedArchiveFile=${sharing.archive}`, '-Xshare:auto', '-cp', sharing.classPath];
  } else if (opts.listClasses) {
    const list = join(opts.dataDir, 'loaded-classes.list');
    rmSync(list, { force: true });
    classes = [`-XX:DumpLoadedClassList=${list}`, ...classes];
    classListWritten = { list, sharing, launcherClassPath };
  }
  return startHttpProcess({
    name: 'DynamoDB Local',
    command: 'java',
    args: [
      // C1-only JIT and the serial collector (JVM_OPTIONS) halve the JVM's start-up; local request
      // volumes never need the optimising compiler. No perf-data file in the temp folder either.
      '-XX:TieredStopAtLevel=1',
      ...JVM_OPTIONS,
      // Its native SQLite library is unpacked into the temp folder on every start: it belongs with the
      // rest of this instance's files.
      `-Djava.io.tmpdir=${opts.dataDir}`,
      `-Djava.library.path=${join(emulator, 'DynamoDBLocal_lib')}`,
      ...classes,
      DYNAMODB_LAUNCHER_CLASS,
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
