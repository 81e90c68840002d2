import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const REPO_ROOT = fileURLToPath(new URL('..', import.meta.url));

/**
 * `npm run test:e2e -- [playwright arguments]`, e.g. `npm run test:e2e -- test/e2e/login.spec.ts`: the
 * browser tests alone, against a stack their global setup starts with the production build of the web
 * (or the one named in E2E_BASE_URL). Playwright's compile cache stays out of the system temp folder.
 */
const child = spawn(join(REPO_ROOT, 'node_modules/.bin/playwright'), ['test', ...process.argv.slice(2)], {
  cwd: REPO_ROOT,
  stdio: 'inherit',
  env: {
    ...process.env,
    PLAYWRIGHT_TRANSFORM_CACHE_DIR: process.env.PLAYWRIGHT_TRANSFORM_CACHE_DIR ?? join(REPO_ROOT, 'node_modules/.cache/playwright-transform'),
    AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true',
  },
});
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) process.on(signal, () => child.kill(signal));
child.once('exit', (code, signal) => process.exit(code ?? (signal ? 130 : 1)));
