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

/** A process's parent and processor time as /proc has them now, or undefined when it is gone (or this is no Linux). */
function readStat(pid: number): Omit<ProcessCpu, 'command'> | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The command name (field 2) is in parentheses and may hold spaces or parentheses: the fields after it follow the last ')'.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    // After the name: state, ppid (4th field of the line), …, utime (14th), stime (15th).
    return { pid, parent: Number(fields[1]), seconds: (Number(fields[11]) + Number(fields[12])) / clockTicks() };
  } catch {
    return undefined;
  }
}

/** A process's command line, its arguments joined by spaces ('' once it is gone). */
function readCommand(pid: number): string {
  try {
    return readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').filter(Boolean).join(' ');
  } catch {
    return '';
  }
}

/** `root` and every process under it, each with its processor time so far; empty where there is no /proc. */
export function processTreeCpu(root: number): ProcessCpu[] {
  let pids: number[];
  try {
    pids = readdirSync('/proc')
      .filter((name) => /^\d+$/.test(name))
      .map(Number);
  } catch {
    return [];
  }
  const children = new Map<number, Omit<ProcessCpu, 'command'>[]>();
  let top: Omit<ProcessCpu, 'command'> | undefined;
  for (const stat of pids.map(readStat)) {
    if (!stat) continue;
    if (stat.pid === root) top = stat;
    const siblings = children.get(stat.parent);
    if (siblings) siblings.push(stat);
    else children.set(stat.parent, [stat]);
  }
  // Only the tree's command lines are read.
  const tree: ProcessCpu[] = [];
  for (const queue = top ? [top] : []; queue.length > 0;) {
    const next = queue.shift()!;
    tree.push({ ...next, command: readCommand(next.pid) });
    queue.push(...(children.get(next.pid) ?? []));
  }
  return tree;
}
