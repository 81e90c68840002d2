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
