import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { e2ePortOffset } from '../../../scripts/local/ports';
import { startLocalStack, testEnvironment } from '../../../scripts/local/stack';

/**
 * `npm run test:e2e` (or `playwright test` alone): the browser tests start a stack of their own, with
 * the production build behind the local edge, throw-away data and ports shifted by 200 (or SOLUTIONZ_E2E_PORT_OFFSET),
 * unless one was named in E2E_BASE_URL (`npm test` starts one stack for the integration and browser tests).
 * The workers inherit the stack's description from this process's environment.
 */
export default async function globalSetup(): Promise<(() => Promise<void>) | undefined> {
  if (process.env.E2E_BASE_URL) return undefined;
  const dataDir = mkdtempSync(join(tmpdir(), 'solutionz-e2e-'));
  const removeData = () => rmSync(dataDir, { recursive: true, force: true });
  // Also when the run is interrupted: the stack's processes are stopped by their own exit hook.
  process.once('exit', removeData);
  const started = Date.now();
  try {
    const stack = await startLocalStack({ portOffset: e2ePortOffset(), dataDir, inMemory: true, web: 'prod' });
    Object.assign(process.env, testEnvironment(stack));
    console.log(`Local stack with the production web build ready in ${((Date.now() - started) / 1000).toFixed(1)} s at ${stack.urls.web}`);
    return async () => {
      await stack.stop();
      removeData();
    };
  } catch (error) {
    removeData();
    throw error;
  }
}
