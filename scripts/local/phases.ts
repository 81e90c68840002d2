/**
 * Where a start's time goes: each step of the local stack's start is timed, and `npm start` prints the
 * figures with its "Ready in" line, so the start's time is visible on every start. Steps that
 * run side by side each have their own figure, so the figures add up to more than the wall time.
 */
export interface PhaseTimes {
  /** Seconds per step, in the order the steps began. */
  readonly seconds: ReadonlyMap<string, number>;
}

export interface PhaseClock extends PhaseTimes {
  /** Runs `work`, adding its time to the step `name` (a step timed twice adds up). */
  time<T>(name: string, work: () => Promise<T>): Promise<T>;
  /** Starts the step `name` now; the function answered ends it (for a step that spans several statements). */
  begin(name: string): () => void;
}

export function phaseClock(): PhaseClock {
  const seconds = new Map<string, number>();
  const begin = (name: string) => {
    if (!seconds.has(name)) seconds.set(name, 0);
    const started = performance.now();
    return () => void seconds.set(name, seconds.get(name)! + (performance.now() - started) / 1000);
  };
  return {
    seconds,
    begin,
    async time<T>(name: string, work: () => Promise<T>): Promise<T> {
      const end = begin(name);
      try {
        return await work();
      } finally {
        end();
      }
    },
  };
}

/** "servers 2.1, table 0.8, demo 5.0": the steps at a tenth of a second, those under 0.05 s left out. */
export function formatPhases(times: PhaseTimes): string {
  return [...times.seconds]
    .filter(([, seconds]) => seconds >= 0.05)
    .map(([name, seconds]) => `${name} ${seconds.toFixed(1)}`)
    .join(', ');
}
