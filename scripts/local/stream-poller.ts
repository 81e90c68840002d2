import { appendFileSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { DescribeTableCommand, DynamoDBClient } from '@aws-sdk/client-dynamodb';
import {
  DescribeStreamCommand,
  DynamoDBStreamsClient,
  ExpiredIteratorException,
  GetRecordsCommand,
  GetShardIteratorCommand,
  TrimmedDataAccessException,
  type _Record as StreamsRecord,
  type Shard,
  type ShardIteratorType,
} from '@aws-sdk/client-dynamodb-streams';
import type { DynamoDBBatchResponse, DynamoDBRecord, DynamoDBStreamEvent } from 'aws-lambda';
import { matchesFilterPattern, type FilterPattern } from './event-filter';
import type { LocalService } from './process';

/** A stream-fed Lambda handler, as the cloud's event source mapping calls it. */
export type StreamHandler = (event: DynamoDBStreamEvent) => Promise<DynamoDBBatchResponse | void>;

export interface StreamPollerOptions {
  /** DynamoDB Local, which serves the Streams API on the same port. */
  readonly endpoint: string;
  readonly region: string;
  readonly credentials: { readonly accessKeyId: string; readonly secretAccessKey: string };
  readonly tableName: string;
  readonly handler: StreamHandler;
  /** The event source mapping's filters: only records matching one of them reach the handler. */
  readonly filters: readonly FilterPattern[];
  /** `job-alerts.log` and `job-alerts-failed.log` go here. */
  readonly logsDir: string;
  /** How long to wait when no shard had new records. */
  readonly idleMs?: number;
  /** The pause before the first re-delivery of records the handler failed; each next one waits once more as long. */
  readonly retryBaseMs?: number;
}

export interface StreamPoller extends LocalService {
  /** The stream's ARN. */
  readonly url: string;
  /**
   * Resolves once every record written to the stream before the call has been handed to the handler (failed ones
   * delivered again or written off), so a test asserts on what the handler did instead of waiting for the next poll.
   */
  drain(): Promise<void>;
  /** Ends the loop: pauses are cut short and requests in flight are aborted. */
  stop(): Promise<void>;
}

/** Re-deliveries of failed records before they are written off, as the cloud mapping's retryAttempts. */
export const STREAM_RETRY_ATTEMPTS = 3;
const RECORDS_PER_CALL = 100;
/** Records per handler call, as the cloud mapping's batchSize. */
const BATCH_SIZE = 10;
/** New shards are looked for this often, at once when one ends, and on every round while none is open. */
const SHARD_REFRESH_MS = 5_000;
/** stop() waits at most this long for a handler call in flight. */
const STOP_GRACE_MS = 3_000;

interface ShardReader {
  /** null once a closed shard has been read to its end. */
  iterator: string | null;
  lastSequenceNumber?: string;
  /** The number of the latest read that found nothing new (drainTracker): the shard was read to its end then. */
  caughtUpAt: number;
  /** Where reading began (LATEST or TRIM_HORIZON), to begin again if the iterator lapses before any record. */
  readonly from: ShardIteratorType;
}

/** The record as Lambda passes it to a function of a DynamoDB event source. */
function lambdaRecord(record: StreamsRecord, streamArn: string, region: string): DynamoDBRecord {
  const change = record.dynamodb ?? {};
  const created = change.ApproximateCreationDateTime;
  return {
    eventID: record.eventID,
    eventName: record.eventName,
    eventVersion: '1.1',
    eventSource: 'aws:dynamodb',
    awsRegion: region,
    eventSourceARN: streamArn,
    dynamodb: {
      ApproximateCreationDateTime: created ? Math.floor(created.getTime() / 1000) : undefined,
      // The Streams API's attribute values, passed through as Lambda passes them.
      Keys: change.Keys as NonNullable<DynamoDBRecord['dynamodb']>['Keys'],
      NewImage: change.NewImage as NonNullable<DynamoDBRecord['dynamodb']>['NewImage'],
      SequenceNumber: change.SequenceNumber,
      SizeBytes: change.SizeBytes,
      StreamViewType: change.StreamViewType,
    },
  };
}

/**
 * The drains asked of a poller. The poller numbers the shard reads and listings it begins; a drain asked for after
 * read n is met once the shards were listed and every open shard read to its end (a read that found nothing new)
 * by reads numbered above n: what was in the stream when it was asked for has been delivered by then.
 */
function drainTracker() {
  let reads = 0;
  let listedAt = 0;
  let waiting: { readonly asked: number; readonly done: () => void; readonly failed: (error: Error) => void }[] = [];
  return {
    /** The number of a read or listing about to begin. */
    begin: () => ++reads,
    /** A listing of the shards, numbered `begun`, has ended. */
    listed(begun: number) {
      listedAt = begun;
    },
    ask: () => new Promise<void>((done, failed) => waiting.push({ asked: reads, done, failed })),
    pending: () => waiting.length > 0,
    /** Settles the drains that are met by now, given the open shards' latest reads to their end. */
    settle(readers: Iterable<Pick<ShardReader, 'caughtUpAt'>>) {
      const caughtUpSince = Math.min(listedAt, ...[...readers].map((reader) => reader.caughtUpAt));
      const met = waiting.filter((drain) => caughtUpSince > drain.asked);
      waiting = waiting.filter((drain) => caughtUpSince <= drain.asked);
      for (const drain of met) drain.done();
    },
    fail(error: Error) {
      for (const drain of waiting.splice(0)) drain.failed(error);
    },
  };
}

function describeError(error: unknown): string {
  return error instanceof Error ? `${error.name}: ${error.message}` : String(error);
}

/** Every shard of the stream, a page of them at a time. */
async function listShards(streams: DynamoDBStreamsClient, streamArn: string, signal: AbortSignal): Promise<Shard[]> {
  const shards: Shard[] = [];
  let exclusiveStartShardId: string | undefined;
  do {
    const { StreamDescription } = await streams.send(new DescribeStreamCommand({ StreamArn: streamArn, ExclusiveStartShardId: exclusiveStartShardId }), {
      abortSignal: signal,
    });
    shards.push(...(StreamDescription?.Shards ?? []));
    exclusiveStartShardId = StreamDescription?.LastEvaluatedShardId;
  } while (exclusiveStartShardId);
  return shards;
}

/** The poller's pauses: each ends after its time or at once when stopping; `wake` ends the idle one early. */
function pauses(signal: AbortSignal) {
  let idle: (() => void) | undefined;
  /** Resolves after `ms`, or at once when stopping (or when woken, for the `wakeable` idle pause). */
  const pause = (ms: number, wakeable = false) =>
    new Promise<void>((resolve) => {
      const timer = setTimeout(done, ms);
      function done() {
        clearTimeout(timer);
        signal.removeEventListener('abort', done);
        if (idle === done) idle = undefined;
        resolve();
      }
      signal.addEventListener('abort', done, { once: true });
      if (wakeable) idle = done;
    });
  return { pause, wake: () => idle?.() };
}

interface DeliveryOptions extends Pick<StreamPollerOptions, 'handler' | 'filters' | 'region'> {
  readonly streamArn: string;
  readonly retryBaseMs: number;
  /** Where records written off go (job-alerts-failed.log). */
  readonly failedFile: string;
  readonly log: (line: string) => void;
  readonly pause: (ms: number) => Promise<void>;
  readonly signal: AbortSignal;
}

/**
 * What the poller does with the records of one read: those the filters pass go to the handler in batches, each
 * record the handler fails delivered again up to STREAM_RETRY_ATTEMPTS times, then written off.
 */
function recordDelivery({ handler, filters, region, streamArn, retryBaseMs, failedFile, log, pause, signal }: DeliveryOptions) {
  const writeOff = (records: DynamoDBRecord[], reason: string) => {
    for (const record of records) {
      appendFileSync(
        failedFile,
        `${JSON.stringify({ at: new Date().toISOString(), reason, eventID: record.eventID, sequenceNumber: record.dynamodb?.SequenceNumber, keys: record.dynamodb?.Keys })}\n`,
      );
    }
    log(`wrote off ${records.length} record(s) to job-alerts-failed.log: ${reason}`);
  };

  const deliverBatch = async (batch: DynamoDBRecord[]) => {
    let pending = batch;
    for (let attempt = 0; pending.length; attempt++) {
      if (attempt > 0) {
        log(`re-delivering ${pending.length} failed record(s), retry ${attempt} of ${STREAM_RETRY_ATTEMPTS}`);
        await pause(retryBaseMs * attempt);
      }
      if (signal.aborted) return writeOff(pending, 'the stack stopped before they were delivered');
      let failedIds: Set<string | undefined>;
      let reason: string;
      try {
        const response = await handler({ Records: pending });
        failedIds = new Set((response?.batchItemFailures ?? []).map((failure) => failure.itemIdentifier));
        reason = 'the handler reported them as failed';
      } catch (error) {
        failedIds = new Set(pending.map((record) => record.dynamodb?.SequenceNumber));
        reason = `the handler threw ${describeError(error)}`;
        log(reason);
      }
      const failed = pending.filter((record) => failedIds.has(record.dynamodb?.SequenceNumber));
      log(`delivered ${pending.length - failed.length} of ${pending.length} record(s)`);
      if (failed.length && attempt === STREAM_RETRY_ATTEMPTS) return writeOff(failed, `${reason} ${STREAM_RETRY_ATTEMPTS + 1} times`);
      pending = failed;
    }
  };

  const deliver = async (records: StreamsRecord[]) => {
    const passed = records
      .map((record) => lambdaRecord(record, streamArn, region))
      .filter((record) => filters.some((filter) => matchesFilterPattern(filter, record)));
    for (let start = 0; start < passed.length; start += BATCH_SIZE) await deliverBatch(passed.slice(start, start + BATCH_SIZE));
  };

  return deliver;
}

/**
 * Reads the table's stream in DynamoDB Local and calls `handler` with what the cloud's event source
 * mapping would pass it: the records `filters` let through, in the Lambda event shape. Records the
 * handler reports as failed (or all, if it throws) are delivered again up to STREAM_RETRY_ATTEMPTS times
 * with a growing pause, then written to job-alerts-failed.log. Resolves once it reads from the current
 * end of the stream, so whatever is written after that is delivered.
 */
export async function startStreamPoller(options: StreamPollerOptions): Promise<StreamPoller> {
  const idleMs = options.idleMs ?? 500;
  const retryBaseMs = options.retryBaseMs ?? 1_000;
  const clientConfig = { endpoint: options.endpoint, region: options.region, credentials: { ...options.credentials } };
  mkdirSync(options.logsDir, { recursive: true });
  const logFile = join(options.logsDir, 'job-alerts.log');
  const failedFile = join(options.logsDir, 'job-alerts-failed.log');
  const log = (line: string) => appendFileSync(logFile, `${new Date().toISOString()} ${line}\n`);

  const stopping = new AbortController();
  const { signal } = stopping;
  const { pause, wake } = pauses(signal);

  const dynamodb = new DynamoDBClient(clientConfig);
  const { Table } = await dynamodb.send(new DescribeTableCommand({ TableName: options.tableName })).finally(() => dynamodb.destroy());
  const streamArn = Table?.LatestStreamArn;
  if (!streamArn || !Table?.StreamSpecification?.StreamEnabled) throw new Error(`The table ${options.tableName} has no stream to poll`);
  const streams = new DynamoDBStreamsClient(clientConfig);

  const readers = new Map<string, ShardReader>();
  /** Shards read to their end: DescribeStream keeps listing them until they are trimmed. */
  const finished = new Set<string>();
  const drains = drainTracker();
  /** Set to 0 to list the shards on the next round. */
  let refreshedAt = Date.now();

  const iteratorFor = async (shardId: string, type: ShardIteratorType, sequenceNumber?: string): Promise<string | null> => {
    const { ShardIterator } = await streams.send(
      new GetShardIteratorCommand({ StreamArn: streamArn, ShardId: shardId, ShardIteratorType: type, SequenceNumber: sequenceNumber }),
      { abortSignal: signal },
    );
    return ShardIterator ?? null;
  };

  /**
   * Shards open now are read from their current end (what is in them was written before the stack was
   * ready, demo data included); closed ones hold nothing new. Shards that appear later (DynamoDB Local
   * rotates them) are read from their start.
   */
  const addShards = async (initial: boolean) => {
    const begun = drains.begin();
    for (const shard of await listShards(streams, streamArn, signal)) {
      const shardId = shard.ShardId!;
      if (readers.has(shardId) || finished.has(shardId)) continue;
      const closed = shard.SequenceNumberRange?.EndingSequenceNumber !== undefined;
      if (initial && closed) {
        finished.add(shardId);
        continue;
      }
      const from: ShardIteratorType = initial ? 'LATEST' : 'TRIM_HORIZON';
      readers.set(shardId, { iterator: await iteratorFor(shardId, from), from, caughtUpAt: 0 });
    }
    drains.listed(begun);
  };

  const deliver = recordDelivery({ ...options, streamArn, retryBaseMs, failedFile, log, pause, signal });

  /** Reads what is new in one shard; true when there was something. */
  const readShard = async (shardId: string, reader: ShardReader): Promise<boolean> => {
    const begun = drains.begin();
    try {
      const { Records = [], NextShardIterator } = await streams.send(new GetRecordsCommand({ ShardIterator: reader.iterator!, Limit: RECORDS_PER_CALL }), {
        abortSignal: signal,
      });
      reader.iterator = NextShardIterator ?? null;
      if (Records.length) {
        reader.lastSequenceNumber = Records.at(-1)!.dynamodb?.SequenceNumber;
        await deliver(Records);
      } else {
        reader.caughtUpAt = begun;
      }
      return Records.length > 0;
    } catch (error) {
      // An iterator lapses after 15 minutes unused (a machine that slept): carry on after the last record read.
      if (error instanceof ExpiredIteratorException) {
        reader.iterator = reader.lastSequenceNumber
          ? await iteratorFor(shardId, 'AFTER_SEQUENCE_NUMBER', reader.lastSequenceNumber)
          : await iteratorFor(shardId, reader.from);
        return false;
      }
      if (error instanceof TrimmedDataAccessException) {
        reader.iterator = await iteratorFor(shardId, 'TRIM_HORIZON');
        return false;
      }
      throw error;
    }
  };

  try {
    await addShards(true);
  } catch (error) {
    streams.destroy();
    throw error;
  }
  log(`polling ${streamArn} (${readers.size} open shard(s))`);

  const loop = (async () => {
    while (!signal.aborted) {
      try {
        let busy = false;
        for (const [shardId, reader] of readers) {
          if (signal.aborted) break;
          busy = (await readShard(shardId, reader)) || busy;
          if (reader.iterator === null) {
            readers.delete(shardId);
            finished.add(shardId);
            refreshedAt = 0;
          }
        }
        if (!signal.aborted && (readers.size === 0 || Date.now() - refreshedAt >= SHARD_REFRESH_MS)) {
          await addShards(false);
          refreshedAt = Date.now();
        }
        drains.settle(readers.values());
        if (!busy && !drains.pending()) await pause(idleMs, true);
      } catch (error) {
        if (signal.aborted) break;
        log(`polling failed, trying again: ${describeError(error)}`);
        await pause(idleMs);
      }
    }
  })();

  return {
    name: 'job alerts stream poller',
    url: streamArn,
    drain() {
      if (signal.aborted) return Promise.reject(new Error('The stream poller has stopped'));
      const drained = drains.ask();
      // Shards DynamoDB Local opened since the last listing hold records too.
      refreshedAt = 0;
      wake();
      return drained;
    },
    async stop() {
      stopping.abort();
      drains.fail(new Error('The stream poller stopped before it had read the stream to its end'));
      await Promise.race([loop, new Promise((resolve) => setTimeout(resolve, STOP_GRACE_MS).unref())]);
      log('stopped');
      streams.destroy();
    },
  };
}
