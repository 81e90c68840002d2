import { createHash } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import { dirname } from 'node:path';
import { Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';

/** What an object to store is to s3rver's filesystem store (lib/models/object.js). */
interface StoredObject {
  readonly bucket: string;
  readonly key: string;
  readonly content: Buffer | NodeJS.ReadableStream;
  readonly metadata: Record<string, unknown>;
}

/** The part of s3rver 3.7's FilesystemStore (lib/stores/filesystem.js) that a write goes through. */
export interface FilesystemStorePrototype {
  getResourcePath(bucket: string, key: string, resource: string): string;
  putMetadata(bucket: string, key: string, metadata: Record<string, unknown>, md5: string): Promise<void>;
  putObject(object: StoredObject): Promise<{ size: number; md5: string }>;
}

/**
 * s3rver's own putObject answers once the bytes have passed its checksum, before its file has them: a
 * GET right after the PUT's answer could read the object empty or cut short (its length is the file's
 * size), where S3 reads back what was written. A busy CI machine made one such read in a run: a
 * portfolio photo read back empty and refused as "not a supported media file". This one answers once
 * the file is written and closed, then writes the metadata as s3rver does.
 */
export async function putObjectWhenWritten(this: FilesystemStorePrototype, object: StoredObject): Promise<{ size: number; md5: string }> {
  const objectPath = this.getResourcePath(object.bucket, object.key, 'object');
  await mkdir(dirname(objectPath), { recursive: true });
  const hash = createHash('md5');
  let size = 0;
  const counted = new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      hash.update(chunk);
      size += chunk.length;
      callback(null, chunk);
    },
  });
  const content = Buffer.isBuffer(object.content) ? Readable.from([object.content]) : object.content;
  await pipeline(content, counted, createWriteStream(objectPath));
  const md5 = hash.digest('hex');
  await this.putMetadata(object.bucket, object.key, object.metadata, md5);
  return { size, md5 };
}

/** Makes the store's writes (single and multipart, which ends in putObject) answer only once they are on disk. */
export function writeObjectsWhole(store: FilesystemStorePrototype): void {
  store.putObject = putObjectWhenWritten;
}
