import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { portOffsetFromEnv } from './ports';
import { killAllManaged } from './process';
import { startLocalStack, type LocalStack } from './stack';

/** What the benchmarks that measure through the local gateway share: their figures and their stack. */

export const percentile = (values: readonly number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;
};
export const mean = (values: readonly number[]) => values.reduce((sum, value) => sum + value, 0) / Math.max(1, values.length);
export const thousands = (value: number) => Math.round(value).toLocaleString('en-GB');
export const fixed = (value: number) => (value >= 100 ? thousands(value) : value.toFixed(1));

const DEFAULT_PORT_OFFSET = 300;

/**
 * Runs `bench` against a local stack of its own (ports shifted by SOLUTIONZ_PORT_OFFSET, else 300), in
 * memory, with throw-away data removed at the end, also on Ctrl-C. The handlers run in this process, and
 * their DynamoDB clients count what they ask (adapters/dynamodb.ts, DYNAMODB_USAGE_METER).
 */
export async function withBenchStack(name: string, bench: (stack: LocalStack) => Promise<number>): Promise<number> {
  const dataDir = mkdtempSync(join(tmpdir(), `solutionz-${name.replace(':', '-')}-`));
  const removeData = () => rmSync(dataDir, { recursive: true, force: true });
  process.once('exit', removeData);
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, () => {
      killAllManaged();
      removeData();
      process.exit(130);
    });
  }
  process.env.DYNAMODB_USAGE_METER = '1';
  const portOffset = process.env.SOLUTIONZ_PORT_OFFSET ? portOffsetFromEnv() : DEFAULT_PORT_OFFSET;
  console.log(`Starting a local stack (port offset ${portOffset}, in memory)…`);
  const stack = await startLocalStack({ portOffset, dataDir, inMemory: true, web: false });
  try {
    return await bench(stack);
  } finally {
    await stack.stop();
    removeData();
  }
}

/** Runs a benchmark script's `main` and exits with its code (1 on an error), saying how long it took. */
export async function runBench(name: string, main: () => Promise<number>): Promise<never> {
  const started = Date.now();
  try {
    process.exitCode = await main();
  } catch (error) {
    console.error(error);
    process.exitCode = 1;
  } finally {
    console.log(`\n${name} took ${((Date.now() - started) / 1000).toFixed(0)} s`);
  }
  // Tables, timers and the SDK's sockets would keep the process alive; everything this run started has stopped.
  process.exit();
}
