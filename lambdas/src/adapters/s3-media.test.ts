import { describe, expect, it } from 'vitest';
import { useTestMediaBucket } from '../testing/media-bucket';

const media = useTestMediaBucket();

/** What a browser does with a grant: a multipart form with the fields first and the file last. */
async function postUpload(grant: { url: string; fields: Record<string, string> }, file: Buffer, type: string): Promise<number> {
  const form = new FormData();
  for (const [name, value] of Object.entries(grant.fields)) form.append(name, value);
  form.append('file', new Blob([file], { type }));
  const response = await fetch(grant.url, { method: 'POST', body: form });
  return response.status;
}

describe('S3 media storage', () => {
  it('grants an upload the browser can post straight to the bucket, under the key it fixes', async () => {
    const grant = await media.storage.grantUpload({ key: 'uploads/avatars/u1/abc', contentType: 'image/png', maxBytes: 1000, expiresInSeconds: 300 });
    expect(grant.url).toContain(media.bucket);
    expect(grant.fields).toMatchObject({ key: 'uploads/avatars/u1/abc', 'Content-Type': 'image/png', Policy: expect.any(String) });

    expect(await postUpload(grant, Buffer.from('picture'), 'image/png')).toBeLessThan(300);
    expect(await media.keys()).toEqual(['uploads/avatars/u1/abc']);
    expect(await media.object('uploads/avatars/u1/abc')).toMatchObject({ body: Buffer.from('picture'), contentType: 'image/png' });
  });

  it('reads an object back, leaving the body of one over the limit unread', async () => {
    await media.storage.write('a/small', Buffer.from('12345'), 'text/plain', 'no-cache');
    await media.storage.write('a/large', Buffer.alloc(2000), 'text/plain', 'no-cache');
    expect(await media.storage.read('a/small', 1000)).toEqual({ size: 5, body: Buffer.from('12345') });
    expect(await media.storage.read('a/large', 1000)).toEqual({ size: 2000 });
    expect(await media.storage.read('a/missing', 1000)).toBeUndefined();
  });

  it('writes with the content type and cache control it is served with, and deletes by key or by prefix', async () => {
    await media.storage.write('media/avatars/u1/a.webp', Buffer.from('a'), 'image/webp', 'public, max-age=3600');
    await media.storage.write('media/avatars/u1/b.webp', Buffer.from('b'), 'image/webp', 'public, max-age=3600');
    await media.storage.write('media/avatars/u10/c.webp', Buffer.from('c'), 'image/webp', 'public, max-age=3600');
    expect(await media.object('media/avatars/u1/a.webp')).toMatchObject({ contentType: 'image/webp', cacheControl: 'public, max-age=3600' });

    await media.storage.delete('media/avatars/u1/a.webp');
    await media.storage.delete('media/avatars/u1/never-there.webp');
    expect(await media.keys()).toEqual(['media/avatars/u1/b.webp', 'media/avatars/u10/c.webp']);
    await media.storage.deleteAll('media/avatars/u1/');
    expect(await media.keys()).toEqual(['media/avatars/u10/c.webp']);
  });
});
