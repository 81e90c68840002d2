import { TransactionCanceledException, ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { describe, expect, it } from 'vitest';
import { CONFLICT, isConditionFailure, isTransactionConflict, MAX_CONFLICT_RETRIES, retryOnConflict } from './write-outcomes';

const cancelled = (...codes: string[]) =>
  new TransactionCanceledException({ message: 'Transaction cancelled', $metadata: {}, CancellationReasons: codes.map((Code) => ({ Code })) });

describe('write outcomes', () => {
  it('tells a failed condition, also wrapped or inside a cancelled transaction, from a conflict to retry', () => {
    const failed = new ConditionalCheckFailedException({ message: 'The conditional request failed', $metadata: {} });
    expect(isConditionFailure(failed)).toBe(true);
    expect(isConditionFailure(new Error('ElectroDB', { cause: failed }))).toBe(true);
    expect(isConditionFailure(cancelled('None', 'ConditionalCheckFailed'))).toBe(true);

    const conflict = cancelled('None', 'TransactionConflict');
    expect(isConditionFailure(conflict)).toBe(false);
    expect(isTransactionConflict(conflict)).toBe(true);
    expect(isConditionFailure(cancelled('ConditionalCheckFailed', 'TransactionConflict'))).toBe(false);
    expect(isTransactionConflict(failed)).toBe(false);
    expect(isConditionFailure(new Error('network down'))).toBe(false);
  });

  it('runs a write again while it meets other writes, and hands back its answer', async () => {
    const attempts: number[] = [];
    const outcome = await retryOnConflict('The test write', async (attempt) => {
      attempts.push(attempt);
      if (attempt === 1) throw cancelled('None', 'TransactionConflict');
      if (attempt === 2) return CONFLICT;
      return 'written';
    });
    expect(outcome).toBe('written');
    expect(attempts).toEqual([1, 2, 3]);
  });

  it('passes any other failure straight to the caller', async () => {
    let attempts = 0;
    const failed = cancelled('ConditionalCheckFailed');
    await expect(
      retryOnConflict('The test write', async () => {
        attempts++;
        throw failed;
      }),
    ).rejects.toBe(failed);
    expect(attempts).toBe(1);
  });

  it('gives up after a bounded number of conflicts', async () => {
    let attempts = 0;
    const conflict = cancelled('TransactionConflict');
    const failure = await retryOnConflict('The test write', async () => {
      attempts++;
      throw conflict;
    }).catch((error: unknown) => error as Error);
    expect(failure).toBeInstanceOf(Error);
    expect((failure as Error).message).toBe('The test write kept meeting other writes');
    expect((failure as Error).cause).toBe(conflict);
    expect(attempts).toBe(MAX_CONFLICT_RETRIES);
  });
});
