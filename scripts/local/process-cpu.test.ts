import { spawn } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { processTreeCpu } from './process-cpu';

/** Node code that starts a process running `code` (its output with its own) and waits. */
const starting = (code: string) =>
  `require('node:child_process').spawn(process.execPath, ['-e', ${JSON.stringify(code)}], { stdio: 'inherit' }); setInterval(() => {}, 1000);`;

/**
 * A root process, a process it started, and one that one started, which works until it has used `busyMs` of processor
 * time (however busy the machine), prints "busy done", and waits as the others do.
 */
function startTree(busyMs: number) {
  const busy = `while (process.cpuUsage().user < ${busyMs * 1000}); console.log('busy done'); setInterval(() => {}, 1000);`;
  return spawn(process.execPath, ['-e', starting(starting(busy))], { stdio: ['ignore', 'pipe', 'inherit'] });
}

describe.runIf(process.platform === 'linux')('processTreeCpu', () => {
  it('finds a process started by a process started by the root, with the processor time it used', async () => {
    const root = startTree(600);
    try {
      await new Promise<void>((resolve) => root.stdout.on('data', (chunk: Buffer) => chunk.toString().includes('busy done') && resolve()));
      const tree = processTreeCpu(root.pid!);
      expect(tree[0]).toMatchObject({ pid: root.pid, command: expect.stringContaining(process.execPath) });
      expect(tree).toHaveLength(3);
      // Each started by the one before (their command lines all hold the busy one's code).
      const [, middle, busy] = tree;
      expect(middle!.parent).toBe(root.pid);
      expect(busy!.parent).toBe(middle!.pid);
      // It used 0.6 s of processor time (its start-up too), which /proc tells in hundredths.
      expect(busy!.seconds).toBeGreaterThanOrEqual(0.59);
      expect(busy!.seconds).toBeLessThan(5);
      expect(middle!.seconds).toBeLessThan(busy!.seconds);
    } finally {
      // The whole tree goes: the grandchild is killed by pid, since it is in no group of the root's own.
      for (const process of processTreeCpu(root.pid!).reverse()) {
        try {
          globalThis.process.kill(process.pid, 'SIGKILL');
        } catch {
          // Already gone.
        }
      }
    }
  });

  it('answers nothing for a process that is not there', () => {
    expect(processTreeCpu(2 ** 22 + 1)).toEqual([]);
  });
});
