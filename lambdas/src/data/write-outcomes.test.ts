import { TransactionCanceledException, ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { describe, expect, it } from 'vitest';
import { isConditionFailure, isTransactionConflict } from './write-outcomes';

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
});
