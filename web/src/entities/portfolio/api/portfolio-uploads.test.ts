import { describe, expect, it, vi } from 'vitest';
import { ERROR_CODES, PORTFOLIO_MESSAGES, type PortfolioUploadGrant } from '@solutionz/shared';
import { ApiError } from '@/lib/api-client';
import { isUploading, PortfolioUploadQueue, portfolioTypeOf, type PortfolioUpload, type UploadQueueDeps } from './portfolio-uploads';
import { UploadError, type UploadOptions } from '@/lib/presigned-upload';

const MB = 1024 * 1024;
const file = (name: string, type: string, size = 1024) => new File([new Uint8Array(size)], name, { type });

/** A storage upload the test finishes by hand, as the network would. */
interface Sending {
  readonly name: string;
  readonly options: UploadOptions;
  progress(share: number): void;
  finish(): void;
  refuse(status: number): void;
}

/**
 * The queue with an API that grants every file it is asked for and a storage whose uploads wait for the
 * test. `sending` lists each upload started, by the name the grant was asked for.
 */
function queueWith(overrides: Partial<UploadQueueDeps> = {}) {
  const grantRequests: { name: string; type: string; size: number }[][] = [];
  const sending: Sending[] = [];
  const failures: { failed: readonly PortfolioUpload[]; error?: unknown }[] = [];
  let granted = 0;
  const queue = new PortfolioUploadQueue({
    requestGrants: async (files) => {
      grantRequests.push([...files]);
      return files.map((each): PortfolioUploadGrant => ({
        uploadId: `grant-${++granted}-${each.name}`,
        name: each.name,
        url: 'https://storage.test/portfolio',
        fields: { key: `k/${each.name}` },
        key: `k/${each.name}`,
        maxBytes: 10 * MB,
      }));
    },
    send: (target, _blob, options) =>
      new Promise<void>((resolve, reject) => {
        options.signal?.addEventListener('abort', () => reject(new DOMException('cancelled', 'AbortError')));
        const name = target.key.slice(2);
        sending.push({ name, options, progress: (share) => options.onProgress?.(share), finish: resolve, refuse: (status) => reject(new UploadError(status)) });
      }),
    ...overrides,
  });
  queue.onFailure((failed, error) => failures.push({ failed, error }));
  queue.open();
  const entry = (name: string) => queue.snapshot().find((upload) => upload.name === name);
  const sendingOf = (name: string) => sending.find((each) => each.name === name)!;
  return { queue, grantRequests, sending, sendingOf, failures, entry };
}

/** Lets the queue's promises (grants, posters) run. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('PortfolioUploadQueue', () => {
  it('refuses a file of another type and a file over 10 MB in the browser, in the product’s words, and asks for nothing', async () => {
    const { queue, grantRequests, failures, entry } = queueWith();
    await queue.add([file('quote.pdf', 'application/pdf'), file('drone.png', 'image/png', 10 * MB + 1)]);

    expect(entry('quote.pdf')).toMatchObject({
      status: 'failed',
      problem: { title: 'Invalid file type', description: 'quote.pdf is not a supported media file' },
    });
    expect(entry('drone.png')).toMatchObject({ status: 'failed', problem: { title: 'File too large', description: 'drone.png is larger than 10MB' } });
    expect(grantRequests).toEqual([]);
    expect(failures).toHaveLength(1);
    expect(failures[0]!.failed.map((upload) => upload.name)).toEqual(['quote.pdf', 'drone.png']);
  });

  it('takes a file of exactly 10 MB, and a file the browser gave no type by its name', async () => {
    const { queue, grantRequests } = queueWith();
    void queue.add([file('big.jpg', 'image/jpeg', 10 * MB), file('phone.webp', '')]);
    await settle();
    expect(grantRequests).toEqual([
      [
        { name: 'big.jpg', type: 'image/jpeg', size: 10 * MB },
        { name: 'phone.webp', type: 'image/webp', size: 1024 },
      ],
    ]);
    expect(portfolioTypeOf({ name: 'CLIP.MP4', type: '' })).toBe('video/mp4');
    expect(portfolioTypeOf({ name: 'notes', type: '' })).toBe('');
  });

  it('uploads several files at once with one request for their grants, each with its own progress, and gives each its upload id', async () => {
    const { queue, grantRequests, sending, sendingOf, entry } = queueWith();
    const done = queue.add([file('kitchen.jpg', 'image/jpeg'), file('bathroom.png', 'image/png')]);
    await settle();

    expect(grantRequests).toHaveLength(1);
    expect(sending.map((each) => each.name)).toEqual(['kitchen.jpg', 'bathroom.png']);
    expect(isUploading(queue.snapshot())).toBe(true);
    sendingOf('kitchen.jpg').progress(0.426);
    sendingOf('bathroom.png').progress(0.1);
    expect(entry('kitchen.jpg')).toMatchObject({ status: 'uploading', percent: 43 });
    expect(entry('bathroom.png')).toMatchObject({ status: 'uploading', percent: 10 });

    sendingOf('bathroom.png').finish();
    await settle();
    expect(entry('bathroom.png')).toMatchObject({ status: 'uploaded', percent: 100, uploadId: 'grant-2-bathroom.png' });
    expect(entry('kitchen.jpg')?.status).toBe('uploading');
    expect(isUploading(queue.snapshot())).toBe(true);

    sendingOf('kitchen.jpg').finish();
    await done;
    expect(entry('kitchen.jpg')).toMatchObject({ status: 'uploaded', uploadId: 'grant-1-kitchen.jpg' });
    expect(isUploading(queue.snapshot())).toBe(false);
  });

  it('cancels one file without stopping the others', async () => {
    const { queue, sendingOf, entry, failures } = queueWith();
    const done = queue.add([file('a.jpg', 'image/jpeg'), file('b.jpg', 'image/jpeg')]);
    await settle();
    const key = entry('a.jpg')!.key;

    queue.remove(key);
    expect(sendingOf('a.jpg').options.signal?.aborted).toBe(true);
    expect(entry('a.jpg')).toBeUndefined();
    expect(sendingOf('b.jpg').options.signal?.aborted).toBe(false);

    sendingOf('b.jpg').finish();
    await done;
    expect(queue.snapshot().map((upload) => [upload.name, upload.status])).toEqual([['b.jpg', 'uploaded']]);
    expect(failures).toEqual([]);
  });

  it('does not start a file cancelled while its grant was being asked for', async () => {
    let answer!: (grants: PortfolioUploadGrant[]) => void;
    const { queue, sending, entry } = queueWith({ requestGrants: () => new Promise((resolve) => (answer = resolve)) });
    const done = queue.add([file('late.jpg', 'image/jpeg')]);
    await settle();
    queue.remove(entry('late.jpg')!.key);
    answer([{ uploadId: 'u1', name: 'late.jpg', url: 'https://storage.test', fields: {}, key: 'k/late.jpg', maxBytes: 10 * MB }]);
    await done;
    expect(sending).toEqual([]);
    expect(queue.snapshot()).toEqual([]);
  });

  it('marks a file the storage refused as failed, naming it, and reports it', async () => {
    const { queue, sendingOf, entry, failures } = queueWith();
    const done = queue.add([file('roof.jpg', 'image/jpeg'), file('wall.jpg', 'image/jpeg')]);
    await settle();
    sendingOf('roof.jpg').refuse(403);
    sendingOf('wall.jpg').finish();
    await done;

    expect(entry('roof.jpg')).toMatchObject({ status: 'failed', problem: { title: 'Upload failed', description: 'Failed to upload roof.jpg' } });
    expect(entry('roof.jpg')?.uploadId).toBeUndefined();
    expect(entry('wall.jpg')?.status).toBe('uploaded');
    expect(failures).toHaveLength(1);
    expect(failures[0]!.failed.map((upload) => upload.name)).toEqual(['roof.jpg']);
    expect(failures[0]!.error).toBeInstanceOf(UploadError);
  });

  it('names the file the API refused to grant, and fails the rest of that choice as not uploaded', async () => {
    const refusal = new ApiError(400, ERROR_CODES.validation.code, 'scan.png is not a supported media file', {
      'body.files.1.type': 'scan.png is not a supported media file',
    });
    const { queue, entry, failures } = queueWith({ requestGrants: () => Promise.reject(refusal) });
    await queue.add([file('ok.jpg', 'image/jpeg'), file('scan.png', 'image/png')]);

    expect(entry('scan.png')?.problem).toEqual({ title: PORTFOLIO_MESSAGES.wrongType.title, description: 'scan.png is not a supported media file' });
    expect(entry('ok.jpg')?.problem).toEqual({ title: 'Upload failed', description: 'Failed to upload ok.jpg' });
    expect(failures).toEqual([{ failed: [entry('ok.jpg'), entry('scan.png')], error: refusal }]);
  });

  it('sends a video with the poster frame the browser drew, and gives the video both upload ids, without holding the images back', async () => {
    const poster = new Blob([new Uint8Array(500)], { type: 'image/jpeg' });
    const posterFrame = vi.fn(async () => poster);
    const { queue, grantRequests, sendingOf, entry } = queueWith({ posterFrame });
    const done = queue.add([file('walkthrough.mp4', 'video/mp4'), file('after.jpg', 'image/jpeg')]);
    await settle();

    expect(posterFrame).toHaveBeenCalledTimes(1);
    expect(grantRequests).toEqual([
      [{ name: 'after.jpg', type: 'image/jpeg', size: 1024 }],
      [
        { name: 'walkthrough.mp4', type: 'video/mp4', size: 1024 },
        { name: 'walkthrough-poster.jpg', type: 'image/jpeg', size: 500 },
      ],
    ]);
    sendingOf('walkthrough.mp4').finish();
    await settle();
    // Not done before its poster is: the save names both.
    expect(entry('walkthrough.mp4')?.status).toBe('uploading');
    sendingOf('walkthrough-poster.jpg').finish();
    sendingOf('after.jpg').finish();
    await done;
    expect(entry('walkthrough.mp4')).toMatchObject({
      kind: 'video',
      status: 'uploaded',
      uploadId: 'grant-2-walkthrough.mp4',
      posterUploadId: 'grant-3-walkthrough-poster.jpg',
    });
    expect(entry('after.jpg')?.posterUploadId).toBeUndefined();
  });

  it('uploads a video whose frame cannot be drawn, or whose poster fails, without a poster', async () => {
    const { queue, grantRequests, sendingOf, entry } = queueWith({ posterFrame: async () => undefined });
    const done = queue.add([file('dark.mp4', 'video/mp4')]);
    await settle();
    expect(grantRequests[0]?.map((each) => each.name)).toEqual(['dark.mp4']);
    sendingOf('dark.mp4').finish();
    await done;
    expect(entry('dark.mp4')).toMatchObject({ status: 'uploaded', uploadId: 'grant-1-dark.mp4' });
    expect(entry('dark.mp4')?.posterUploadId).toBeUndefined();

    const second = queueWith({ posterFrame: async () => new Blob([new Uint8Array(10)], { type: 'image/jpeg' }) });
    const sent = second.queue.add([file('bright.mp4', 'video/mp4')]);
    await settle();
    second.sendingOf('bright-poster.jpg').refuse(500);
    second.sendingOf('bright.mp4').finish();
    await sent;
    expect(second.entry('bright.mp4')).toMatchObject({ status: 'uploaded' });
    expect(second.entry('bright.mp4')?.posterUploadId).toBeUndefined();
    expect(second.failures).toEqual([]);
  });

  it('asks for at most 20 grants at a time', async () => {
    const { queue, grantRequests } = queueWith();
    void queue.add(Array.from({ length: 23 }, (_, index) => file(`photo-${index}.jpg`, 'image/jpeg')));
    await settle();
    expect(grantRequests.map((request) => request.length)).toEqual([20, 3]);
  });

  it('keeps a file the API refused on save listed with the reason, without its upload id', async () => {
    const { queue, sendingOf, entry } = queueWith();
    const done = queue.add([file('fake.jpg', 'image/jpeg')]);
    await settle();
    sendingOf('fake.jpg').finish();
    await done;
    queue.markFailed(entry('fake.jpg')!.key, { title: 'Invalid file type', description: 'fake.jpg is not a supported media file' });
    expect(entry('fake.jpg')).toMatchObject({ status: 'failed', problem: { description: 'fake.jpg is not a supported media file' } });
    expect(entry('fake.jpg')?.uploadId).toBeUndefined();
  });

  it('tells a listener once even when it subscribes again while being told (a re-render does)', async () => {
    const { queue } = queueWith();
    const told: string[] = [];
    let unsubscribe = () => {};
    const listener = (failed: readonly PortfolioUpload[]) => {
      told.push(failed[0]!.name);
      unsubscribe();
      unsubscribe = queue.onFailure(listener);
    };
    unsubscribe = queue.onFailure(listener);
    await queue.add([file('notes.txt', 'text/plain')]);
    expect(told).toEqual(['notes.txt']);
  });

  it('stops every upload on its way when closed, and reports none of them as failed', async () => {
    const { queue, sending, failures } = queueWith();
    const done = queue.add([file('one.jpg', 'image/jpeg'), file('two.jpg', 'image/jpeg')]);
    await settle();
    queue.close();
    await done;
    expect(sending.map((each) => each.options.signal?.aborted)).toEqual([true, true]);
    expect(failures).toEqual([]);
  });
});
