/** How the stream workers (job alerts, provider updates) send their mails. */

/** Tries `send` up to `attempts` times, pausing between tries (`pause(attempt)` counts from 1). */
export async function sendWithRetries(
  send: () => Promise<void>,
  attempts: number,
  pause: (attempt: number) => Promise<void>,
): Promise<{ sent: true } | { sent: false; error: string }> {
  for (let attempt = 1; ; attempt++) {
    try {
      await send();
      return { sent: true };
    } catch (error) {
      if (attempt >= attempts) return { sent: false, error: error instanceof Error ? error.message : String(error) };
      await pause(attempt);
    }
  }
}

/** Runs `run` over the items at most `limit` at a time, the results in the items' order. */
export async function inParallel<T, R>(items: readonly T[], limit: number, run: (item: T) => Promise<R>): Promise<R[]> {
  const results: R[] = new Array<R>(items.length);
  let next = 0;
  const worker = async () => {
    for (let index = next++; index < items.length; index = next++) results[index] = await run(items[index]!);
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return results;
}
