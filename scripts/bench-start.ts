/**
 * `npm run bench:start`: how long `npm start` takes to be ready (docs/benchmarks.md#start-time), as a person waits for it: from
 * launching `npm start` to its "Ready in" line, and to the answer of a directory search sent at that moment (what
 * someone who searches at once waits: the Lambda functions load once the stack is ready). Three fresh starts (no
 * kept data: every local server, the table, the user pool and the whole demo data made anew) and three with the
 * data a start kept, each on ports shifted by SOLUTIONZ_PORT_OFFSET (else 300) with its data in a throw-away folder
 * (SOLUTIONZ_DATA_DIR). Prints each start's own breakdown of where the time went, the medians against the targets
 * (10 s fresh, 5 s with kept data) with pass or fail, the load average (the machine is shared), and writes
 * bench-results/start.json. Exits 1 when a target is missed.
 * Each start also tells the processor time its processes had used when it was ready: DynamoDB Local's JVM, the stack's
 * own process (the launcher, which writes the demo data), and the other local servers with npm. A start takes at least
 * their sum over the machine's cores; on a fresh one the demo data is most of it, and DynamoDB Local does all of its
 * database work on one thread (sqlite4java's queue), however many requests are sent at once.
 */
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { DEMO_SEARCH, percentile, runBench } from './local/bench-support';
import { DYNAMODB_LAUNCHER_CLASS } from './local/dynamodb';
import { busyPorts, portOffsetFromEnv, portsFor } from './local/ports';
import { processTreeCpu } from './local/process-cpu';
import { REPO_ROOT } from './local/stack';

const RUNS = Number(process.env.BENCH_START_RUNS ?? 3);
const TARGETS = { fresh: 10, kept: 5 } as const;
const DEFAULT_PORT_OFFSET = 300;
/** A start that takes longer than this has failed. */
const TIMEOUT_MS = 10 * 60_000;

interface Start {
  readonly seconds: number;
  /**
   * From launching to the answer of a first directory search through the web's /api, sent the moment the stack is
   * ready: the Lambda functions load on first use and in the background once it is ready (lambda-functions.ts), so
   * this shows what a person who searches at once waits. Not a target of its own.
   */
  readonly firstSearch: number;
  /** The start's own figures, as its "Ready in" line prints them. */
  readonly breakdown: string;
  readonly load: number;
  /** Processor seconds used by then (none where the machine has no /proc). */
  readonly processorSeconds?: ProcessorSeconds;
}

/** Processor time used by a start's processes, in seconds, as `processorTime` groups it. */
interface ProcessorSeconds {
  readonly dynamodb: number;
  readonly stack: number;
  readonly others: number;
}

/** What the stack's process's command line holds (package.json's start). */
const STACK_SCRIPT = 'scripts/start.ts';

/** The processor time `npm start` (process `root`) and everything it started have used so far: DynamoDB Local's JVM, the stack's process, the rest. */
function processorTime(root: number): ProcessorSeconds | undefined {
  const tree = processTreeCpu(root);
  if (tree.length === 0) return undefined;
  const sum = (test: (command: string) => boolean) => tree.filter(({ command }) => test(command)).reduce((total, { seconds }) => total + seconds, 0);
  const dynamodb = (command: string) => command.includes(DYNAMODB_LAUNCHER_CLASS);
  const stack = (command: string) => command.includes(STACK_SCRIPT);
  return { dynamodb: sum(dynamodb), stack: sum(stack), others: sum((command) => !dynamodb(command) && !stack(command)) };
}

const processorText = ({ dynamodb, stack, others }: ProcessorSeconds) =>
  `processor time by then: DynamoDB Local ${dynamodb.toFixed(1)} s, the stack's process ${stack.toFixed(1)} s, the other servers and npm ${others.toFixed(1)} s`;

/** The start under way and its data, for a Ctrl-C of the benchmark to take along. */
let current: { readonly pid?: number; readonly dataDir: string } | undefined;
process.once('SIGINT', () => {
  if (current?.pid) {
    try {
      process.kill(-current.pid, 'SIGTERM');
    } catch {
      // Already gone.
    }
  }
  if (current) rmSync(current.dataDir, { recursive: true, force: true });
  process.exit(130);
});

/** The first search a visitor would make, through the web's /api as a browser sends it. */
const FIRST_SEARCH = `/api/providers?${DEMO_SEARCH}`;

/**
 * Runs `npm start` on `dataDir` until it is ready, sends the first search, then stops it (Ctrl-C, as a person does)
 * and waits for it to end.
 */
function timedStart(dataDir: string, portOffset: number): Promise<Start> {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const child = spawn('npm', ['start'], {
      cwd: REPO_ROOT,
      env: { ...process.env, SOLUTIONZ_PORT_OFFSET: String(portOffset), SOLUTIONZ_DATA_DIR: dataDir },
      stdio: ['ignore', 'pipe', 'pipe'],
      detached: true,
    });
    current = { pid: child.pid, dataDir };
    let output = '';
    let ready: Omit<Start, 'firstSearch'> | undefined;
    let firstSearch: number | undefined;
    let searchFailed: string | undefined;
    const timer = setTimeout(() => stop(), TIMEOUT_MS);
    const stop = () => {
      try {
        process.kill(-child.pid!, 'SIGINT');
      } catch {
        // Already gone.
      }
    };
    child.stdout.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      const line = /Ready in [\d.]+ s \((.*)\)\./.exec(output);
      if (line && !ready) {
        const processorSeconds = processorTime(child.pid!);
        ready = { seconds: (performance.now() - started) / 1000, breakdown: line[1]!, load: loadavg()[0]!, ...(processorSeconds ? { processorSeconds } : {}) };
        fetch(`http://127.0.0.1:${portsFor(portOffset).web}${FIRST_SEARCH}`)
          .then(async (response) => {
            await response.arrayBuffer();
            if (!response.ok) throw new Error(`answered ${response.status}`);
            firstSearch = (performance.now() - started) / 1000;
          })
          .catch((error: unknown) => (searchFailed = error instanceof Error ? error.message : String(error)))
          .finally(stop);
      }
    });
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.once('exit', (code) => {
      clearTimeout(timer);
      if (ready && firstSearch !== undefined) resolve({ ...ready, firstSearch });
      else if (ready) reject(new Error(`The first search (GET ${FIRST_SEARCH}) once npm start was ready failed: ${searchFailed ?? 'no answer'}`));
      else reject(new Error(`npm start ended (exit ${code}) without being ready:\n${output.trim().split('\n').slice(-20).join('\n')}`));
    });
  });
}

/** npm may end before the stack it started has let go of every port: the next start would find them taken. */
async function portsReleased(portOffset: number): Promise<void> {
  for (let waited = 0; (await busyPorts(portsFor(portOffset))).length > 0; waited += 200) {
    if (waited > 60_000)
      throw new Error(`The ports of the last start are still taken a minute after it stopped: ${JSON.stringify(await busyPorts(portsFor(portOffset)))}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

await runBench('bench:start', async () => {
  const portOffset = process.env.SOLUTIONZ_PORT_OFFSET ? portOffsetFromEnv() : DEFAULT_PORT_OFFSET;
  console.log(
    `npm start, ${RUNS} fresh and ${RUNS} with kept data, ports shifted by ${portOffset}; load average ${loadavg()
      .map((n) => n.toFixed(2))
      .join(', ')}`,
  );
  const starts: Record<'fresh' | 'kept', Start[]> = { fresh: [], kept: [] };
  for (let run = 1; run <= RUNS; run++) {
    const dataDir = mkdtempSync(join(tmpdir(), 'solutionz-bench-start-'));
    try {
      for (const kind of ['fresh', 'kept'] as const) {
        const start = await timedStart(dataDir, portOffset);
        await portsReleased(portOffset);
        starts[kind].push(start);
        console.log(
          `  ${kind.padEnd(5)} run ${run}: ${start.seconds.toFixed(1)} s, first search answered at ${start.firstSearch.toFixed(1)} s  (load ${start.load.toFixed(2)}; ${start.breakdown})`,
        );
        if (start.processorSeconds) console.log(`               ${processorText(start.processorSeconds)}`);
      }
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  }

  console.log('\nTargets (median of the runs):');
  const results = (['fresh', 'kept'] as const).map((kind) => {
    const median = percentile(
      starts[kind].map((start) => start.seconds),
      50,
    );
    const pass = median <= TARGETS[kind];
    const firstSearch = percentile(
      starts[kind].map((start) => start.firstSearch),
      50,
    );
    console.log(
      `  ${`${kind === 'fresh' ? 'fresh start' : 'start with kept data'} at most ${TARGETS[kind]} s`.padEnd(36)}${median.toFixed(1).padStart(7)} s  ${pass ? 'PASS' : 'FAIL'}  (first search answered at ${firstSearch.toFixed(1)} s)`,
    );
    return { kind, target: TARGETS[kind], median, pass, firstSearch, runs: starts[kind] };
  });
  mkdirSync(join(REPO_ROOT, 'bench-results'), { recursive: true });
  const file = join(REPO_ROOT, 'bench-results', 'start.json');
  writeFileSync(file, `${JSON.stringify({ at: new Date().toISOString(), portOffset, results }, null, 2)}\n`);
  console.log(`\nWritten to ${file}`);
  return results.every((result) => result.pass) ? 0 : 1;
});
