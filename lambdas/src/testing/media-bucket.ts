import { randomUUID } from 'node:crypto';
import { CreateBucketCommand, DeleteBucketCommand, GetObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { afterAll, beforeAll, beforeEach } from 'vitest';
import { createS3MediaStorage, type MediaStorage } from '../adapters/s3-media';
import { TEST_REGION } from './dynamodb-table';
import { localEndpoint } from './local-endpoint';
import { localStandIns } from './local-stand-ins';

export interface TestMediaBucket {
  readonly bucket: string;
  /** The real S3 storage adapter over this bucket. */
  readonly storage: MediaStorage;
  /** Its SDK client, for fault injection and for reading what was stored. */
  readonly client: S3Client;
  /** Every key in the bucket under the prefix, sorted. */
  keys(prefix?: string): Promise<string[]>;
  /** An object as stored: its bytes and the headers it is served with. */
  object(key: string): Promise<{ body: Buffer; contentType?: string; cacheControl?: string }>;
}

/**
 * A bucket of this test file's own in the run's s3rver (see test/support/local-aws.global-setup.ts), emptied
 * before each test and deleted after the file. Call it at the top level of the file.
 */
export function useTestMediaBucket(): TestMediaBucket {
  const endpoint = localEndpoint('s3Endpoint');
  const bucket = `unit-${randomUUID()}`;
  const { s3rver } = localStandIns();
  const client = new S3Client({
    region: TEST_REGION,
    endpoint,
    credentials: { ...s3rver.credentials },
    ...s3rver.clientOptions,
  });
  const storage = createS3MediaStorage(client, bucket);

  beforeAll(async () => {
    await client.send(new CreateBucketCommand({ Bucket: bucket }));
  });
  beforeEach(async () => {
    await storage.deleteAll('');
  });
  afterAll(async () => {
    await storage.deleteAll('');
    await client.send(new DeleteBucketCommand({ Bucket: bucket }));
    client.destroy();
  });

  return {
    bucket,
    storage,
    client,
    async keys(prefix = '') {
      return (await storage.keys(prefix)).sort();
    },
    async object(key) {
      const object = await client.send(new GetObjectCommand({ Bucket: bucket, Key: key }));
      return { body: Buffer.from(await object.Body!.transformToByteArray()), contentType: object.ContentType, cacheControl: object.CacheControl };
    },
  };
}
