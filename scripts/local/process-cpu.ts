import { spawnSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';

/**
 * Processor time of a process and everything it started, read from Linux's /proc (bench:start prints it: where a
 * start's seconds went, by server). The local servers run detached (process groups of their own), so the tree is
 * followed by parent ids, not by group.
 */

/** A process of the tree: its command line and the processor time it has used so far (user and system), in seconds. */
export interface ProcessCpu {
  readonly pid: number;
  readonly parent: number;
  readonly command: string;
  readonly seconds: number;
}

let ticksPerSecond: number | undefined;

/** The kernel's clock ticks per second, in which /proc tells processor time (100 on every Linux here). */
function clockTicks(): number {
  if (ticksPerSecond === undefined) {
    const answer = Number(spawnSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).stdout?.trim());
    ticksPerSecond = Number.isFinite(answer) && answer > 0 ? answer : 100;
  }
  return ticksPerSecond;
}

/** One process as /proc has it now, or undefined when it is gone (or this is no Linux). */
function readProcess(pid: number): ProcessCpu | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The command name (field 2) is in parentheses and may hold spaces or parentheses: the fields after it follow the last ')'.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    const command = readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').filter(Boolean).join(' ');
    // After the name: state, ppid (4th field of the line), …, utime (14th), stime (15th).
    return { pid, parent: Number(fields[1]), command, seconds: (Number(fields[11]) + Number(fields[12])) / clockTicks() };
  } catch {
    return undefined;
  }
}

/** `root` and every process under it, each with its processor time so far; empty where there is no /proc. */
export function processTreeCpu(root: number): ProcessCpu[] {
  let pids: number[];
  try {
    pids = readdirSync('/proc').filter((name) => /^\d+$/.test(name)).map(Number);
  } catch {
    return [];
  }
  const all = pids.map(readProcess).filter((process): process is ProcessCpu => process !== undefined);
  const children = new Map<number, ProcessCpu[]>();
  for (const process of all) children.set(process.parent, [...(children.get(process.parent) ?? []), process]);
  const tree: ProcessCpu[] = [];
  const top = all.find((process) => process.pid === root);
  for (const queue = top ? [top] : []; queue.length > 0; ) {
    const process = queue.shift()!;
    tree.push(process);
    queue.push(...(children.get(process.pid) ?? []));
  }
  return tree;
}
