import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { killAllManaged } from './local/process';
import { REPO_ROOT, startLocalStack, type LocalStack } from './local/stack';

/**
 * `npm test`: checks, unit/web/infra tests, then integration and browser tests against a local stack
 * of their own (port offset 100, empty data, DynamoDB in memory) that is always stopped afterwards.
 */

const PORT_OFFSET = 100;
const bin = (name: string) => join(REPO_ROOT, 'node_modules/.bin', name);
// The project runs on Node 20 by choice (TOOLCHAIN.md); the SDK's notice about Node 22 would repeat
// in every process.
process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';
// Captured before the stack adds the Lambda variables to this process.
const baseEnv = { ...process.env };

interface StepResult {
  readonly name: string;
  readonly ok: boolean;
  readonly seconds: number;
  readonly note?: string;
}
const results: StepResult[] = [];

function run(command: string, args: readonly string[], env: NodeJS.ProcessEnv = baseEnv): Promise<boolean> {
  return new Promise((resolve) => {
    const child = spawn(command, [...args], { cwd: REPO_ROOT, env, stdio: 'inherit' });
    child.once('error', (error) => {
      console.error(`Could not run ${command}: ${error.message}`);
      resolve(false);
    });
    child.once('exit', (code) => resolve(code === 0));
  });
}

async function step(name: string, action: () => Promise<boolean | { ok: boolean; note: string }>): Promise<boolean> {
  console.log(`\n━━ ${name}`);
  const started = Date.now();
  let outcome: { ok: boolean; note?: string };
  try {
    const result = await action();
    outcome = typeof result === 'boolean' ? { ok: result } : result;
  } catch (error) {
    outcome = { ok: false, note: error instanceof Error ? error.message : String(error) };
  }
  results.push({ name, ...outcome, seconds: (Date.now() - started) / 1000 });
  if (outcome.note) console.log(outcome.note);
  return outcome.ok;
}

async function main(): Promise<number> {
  await step('Type check and lint (npm run check)', () => run('npm', ['run', 'check']));
  await step('Unit, web and infra tests (vitest)', () =>
    run(bin('vitest'), ['run', '--project', 'unit', '--project', 'web', '--project', 'infra']),
  );

  const dataDir = mkdtempSync(join(tmpdir(), 'solutionz-test-'));
  let stack: LocalStack | undefined;
  const stopStack = async () => {
    await stack?.stop();
    stack = undefined;
    rmSync(dataDir, { recursive: true, force: true });
  };
  const interrupted = (signal: NodeJS.Signals) => {
    console.error(`\n${signal}: stopping the local stack…`);
    killAllManaged();
    void stopStack().finally(() => process.exit(130));
  };
  process.once('SIGINT', interrupted);
  process.once('SIGTERM', interrupted);

  try {
    const stackStarted = await step(`Start the local stack (port offset ${PORT_OFFSET}, fresh data)`, async () => {
      stack = await startLocalStack({ portOffset: PORT_OFFSET, dataDir, inMemory: true, web: true, log: (line) => console.log(line) });
      return { ok: true, note: `Web ${stack.urls.web}, API ${stack.urls.api}` };
    });

    if (stackStarted && stack) {
      const s: LocalStack = stack;
      const integrationEnv = {
        ...baseEnv,
        API_BASE_URL: s.urls.api,
        GATEWAY_URL: s.urls.gateway,
        COGNITO_ENDPOINT: s.urls.cognito,
        USER_POOL_ID: s.userPool.userPoolId,
        USER_POOL_CLIENT_ID: s.userPool.userPoolClientId,
        DYNAMODB_ENDPOINT: s.urls.dynamodb,
        TABLE_NAME: s.tableName,
        SES_URL: s.urls.inbox,
        S3_ENDPOINT: s.urls.s3,
        AWS_REGION: s.region,
      };
      await step('Integration tests (vitest, through the local gateway)', () =>
        run(bin('vitest'), ['run', '--project', 'integration'], integrationEnv),
      );
      await step('Browser tests (Playwright, Chromium)', async () => {
        if (!existsSync(join(REPO_ROOT, 'playwright.config.ts'))) return { ok: false, note: 'playwright.config.ts is missing at the repository root' };
        return run(bin('playwright'), ['test'], { ...integrationEnv, E2E_BASE_URL: s.urls.web! });
      });
    } else {
      results.push({ name: 'Integration tests', ok: false, seconds: 0, note: 'not run: the local stack did not start' });
      results.push({ name: 'Browser tests', ok: false, seconds: 0, note: 'not run: the local stack did not start' });
    }
  } finally {
    process.off('SIGINT', interrupted);
    process.off('SIGTERM', interrupted);
    await stopStack();
  }

  const passed = results.filter((r) => r.ok).length;
  const failed = results.length - passed;
  console.log('\n━━ Summary');
  for (const r of results) {
    console.log(`  ${r.ok ? 'PASS' : 'FAIL'}  ${r.name} (${r.seconds.toFixed(1)} s)${r.ok || !r.note ? '' : ` — ${r.note}`}`);
  }
  console.log(`\n${passed} passed, ${failed} failed`);
  return failed === 0 ? 0 : 1;
}

process.exitCode = await main();
