import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * A test stack that keeps running between test runs (`npm run stack:test`, docs/testing.md) describes itself in a
 * file; the integration and browser tests read it when SOLUTIONZ_TEST_STACK names it, instead of starting a stack.
 */
export const DEFAULT_TEST_STACK_FILE = join(fileURLToPath(new URL('../../', import.meta.url)), 'node_modules/.cache/solutionz/test-stack.json');

/** Copies the running test stack's description into the environment, when SOLUTIONZ_TEST_STACK names one. */
export function loadRunningTestStack(env: NodeJS.ProcessEnv = process.env): void {
  const file = env.SOLUTIONZ_TEST_STACK;
  if (!file) return;
  const path = file === '1' ? DEFAULT_TEST_STACK_FILE : file;
  let described: Record<string, string>;
  try {
    described = JSON.parse(readFileSync(path, 'utf8')) as Record<string, string>;
  } catch (error) {
    throw new Error(`SOLUTIONZ_TEST_STACK names ${path}, which holds no running stack: start one with \`npm run stack:test\``, { cause: error });
  }
  for (const [name, value] of Object.entries(described)) env[name] ??= value;
}
