/**
 * What a refused write means, for every repository: a condition that did not hold (the item is not as
 * the write expected: often "already done"), or a transaction that met another at the same moment
 * (DynamoDB cancels rather than waits: try again).
 */

interface SdkError {
  readonly name?: string;
  readonly cause?: unknown;
  readonly CancellationReasons?: readonly { readonly Code?: string }[];
}

function cancellationCodes(error: SdkError): string[] {
  return (error.CancellationReasons ?? []).map((reason) => reason.Code ?? 'None');
}

/**
 * A condition failed: ConditionalCheckFailedException anywhere in the cause chain (ElectroDB wraps the
 * SDK's error), or a cancelled transaction whose reasons name one and no conflict.
 */
export function isConditionFailure(error: unknown): boolean {
  for (let e = error as SdkError | undefined, depth = 0; e && depth < 5; e = e.cause as SdkError | undefined, depth++) {
    if (e.name === 'ConditionalCheckFailedException') return true;
    if (e.name === 'TransactionCanceledException') {
      const codes = cancellationCodes(e);
      return codes.includes('ConditionalCheckFailed') && !codes.includes('TransactionConflict');
    }
  }
  return false;
}

/** A transaction cancelled because another touched one of its items at the same moment. */
export function isTransactionConflict(error: unknown): boolean {
  const e = error as SdkError | undefined;
  return e?.name === 'TransactionCanceledException' && cancellationCodes(e).includes('TransactionConflict');
}

/** Concurrent writes to one counter conflict in DynamoDB; each retries after a short random pause. */
export const MAX_CONFLICT_RETRIES = 50;
export const conflictPause = (attempt: number) => new Promise((resolve) => setTimeout(resolve, Math.random() * Math.min(50, 5 * attempt)));

/**
 * What an attempt answers when it met another write (its transaction cancelled, or what it read changed
 * before it wrote) and should run again.
 */
export const CONFLICT: unique symbol = Symbol('transaction conflict');

/**
 * Runs `attempt` (numbered from 1) again after a short random pause while it answers CONFLICT or throws a
 * transaction conflict, up to MAX_CONFLICT_RETRIES times; anything else it answers or throws goes to the
 * caller. An attempt that reads before it writes reads again each time, so it plans from what is stored now.
 */
export async function retryOnConflict<T>(what: string, attempt: (attempt: number) => Promise<T | typeof CONFLICT>): Promise<T> {
  let lastConflict: unknown;
  for (let n = 1; n <= MAX_CONFLICT_RETRIES; n++) {
    if (n > 1) await conflictPause(n - 1);
    try {
      const outcome = await attempt(n);
      if (outcome !== CONFLICT) return outcome;
      lastConflict = undefined;
    } catch (error) {
      if (!isTransactionConflict(error)) throw error;
      lastConflict = error;
    }
  }
  throw new Error(`${what} kept meeting other writes`, lastConflict === undefined ? undefined : { cause: lastConflict });
}
