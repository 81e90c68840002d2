import { spawn } from 'node:child_process';
import { availableParallelism } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const REPO_ROOT = fileURLToPath(new URL('..', import.meta.url));

/**
 * `npm run test:quick`: the checks a developer runs after each edit, none of which needs a server: the type check
 * (incremental, so it reads only what changed since the last one), then the unit tests and the web's component
 * tests, on every core. Extra arguments go to vitest (`npm run test:quick -- web/src/features/jobs`).
 * The tests against local servers, the stack and the browser are `npm test`'s, or one file at a time against
 * `npm run stack:test` (docs/testing.md#running-one-test-of-each-kind).
 */
function run(command: string, args: readonly string[]): Promise<boolean> {
  return new Promise((resolve) => {
    const child = spawn(command, [...args], { cwd: REPO_ROOT, stdio: 'inherit' });
    child.once('error', () => resolve(false));
    child.once('exit', (code) => resolve(code === 0));
  });
}

const started = Date.now();
const typed = await run(process.execPath, ['--import', 'tsx', join(REPO_ROOT, 'scripts/typecheck.ts')]);
const typedSeconds = (Date.now() - started) / 1000;
const tested = await run(join(REPO_ROOT, 'node_modules/.bin/vitest'), [
  'run',
  '--project',
  'unit',
  '--project',
  'web',
  `--maxWorkers=${availableParallelism()}`,
  ...process.argv.slice(2),
]);
const seconds = (Date.now() - started) / 1000;
console.log(
  `\nType check ${typed ? 'passed' : 'FAILED'} in ${typedSeconds.toFixed(1)} s; unit and web tests ${tested ? 'passed' : 'FAILED'}; ${seconds.toFixed(1)} s in all`,
);
process.exitCode = typed && tested ? 0 : 1;
