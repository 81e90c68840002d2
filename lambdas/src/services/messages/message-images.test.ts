import { randomUUID } from 'node:crypto';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { MESSAGE_IMAGE_LIMITS, MESSAGE_REPORT_MESSAGES, MESSAGING_MESSAGES as M, routes } from '@solutionz/shared';
import type { AuthorizedCaller } from '../../auth/caller';
import { ConflictError, ForbiddenError, NotFoundError, ValidationError } from '../../errors';
import { useTestTable } from '../../testing/dynamodb-table';
import { useTestMediaBucket } from '../../testing/media-bucket';
import { messagesTestDeps } from '../../testing/messages-deps';
import { profileOnlyPerson } from '../../testing/profile-only-person';
import { personalDataRegistry } from '../privacy/registry';
import { getConversation, listConversations, sendMessage, setConversationBlocked, startConversation, type MessagesDeps } from './conversations';
import { messageImageKey, messageImageUploadPrefix } from './message-image-keys';
import { checkMessageImage, createMessageImageUpload, expireUnsentMessageImages, getMessageImage, type MessageImagesDeps } from './message-images';

const table = useTestTable();
const media = useTestMediaBucket();

const NOW = new Date('2026-11-26T12:00:00Z');

const deps = (): MessagesDeps & MessageImagesDeps => ({ ...messagesTestDeps(table.repositories, () => NOW), messageFiles: media.storage });

const person = async (accountType: 'client' | 'provider') => (await profileOnlyPerson(table, accountType)).caller;

/** A client and a provider in one conversation, and a third person outside it. */
async function conversation() {
  const [client, provider, stranger] = await Promise.all([person('client'), person('provider'), person('client')]);
  const { conversationId } = await startConversation(deps(), client, { providerId: provider.userId, messageId: randomUUID(), text: 'Hello' });
  return { client, provider, stranger, conversationId };
}

/** A phone photo: a JPEG whose EXIF names the camera and a GPS position. */
const photo = (colour = '#c0392b') =>
  sharp({ create: { width: 64, height: 48, channels: 3, background: colour } })
    .jpeg()
    .withExif({
      IFD0: { Make: 'PhoneMaker' },
      IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '53/1 57/1 33/1', GPSLongitudeRef: 'W', GPSLongitude: '1/1 4/1 53/1' },
    })
    .toBuffer();

/** What the browser does: ask for a grant, upload the bytes under the key given, ask for the check. */
async function attach(caller: AuthorizedCaller, conversationId: string, bytes: Buffer, name = 'photo.jpg') {
  const grant = await createMessageImageUpload(deps(), caller, conversationId, { name, type: 'image/jpeg', size: bytes.length });
  await media.storage.write(grant.key, bytes, 'image/jpeg', 'no-cache');
  return { grant, checked: checkMessageImage(deps(), caller, conversationId, grant.imageId) };
}

describe('message images', () => {
  it('a participant attaches a photo: checked, re-encoded as WebP without its EXIF, and only the two of the conversation see it once sent', async () => {
    const { client, provider, stranger, conversationId } = await conversation();
    const original = await photo();
    expect((await sharp(original).metadata()).exif?.toString('latin1')).toContain('PhoneMaker');

    const { grant, checked } = await attach(client, conversationId, original);
    expect(grant.key.startsWith(messageImageUploadPrefix(client.userId))).toBe(true);
    await expect(checked).resolves.toEqual({ imageId: grant.imageId, width: 64, height: 48 });
    // The original with its metadata is gone; what is kept is not under a served path.
    expect(await media.keys(messageImageUploadPrefix(client.userId))).toEqual([]);
    expect((await media.keys()).filter((key) => key.startsWith('media/'))).toEqual([]);
    for (const size of ['full', 'thumb'] as const) {
      const stored = await media.object(messageImageKey(conversationId, grant.imageId, size));
      const metadata = await sharp(stored.body).metadata();
      expect(metadata.format).toBe('webp');
      expect(metadata.exif).toBeUndefined();
      expect(stored.body.toString('latin1')).not.toContain('PhoneMaker');
    }

    // Before it is sent only its uploader sees it.
    const own = await getMessageImage(deps(), client, conversationId, grant.imageId, 'thumb');
    expect(own.contentType).toBe('image/webp');
    await expect(getMessageImage(deps(), provider, conversationId, grant.imageId, 'full')).rejects.toThrow(NotFoundError);

    const sent = await sendMessage(deps(), client, conversationId, { messageId: randomUUID(), text: '', imageIds: [grant.imageId] });
    expect(sent.message).toMatchObject({ text: '', imageIds: [grant.imageId] });
    const full = await getMessageImage(deps(), provider, conversationId, grant.imageId, 'full');
    expect((await sharp(full.bytes).metadata()).exif).toBeUndefined();
    const thread = await getConversation(deps(), provider, conversationId, {});
    expect(thread.messages.find((message) => message.messageId === sent.message.messageId)).toMatchObject({ mine: false, text: '', imageIds: [grant.imageId] });
    expect((await listConversations(deps(), provider, {})).conversations[0]?.lastLine).toBe('Sent an image');

    // Anyone else is told the conversation does not exist, whatever they ask of it.
    await expect(getMessageImage(deps(), stranger, conversationId, grant.imageId, 'full')).rejects.toThrow(NotFoundError);
    await expect(createMessageImageUpload(deps(), stranger, conversationId, { name: 'x.jpg', type: 'image/jpeg', size: 10 })).rejects.toThrow(NotFoundError);
    await expect(checkMessageImage(deps(), stranger, conversationId, grant.imageId)).rejects.toThrow(NotFoundError);
    // An admin is no participant at all.
    const admin: AuthorizedCaller = { ...stranger, groups: ['admin'], accountType: 'admin' };
    await expect(createMessageImageUpload(deps(), admin, conversationId, { name: 'x.jpg', type: 'image/jpeg', size: 10 })).rejects.toThrow(ForbiddenError);
  });

  it('refuses to start an upload as a send is refused: while either side blocks, or an admin stopped the uploader messaging', async () => {
    const { client, provider, conversationId } = await conversation();
    const file = { name: 'photo.jpg', type: 'image/jpeg', size: 1000 };
    const refusal = (attempt: Promise<unknown>) =>
      attempt.then(
        () => 'allowed',
        (error: Error & { statusCode: number }) => ({ name: error.name, statusCode: error.statusCode, message: error.message }),
      );
    const send = (caller: AuthorizedCaller, using = deps()) => refusal(sendMessage(using, caller, conversationId, { messageId: randomUUID(), text: 'Hi' }));
    const upload = (caller: AuthorizedCaller, using = deps()) => refusal(createMessageImageUpload(using, caller, conversationId, file));

    await setConversationBlocked(deps(), provider, conversationId, true);
    expect(await upload(client)).toEqual({ name: ForbiddenError.name, statusCode: 403, message: M.blockedByThem });
    expect(await upload(client)).toEqual(await send(client));
    expect(await upload(provider)).toEqual({ name: ConflictError.name, statusCode: 409, message: M.blockedByYou });
    expect(await upload(provider)).toEqual(await send(provider));
    await setConversationBlocked(deps(), provider, conversationId, false);

    const stopped = { ...deps(), reports: { messagingBlocked: async (userId: string) => userId === client.userId } };
    expect(await upload(client, stopped)).toEqual({ name: ForbiddenError.name, statusCode: 403, message: MESSAGE_REPORT_MESSAGES.messagingBlocked });
    expect(await upload(client, stopped)).toEqual(await send(client, stopped));
    expect(await media.keys(messageImageUploadPrefix(client.userId))).toEqual([]);
    // The other side, not stopped, still may; an unconfirmed address is refused by the route's access check.
    expect(await upload(provider, stopped)).toBe('allowed');
    expect(routes.createMessageImageUpload.confirmedEmail).toBe(true);
  });

  it('refuses a file that is not an image by its bytes, even named .jpg and sent as image/jpeg, and deletes it', async () => {
    const { client, conversationId } = await conversation();
    const { grant, checked } = await attach(client, conversationId, Buffer.from('%PDF-1.4 not a photo at all'), 'holiday.jpg');
    await expect(checked).rejects.toThrow(ValidationError);
    await expect(checkMessageImage(deps(), client, conversationId, grant.imageId)).rejects.toMatchObject({ message: M.imageUploadFailed });
    expect(await media.keys(messageImageUploadPrefix(client.userId))).toEqual([]);
    const again = await attach(client, conversationId, Buffer.from('GIF89a but truncated'), 'cat.jpg');
    await expect(again.checked).rejects.toMatchObject({ message: M.imageWrongType });
    // Nothing of them can be sent.
    await expect(sendMessage(deps(), client, conversationId, { messageId: randomUUID(), text: 'Look', imageIds: [grant.imageId] })).rejects.toThrow(
      ConflictError,
    );
  });

  it('sends at most 4 images a message, each once, by its uploader only', async () => {
    const { client, provider, conversationId } = await conversation();
    const body = routes.sendMessage.body!;
    const ids = Array.from({ length: MESSAGE_IMAGE_LIMITS.perMessage + 1 }, () => randomUUID());
    const fifth = body.safeParse({ messageId: randomUUID(), text: '', imageIds: ids });
    expect(fifth.success).toBe(false);
    expect(fifth.error?.issues[0]?.message).toBe(M.tooManyImages);
    expect(body.safeParse({ messageId: randomUUID(), text: '  ', imageIds: [] }).error?.issues[0]?.message).toBe(M.textRequired);
    expect(body.safeParse({ messageId: randomUUID(), text: '', imageIds: ids.slice(0, 4) }).success).toBe(true);

    const images = [];
    for (const colour of ['#111111', '#222222']) {
      const { grant, checked } = await attach(client, conversationId, await photo(colour));
      await checked;
      images.push(grant.imageId);
    }
    // The provider cannot send the client's images.
    await expect(sendMessage(deps(), provider, conversationId, { messageId: randomUUID(), text: 'Mine now', imageIds: [images[0]!] })).rejects.toMatchObject({
      message: M.imageUnavailable,
    });
    await sendMessage(deps(), client, conversationId, { messageId: randomUUID(), text: 'Two photos', imageIds: images });
    // Sent once: a second message naming one of them is refused and stores nothing.
    await expect(sendMessage(deps(), client, conversationId, { messageId: randomUUID(), text: 'Again', imageIds: [images[1]!] })).rejects.toMatchObject({
      message: M.imageUnavailable,
    });
    const thread = await getConversation(deps(), provider, conversationId, {});
    expect(thread.messages.map((message) => [message.text, message.imageIds]).sort()).toEqual([
      ['Hello', []],
      ['Two photos', images],
    ]);
    // An image of one conversation is none of another's, even the same uploader's.
    const other = await person('provider');
    const { conversationId: elsewhere } = await startConversation(deps(), client, { providerId: other.userId, messageId: randomUUID(), text: 'Hi' });
    const { grant, checked } = await attach(client, elsewhere, await photo());
    await checked;
    await expect(sendMessage(deps(), client, conversationId, { messageId: randomUUID(), text: 'Wrong place', imageIds: [grant.imageId] })).rejects.toThrow(
      ConflictError,
    );
  });

  it('an image checked but never sent goes with its files once its keeping is over; a sent one stays', async () => {
    const { client, provider, conversationId } = await conversation();
    const sentOne = await attach(client, conversationId, await photo('#555555'));
    const unsentOne = await attach(client, conversationId, await photo('#666666'));
    await Promise.all([sentOne.checked, unsentOne.checked]);
    await sendMessage(deps(), client, conversationId, { messageId: randomUUID(), text: 'The boiler', imageIds: [sentOne.grant.imageId] });
    const filesOf = (imageId: string) => [messageImageKey(conversationId, imageId, 'full'), messageImageKey(conversationId, imageId, 'thumb')];
    const expiry = (hoursOn: number) => ({
      messages: table.repositories.messages,
      messageFiles: media.storage,
      clock: () => new Date(NOW.getTime() + hoursOn * 3_600_000),
    });

    // Still within its keeping: nothing goes, and the uploader can still send it.
    expect(await expireUnsentMessageImages(expiry(MESSAGE_IMAGE_LIMITS.unsentKeptHours - 0.1))).toEqual({ removed: 0, kept: 0 });
    expect(await media.keys(`private/messages/${conversationId}/`)).toEqual([...filesOf(sentOne.grant.imageId), ...filesOf(unsentOne.grant.imageId)].sort());

    expect(await expireUnsentMessageImages(expiry(MESSAGE_IMAGE_LIMITS.unsentKeptHours))).toEqual({ removed: 1, kept: 1 });
    expect(await media.keys(`private/messages/${conversationId}/`)).toEqual(filesOf(sentOne.grant.imageId).sort());
    await expect(getMessageImage(deps(), client, conversationId, unsentOne.grant.imageId, 'thumb')).rejects.toThrow(NotFoundError);
    await expect(
      sendMessage(deps(), client, conversationId, { messageId: randomUUID(), text: 'Too late', imageIds: [unsentOne.grant.imageId] }),
    ).rejects.toMatchObject({
      message: M.imageUnavailable,
    });
    // The sent one still shows to both, and later runs (weeks on) have nothing left to do.
    expect((await getMessageImage(deps(), provider, conversationId, sentOne.grant.imageId, 'full')).contentType).toBe('image/webp');
    expect(await expireUnsentMessageImages(expiry(24 * 30))).toEqual({ removed: 0, kept: 0 });
    expect((await getMessageImage(deps(), client, conversationId, sentOne.grant.imageId, 'thumb')).contentType).toBe('image/webp');
  });

  it('an expiry that failed halfway is finished by the next run', async () => {
    const { client, conversationId } = await conversation();
    const { grant, checked } = await attach(client, conversationId, await photo());
    await checked;
    const later = () => new Date(NOW.getTime() + MESSAGE_IMAGE_LIMITS.unsentKeptHours * 3_600_000);
    const failingFiles = { delete: async () => Promise.reject(new Error('S3 is down')) };
    await expect(expireUnsentMessageImages({ messages: table.repositories.messages, messageFiles: failingFiles, clock: later })).rejects.toThrow('S3 is down');
    await expect(getMessageImage(deps(), client, conversationId, grant.imageId, 'full')).rejects.toThrow(NotFoundError);
    expect(await media.keys(`private/messages/${conversationId}/`)).toHaveLength(2);

    expect(await expireUnsentMessageImages({ messages: table.repositories.messages, messageFiles: media.storage, clock: later })).toEqual({
      removed: 1,
      kept: 0,
    });
    expect(await media.keys(`private/messages/${conversationId}/`)).toEqual([]);
  });

  it('the export lists the images a person sent; erasure deletes them and the other side keeps the text without them', async () => {
    const { client, provider, conversationId } = await conversation();
    const { grant, checked } = await attach(client, conversationId, await photo());
    await checked;
    const sent = await sendMessage(deps(), client, conversationId, { messageId: randomUUID(), text: 'The leak', imageIds: [grant.imageId] });
    const unsent = await attach(client, conversationId, await photo('#333333'));
    await unsent.checked;

    const registry = personalDataRegistry({ messages: table.repositories.messages, portfolioFiles: media.storage } as unknown as Parameters<
      typeof personalDataRegistry
    >[0]);
    const section = registry.sections.find((candidate) => candidate.name === 'message images')!;
    const listed = (await section.collect({ userId: client.userId, email: '' } as never)) as { imageId: string; messageId: string | null }[];
    expect(listed.map((image) => [image.imageId, image.messageId]).sort()).toEqual(
      [
        [grant.imageId, sent.message.messageId],
        [unsent.grant.imageId, null],
      ].sort(),
    );
    const messages = (await registry.sections.find((candidate) => candidate.name === 'messages')!.collect({ userId: client.userId, email: '' } as never)) as {
      messages: { images: string[] }[];
    }[];
    // Both were sent at the same moment: in either order.
    expect(messages[0]?.messages.map((message) => message.images).sort()).toEqual([[], [grant.imageId]]);

    // The provider's own image stays.
    const theirs = await attach(provider, conversationId, await photo('#444444'));
    await theirs.checked;
    await sendMessage(deps(), provider, conversationId, { messageId: randomUUID(), text: 'Mine', imageIds: [theirs.grant.imageId] });

    const eraser = registry.erasers.find((candidate) => candidate.name === 'message images')!;
    await eraser.erase({ userId: client.userId } as never);
    expect(await media.keys(`private/messages/${conversationId}/`)).toEqual(
      [messageImageKey(conversationId, theirs.grant.imageId, 'full'), messageImageKey(conversationId, theirs.grant.imageId, 'thumb')].sort(),
    );
    await expect(getMessageImage(deps(), provider, conversationId, grant.imageId, 'full')).rejects.toThrow(NotFoundError);

    // Once the account is gone the provider's thread keeps the text, without the images.
    await table.repositories.messages.forget(client.userId);
    await table.repositories.accounts.deleteAccountRecords(client.userId, `${client.userId}@example.co.uk`);
    const thread = await getConversation(deps(), provider, conversationId, {});
    expect(thread.messages.map((message) => [message.text, message.imageIds]).sort()).toEqual([
      ['Hello', []],
      ['Mine', [theirs.grant.imageId]],
      ['The leak', []],
    ]);
  });
});
