import { randomUUID } from 'node:crypto';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { PORTFOLIO_LIMITS, PORTFOLIO_MESSAGES, PROVIDER_PROFILE_MESSAGES, portfolioItemInputSchema, type PortfolioItemInput } from '@solutionz/shared';
import { createLocalAccount } from '../../testing/local-account';
import type { AuthorizedCaller } from '../../auth/caller';
import { useTestTable } from '../../testing/dynamodb-table';
import { failOnce } from '../../testing/fail-once';
import { useTestMediaBucket } from '../../testing/media-bucket';
import { mp4File, mp4WithLocation, RECORDED_AT } from '../../testing/mp4';
import {
  createPortfolioItem,
  createPortfolioUploads,
  deletePortfolioItem,
  getProviderPortfolio,
  listMyPortfolio,
  reorderPortfolio,
  updatePortfolioItem,
  type PortfolioDeps,
} from './portfolio';

const table = useTestTable();
const media = useTestMediaBucket();
const NOW = new Date('2026-11-21T12:00:00Z');

function deps(overrides: Partial<PortfolioDeps> = {}): PortfolioDeps {
  return {
    portfolio: table.repositories.portfolio,
    portfolioFiles: media.storage,
    accounts: table.repositories.accounts,
    clock: () => NOW,
    random: { id: () => randomUUID() },
    ...overrides,
  };
}

/** A provider as sign-up leaves them; a member (listed) unless asked otherwise. */
async function provider(options: { member?: boolean; accountType?: 'provider' | 'client' } = {}) {
  const userId = randomUUID();
  const accountType = options.accountType ?? 'provider';
  await createLocalAccount(
    { identity: undefined as never, accounts: table.repositories.accounts },
    {
      accountType,
      email: `${userId}@example.co.uk`,
      password: 'unused',
      firstName: 'Priya',
      lastName: 'Patel',
      businessName: 'Patel Electrical',
      categories: ['Construction/Trade > Electrician'],
      emailConfirmed: false,
    },
    { existingUserId: userId, now: NOW },
  );
  if (options.member ?? true) {
    await table.repositories.membership.writeSubscription(
      userId,
      `cus_${userId}`,
      { tier: 'yearly', end: '2027-11-21T12:00:00.000Z', cancelAtPeriodEnd: false, paymentFailed: false, subscriptionId: `sub_${userId}`, status: 'active' },
      NOW,
    );
  }
  const caller: AuthorizedCaller = { kind: 'signedIn', userId, groups: [accountType], accountType, subscribed: options.member ?? true, emailConfirmed: true };
  /** What the browser does: ask for grants, then upload each file as it is under the key given. */
  const upload = async (...files: { name: string; bytes: Buffer; type?: string }[]) => {
    const { uploads } = await createPortfolioUploads(deps(), caller, {
      files: files.map((file) => ({
        name: file.name,
        type: file.type ?? 'image/png',
        size: Math.max(1, Math.min(file.bytes.length, PORTFOLIO_LIMITS.maxFileBytes)),
      })),
    });
    await Promise.all(uploads.map((grant, i) => media.storage.write(grant.key, files[i]!.bytes, files[i]!.type ?? 'image/png', 'no-cache')));
    return uploads.map((grant) => grant.uploadId);
  };
  return { userId, caller, upload };
}

const picture = (width: number, height: number, r = 20) => sharp({ create: { width, height, channels: 3, background: { r, g: 120, b: 200 } } });
const png = (width = 800, height = 600) => picture(width, height).png().toBuffer();
const save = (input: PortfolioItemInput) => portfolioItemInputSchema.parse(input);

describe('upload grants', () => {
  it('gives one presigned POST per file, each under the caller’s own upload prefix, fixing its type and 1 byte to 10 MB', async () => {
    const { userId, caller } = await provider();
    const { uploads } = await createPortfolioUploads(deps(), caller, {
      files: [
        { name: 'kitchen.jpg', type: 'image/jpeg', size: 2_000_000 },
        { name: 'walkthrough.mp4', type: 'video/mp4', size: 9_000_000 },
      ],
    });
    expect(uploads.map((grant) => grant.name)).toEqual(['kitchen.jpg', 'walkthrough.mp4']);
    for (const [grant, type] of [
      [uploads[0]!, 'image/jpeg'],
      [uploads[1]!, 'video/mp4'],
    ] as const) {
      expect(grant.key).toBe(`uploads/portfolio/${userId}/${grant.uploadId}`);
      expect(grant.maxBytes).toBe(10 * 1024 * 1024);
      const policy = JSON.parse(Buffer.from(grant.fields.Policy!, 'base64').toString('utf8')) as { conditions: unknown[] };
      expect(policy.conditions).toEqual(
        expect.arrayContaining([{ key: grant.key }, { 'Content-Type': type }, ['content-length-range', 1, 10 * 1024 * 1024], { bucket: media.bucket }]),
      );
    }
    expect(new Set(uploads.map((grant) => grant.uploadId)).size).toBe(2);
  });
});

describe('adding an item', () => {
  it('links two images and a video with its poster: WebP pictures with thumbnails, the MP4 as it came; the uploads are gone', async () => {
    const { userId, caller, upload } = await provider();
    const video = mp4File();
    const [first, second, clip, poster] = await upload(
      { name: 'before.png', bytes: await png() },
      { name: 'after.jpg', bytes: await picture(1000, 500, 90).jpeg().toBuffer(), type: 'image/jpeg' },
      { name: 'walkthrough.mp4', bytes: video, type: 'video/mp4' },
      { name: 'walkthrough-poster.jpg', bytes: await picture(640, 360).jpeg().toBuffer(), type: 'image/jpeg' },
    );

    const item = await createPortfolioItem(
      deps(),
      caller,
      save({
        title: 'Kitchen rewire',
        description: 'Full rewire of a Victorian terrace',
        media: [
          { uploadId: first!, filename: 'before.png' },
          { uploadId: second!, filename: 'after.jpg' },
          { uploadId: clip!, filename: 'walkthrough.mp4', posterUploadId: poster! },
        ],
      }),
    );

    const prefix = `/media/portfolio/${userId}/`;
    expect(item).toMatchObject({
      title: 'Kitchen rewire',
      description: 'Full rewire of a Victorian terrace',
      createdAt: NOW.toISOString(),
      updatedAt: NOW.toISOString(),
    });
    expect(item.media.map(({ type, filename }) => ({ type, filename }))).toEqual([
      { type: 'image', filename: 'before.png' },
      { type: 'image', filename: 'after.jpg' },
      { type: 'video', filename: 'walkthrough.mp4' },
    ]);
    const [before, after, walkthrough] = item.media;
    expect(before).toMatchObject({ url: `${prefix}${before!.id}.webp`, thumbnailUrl: `${prefix}${before!.id}-thumb.webp` });
    expect(after!.posterUrl).toBeUndefined();
    expect(walkthrough).toMatchObject({ url: `${prefix}${walkthrough!.id}.mp4`, posterUrl: `${prefix}${walkthrough!.id}-poster.webp` });
    expect(walkthrough!.thumbnailUrl).toBeUndefined();

    expect(await media.keys(`uploads/`)).toEqual([]);
    const stored = await media.object(before!.url.slice(1));
    expect(stored).toMatchObject({ contentType: 'image/webp', cacheControl: 'public, max-age=3600' });
    expect(await sharp(stored.body).metadata()).toMatchObject({ format: 'webp', width: 800, height: 600 });
    expect(await sharp((await media.object(before!.thumbnailUrl!.slice(1))).body).metadata()).toMatchObject({ width: 600, height: 450 });
    expect(await media.object(walkthrough!.url.slice(1))).toMatchObject({ body: video, contentType: 'video/mp4' });
    expect((await media.object(walkthrough!.posterUrl!.slice(1))).contentType).toBe('image/webp');

    expect(await listMyPortfolio(deps(), caller)).toEqual({ items: [item] });
  });

  it('shows a video without a poster when none was sent (the web shows a neutral one)', async () => {
    const { caller, upload } = await provider();
    const [clip] = await upload({ name: 'site.mp4', bytes: mp4File(), type: 'video/mp4' });
    const item = await createPortfolioItem(deps(), caller, save({ title: 'Site visit', media: [{ uploadId: clip!, filename: 'site.mp4' }] }));
    expect(item.media[0]).toMatchObject({ type: 'video', filename: 'site.mp4' });
    expect(item.media[0]!.posterUrl).toBeUndefined();
  });

  it.each([
    ['too large', () => Buffer.alloc(PORTFOLIO_LIMITS.maxFileBytes + 1, 1), PORTFOLIO_MESSAGES.tooLarge.description('huge.png')],
    [
      'not an image or video by its bytes',
      () => Promise.resolve(Buffer.from('MZ pretending to be a picture')),
      PORTFOLIO_MESSAGES.wrongType.description('huge.png'),
    ],
    [
      'a PNG that does not decode',
      async () => Buffer.concat([(await png(50, 50)).subarray(0, 40), Buffer.alloc(300, 7)]),
      PORTFOLIO_MESSAGES.wrongType.description('huge.png'),
    ],
  ])('refuses a file %s, naming it; deletes it, keeps the good upload for another try and writes nothing', async (_name, file, message) => {
    const { userId, caller, upload } = await provider();
    const [good, bad] = await upload({ name: 'fine.png', bytes: await png() }, { name: 'huge.png', bytes: await file() });

    await expect(
      createPortfolioItem(
        deps(),
        caller,
        save({
          title: 'Bathroom',
          media: [
            { uploadId: good!, filename: 'fine.png' },
            { uploadId: bad!, filename: 'huge.png' },
          ],
        }),
      ),
    ).rejects.toMatchObject({ statusCode: 400, message, fields: { 'body.media.1': message } });

    expect(await media.keys()).toEqual([`uploads/portfolio/${userId}/${good}`]);
    expect(await listMyPortfolio(deps(), caller)).toEqual({ items: [] });
    expect(await table.repositories.portfolio.itemCount(userId)).toBe(0);
  });

  it('names every file that fails, each under its own field', async () => {
    const { caller, upload } = await provider();
    const [text, gif] = await upload({ name: 'notes.png', bytes: Buffer.from('notes') }, { name: 'anim.png', bytes: await picture(20, 20).gif().toBuffer() });
    await expect(
      createPortfolioItem(
        deps(),
        caller,
        save({
          title: 'Garden',
          media: [
            { uploadId: text!, filename: 'notes.png' },
            { uploadId: 'never-uploaded', filename: 'lost.jpg' },
            { uploadId: gif!, filename: 'anim.png' },
          ],
        }),
      ),
    ).rejects.toMatchObject({
      message: PORTFOLIO_MESSAGES.wrongType.description('notes.png'),
      fields: {
        'body.media.0': PORTFOLIO_MESSAGES.wrongType.description('notes.png'),
        'body.media.1': PORTFOLIO_MESSAGES.uploadFailed.description('lost.jpg'),
        'body.media.2': PORTFOLIO_MESSAGES.wrongType.description('anim.png'),
      },
    });
    expect(await media.keys()).toEqual([]);
  });

  it('never links another provider’s upload: its id is looked for under the caller’s own prefix', async () => {
    const owner = await provider();
    const other = await provider();
    const [theirs] = await owner.upload({ name: 'theirs.png', bytes: await png() });
    await expect(
      createPortfolioItem(deps(), other.caller, save({ title: 'Stolen', media: [{ uploadId: theirs!, filename: 'theirs.png' }] })),
    ).rejects.toMatchObject({
      statusCode: 400,
      fields: { 'body.media.0': PORTFOLIO_MESSAGES.uploadFailed.description('theirs.png') },
    });
    expect(await media.keys()).toEqual([`uploads/portfolio/${owner.userId}/${theirs}`]);
  });

  it('refuses a poster that is not an image, and a poster on an image', async () => {
    const { caller, upload } = await provider();
    const [clip, notPoster, photo, posterForPhoto] = await upload(
      { name: 'clip.mp4', bytes: mp4File(), type: 'video/mp4' },
      { name: 'clip-poster.jpg', bytes: mp4File(), type: 'image/jpeg' },
      { name: 'photo.png', bytes: await png() },
      { name: 'photo-poster.png', bytes: await png(100, 100) },
    );
    await expect(
      createPortfolioItem(deps(), caller, save({ title: 'Clip', media: [{ uploadId: clip!, filename: 'clip.mp4', posterUploadId: notPoster! }] })),
    ).rejects.toMatchObject({ fields: { 'body.media.0.posterUploadId': PORTFOLIO_MESSAGES.wrongType.description('clip.mp4') } });
    await expect(
      createPortfolioItem(deps(), caller, save({ title: 'Photo', media: [{ uploadId: photo!, filename: 'photo.png', posterUploadId: posterForPhoto! }] })),
    ).rejects.toMatchObject({ fields: { 'body.media.0.posterUploadId': PORTFOLIO_MESSAGES.posterNotForImage } });
  });

  it('refuses an item beyond the limit before looking at its files', async () => {
    const { userId, caller, upload } = await provider();
    for (let i = 0; i < PORTFOLIO_LIMITS.maxItemsPerProvider; i++) {
      await table.repositories.portfolio.add(
        { userId, itemId: `item-${i}`, title: `Job ${i}`, position: i, media: [], createdAt: NOW.toISOString() },
        PORTFOLIO_LIMITS.maxItemsPerProvider,
      );
    }
    const [photo] = await upload({ name: 'one-more.png', bytes: await png() });
    await expect(
      createPortfolioItem(deps(), caller, save({ title: 'One more', media: [{ uploadId: photo!, filename: 'one-more.png' }] })),
    ).rejects.toMatchObject({
      statusCode: 409,
      message: PORTFOLIO_MESSAGES.tooManyItems,
    });
    expect(await media.keys()).toEqual([`uploads/portfolio/${userId}/${photo}`]);
  });

  it('removes the files it stored when the item cannot be written; the original went when its copy was stored', async () => {
    const { caller, upload } = await provider();
    const [photo] = await upload({ name: 'kitchen.png', bytes: await png() });
    const failing = failOnce(table.repositories.portfolio, 'add', new Error('The table is unavailable'));
    await expect(
      createPortfolioItem(deps({ portfolio: failing }), caller, save({ title: 'Kitchen', media: [{ uploadId: photo!, filename: 'kitchen.png' }] })),
    ).rejects.toThrow('The table is unavailable');
    expect(await media.keys()).toEqual([]);
  });

  it('publishes a phone video without where it was recorded, and keeps no original that has it', async () => {
    const { caller, upload } = await provider();
    const { bytes } = mp4WithLocation();
    const [clip] = await upload({ name: 'garden.mp4', bytes, type: 'video/mp4' });
    const item = await createPortfolioItem(deps(), caller, save({ title: 'Garden', media: [{ uploadId: clip!, filename: 'garden.mp4' }] }));
    const published = await media.object(item.media[0]!.url.slice(1));
    expect(published.body.length).toBe(bytes.length);
    expect(published.body.toString('latin1')).not.toContain(RECORDED_AT.iso6709);
    expect(await media.keys('uploads/')).toEqual([]);
  });

  it('deletes each original as soon as its published copy is stored, before the item is written', async () => {
    const { userId, caller, upload } = await provider();
    const [photo] = await upload({ name: 'kitchen.png', bytes: await png() });
    let keysWhenWriting: string[] = [];
    const watching = {
      ...table.repositories.portfolio,
      add: async (...args: Parameters<typeof table.repositories.portfolio.add>) => {
        keysWhenWriting = await media.keys();
        return table.repositories.portfolio.add(...args);
      },
    };
    await createPortfolioItem(deps({ portfolio: watching }), caller, save({ title: 'Kitchen', media: [{ uploadId: photo!, filename: 'kitchen.png' }] }));
    expect(keysWhenWriting.filter((key) => key.startsWith('uploads/'))).toEqual([]);
    expect(keysWhenWriting.filter((key) => key.startsWith(`media/portfolio/${userId}/`))).toHaveLength(2);
  });
});

describe('editing an item', () => {
  async function withItem() {
    const context = await provider();
    const [a, b] = await context.upload({ name: 'a.png', bytes: await png() }, { name: 'b.png', bytes: await png(300, 300) });
    const item = await createPortfolioItem(
      deps(),
      context.caller,
      save({
        title: 'Patio',
        media: [
          { uploadId: a!, filename: 'a.png' },
          { uploadId: b!, filename: 'b.png' },
        ],
      }),
    );
    return { ...context, item };
  }

  it('keeps the files named by id, adds new ones and deletes the dropped one', async () => {
    const { userId, caller, upload, item } = await withItem();
    const [kept, dropped] = item.media;
    const [c] = await upload({ name: 'c.png', bytes: await png(200, 100) });
    const later = new Date(NOW.getTime() + 60_000);

    const edited = await updatePortfolioItem(
      deps({ clock: () => later }),
      caller,
      item.id,
      save({ title: 'Patio and path', description: 'Indian sandstone', media: [{ uploadId: c!, filename: 'c.png' }, { id: kept!.id }] }),
    );

    expect(edited).toMatchObject({
      id: item.id,
      title: 'Patio and path',
      description: 'Indian sandstone',
      createdAt: item.createdAt,
      updatedAt: later.toISOString(),
    });
    expect(edited.media.map((entry) => entry.filename)).toEqual(['c.png', 'a.png']);
    expect(edited.media[1]).toEqual(kept);
    const keys = await media.keys();
    expect(keys).toEqual(expect.arrayContaining([kept!.url.slice(1), kept!.thumbnailUrl!.slice(1), edited.media[0]!.url.slice(1)]));
    expect(keys).not.toContain(dropped!.url.slice(1));
    expect(keys).not.toContain(dropped!.thumbnailUrl!.slice(1));
    expect(keys.filter((key) => key.startsWith('uploads/'))).toEqual([]);
    expect(keys.every((key) => key.startsWith(`media/portfolio/${userId}/`))).toBe(true);
    expect((await listMyPortfolio(deps(), caller)).items).toEqual([edited]);

    const withoutDescription = await updatePortfolioItem(
      deps({ clock: () => later }),
      caller,
      item.id,
      save({ title: 'Patio and path', description: '', media: [{ id: kept!.id }] }),
    );
    expect(withoutDescription.description).toBeUndefined();
    expect((await listMyPortfolio(deps(), caller)).items).toEqual([withoutDescription]);
  });

  it('refuses a media id the item does not have, and an item that is not the caller’s', async () => {
    const { caller, item } = await withItem();
    const other = await provider();
    await expect(updatePortfolioItem(deps(), caller, item.id, save({ title: 'Patio', media: [{ id: 'not-this-items' }] }))).rejects.toMatchObject({
      statusCode: 400,
      fields: { 'body.media.0': PORTFOLIO_MESSAGES.unknownMedia },
    });
    await expect(updatePortfolioItem(deps(), other.caller, item.id, save({ title: 'Mine now', media: [{ id: item.media[0]!.id }] }))).rejects.toMatchObject({
      statusCode: 404,
      message: PORTFOLIO_MESSAGES.itemNotFound,
    });
    expect((await listMyPortfolio(deps(), caller)).items).toEqual([item]);
  });

  it('fails an edit that met another of the same item, keeping the other and storing nothing of its own', async () => {
    const { caller, upload, item } = await withItem();
    const stale = (await table.repositories.portfolio.get(caller.userId, item.id))!;
    const first = await updatePortfolioItem(
      deps({ clock: () => new Date(NOW.getTime() + 1000) }),
      caller,
      item.id,
      save({ title: 'First edit', media: [{ id: item.media[0]!.id }] }),
    );
    const before = await media.keys();
    const [c] = await upload({ name: 'c.png', bytes: await png() });
    const readsStale = { ...table.repositories.portfolio, get: () => Promise.resolve(stale) };

    await expect(
      updatePortfolioItem(
        deps({ portfolio: readsStale }),
        caller,
        item.id,
        save({ title: 'Second edit', media: [{ uploadId: c!, filename: 'c.png' }, { id: item.media[1]!.id }] }),
      ),
    ).rejects.toMatchObject({ statusCode: 409, message: PORTFOLIO_MESSAGES.orderOutdated });
    expect((await listMyPortfolio(deps(), caller)).items).toEqual([first]);
    expect((await media.keys()).filter((key) => key.startsWith('media/'))).toEqual(before);
  });
});

describe('reordering and deleting', () => {
  async function withItems(count: number) {
    const context = await provider();
    const items = [];
    for (let i = 0; i < count; i++) {
      const [photo] = await context.upload({ name: `${i}.png`, bytes: await png(100 + i, 100) });
      items.push(
        await createPortfolioItem(
          deps({ clock: () => new Date(NOW.getTime() + i) }),
          context.caller,
          save({ title: `Job ${i}`, media: [{ uploadId: photo!, filename: `${i}.png` }] }),
        ),
      );
    }
    return { ...context, items };
  }

  it('puts the items in the order given; a list that is not the portfolio as it is now is refused', async () => {
    const { caller, items } = await withItems(3);
    const [a, b, c] = items.map((item) => item.id) as [string, string, string];
    expect((await listMyPortfolio(deps(), caller)).items.map((item) => item.id)).toEqual([a, b, c]);

    expect((await reorderPortfolio(deps(), caller, [c, a, b])).items.map((item) => item.id)).toEqual([c, a, b]);
    expect((await listMyPortfolio(deps(), caller)).items.map((item) => item.id)).toEqual([c, a, b]);

    for (const wrong of [
      [a, b],
      [a, b, c, 'extra'],
      [a, b, 'other'],
    ]) {
      await expect(reorderPortfolio(deps(), caller, wrong)).rejects.toMatchObject({ statusCode: 409, message: PORTFOLIO_MESSAGES.orderOutdated });
    }
    expect((await listMyPortfolio(deps(), caller)).items.map((item) => item.id)).toEqual([c, a, b]);
  });

  it('deletes an item with its files, leaving the others; another provider cannot delete it', async () => {
    const { caller, items } = await withItems(2);
    const [gone, stays] = items;
    const other = await provider();
    await expect(deletePortfolioItem(deps(), other.caller, gone!.id)).rejects.toMatchObject({ statusCode: 404 });

    expect(await deletePortfolioItem(deps(), caller, gone!.id)).toEqual({ itemId: gone!.id, deleted: true });

    expect((await listMyPortfolio(deps(), caller)).items).toEqual([stays]);
    expect(await media.keys()).toEqual([stays!.media[0]!.url.slice(1), stays!.media[0]!.thumbnailUrl!.slice(1)].sort());
    expect(await table.repositories.portfolio.itemCount(caller.userId)).toBe(1);
    await expect(deletePortfolioItem(deps(), caller, gone!.id)).rejects.toMatchObject({ statusCode: 404, message: PORTFOLIO_MESSAGES.itemNotFound });
  });

  it('keeps the item when its files could not be deleted, so deleting it again finishes the job', async () => {
    const { caller, items } = await withItems(1);
    const flaky = failOnce(media.storage, 'delete', new Error('S3 is unavailable'));
    await expect(deletePortfolioItem(deps({ portfolioFiles: flaky }), caller, items[0]!.id)).rejects.toThrow('S3 is unavailable');
    expect((await listMyPortfolio(deps(), caller)).items).toHaveLength(1);
    await deletePortfolioItem(deps({ portfolioFiles: flaky }), caller, items[0]!.id);
    expect((await listMyPortfolio(deps(), caller)).items).toEqual([]);
    expect(await media.keys()).toEqual([]);
  });
});

describe('the public portfolio', () => {
  it('answers a listed provider’s items in order, and 404 for anyone not listed', async () => {
    const listed = await provider();
    const [photo] = await listed.upload({ name: 'work.png', bytes: await png() });
    const item = await createPortfolioItem(deps(), listed.caller, save({ title: 'Work', media: [{ uploadId: photo!, filename: 'work.png' }] }));
    expect(await getProviderPortfolio(deps(), listed.userId)).toEqual({ items: [item] });

    const unlisted = await provider({ member: false });
    const client = await provider({ member: false, accountType: 'client' });
    for (const providerId of [unlisted.userId, client.userId, 'no-such-provider']) {
      await expect(getProviderPortfolio(deps(), providerId)).rejects.toMatchObject({ statusCode: 404, message: PROVIDER_PROFILE_MESSAGES.notAvailable.text });
    }
    // The owner still sees their own.
    expect(await listMyPortfolio(deps(), unlisted.caller)).toEqual({ items: [] });
  });
});
