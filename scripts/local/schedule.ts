import { appendFileSync } from 'node:fs';
import type { LocalService } from './process';

export interface ScheduleOptions {
  /** What the logs and the stack's service list call it. */
  readonly name: string;
  readonly everyMs: number;
  /** One run, as the cloud's schedule invokes the function. */
  readonly run: () => Promise<unknown>;
  /** Runs that failed are written here (the cloud's would be in the function's logs). */
  readonly logFile: string;
}

/**
 * What an EventBridge schedule does in the cloud: runs a function every so often. A run that is still
 * going when the next is due makes that one wait (the cloud function has a concurrency of one too).
 */
export function startSchedule(options: ScheduleOptions): LocalService {
  let running: Promise<void> | undefined;
  const tick = () => {
    if (running) return;
    running = options
      .run()
      .then(
        () => undefined,
        (error: unknown) =>
          appendFileSync(
            options.logFile,
            `${new Date().toISOString()} ${options.name} run failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
          ),
      )
      .finally(() => {
        running = undefined;
      });
  };
  const timer = setInterval(tick, options.everyMs);
  timer.unref();
  return {
    name: options.name,
    url: `every ${options.everyMs / 1000} s`,
    async stop() {
      clearInterval(timer);
      await running;
    },
  };
}
