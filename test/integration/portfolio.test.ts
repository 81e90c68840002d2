import { ListObjectsV2Command } from '@aws-sdk/client-s3';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  apiErrorBodySchema,
  MESSAGES,
  PORTFOLIO_LIMITS,
  PORTFOLIO_MESSAGES,
  PROVIDER_PROFILE_MESSAGES,
  portfolioItemSchema,
  portfolioResponseSchema,
  portfolioUploadResponseSchema,
  type PortfolioUploadGrant,
} from '@solutionz/shared';
import { mp4File } from '@solutionz/lambdas/testing/mp4';
import { createTestAccount, s3, signInTokens, stack, type TestAccount } from '../support/local-stack';
import { subscribeAccount } from '../support/membership';

/**
 * The portfolio through the running stack: files go from the "browser" straight to S3 with presigned
 * POSTs, the API checks what arrived before it links it, and the public sees a listed provider's items
 * at /media/portfolio/... The checks themselves, case by case, are in lambdas/src/services/profiles.
 */

const siteOrigin = new URL(stack.apiBaseUrl).origin;

async function call(method: 'GET' | 'POST' | 'PUT' | 'DELETE', path: string, token?: string, body?: unknown) {
  const response = await fetch(`${stack.apiBaseUrl}${path}`, {
    method,
    headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const text = await response.text();
  return { status: response.status, body: text ? (JSON.parse(text) as unknown) : undefined };
}

const errorOf = (answer: { body: unknown }) => apiErrorBodySchema.parse(answer.body).error;

interface File {
  readonly name: string;
  readonly type: string;
  readonly bytes: Buffer;
}

/** What the browser does: a grant per file, then each file POSTed as a form, the grant's fields first. */
async function upload(token: string, files: readonly File[]): Promise<PortfolioUploadGrant[]> {
  const answer = await call('POST', '/me/portfolio/uploads', token, {
    files: files.map(({ name, type, bytes }) => ({ name, type, size: Math.min(bytes.length, PORTFOLIO_LIMITS.maxFileBytes) })),
  });
  expect(answer.status).toBe(201);
  const { uploads } = portfolioUploadResponseSchema.parse(answer.body);
  for (const [i, grant] of uploads.entries()) {
    const form = new FormData();
    for (const [name, value] of Object.entries(grant.fields)) form.append(name, value);
    form.append('file', new Blob([files[i]!.bytes], { type: files[i]!.type }));
    const posted = await fetch(grant.url, { method: 'POST', body: form });
    expect(posted.status).toBeLessThan(300);
  }
  return uploads;
}

async function bucketKeys(prefix: string): Promise<string[]> {
  const listed = await s3.send(new ListObjectsV2Command({ Bucket: stack.buckets.portfolio, Prefix: prefix }));
  return (listed.Contents ?? []).map((object) => object.Key!).sort();
}

const picture = (width: number, height: number, r = 40) => sharp({ create: { width, height, channels: 3, background: { r, g: 140, b: 90 } } });
const png = async (name: string, width = 640, height = 480): Promise<File> => ({
  name,
  type: 'image/png',
  bytes: await picture(width, height).png().toBuffer(),
});

let member: TestAccount;
let memberToken: string;

beforeAll(async () => {
  member = await createTestAccount('provider');
  await subscribeAccount(member, 'yearly');
  memberToken = (await signInTokens(member.email, member.password)).accessToken;
}, 60_000);

describe('portfolio', () => {
  it('lets a member add, edit, reorder and delete items, which the public sees with their files', async () => {
    const [before, after, clip, poster] = await upload(memberToken, [
      await png('before.png'),
      { name: 'after.jpg', type: 'image/jpeg', bytes: await picture(900, 600, 200).jpeg().toBuffer() },
      { name: 'walkthrough.mp4', type: 'video/mp4', bytes: mp4File() },
      { name: 'walkthrough-poster.jpg', type: 'image/jpeg', bytes: await picture(640, 360).jpeg().toBuffer() },
    ]);
    const created = await call('POST', '/me/portfolio', memberToken, {
      title: 'Bathroom refit',
      description: 'Walk-in shower and new tiling',
      media: [
        { uploadId: before!.uploadId, filename: 'before.png' },
        { uploadId: after!.uploadId, filename: 'after.jpg' },
        { uploadId: clip!.uploadId, filename: 'walkthrough.mp4', posterUploadId: poster!.uploadId },
      ],
    });
    expect(created.status).toBe(201);
    const bathroom = portfolioItemSchema.parse(created.body);
    expect(bathroom.media.map(({ type, filename }) => `${type} ${filename}`)).toEqual(['image before.png', 'image after.jpg', 'video walkthrough.mp4']);

    // Served from the site's origin, re-encoded, with a thumbnail; the video keeps its bytes and has its poster.
    const image = await fetch(`${siteOrigin}${bathroom.media[0]!.url}`);
    expect(image.status).toBe(200);
    expect(image.headers.get('content-type')).toBe('image/webp');
    expect(await sharp(Buffer.from(await image.arrayBuffer())).metadata()).toMatchObject({ format: 'webp', width: 640, height: 480 });
    expect((await fetch(`${siteOrigin}${bathroom.media[0]!.thumbnailUrl!}`)).status).toBe(200);
    const video = await fetch(`${siteOrigin}${bathroom.media[2]!.url}`);
    expect(Buffer.from(await video.arrayBuffer()).equals(mp4File())).toBe(true);
    expect((await fetch(`${siteOrigin}${bathroom.media[2]!.posterUrl!}`)).headers.get('content-type')).toBe('image/webp');
    expect(await bucketKeys(`uploads/portfolio/${member.userId}/`)).toEqual([]);

    const [garden] = await upload(memberToken, [await png('garden.png', 300, 300)]);
    const second = portfolioItemSchema.parse(
      (await call('POST', '/me/portfolio', memberToken, { title: 'Garden wall', media: [{ uploadId: garden!.uploadId, filename: 'garden.png' }] })).body,
    );

    // Edit: the video goes, the pictures stay in a new order.
    const dropped = bathroom.media[2]!;
    const edited = await call('PUT', `/me/portfolio/items/${bathroom.id}`, memberToken, {
      title: 'Bathroom refit, Salford',
      media: [{ id: bathroom.media[1]!.id }, { id: bathroom.media[0]!.id }],
    });
    expect(edited.status).toBe(200);
    expect(portfolioItemSchema.parse(edited.body)).toMatchObject({ title: 'Bathroom refit, Salford', media: [bathroom.media[1], bathroom.media[0]] });
    expect(portfolioItemSchema.parse(edited.body).description).toBeUndefined();
    expect((await fetch(`${siteOrigin}${dropped.url}`)).status).toBeGreaterThanOrEqual(400);
    expect((await fetch(`${siteOrigin}${dropped.posterUrl!}`)).status).toBeGreaterThanOrEqual(400);

    // Reorder: PUT /me/portfolio/order is its own route, not an item called "order".
    const reordered = await call('PUT', '/me/portfolio/order', memberToken, { itemIds: [second.id, bathroom.id] });
    expect(reordered.status).toBe(200);
    const publicView = await call('GET', `/providers/${member.userId}/portfolio`);
    expect(publicView.status).toBe(200);
    expect(portfolioResponseSchema.parse(publicView.body).items.map((item) => item.title)).toEqual(['Garden wall', 'Bathroom refit, Salford']);

    // Delete: the item and its files go.
    expect((await call('DELETE', `/me/portfolio/items/${second.id}`, memberToken)).body).toEqual({ itemId: second.id, deleted: true });
    expect((await fetch(`${siteOrigin}${second.media[0]!.url}`)).status).toBeGreaterThanOrEqual(400);
    const mine = portfolioResponseSchema.parse((await call('GET', '/me/portfolio', memberToken)).body);
    expect(mine.items.map((item) => item.id)).toEqual([bathroom.id]);
  });

  it.each([
    [
      'larger than 10 MB (the policy says so; the server checks again)',
      async (): Promise<File> => ({ name: 'huge.png', type: 'image/png', bytes: Buffer.alloc(PORTFOLIO_LIMITS.maxFileBytes + 1024, 1) }),
      PORTFOLIO_MESSAGES.tooLarge.description('huge.png'),
    ],
    [
      'with the wrong magic bytes',
      async (): Promise<File> => ({ name: 'fake.jpg', type: 'image/jpeg', bytes: Buffer.from('%PDF-1.7 not a photo at all') }),
      PORTFOLIO_MESSAGES.wrongType.description('fake.jpg'),
    ],
    [
      'an image that does not decode',
      async (): Promise<File> => ({
        name: 'broken.png',
        type: 'image/png',
        bytes: Buffer.concat([(await picture(60, 60).png().toBuffer()).subarray(0, 60), Buffer.alloc(500, 3)]),
      }),
      PORTFOLIO_MESSAGES.wrongType.description('broken.png'),
    ],
  ])('refuses a file %s with the product’s message naming it, deletes it and adds nothing', async (_name, makeFile, message) => {
    const file = await makeFile();
    const [grant] = await upload(memberToken, [file]);
    const before = portfolioResponseSchema.parse((await call('GET', '/me/portfolio', memberToken)).body).items;

    const answer = await call('POST', '/me/portfolio', memberToken, {
      title: 'Should not appear',
      media: [{ uploadId: grant!.uploadId, filename: file.name }],
    });

    expect(answer.status).toBe(400);
    expect(errorOf(answer)).toMatchObject({ message, fields: { 'body.media.0': message } });
    expect(await bucketKeys(grant!.key)).toEqual([]);
    expect(portfolioResponseSchema.parse((await call('GET', '/me/portfolio', memberToken)).body).items).toEqual(before);
  });

  it('refuses grants for a file declared too large or of another type, naming it, and an item without media', async () => {
    const tooLarge = await call('POST', '/me/portfolio/uploads', memberToken, {
      files: [{ name: 'film.mp4', type: 'video/mp4', size: PORTFOLIO_LIMITS.maxFileBytes + 1 }],
    });
    expect(tooLarge.status).toBe(400);
    expect(errorOf(tooLarge).fields).toEqual({ 'body.files.0.size': PORTFOLIO_MESSAGES.tooLarge.description('film.mp4') });
    const gif = await call('POST', '/me/portfolio/uploads', memberToken, { files: [{ name: 'party.gif', type: 'image/gif', size: 1000 }] });
    expect(errorOf(gif).fields).toEqual({ 'body.files.0.type': PORTFOLIO_MESSAGES.wrongType.description('party.gif') });
    const empty = await call('POST', '/me/portfolio', memberToken, { title: 'Nothing to show', media: [] });
    expect(errorOf(empty).fields).toEqual({ 'body.media': PORTFOLIO_MESSAGES.mediaRequired.description });
  });

  it('lets only members edit: a provider without a membership is told a subscription is required, a client that it is for providers', async () => {
    const provider = await createTestAccount('provider');
    const client = await createTestAccount('client');
    const providerToken = (await signInTokens(provider.email, provider.password)).accessToken;
    const clientToken = (await signInTokens(client.email, client.password)).accessToken;
    const grantRequest = { files: [{ name: 'a.png', type: 'image/png', size: 100 }] };

    const unsubscribed = await call('POST', '/me/portfolio/uploads', providerToken, grantRequest);
    expect(unsubscribed.status).toBe(403);
    expect(errorOf(unsubscribed).message).toBe(MESSAGES.api.subscriptionRequired);
    expect((await call('POST', '/me/portfolio', providerToken, { title: 'x', media: [{ uploadId: 'u', filename: 'a.png' }] })).status).toBe(403);
    expect(errorOf(await call('POST', '/me/portfolio/uploads', clientToken, grantRequest)).message).toBe(PORTFOLIO_MESSAGES.providersOnly);
    expect((await call('POST', '/me/portfolio/uploads', undefined, grantRequest)).status).toBe(401);
    // Their own (empty) portfolio is theirs to see.
    expect((await call('GET', '/me/portfolio', providerToken)).body).toEqual({ items: [] });
  });

  it('answers 404 for the public portfolio of a provider who is not listed', async () => {
    const unlisted = await createTestAccount('provider');
    for (const providerId of [unlisted.userId, 'no-such-provider']) {
      const answer = await call('GET', `/providers/${providerId}/portfolio`);
      expect(answer.status).toBe(404);
      expect(errorOf(answer).message).toBe(PROVIDER_PROFILE_MESSAGES.notAvailable.text);
    }
  });
});
