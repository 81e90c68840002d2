import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const REPO_ROOT = fileURLToPath(new URL('..', import.meta.url));

/**
 * `npm run typecheck`: every workspace's tsconfig checked by TypeScript 7 (the native compiler, several
 * times faster than 6 on these machines). TypeScript 6 stays installed for typescript-eslint, which
 * needs the JavaScript API that 7 no longer has.
 */
const PROJECTS = ['shared', 'lambdas', 'infra', 'web', 'test', 'scripts'] as const;
const tsc = join(REPO_ROOT, 'node_modules/typescript-native/bin/tsc');

function check(project: string): Promise<boolean> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [tsc, '-p', project, '--noEmit', '--pretty'], { cwd: REPO_ROOT, stdio: 'inherit' });
    child.once('error', () => resolve(false));
    child.once('exit', (code) => resolve(code === 0));
  });
}

let failed = 0;
for (const project of PROJECTS) if (!(await check(project))) failed++;
if (failed) console.error(`Type errors in ${failed} of ${PROJECTS.length} projects.`);
process.exitCode = failed ? 1 : 0;
