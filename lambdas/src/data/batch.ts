/**
 * The one retry policy for DynamoDB's batch calls (BatchGetItem, BatchWriteItem, and ElectroDB's batch
 * operations over them). A batch call may answer part of its request as unprocessed (throttling, or the
 * call's size limit); those are asked for again after a pause that doubles with each attempt, jittered
 * so that parallel callers do not retry in step, and after BATCH_ATTEMPTS calls the caller gets an error
 * that names what is still unprocessed instead of a loop that never ends.
 */

const BATCH_ATTEMPTS = 8;
const FIRST_PAUSE_MS = 25;
const LONGEST_PAUSE_MS = 2_000;

/** "Full jitter": a random pause below a ceiling that doubles with each attempt. */
const backoffPause = (attempt: number) =>
  new Promise((resolve) => setTimeout(resolve, Math.random() * Math.min(LONGEST_PAUSE_MS, FIRST_PAUSE_MS * 2 ** attempt)));

class UnprocessedBatchError extends Error {
  override readonly name = 'UnprocessedBatchError';
  constructor(
    what: string,
    readonly unprocessed: readonly unknown[],
  ) {
    super(
      `${what}: ${unprocessed.length} left unprocessed by DynamoDB after ${BATCH_ATTEMPTS} attempts: ${JSON.stringify(unprocessed.slice(0, 5))}${unprocessed.length > 5 ? ', ...' : ''}`,
    );
  }
}

/**
 * Calls `run` with `requests`, then with whatever it answers as unprocessed, until nothing is left;
 * throws UnprocessedBatchError after BATCH_ATTEMPTS calls. `run` takes one batch call's worth (the
 * caller splits larger sets, or lets ElectroDB split them).
 */
export async function untilProcessed<T>(
  what: string,
  requests: readonly T[],
  run: (pending: readonly T[]) => Promise<readonly T[] | undefined>,
): Promise<void> {
  let pending: readonly T[] = requests;
  for (let attempt = 0; pending.length > 0; attempt++) {
    if (attempt >= BATCH_ATTEMPTS) throw new UnprocessedBatchError(what, pending);
    if (attempt > 0) await backoffPause(attempt);
    pending = (await run(pending)) ?? [];
  }
}

export function chunks<T>(items: readonly T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}
