import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { testPortOffset } from './local/ports';
import { killAllManaged } from './local/process';
import { REPO_ROOT, startLocalStack, testEnvironment, type LocalStack } from './local/stack';
import { CONNECTED_TESTS } from '../vitest.config';

/**
 * `npm test`: checks, unit/connected/web/infra tests, and integration and browser tests against a local stack
 * of their own (ports shifted by 100, empty data, DynamoDB in memory, the production build of the web
 * behind the local edge) that is always stopped afterwards. The work runs in two lanes (see main). Everything the
 * run writes lives in one temporary folder, removed at the end whether the run passed, failed or was interrupted.
 * It ends with each step's time and the ten slowest tests, also written to bench-results/test.json with the
 * number of tests of each kind, so one run can be compared with the next (docs/testing.md#npm-test).
 */

const bin = (name: string) => join(REPO_ROOT, 'node_modules/.bin', name);
/**
 * Browser-test workers: one more than the cores. A browser test spends much of its time waiting on the app, the
 * stack and the browser, so one worker a core leaves the cores partly idle.
 */
const E2E_WORKERS = availableParallelism() + 1;
// The project supports Node 20.19 and newer (package.json engines); the SDK's notice about Node 22 would
// repeat in every process.
process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';
// Playwright keeps its compiled test files in the system temp folder unless told otherwise.
process.env.PLAYWRIGHT_TRANSFORM_CACHE_DIR ??= join(REPO_ROOT, 'node_modules/.cache/playwright-transform');

const runDir = mkdtempSync(join(tmpdir(), 'solutionz-test-'));
// Every tool the run starts (vitest, CDK, Chromium, the stack) makes its temporary folders in the run's
// own, so they go with it even when a tool is stopped before it could clean up after itself.
const runTmp = join(runDir, 'tmp');
mkdirSync(runTmp);
process.env.TMPDIR = runTmp;
// Captured before the stack adds the Lambda variables to this process.
const baseEnv = { ...process.env };
const reports = {
  /** One report per vitest run: the server-side tests, the infra tests and the web tests run in two lanes. */
  vitest: [join(runDir, 'vitest-serverless.json'), join(runDir, 'vitest-infra.json'), join(runDir, 'vitest-web.json')] as const,
  integration: join(runDir, 'integration.json'),
  playwright: join(runDir, 'playwright.json'),
};

interface StepResult {
  readonly name: string;
  readonly ok: boolean;
  /** When the step started, in seconds from the start of the run (the two lanes' steps overlap). */
  readonly startedAt?: number;
  readonly seconds: number;
  readonly note?: string;
}
const results: StepResult[] = [];
const runStarted = Date.now();

/** The machine's processor time so far, busy and in all, in clock ticks (Linux's /proc/stat; zeros elsewhere). */
function machineTicks(): { busy: number; total: number } {
  try {
    const [, ...fields] = readFileSync('/proc/stat', 'utf8').split('\n')[0]!.trim().split(/\s+/);
    const ticks = fields.map(Number);
    const total = ticks.reduce((sum, value) => sum + value, 0);
    // idle and iowait are the fourth and fifth figures.
    return { busy: total - (ticks[3] ?? 0) - (ticks[4] ?? 0), total };
  } catch {
    return { busy: 0, total: 0 };
  }
}
const ticksAtStart = machineTicks();
const children = new Set<ChildProcess>();

/** Runs a command; with `capture`, its output is kept and printed in one piece when it ends (for steps run side by side). */
function run(command: string, args: readonly string[], { env = baseEnv, capture = false }: { env?: NodeJS.ProcessEnv; capture?: boolean } = {}) {
  return new Promise<{ ok: boolean; output: string }>((resolve) => {
    const child = spawn(command, [...args], { cwd: REPO_ROOT, env, stdio: capture ? ['ignore', 'pipe', 'pipe'] : 'inherit' });
    children.add(child);
    let output = '';
    child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.once('error', (error) => {
      children.delete(child);
      resolve({ ok: false, output: `${output}Could not run ${command}: ${error.message}\n` });
    });
    child.once('exit', (code) => {
      children.delete(child);
      resolve({ ok: code === 0, output });
    });
  });
}

type Outcome = boolean | { ok: boolean; note?: string; output?: string };

async function step(name: string, action: () => Promise<Outcome>): Promise<boolean> {
  const started = Date.now();
  let outcome: { ok: boolean; note?: string; output?: string };
  try {
    const result = await action();
    outcome = typeof result === 'boolean' ? { ok: result } : result;
  } catch (error) {
    outcome = { ok: false, note: error instanceof Error ? error.message : String(error) };
  }
  const seconds = (Date.now() - started) / 1000;
  results.push({ name, ok: outcome.ok, startedAt: (started - runStarted) / 1000, seconds, ...(outcome.note ? { note: outcome.note } : {}) });
  if (outcome.output !== undefined) {
    console.log(`\n━━ ${name}: ${outcome.ok ? 'passed' : 'FAILED'} in ${seconds.toFixed(1)} s`);
    process.stdout.write(outcome.output);
  }
  if (outcome.note) console.log(outcome.note);
  return outcome.ok;
}

/** A step whose output streams as it runs (the others are quiet meanwhile). */
async function streamingStep(name: string, action: () => Promise<Outcome>): Promise<boolean> {
  console.log(`\n━━ ${name}`);
  return step(name, action);
}

interface TestTiming {
  readonly suite: string;
  readonly name: string;
  readonly seconds: number;
}

/** Vitest's JSON report: one entry per file, with each test's duration in ms. */
function vitestTimings(file: string, suite: (path: string) => string): TestTiming[] {
  if (!existsSync(file)) return [];
  const report = JSON.parse(readFileSync(file, 'utf8')) as {
    testResults: { name: string; assertionResults: { fullName: string; duration?: number | null }[] }[];
  };
  return report.testResults.flatMap((result) =>
    result.assertionResults.map((test) => ({
      suite: suite(result.name),
      name: `${relative(REPO_ROOT, result.name)} › ${test.fullName}`,
      seconds: (test.duration ?? 0) / 1000,
    })),
  );
}

interface PlaywrightSuite {
  readonly specs?: { title: string; file: string; tests: { status?: string; results: { duration: number; error?: { message?: string } }[] }[] }[];
  readonly suites?: PlaywrightSuite[];
}

/** Playwright's JSON report: nested suites of specs; a retried test's last attempt counts. */
function playwrightTimings(file: string): TestTiming[] {
  if (!existsSync(file)) return [];
  const walk = (suite: PlaywrightSuite): TestTiming[] => [
    ...(suite.specs ?? []).flatMap((spec) =>
      spec.tests.map((test) => ({ suite: 'e2e', name: `${spec.file} › ${spec.title}`, seconds: (test.results.at(-1)?.duration ?? 0) / 1000 })),
    ),
    ...(suite.suites ?? []).flatMap(walk),
  ];
  return ((JSON.parse(readFileSync(file, 'utf8')) as PlaywrightSuite).suites ?? []).flatMap(walk);
}

interface TestFailure {
  readonly name: string;
  readonly message: string;
}

/** The first lines of a failure, without colour codes: enough to know which assertion broke. */
function firstLines(text: string | undefined): string {
  // eslint-disable-next-line no-control-regex
  const plain = (text ?? '').replace(/\u001b\[[0-9;]*m/g, '');
  return plain
    .split('\n')
    .filter((line) => line.trim() !== '')
    .slice(0, 6)
    .join('\n      ');
}

function vitestFailures(file: string): TestFailure[] {
  if (!existsSync(file)) return [];
  const report = JSON.parse(readFileSync(file, 'utf8')) as {
    testResults: { name: string; status: string; message?: string; assertionResults: { fullName: string; status: string; failureMessages?: string[] }[] }[];
  };
  return report.testResults.flatMap((result) => {
    const file = relative(REPO_ROOT, result.name);
    const tests = result.assertionResults
      .filter((test) => test.status === 'failed')
      .map((test) => ({ name: `${file} › ${test.fullName}`, message: firstLines(test.failureMessages?.join('\n')) }));
    // A file that failed to load or whose hooks failed has no failed test of its own.
    return tests.length === 0 && result.status === 'failed' ? [{ name: file, message: firstLines(result.message) }] : tests;
  });
}

function playwrightFailures(file: string): TestFailure[] {
  if (!existsSync(file)) return [];
  const walk = (suite: PlaywrightSuite): TestFailure[] => [
    ...(suite.specs ?? []).flatMap((spec) =>
      spec.tests
        .filter((test) => test.status === 'unexpected' || test.status === 'flaky')
        .map((test) => ({
          name: `${spec.file} › ${spec.title}${test.status === 'flaky' ? ' (passed on retry)' : ''}`,
          message: firstLines(test.results.find((result) => result.error)?.error?.message),
        })),
    ),
    ...(suite.suites ?? []).flatMap(walk),
  ];
  return ((JSON.parse(readFileSync(file, 'utf8')) as PlaywrightSuite).suites ?? []).flatMap(walk);
}

/** CI keeps only the end of the output, so the failures are repeated next to the summary. */
function printFailures(): void {
  const failures = [
    ...reports.vitest.flatMap((file) => vitestFailures(file)),
    ...vitestFailures(reports.integration),
    ...playwrightFailures(reports.playwright),
  ];
  if (failures.length === 0) return;
  console.log('\n━━ Failed or flaky tests');
  for (const { name, message } of failures) console.log(`  ✗ ${name}${message ? `\n      ${message}` : ''}`);
}

function vitestSuite(path: string): string {
  const file = relative(REPO_ROOT, path);
  if (file.startsWith('web/')) return 'web';
  if (file.startsWith('test/infra/')) return 'infra';
  return CONNECTED_TESTS.includes(file) ? 'connected' : 'unit';
}

/** The ten slowest tests of the run, of every kind. */
function slowestTests(): TestTiming[] {
  return [
    ...reports.vitest.flatMap((file) => vitestTimings(file, vitestSuite)),
    ...vitestTimings(reports.integration, () => 'integration'),
    ...playwrightTimings(reports.playwright),
  ]
    .sort((a, b) => b.seconds - a.seconds)
    .slice(0, 10);
}

function printSlowest(): void {
  const timings = slowestTests();
  if (timings.length === 0) return;
  console.log('\n━━ The ten slowest tests');
  for (const { suite, name, seconds } of timings) console.log(`  ${seconds.toFixed(1).padStart(5)} s  ${suite.padEnd(11)} ${name}`);
}

let stack: LocalStack | undefined;
async function cleanUp(): Promise<void> {
  for (const child of children) child.kill('SIGTERM');
  await stack?.stop();
  stack = undefined;
  rmSync(runDir, { recursive: true, force: true });
}

/** The run in figures, written to bench-results/test.json: each step, the tests of each kind, the browser tests' pace, the slowest. */
function benchReport(totalSeconds: number): void {
  const counts = {
    ...testCounts(reports.vitest[0], (path) => vitestSuite(path)),
    ...testCounts(reports.vitest[1], () => 'infra'),
    ...testCounts(reports.vitest[2], () => 'web'),
    ...testCounts(reports.integration, () => 'integration'),
  };
  const browser = playwrightTimings(reports.playwright);
  const browserStep = results.find((result) => result.name.startsWith('Browser tests'));
  const report = {
    at: new Date().toISOString(),
    commit: gitCommit(),
    cores: availableParallelism(),
    totalSeconds: round(totalSeconds),
    processorsBusyPercent: busyPercent(),
    steps: results.map(({ name, ok, startedAt, seconds }) => ({ name, ok, startedAt: round(startedAt ?? 0), seconds: round(seconds) })),
    tests: { ...counts, e2e: browser.length },
    browser: {
      tests: browser.length,
      meanTestSeconds: browser.length ? round(browser.reduce((sum, test) => sum + test.seconds, 0) / browser.length) : 0,
      stepSecondsPerTest: browser.length && browserStep ? round(browserStep.seconds / browser.length) : 0,
    },
    slowest: slowestTests().map(({ suite, name, seconds }) => ({ suite, name, seconds: round(seconds) })),
  };
  mkdirSync(join(REPO_ROOT, 'bench-results'), { recursive: true });
  writeFileSync(join(REPO_ROOT, 'bench-results/test.json'), `${JSON.stringify(report, null, 2)}\n`);
  console.log(
    `\nThe processors were busy ${report.processorsBusyPercent}% of the run. Browser tests: ${report.browser.tests}, ${report.browser.meanTestSeconds} s a test on average (${report.browser.stepSecondsPerTest} s of the step's time each). Written to bench-results/test.json`,
  );
}

/** How busy the machine's processors were over the run: near 100 means the run waited on processor time, not on itself. */
function busyPercent(): number {
  const now = machineTicks();
  const total = now.total - ticksAtStart.total;
  return total > 0 ? Math.round(((now.busy - ticksAtStart.busy) / total) * 100) : 0;
}

const round = (seconds: number) => Math.round(seconds * 10) / 10;

function gitCommit(): string {
  try {
    return execFileSync('git', ['rev-parse', '--short', 'HEAD'], { cwd: REPO_ROOT, encoding: 'utf8' }).trim();
  } catch {
    return 'unknown';
  }
}

/** How many tests each vitest project ran, from its JSON report. */
function testCounts(file: string, suite: (path: string) => string): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const { suite: name } of vitestTimings(file, suite)) counts[name] = (counts[name] ?? 0) + 1;
  return counts;
}

async function main(): Promise<number> {
  const vitestJson = (file: string) => ['--reporter=default', '--reporter=json', `--outputFile.json=${file}`];

  const portOffset = testPortOffset();
  const [serverless, infra, web] = reports.vitest;
  const vitestRun = (projects: readonly string[], report: string) =>
    run(bin('vitest'), ['run', ...projects.flatMap((project) => ['--project', project]), ...vitestJson(report)], { capture: true });

  // Two lanes. The browser tests are the longest step and mostly wait (on the app, the stack and the browser), using
  // under one core: lane one starts the stack, runs the integration tests through it and then the browser tests (one
  // at a time on the stack: both make accounts and data of their own, but some integration tests read what every
  // test shares, such as the category list). Lane two computes from the start, one step at a time, longest first:
  // the unit and connected tests, the checks, the web tests, the infra tests. Whichever lane runs out of work takes
  // the next step still waiting, so neither core idles while the other has a queue.
  console.log(
    '\n━━ Two lanes side by side: the local stack, the integration tests and the browser tests; the unit and connected tests, the checks, the web tests and the infra tests',
  );
  const computeSteps: (() => Promise<boolean>)[] = [
    () => step('Unit and connected tests (vitest)', async () => vitestRun(['unit', 'connected'], serverless)),
    // One type check at a time: the other core is the browser tests'.
    () =>
      step('Type check and lint (npm run check)', async () =>
        run('npm', ['run', 'check', '--silent'], { env: { ...baseEnv, SOLUTIONZ_TYPECHECK_JOBS: '1' }, capture: true }),
      ),
    () => step('Web tests (vitest, jsdom)', async () => vitestRun(['web'], web)),
    () => step('Infra tests (vitest)', async () => vitestRun(['infra'], infra)),
  ];
  const computeUntilDone = async () => {
    for (let next = computeSteps.shift(); next; next = computeSteps.shift()) await next();
  };

  await Promise.all([
    (async () => {
      const stackStarted = await step(`Start the local stack (port offset ${portOffset}, fresh data, production web build)`, async () => {
        const lines: string[] = [];
        stack = await startLocalStack({ portOffset, dataDir: join(runDir, 'stack'), inMemory: true, web: 'prod', log: (line) => lines.push(line) });
        return { ok: true, output: `${lines.join('\n')}\nWeb ${stack.urls.web}, API ${stack.urls.api}\n` };
      });
      if (!stackStarted || !stack) {
        for (const name of ['Integration tests', 'Browser tests'])
          results.push({ name, ok: false, seconds: 0, note: 'not run: the local stack did not start' });
      } else {
        const env = { ...baseEnv, ...testEnvironment(stack) };
        await step('Integration tests (vitest, through the local edge and gateway)', async () =>
          run(bin('vitest'), ['run', '--project', 'integration', ...vitestJson(reports.integration)], { env, capture: true }),
        );
        const e2eEnv = { ...env, E2E_JSON_REPORT: reports.playwright, E2E_WORKERS: String(E2E_WORKERS) };
        await streamingStep(`Browser tests (Playwright, Chromium, production build, ${E2E_WORKERS} workers)`, async () => {
          const { ok } = await run(bin('playwright'), ['test'], { env: e2eEnv });
          // Playwright's output folder then holds only its last-run marker; after a failure it keeps the traces to look at.
          if (ok) rmSync(join(REPO_ROOT, 'test-results'), { recursive: true, force: true });
          return ok;
        });
      }
      await computeUntilDone();
    })(),
    computeUntilDone(),
  ]);

  printSlowest();
  printFailures();
  const passed = results.filter((r) => r.ok).length;
  const failed = results.length - passed;
  console.log('\n━━ Summary');
  for (const r of results) {
    const from = r.startedAt === undefined ? '' : `, from ${r.startedAt.toFixed(0)} s`;
    console.log(`  ${r.ok ? 'PASS' : 'FAIL'}  ${r.name} (${r.seconds.toFixed(1)} s${from})${r.ok || !r.note ? '' : ` — ${r.note}`}`);
  }
  console.log(`\n${passed} passed, ${failed} failed`);
  return failed === 0 ? 0 : 1;
}

const interrupted = (signal: NodeJS.Signals) => {
  console.error(`\n${signal}: stopping the tests and the local stack…`);
  killAllManaged();
  void cleanUp().finally(() => process.exit(130));
};
process.once('SIGINT', interrupted);
process.once('SIGTERM', interrupted);
process.once('SIGHUP', interrupted);
// Whatever else ends this process, the temporary folder goes with it.
process.once('exit', () => rmSync(runDir, { recursive: true, force: true }));

const started = Date.now();
try {
  process.exitCode = await main();
} finally {
  const seconds = (Date.now() - started) / 1000;
  try {
    benchReport(seconds);
  } catch (error) {
    console.log(`Could not write bench-results/test.json: ${error instanceof Error ? error.message : String(error)}`);
  }
  await cleanUp();
  console.log(`\nnpm test took ${seconds.toFixed(1)} s`);
}
