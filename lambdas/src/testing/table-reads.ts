import type { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { TABLE } from '../data/table-definition';

/** One command a client sent the table: its name, the index it read (if any) and the partition keys it named. */
interface TableRead {
  readonly command: string;
  readonly indexName?: string;
  readonly partitions: readonly string[];
}

type Input = Record<string, unknown> & {
  Key?: Record<string, unknown>;
  RequestItems?: Record<string, { Keys?: Record<string, unknown>[] }>;
  IndexName?: string;
  KeyConditionExpression?: string;
  ExpressionAttributeNames?: Record<string, string>;
  ExpressionAttributeValues?: Record<string, unknown>;
};

/** A key attribute's text, marshalled (`{ S: 'USER#1' }`) or not. */
const text = (value: unknown) => (typeof value === 'string' ? value : String((value as { S?: unknown } | undefined)?.S));

/** The partition key value a Query's key condition names (`#pk = :pk`). */
function queriedPartition(input: Input): string[] {
  const names = Object.entries(input.ExpressionAttributeNames ?? {})
    .filter(([, attribute]) => attribute === TABLE.partitionKey)
    .map(([placeholder]) => placeholder);
  for (const name of [...names, TABLE.partitionKey]) {
    const conditions = (input.KeyConditionExpression ?? '').split(/\band\b/i).map((part) => part.split('=').map((side) => side.trim()));
    const placeholder = conditions.find(([left]) => left === name)?.[1];
    if (placeholder) return [text(input.ExpressionAttributeValues?.[placeholder])];
  }
  return [];
}

function readOf(command: string, input: Input): TableRead {
  const partitions =
    command === 'GetItemCommand'
      ? [text(input.Key?.[TABLE.partitionKey])]
      : command === 'BatchGetItemCommand'
        ? Object.values(input.RequestItems ?? {}).flatMap((request) => (request.Keys ?? []).map((key) => text(key[TABLE.partitionKey])))
        : command === 'QueryCommand'
          ? queriedPartition(input)
          : [];
  return { command, ...(input.IndexName ? { indexName: input.IndexName } : {}), partitions };
}

/** Records every command `client` sends from now on, as it reaches DynamoDB: what an IAM policy on it would be asked. */
export function recordTableReads(client: DynamoDBClient): TableRead[] {
  const reads: TableRead[] = [];
  client.middlewareStack.add(
    (next, context) => async (args) => {
      reads.push(readOf(context.commandName ?? 'unknown', args.input as Input));
      return next(args);
    },
    { step: 'build', name: 'recordTableReads' },
  );
  return reads;
}

/** Whether a partition key matches one of the patterns as IAM's `StringLike` does, for patterns with a `*` at the end at most. */
export function matchesKeyPattern(partition: string, patterns: readonly string[]): boolean {
  return patterns.some((pattern) => (pattern.endsWith('*') ? partition.startsWith(pattern.slice(0, -1)) : partition === pattern));
}
