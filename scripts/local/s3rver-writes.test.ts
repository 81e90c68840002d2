import { createHash } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { putObjectWhenWritten, type FilesystemStorePrototype } from './s3rver-writes';

const require = createRequire(import.meta.url);
const FilesystemStore = require('s3rver/lib/stores/filesystem') as new (root: string) => FilesystemStorePrototype;

let root: string;
beforeEach(() => {
  root = mkdtempSync(join(tmpdir(), 'solutionz-s3rver-writes-'));
});
afterEach(() => rmSync(root, { recursive: true, force: true }));

/**
 * s3rver's store with this project's write, the moment it answers: the metadata written at once, so only
 * the object's own file stands between the call and its answer.
 */
function store(): FilesystemStorePrototype {
  const instance = new FilesystemStore(root);
  instance.putObject = putObjectWhenWritten;
  instance.putMetadata = () => Promise.resolve();
  return instance;
}

/** A request body's chunks, each after the first arriving after a pause, as a slow upload sends them. */
function slowUpload(chunks: Buffer[]): Readable {
  return Readable.from(
    (async function* () {
      for (const [index, chunk] of chunks.entries()) {
        if (index > 0) await sleep(5);
        yield chunk;
      }
    })(),
  );
}

const md5 = (bytes: Buffer) => createHash('md5').update(bytes).digest('hex');

describe('s3rver writes (the local S3)', () => {
  it('answers a write only once its bytes are in the object’s file: a small photo’s request body comes in one piece, before the file is open', async () => {
    const s3 = store();
    const photo = Buffer.from('\x89PNG\r\n\x1a\n a small photo', 'latin1');
    const written = await s3.putObject({ bucket: 'media', key: 'uploads/u1/photo', content: Readable.from([photo]), metadata: {} });

    expect(readFileSync(s3.getResourcePath('media', 'uploads/u1/photo', 'object'))).toEqual(photo);
    expect(written).toEqual({ size: photo.length, md5: md5(photo) });
  });

  it('writes an upload that comes in pieces whole, with its size and MD5 as S3 gives them', async () => {
    const s3 = store();
    const video = Buffer.alloc(300_000, 7).fill(9, 150_000);
    const written = await s3.putObject({
      bucket: 'media',
      key: 'uploads/u1/video',
      content: slowUpload([video.subarray(0, 100_000), video.subarray(100_000)]),
      metadata: {},
    });

    const stored = readFileSync(s3.getResourcePath('media', 'uploads/u1/video', 'object'));
    expect({ size: stored.length, md5: md5(stored) }).toEqual({ size: 300_000, md5: md5(video) });
    expect(written).toEqual({ size: 300_000, md5: md5(video) });
  });

  it('answers a write of bytes held in memory (a multipart upload’s parts end in one) once they are in the file', async () => {
    const s3 = store();
    const bytes = Buffer.from('a whole object');
    await s3.putObject({ bucket: 'media', key: 'a/b', content: bytes, metadata: {} });
    expect(readFileSync(s3.getResourcePath('media', 'a/b', 'object'), 'utf8')).toBe('a whole object');
  });

  it('fails a write whose upload breaks off, rather than answering it as stored', async () => {
    const s3 = store();
    const broken = Readable.from(
      (async function* () {
        yield Buffer.from('the start');
        throw new Error('connection reset');
      })(),
    );
    await expect(s3.putObject({ bucket: 'media', key: 'cut', content: broken, metadata: {} })).rejects.toThrow('connection reset');
  });
});
