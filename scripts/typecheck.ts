import { spawn } from 'node:child_process';
import { availableParallelism } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const REPO_ROOT = fileURLToPath(new URL('..', import.meta.url));

/**
 * `npm run typecheck`: every workspace checked by TypeScript 7 (the native compiler, several times faster than
 * 6). TypeScript 6 stays installed for typescript-eslint, which needs the JavaScript API that 7 no longer has.
 *
 * Two programs: the web (browser libraries, JSX) and every Node workspace together (tsconfig.node.json: shared,
 * lambdas, infra, scripts and test share their options). Checked one workspace at a time, the Node ones each
 * checked again what they import of the others (shared, the lambdas' sources, the AWS SDK's types): one
 * program checks each file once, for 40% of the processor time. Each workspace's own tsconfig stays for editors.
 *
 * The two run side by side (or SOLUTIONZ_TYPECHECK_JOBS at a time), and each keeps its incremental build
 * information in node_modules/.cache, so a check after a small edit reads only what changed since the last
 * one; a fresh clone has none and checks everything.
 */
const PROJECTS = [
  { name: 'node', config: 'tsconfig.node.json' },
  { name: 'web', config: 'web' },
] as const;
const tsc = join(REPO_ROOT, 'node_modules/typescript-native/bin/tsc');
const buildInfoDir = join(REPO_ROOT, 'node_modules/.cache/solutionz/tsc');

function check({ name, config }: (typeof PROJECTS)[number]): Promise<{ ok: boolean; output: string }> {
  return new Promise((resolve) => {
    const args = [tsc, '-p', config, '--noEmit', '--pretty', '--incremental', '--tsBuildInfoFile', join(buildInfoDir, `${name}.tsbuildinfo`)];
    const child = spawn(process.execPath, args, { cwd: REPO_ROOT, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.once('error', (error) => resolve({ ok: false, output: `${output}${error.message}\n` }));
    child.once('exit', (code) => resolve({ ok: code === 0, output }));
  });
}

const queue = [...PROJECTS];
let failed = 0;
async function worker(): Promise<void> {
  for (let project = queue.shift(); project; project = queue.shift()) {
    const { ok, output } = await check(project);
    // Each project's messages in one piece, not interleaved with another's.
    process.stdout.write(output);
    if (!ok) failed++;
  }
}
const jobs = Number(process.env.SOLUTIONZ_TYPECHECK_JOBS) || availableParallelism();
await Promise.all(Array.from({ length: Math.min(jobs, PROJECTS.length) }, worker));
if (failed) console.error(`Type errors in ${failed} of ${PROJECTS.length} projects.`);
process.exitCode = failed ? 1 : 0;
