import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { BatchWriteCommand, DeleteCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import {
  DescribeStreamCommand,
  DynamoDBStreamsClient,
  ExpiredIteratorException,
  GetRecordsCommand,
  GetShardIteratorCommand,
  type _Record as StreamsRecord,
} from '@aws-sdk/client-dynamodb-streams';
import { mockClient } from 'aws-sdk-client-mock';
import type { DynamoDBBatchResponse, DynamoDBRecord, DynamoDBStreamEvent } from 'aws-lambda';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { documentClient } from '@solutionz/lambdas/adapters/dynamodb';
import { JOB_STREAM_FILTER, jobContactEntity, jobKey, savedJobEntity } from '@solutionz/lambdas/data/jobs';
import { TABLE } from '@solutionz/lambdas/data/table-definition';
import { TEST_CREDENTIALS, TEST_REGION, useTestTable } from '@solutionz/lambdas/testing/dynamodb-table';
import { STREAM_RETRY_ATTEMPTS, startStreamPoller, type StreamHandler, type StreamPoller } from './stream-poller';

const table = useTestTable({ stream: true });
const client = new DynamoDBClient({ region: TEST_REGION, endpoint: table.endpoint, credentials: TEST_CREDENTIALS });
const documents = documentClient(client);
const workDir = mkdtempSync(join(tmpdir(), 'solutionz-stream-poller-'));
let poller: StreamPoller | undefined;
let logsDir: string;

afterEach(async () => {
  await poller?.stop();
  poller = undefined;
});
afterAll(() => {
  client.destroy();
  rmSync(workDir, { recursive: true, force: true });
});

async function start(handler: StreamHandler, retryBaseMs = 20, idleMs = 50): Promise<StreamPoller> {
  logsDir = mkdtempSync(join(workDir, 'logs-'));
  poller = await startStreamPoller({
    endpoint: table.endpoint,
    region: TEST_REGION,
    credentials: TEST_CREDENTIALS,
    tableName: table.tableName,
    handler,
    filters: [JOB_STREAM_FILTER],
    logsDir,
    idleMs,
    retryBaseMs,
  });
  return poller;
}

/** A handler that records what reaches it; `fails` picks the records it reports as failed. */
function recordingHandler(fails: (record: DynamoDBRecord) => boolean = () => false) {
  const delivered: DynamoDBRecord[] = [];
  const handler = async (event: DynamoDBStreamEvent): Promise<DynamoDBBatchResponse> => {
    delivered.push(...event.Records);
    return { batchItemFailures: event.Records.filter(fails).map((record) => ({ itemIdentifier: record.dynamodb!.SequenceNumber! })) };
  };
  const jobIds = () => delivered.map((record) => record.dynamodb!.Keys![TABLE.partitionKey]!.S);
  return { delivered, handler, jobIds };
}

const putJob = (jobId: string, title = 'Fix a dripping tap') =>
  documents.send(new PutCommand({ TableName: table.tableName, Item: { ...jobKey(jobId), jobId, title } }));
const failedLog = () => (existsSync(join(logsDir, 'job-alerts-failed.log')) ? readFileSync(join(logsDir, 'job-alerts-failed.log'), 'utf8') : '');

describe('the local stream poller', () => {
  it('hands a job posted right after it starts to the handler once, shaped as Lambda passes it', async () => {
    const { delivered, handler, jobIds } = recordingHandler();
    const started = await start(handler);
    const before = Math.floor(Date.now() / 1000);
    await putJob('job-1');
    await expect.poll(jobIds).toEqual(['JOB#job-1']);
    // Another job after it: once that one arrives, the first would have come again before it.
    await putJob('job-2');
    await expect.poll(jobIds).toEqual(['JOB#job-1', 'JOB#job-2']);

    expect(delivered[0]).toEqual({
      eventID: expect.any(String),
      eventName: 'INSERT',
      eventVersion: '1.1',
      eventSource: 'aws:dynamodb',
      awsRegion: TEST_REGION,
      eventSourceARN: started.url,
      dynamodb: {
        ApproximateCreationDateTime: expect.any(Number),
        Keys: { PK: { S: 'JOB#job-1' }, SK: { S: 'JOB' } },
        NewImage: { PK: { S: 'JOB#job-1' }, SK: { S: 'JOB' }, jobId: { S: 'job-1' }, title: { S: 'Fix a dripping tap' } },
        SequenceNumber: expect.any(String),
        SizeBytes: expect.any(Number),
        StreamViewType: 'NEW_IMAGE',
      },
    });
    expect(started.url).toContain(table.tableName);
    // DynamoDB Local rounds it down to the minute.
    expect(delivered[0]!.dynamodb!.ApproximateCreationDateTime).toBeGreaterThan(before - 61);
    expect(readFileSync(join(logsDir, 'job-alerts.log'), 'utf8')).toContain('delivered 1 of 1 record(s)');
  });

  it('leaves out what the filter does not pass: contacts, other items, changes to a job and jobs from before it started', async () => {
    await putJob('old');
    const { handler, jobIds } = recordingHandler();
    await start(handler);
    await documents.send(
      new PutCommand({
        TableName: table.tableName,
        Item: jobContactEntity.put({ jobId: 'job-1', contactName: 'Cara', contactEmail: 'client@example.com' }).params({ table: table.tableName }).Item,
      }),
    );
    await documents.send(
      new PutCommand({
        TableName: table.tableName,
        Item: savedJobEntity.put({ providerId: 'provider-1', jobId: 'job-1', savedAt: '2026-11-23T12:00:00.000Z' }).params({ table: table.tableName }).Item,
      }),
    );
    await putJob('job-1');
    await documents.send(
      new UpdateCommand({
        TableName: table.tableName,
        Key: jobKey('job-1'),
        UpdateExpression: 'SET title = :title',
        ExpressionAttributeValues: { ':title': 'Fix two taps' },
      }),
    );
    await documents.send(new DeleteCommand({ TableName: table.tableName, Key: jobKey('old') }));
    await putJob('job-2');
    await expect.poll(jobIds).toContain('JOB#job-2');
    expect(jobIds()).toEqual(['JOB#job-1', 'JOB#job-2']);
  });

  it('hands the handler at most ten records at a time, as the cloud mapping does', async () => {
    const sizes: number[] = [];
    const { handler, jobIds } = recordingHandler();
    await start(async (event) => {
      sizes.push(event.Records.length);
      return handler(event);
    });
    const jobs = Array.from({ length: 12 }, (_, index) => ({ PutRequest: { Item: { ...jobKey(`job-${index}`), jobId: `job-${index}` } } }));
    await documents.send(new BatchWriteCommand({ RequestItems: { [table.tableName]: jobs } }));
    await expect.poll(() => jobIds().length).toBe(12);
    expect(Math.max(...sizes)).toBeLessThanOrEqual(10);
  });

  it(`delivers what the handler failed again up to ${STREAM_RETRY_ATTEMPTS} times, then writes it to job-alerts-failed.log`, async () => {
    const { handler, jobIds } = recordingHandler((record) => record.dynamodb!.NewImage!.title!.S === 'Always fails');
    await start(handler);
    await putJob('job-1', 'Always fails');
    await expect.poll(failedLog).toContain('JOB#job-1');
    expect(jobIds()).toEqual(Array(STREAM_RETRY_ATTEMPTS + 1).fill('JOB#job-1'));
    expect(JSON.parse(failedLog().trim())).toMatchObject({ reason: expect.stringContaining('failed'), keys: { PK: { S: 'JOB#job-1' }, SK: { S: 'JOB' } } });

    // It goes on with what comes next.
    await putJob('job-2');
    await expect.poll(jobIds).toContain('JOB#job-2');
  });

  it('delivers the batch again when the handler throws, and no more once it succeeds', async () => {
    let calls = 0;
    const { handler, jobIds } = recordingHandler();
    await start(async (event) => {
      calls += 1;
      if (calls === 1) throw new Error('The table is unreachable');
      return handler(event);
    });
    await putJob('job-1');
    await expect.poll(jobIds).toEqual(['JOB#job-1']);
    await putJob('job-2');
    await expect.poll(jobIds).toEqual(['JOB#job-1', 'JOB#job-2']);
    expect(calls).toBe(3);
    expect(failedLog()).toBe('');
    expect(readFileSync(join(logsDir, 'job-alerts.log'), 'utf8')).toContain('The table is unreachable');
  });

  it('when drained, delivers every record written before at once, without waiting out its idle pause', async () => {
    const { handler, jobIds } = recordingHandler((record) => record.dynamodb!.NewImage!.title!.S === 'Always fails');
    const started = await start(handler, 20, 60_000);
    await putJob('job-1');
    await putJob('job-2', 'Always fails');
    const jobs = Array.from({ length: 120 }, (_, index) => ({
      PutRequest: { Item: { ...jobKey(`bulk-${index}`), jobId: `bulk-${index}`, title: 'Paint a fence' } },
    }));
    for (let start = 0; start < jobs.length; start += 25) {
      await documents.send(new BatchWriteCommand({ RequestItems: { [table.tableName]: jobs.slice(start, start + 25) } }));
    }
    // Its idle pause is a minute: only the drain has it read the stream before the test times out.
    await started.drain();
    // More than one read's worth of records, and the failed one delivered again and written off, before it answered.
    expect(jobIds().filter((id) => id === 'JOB#job-1')).toHaveLength(1);
    expect(jobIds().filter((id) => id?.startsWith('JOB#bulk-'))).toHaveLength(120);
    expect(failedLog()).toContain('JOB#job-2');

    // Again, with nothing new: it answers too.
    await putJob('job-3');
    await started.drain();
    expect(jobIds().at(-1)).toBe('JOB#job-3');
    await started.drain();
  });

  it('refuses a drain once stopped', async () => {
    const started = await start(recordingHandler().handler);
    await started.stop();
    poller = undefined;
    await expect(started.drain()).rejects.toThrow('stopped');
  });

  it('stops at once, also while it waits to deliver failed records again, and logs those as not delivered', async () => {
    const { handler, jobIds } = recordingHandler(() => true);
    const started = await start(handler, 60_000);
    await putJob('job-1');
    await expect.poll(jobIds).toEqual(['JOB#job-1']);
    const stopping = Date.now();
    await started.stop();
    poller = undefined;
    expect(Date.now() - stopping).toBeLessThan(1_000);
    expect(failedLog()).toContain('the stack stopped before they were delivered');

    const idle = await start(recordingHandler().handler);
    const stoppingIdle = Date.now();
    await idle.stop();
    poller = undefined;
    expect(Date.now() - stoppingIdle).toBeLessThan(1_000);
  });
});

/** A stream record as the Streams API returns it, of a new job. */
function streamRecord(jobId: string, sequenceNumber: string): StreamsRecord {
  const keys = { PK: { S: `JOB#${jobId}` }, SK: { S: 'JOB' } };
  return {
    eventID: `event-${sequenceNumber}`,
    eventName: 'INSERT',
    dynamodb: {
      Keys: keys,
      NewImage: { ...keys, jobId: { S: jobId } },
      SequenceNumber: sequenceNumber,
      SizeBytes: 40,
      StreamViewType: 'NEW_IMAGE',
      ApproximateCreationDateTime: new Date(),
    },
  };
}

// DynamoDB Local closes shards and lets iterators lapse on its own schedule; the Streams API is stubbed to do it on cue.
describe('the local stream poller, as the stream changes under it', () => {
  it('reads a shard that closed to its end, then the next shard from its start', async () => {
    const streams = mockClient(DynamoDBStreamsClient);
    try {
      const open = (id: string, parent?: string) => ({ ShardId: id, ParentShardId: parent, SequenceNumberRange: { StartingSequenceNumber: '1' } });
      const closed = (id: string) => ({ ShardId: id, SequenceNumberRange: { StartingSequenceNumber: '1', EndingSequenceNumber: '150' } });
      streams
        .on(DescribeStreamCommand)
        .resolvesOnce({ StreamDescription: { Shards: [closed('old'), open('first')] } })
        .resolves({ StreamDescription: { Shards: [closed('old'), closed('first'), open('second', 'first')] } });
      streams.on(GetShardIteratorCommand, { ShardId: 'first' }).resolves({ ShardIterator: 'first-1' });
      streams.on(GetShardIteratorCommand, { ShardId: 'second' }).resolves({ ShardIterator: 'second-1' });
      streams.on(GetRecordsCommand, { ShardIterator: 'first-1' }).resolves({ Records: [streamRecord('job-1', '100')], NextShardIterator: undefined });
      streams.on(GetRecordsCommand, { ShardIterator: 'second-1' }).resolves({ Records: [streamRecord('job-2', '200')], NextShardIterator: 'second-2' });
      streams.on(GetRecordsCommand, { ShardIterator: 'second-2' }).resolves({ Records: [], NextShardIterator: 'second-2' });

      const { handler, jobIds } = recordingHandler();
      const started = await start(handler);
      await expect.poll(jobIds).toEqual(['JOB#job-1', 'JOB#job-2']);
      await started.stop();
      poller = undefined;
      const iterators = streams.commandCalls(GetShardIteratorCommand).map((call) => [call.args[0].input.ShardId, call.args[0].input.ShardIteratorType]);
      expect(iterators).toEqual([
        ['first', 'LATEST'],
        ['second', 'TRIM_HORIZON'],
      ]);
    } finally {
      streams.restore();
    }
  });

  it('carries on after the last record read when its iterator lapsed', async () => {
    const streams = mockClient(DynamoDBStreamsClient);
    try {
      streams
        .on(DescribeStreamCommand)
        .resolves({ StreamDescription: { Shards: [{ ShardId: 'only', SequenceNumberRange: { StartingSequenceNumber: '1' } }] } });
      streams.on(GetShardIteratorCommand, { ShardIteratorType: 'LATEST' }).resolves({ ShardIterator: 'it-1' });
      streams.on(GetShardIteratorCommand, { ShardIteratorType: 'AFTER_SEQUENCE_NUMBER', SequenceNumber: '100' }).resolves({ ShardIterator: 'it-3' });
      streams.on(GetRecordsCommand, { ShardIterator: 'it-1' }).resolves({ Records: [streamRecord('job-1', '100')], NextShardIterator: 'it-2' });
      streams.on(GetRecordsCommand, { ShardIterator: 'it-2' }).rejects(new ExpiredIteratorException({ message: 'Iterator expired', $metadata: {} }));
      streams.on(GetRecordsCommand, { ShardIterator: 'it-3' }).resolves({ Records: [streamRecord('job-2', '200')], NextShardIterator: 'it-4' });
      streams.on(GetRecordsCommand, { ShardIterator: 'it-4' }).resolves({ Records: [], NextShardIterator: 'it-4' });

      const { handler, jobIds } = recordingHandler();
      const started = await start(handler);
      await expect.poll(jobIds).toEqual(['JOB#job-1', 'JOB#job-2']);
      await started.stop();
      poller = undefined;
    } finally {
      streams.restore();
    }
  });
});
