import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { withoutSdkLogging } from './sdk-logging';

/**
 * The one DynamoDB client of a Lambda instance. The endpoint comes from the standard
 * `AWS_ENDPOINT_URL_DYNAMODB` variable when running locally, so no endpoint code lives here.
 * With DYNAMODB_USAGE_METER=1 (the directory benchmark) the client counts what it asks of DynamoDB.
 */
export function createDocumentClient(region: string): DynamoDBDocumentClient {
  const client = new DynamoDBClient({ region });
  if (process.env.DYNAMODB_USAGE_METER === '1') meterDynamoDbUsage(client);
  return documentClient(client);
}

/** The document client the data layer expects, over any DynamoDB client (tests bring their own), without the SDK's logger (sdk-logging.ts). */
export function documentClient(client: DynamoDBClient): DynamoDBDocumentClient {
  return DynamoDBDocumentClient.from(withoutSdkLogging(client), {
    marshallOptions: { removeUndefinedValues: true },
  });
}

/** What metered clients of this process have asked of DynamoDB since the last reset. */
export interface DynamoDbUsage {
  requests: number;
  /** Items DynamoDB read: a query's scanned items, the items a get or batch get found. */
  itemsRead: number;
  /** Capacity units DynamoDB reports (ReturnConsumedCapacity TOTAL), reads and writes together. */
  capacityUnits: number;
  /** Requests and items read per operation (Query, BatchGetItem, ...). */
  byOperation: Record<string, { requests: number; itemsRead: number }>;
  /**
   * Round trips one after another: requests sent while none was in flight (those sent while another was
   * waiting went side by side with it). What a request's latency grows with, wherever DynamoDB is.
   */
  rounds: number;
  /** Milliseconds with at least one request in flight (sent to answered, the SDK's own work included). */
  waitingMs: number;
}

/** One tally per process, whichever copy of this module a client was made by, so a benchmark can read what a handler did. */
const USAGE = Symbol.for('solutionz.dynamoDbUsage');
type Tally = DynamoDbUsage & { inFlight: number; busySince: number };
const emptyTally = () => ({ requests: 0, itemsRead: 0, capacityUnits: 0, byOperation: {}, rounds: 0, waitingMs: 0, inFlight: 0, busySince: 0 });
const tally = (): Tally => ((globalThis as Record<symbol, Tally | undefined>)[USAGE] ??= emptyTally());

export function dynamoDbUsage(): DynamoDbUsage {
  const { inFlight, busySince, ...usage } = tally();
  return {
    ...usage,
    // A request still in flight counts up to now.
    waitingMs: usage.waitingMs + (inFlight > 0 ? performance.now() - busySince : 0),
    byOperation: Object.fromEntries(Object.entries(usage.byOperation).map(([operation, counts]) => [operation, { ...counts }])),
  };
}

export function resetDynamoDbUsage(): void {
  const { inFlight } = tally();
  // Requests in flight across a reset still end in it: the waiting counts from now.
  Object.assign(tally(), { ...emptyTally(), inFlight, busySince: performance.now() });
}

/** The operations that take ReturnConsumedCapacity (asking it of another is an error). */
const CAPACITY_REPORTING = new Set([
  'GetItem',
  'BatchGetItem',
  'Query',
  'Scan',
  'PutItem',
  'UpdateItem',
  'DeleteItem',
  'BatchWriteItem',
  'TransactGetItems',
  'TransactWriteItems',
]);

interface MeteredOutput {
  readonly Item?: unknown;
  readonly ScannedCount?: number;
  readonly Responses?: Record<string, unknown[]> | unknown[];
  readonly ConsumedCapacity?: { readonly CapacityUnits?: number } | readonly { readonly CapacityUnits?: number }[];
}

function itemsReadBy(operation: string, output: MeteredOutput): number {
  if (operation === 'Query' || operation === 'Scan') return output.ScannedCount ?? 0;
  if (operation === 'GetItem') return output.Item ? 1 : 0;
  if (operation === 'TransactGetItems') return Array.isArray(output.Responses) ? output.Responses.length : 0;
  if (operation === 'BatchGetItem' && output.Responses && !Array.isArray(output.Responses)) {
    return Object.values(output.Responses).reduce((sum, items) => sum + items.length, 0);
  }
  return 0;
}

/**
 * Counts every request the client sends, the items DynamoDB read for it and the capacity it reports, and
 * times them: round trips one after another, and the time spent waiting on them.
 * ReturnConsumedCapacity is added to the request body the protocol serialised (the document client
 * builds its input afresh below the initialize step, so the input cannot carry it).
 */
export function meterDynamoDbUsage(client: DynamoDBClient): void {
  client.middlewareStack.add(
    (next, context) => async (args) => {
      const operation = String(context.commandName ?? '').replace(/Command$/, '');
      const request = args.request as { body?: unknown; headers?: Record<string, string> } | undefined;
      if (CAPACITY_REPORTING.has(operation) && request && (typeof request.body === 'string' || request.body instanceof Uint8Array)) {
        const body = typeof request.body === 'string' ? request.body : new TextDecoder().decode(request.body);
        const asking = new TextEncoder().encode(JSON.stringify({ ...(JSON.parse(body) as object), ReturnConsumedCapacity: 'TOTAL' }));
        request.body = asking;
        if (request.headers?.['content-length'] !== undefined) request.headers['content-length'] = String(asking.byteLength);
      }
      const sending = tally();
      if (sending.inFlight++ === 0) {
        sending.rounds += 1;
        sending.busySince = performance.now();
      }
      let result: Awaited<ReturnType<typeof next>>;
      try {
        result = await next(args);
      } finally {
        const answered = tally();
        if (--answered.inFlight === 0) answered.waitingMs += performance.now() - answered.busySince;
      }
      const output = result.output as MeteredOutput;
      const usage = tally();
      const itemsRead = itemsReadBy(operation, output);
      const byOperation = (usage.byOperation[operation] ??= { requests: 0, itemsRead: 0 });
      usage.requests += 1;
      usage.itemsRead += itemsRead;
      byOperation.requests += 1;
      byOperation.itemsRead += itemsRead;
      const consumed = output.ConsumedCapacity;
      for (const entry of Array.isArray(consumed) ? consumed : consumed ? [consumed] : []) usage.capacityUnits += entry.CapacityUnits ?? 0;
      return result;
    },
    // Before the content length is worked out and the request signed.
    { step: 'build', priority: 'high', name: 'dynamoDbUsageMeter' },
  );
}
