import {
  DeleteObjectCommand,
  DeleteObjectsCommand,
  GetObjectCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
} from '@aws-sdk/client-s3';
import { createPresignedPost } from '@aws-sdk/s3-presigned-post';
import { withoutSdkLogging } from './sdk-logging';

/** A browser upload straight to the bucket: POST `fields` and then the file to `url`. */
interface UploadGrant {
  readonly url: string;
  readonly fields: Record<string, string>;
}

interface UploadPolicy {
  /** The one key the upload may write. */
  readonly key: string;
  readonly contentType: string;
  readonly maxBytes: number;
  readonly expiresInSeconds: number;
}

/** An uploaded object as it was read back: its size from the store, its bytes only when within the limit. */
type StoredObject = { readonly size: number; readonly body?: Buffer };

/** What services keep files in (docs/architecture.md#files); one per bucket, so keys never name a bucket. */
export interface MediaStorage {
  /** A presigned POST whose policy fixes the key, the content type and the size range 1..maxBytes. */
  grantUpload(policy: UploadPolicy): Promise<UploadGrant>;
  /** The object, or undefined when there is none; the body is left unread when the object is larger than maxBytes. */
  read(key: string, maxBytes: number): Promise<StoredObject | undefined>;
  write(key: string, body: Buffer, contentType: string, cacheControl: string): Promise<void>;
  /** Deleting an object that is not there is not an error. */
  delete(key: string): Promise<void>;
  /** Every object whose key starts with the prefix. */
  deleteAll(prefix: string): Promise<void>;
  keys(prefix: string): Promise<string[]>;
}

const isMissing = (error: unknown) => {
  const e = error as { name?: string; $metadata?: { httpStatusCode?: number } } | undefined;
  return e?.name === 'NotFound' || e?.name === 'NoSuchKey' || e?.$metadata?.httpStatusCode === 404;
};

/** DeleteObjects takes at most this many keys a call. */
const DELETE_BATCH = 1000;

export function createS3MediaStorage(client: S3Client, bucket: string): MediaStorage {
  async function keys(prefix: string): Promise<string[]> {
    const found: string[] = [];
    let ContinuationToken: string | undefined;
    do {
      const page = await client.send(new ListObjectsV2Command({ Bucket: bucket, Prefix: prefix, ContinuationToken }));
      found.push(...(page.Contents ?? []).flatMap((object) => (object.Key ? [object.Key] : [])));
      ContinuationToken = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (ContinuationToken);
    return found;
  }

  return {
    async grantUpload({ key, contentType, maxBytes, expiresInSeconds }) {
      const { url, fields } = await createPresignedPost(client, {
        Bucket: bucket,
        Key: key,
        // Each field is also an exact-match condition of the policy, the key among them.
        Fields: { 'Content-Type': contentType },
        Conditions: [['content-length-range', 1, maxBytes]],
        Expires: expiresInSeconds,
      });
      return { url, fields };
    },

    async read(key, maxBytes) {
      try {
        const head = await client.send(new HeadObjectCommand({ Bucket: bucket, Key: key }));
        const size = head.ContentLength ?? 0;
        if (size > maxBytes) return { size };
        const object = await client.send(new GetObjectCommand({ Bucket: bucket, Key: key }));
        const body = Buffer.from((await object.Body?.transformToByteArray()) ?? []);
        // It may have been replaced since the HEAD.
        return body.length > maxBytes ? { size: body.length } : { size: body.length, body };
      } catch (error) {
        if (isMissing(error)) return undefined;
        throw error;
      }
    },

    async write(key, body, contentType, cacheControl) {
      await client.send(new PutObjectCommand({ Bucket: bucket, Key: key, Body: body, ContentType: contentType, CacheControl: cacheControl }));
    },

    async delete(key) {
      await client.send(new DeleteObjectCommand({ Bucket: bucket, Key: key }));
    },

    async deleteAll(prefix) {
      const found = await keys(prefix);
      for (let i = 0; i < found.length; i += DELETE_BATCH) {
        const batch = found.slice(i, i + DELETE_BATCH);
        const { Errors = [] } = await client.send(
          new DeleteObjectsCommand({ Bucket: bucket, Delete: { Objects: batch.map((Key) => ({ Key })), Quiet: true } }),
        );
        if (Errors.length > 0)
          throw new Error(`${Errors.length} objects under ${prefix} were not deleted: ${Errors[0]?.Code ?? ''} ${Errors[0]?.Message ?? ''}`);
      }
    },

    keys,
  };
}

/**
 * The Lambda's storage for one bucket. Against a local S3 (AWS_ENDPOINT_URL_S3, s3rver) buckets are
 * addressed by path, and checksums only where S3 requires them, as s3rver understands no others.
 */
export function createS3MediaStorageFor(region: string, bucket: string, options: { localEndpoint: boolean }): MediaStorage {
  const client = new S3Client({
    region,
    ...(options.localEndpoint ? { forcePathStyle: true, requestChecksumCalculation: 'WHEN_REQUIRED', responseChecksumValidation: 'WHEN_REQUIRED' } : {}),
  });
  return createS3MediaStorage(withoutSdkLogging(client), bucket);
}
