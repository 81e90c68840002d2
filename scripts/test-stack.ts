import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { portOffsetFromEnv } from './local/ports';
import { killAllManaged } from './local/process';
import { startLocalStack, testEnvironment } from './local/stack';
import { DEFAULT_TEST_STACK_FILE } from './local/test-stack-file';

/**
 * `npm run stack:test`: a test stack (empty in-memory data, the production web build behind the local edge) that
 * stays up until Ctrl-C, so one browser spec or integration file runs against it in seconds:
 *
 *   SOLUTIONZ_TEST_STACK=1 npx playwright test test/e2e/login.spec.ts
 *   SOLUTIONZ_TEST_STACK=1 npx vitest run --project integration test/integration/accounts.test.ts
 *
 * Ports are shifted by 400 (or SOLUTIONZ_PORT_OFFSET); the stack describes itself in
 * node_modules/.cache/solutionz/test-stack.json (or the file SOLUTIONZ_TEST_STACK_FILE names).
 */
process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';
const portOffset = process.env.SOLUTIONZ_PORT_OFFSET ? portOffsetFromEnv() : 400;
const file = process.env.SOLUTIONZ_TEST_STACK_FILE ?? DEFAULT_TEST_STACK_FILE;
const dataDir = mkdtempSync(join(tmpdir(), 'solutionz-test-stack-'));
const cleanUp = () => {
  rmSync(dataDir, { recursive: true, force: true });
  rmSync(file, { force: true });
};
process.once('exit', cleanUp);

const started = Date.now();
const stack = await startLocalStack({ portOffset, dataDir, inMemory: true, web: 'prod', log: (line) => console.log(line) });
mkdirSync(dirname(file), { recursive: true });
writeFileSync(file, `${JSON.stringify(testEnvironment(stack), null, 2)}\n`);
console.log(`\nTest stack ready in ${((Date.now() - started) / 1000).toFixed(1)} s at ${stack.urls.web}`);
console.log(`Described in ${file}. In another terminal:`);
const prefix = file === DEFAULT_TEST_STACK_FILE ? 'SOLUTIONZ_TEST_STACK=1' : `SOLUTIONZ_TEST_STACK=${file}`;
console.log(`  ${prefix} npx playwright test test/e2e/<spec>.spec.ts`);
console.log(`  ${prefix} npx vitest run --project integration test/integration/<file>.test.ts`);
console.log('Press Ctrl-C to stop.');

const stop = (signal: NodeJS.Signals) => {
  console.log(`\n${signal}: stopping the test stack…`);
  void stack
    .stop()
    .catch(() => killAllManaged())
    .finally(() => process.exit(0));
};
process.once('SIGINT', stop);
process.once('SIGTERM', stop);
process.once('SIGHUP', stop);
