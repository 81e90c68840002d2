import sharp, { type OutputInfo } from 'sharp';
import { describe, expect, it } from 'vitest';
import { AVATAR, PROFILE_MESSAGES } from '@solutionz/shared';
import { useTestTable } from '../../testing/dynamodb-table';
import { fakeGeocoder } from '../../testing/fake-geocoder';
import { useTestMediaBucket } from '../../testing/media-bucket';
import { createTestAccount } from '../../testing/test-account';
import { useTestUserPool } from '../../testing/user-pool';
import { AVATAR_SIZE_PX } from './avatar-image';
import { createAvatarUpload, setAvatar } from './avatar';
import type { ProfilesDeps } from './deps';

const table = useTestTable();
const pool = useTestUserPool();
const media = useTestMediaBucket();

async function withAccount() {
  let counter = 0;
  const deps: ProfilesDeps = {
    accounts: table.repositories.accounts,
    // Only the profile form places locations; these tests never ask.
    geocoder: fakeGeocoder(),
    avatars: media.storage,
    directory: table.repositories.directory,
    clock: () => new Date('2026-11-21T12:00:00Z'),
    random: { id: () => `file-${++counter}` },
  };
  const account = await createTestAccount({ identity: pool.identity().identity, accounts: deps.accounts }, 'client');
  /** What the browser does: ask for a grant and upload the file as it is, under the key given. */
  const upload = async (file: Buffer, contentType: 'image/png' | 'image/jpeg' = 'image/png') => {
    const grant = await createAvatarUpload(deps, account.caller, { contentType });
    await media.storage.write(grant.key, file, contentType, 'no-cache');
    return grant.key;
  };
  return { deps, account, upload };
}

const picture = (width: number, height: number) => sharp({ create: { width, height, channels: 3, background: { r: 20, g: 120, b: 200 } } });

/** A phone photo: stored sideways with an orientation tag, and the place it was taken in its EXIF. */
async function phonePhoto(): Promise<Buffer> {
  const redHalf = await sharp({ create: { width: 100, height: 100, channels: 3, background: { r: 255, g: 0, b: 0 } } })
    .png()
    .toBuffer();
  return sharp({ create: { width: 200, height: 100, channels: 3, background: { r: 0, g: 0, b: 255 } } })
    .composite([{ input: redHalf, left: 0, top: 0 }])
    .jpeg()
    .withMetadata({ orientation: 6 })
    .withExif({
      IFD0: { Make: 'PhoneMaker' },
      IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '53/1 57/1 33/1', GPSLongitudeRef: 'W', GPSLongitude: '1/1 4/1 53/1' },
    })
    .toBuffer();
}

function pixel(raw: { data: Buffer; info: OutputInfo }, x: number, y: number): number[] {
  const at = (y * raw.info.width + x) * raw.info.channels;
  return [...raw.data.subarray(at, at + 3)];
}

describe('avatar upload grant', () => {
  it('fixes the key under the caller’s own upload prefix, the content type, 1 byte to 2 MB, for 5 minutes', async () => {
    const { deps, account } = await withAccount();
    const before = Date.now();
    const grant = await createAvatarUpload(deps, account.caller, { contentType: 'image/jpeg' });

    expect(grant.key).toBe(`uploads/avatars/${account.userId}/file-1`);
    expect(grant.maxBytes).toBe(AVATAR.maxBytes);
    const policy = JSON.parse(Buffer.from(grant.fields.Policy!, 'base64').toString('utf8')) as { expiration: string; conditions: unknown[] };
    expect(policy.conditions).toEqual(
      expect.arrayContaining([{ key: grant.key }, { 'Content-Type': 'image/jpeg' }, ['content-length-range', 1, 2 * 1024 * 1024], { bucket: media.bucket }]),
    );
    expect(grant.fields).toMatchObject({ key: grant.key, 'Content-Type': 'image/jpeg' });
    const expiresInS = (Date.parse(policy.expiration) - before) / 1000;
    expect(expiresInS).toBeGreaterThan(295);
    expect(expiresInS).toBeLessThanOrEqual(301);
  });
});

describe('setAvatar', () => {
  it('re-encodes a PNG as a square WebP under the caller’s media prefix and links it; the upload is gone', async () => {
    const { deps, account, upload } = await withAccount();
    const key = await upload(await picture(800, 600).png().toBuffer());

    const answer = await setAvatar(deps, account.caller, key);
    const stored = `media/avatars/${account.userId}/file-2.webp`;
    expect(answer).toEqual({ avatarUrl: `/${stored}` });
    expect(await media.keys()).toEqual([stored]);
    const object = await media.object(stored);
    expect(object).toMatchObject({ contentType: 'image/webp', cacheControl: 'public, max-age=3600' });
    expect(await sharp(object.body).metadata()).toMatchObject({ format: 'webp', width: AVATAR_SIZE_PX, height: AVATAR_SIZE_PX });
    expect((await deps.accounts.getProfile(account.userId))?.avatarKey).toBe(stored);
  });

  it('keeps no EXIF (and so no GPS position) of a phone photo, and stands it upright', async () => {
    const { deps, account, upload } = await withAccount();
    const photo = await phonePhoto();
    expect((await sharp(photo).metadata()).exif?.toString('latin1')).toContain('PhoneMaker');

    const { avatarUrl } = await setAvatar(deps, account.caller, await upload(photo, 'image/jpeg'));
    const webp = (await media.object(avatarUrl.slice(1))).body;
    const metadata = await sharp(webp).metadata();
    expect(metadata).toMatchObject({ format: 'webp' });
    expect(metadata.exif).toBeUndefined();
    expect(metadata.xmp).toBeUndefined();
    expect(metadata.orientation).toBeUndefined();
    expect(webp.toString('latin1')).not.toContain('PhoneMaker');
    // Stored sideways with its red half on the left: upright, the red half is on top.
    const raw = await sharp(webp).raw().toBuffer({ resolveWithObject: true });
    expect(pixel(raw, 256, 40)).toEqual([expect.closeTo(255, -1), expect.closeTo(0, -1), expect.closeTo(0, -1)]);
    expect(pixel(raw, 256, 470)).toEqual([expect.closeTo(0, -1), expect.closeTo(0, -1), expect.closeTo(255, -1)]);
  });

  it('deletes the picture it replaces', async () => {
    const { deps, account, upload } = await withAccount();
    const first = await setAvatar(deps, account.caller, await upload(await picture(100, 100).png().toBuffer()));
    const second = await setAvatar(deps, account.caller, await upload(await picture(300, 100).jpeg().toBuffer(), 'image/jpeg'));
    expect(second.avatarUrl).not.toBe(first.avatarUrl);
    expect(await media.keys()).toEqual([second.avatarUrl.slice(1)]);
  });

  it.each([
    ['a text file named .png', () => Buffer.from('just some text, not a picture'), PROFILE_MESSAGES.avatar.wrongType.description],
    ['a GIF', () => picture(50, 50).gif().toBuffer(), PROFILE_MESSAGES.avatar.wrongType.description],
    [
      'a PNG that does not decode',
      async () => Buffer.concat([(await picture(50, 50).png().toBuffer()).subarray(0, 40), Buffer.alloc(200, 7)]),
      PROFILE_MESSAGES.avatar.notAnImage.description,
    ],
    ['a file over 2 MB', () => Buffer.alloc(AVATAR.maxBytes + 1, 1), PROFILE_MESSAGES.avatar.tooLarge.description],
  ])('refuses %s with the product’s message, deletes it and links nothing', async (_name, file, message) => {
    const { deps, account, upload } = await withAccount();
    const key = await upload(await file());
    await expect(setAvatar(deps, account.caller, key)).rejects.toMatchObject({ statusCode: 400, message, fields: { 'body.key': message } });
    expect(await media.keys()).toEqual([]);
    expect((await deps.accounts.getProfile(account.userId))?.avatarKey).toBeUndefined();
  });

  it('refuses another user’s upload (403) and a key that is no upload (400), touching neither', async () => {
    const { deps, account, upload } = await withAccount();
    const other = await createTestAccount({ identity: pool.identity().identity, accounts: deps.accounts }, 'provider');
    const key = await upload(await picture(100, 100).png().toBuffer());

    await expect(setAvatar(deps, other.caller, key)).rejects.toMatchObject({ statusCode: 403 });
    await expect(setAvatar(deps, account.caller, `media/avatars/${account.userId}/x.webp`)).rejects.toMatchObject({ statusCode: 400 });
    await expect(setAvatar(deps, account.caller, `uploads/avatars/${account.userId}/../${other.userId}/x`)).rejects.toMatchObject({ statusCode: 400 });
    await expect(setAvatar(deps, account.caller, `uploads/avatars/${account.userId}/never-uploaded`)).rejects.toMatchObject({
      statusCode: 400,
      fields: { 'body.key': PROFILE_MESSAGES.avatar.missing },
    });
    expect(await media.keys()).toEqual([key]);
  });
});
