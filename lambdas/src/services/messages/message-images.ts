import {
  MESSAGE_IMAGE_LIMITS,
  MESSAGING_MESSAGES as M,
  type CheckedMessageImage,
  type MessageImageUploadGrant,
  type MessageImageUploadInput,
} from '@solutionz/shared';
import type { MediaStorage } from '../../adapters/s3-media';
import type { AuthorizedCaller } from '../../auth/caller';
import type { MessageReportsRepository } from '../../data/message-reports-repository';
import type { MessagesRepository } from '../../data/messages-repository';
import type { RateLimitRepository } from '../../data/rate-limit-repository';
import { NotFoundError, RateLimitedError, ValidationError } from '../../errors';
import { checkedImage } from '../profiles/portfolio-media';
import { notBlocked, notStoppedFromMessaging, onlyParticipants, sideOf } from './conversations';
import { messageImageKey, messageImageUploadKey } from './message-image-keys';

/**
 * Images in messages (docs/product/messages.md#images), through the portfolio's pipeline: the browser uploads each with a presigned
 * POST, then asks for the check, which trusts the bytes only (JPEG, PNG or WEBP that decodes), re-encodes
 * them as WebP without metadata and keeps them under the conversation, never under a served path. A send
 * names them; only the two people of the conversation are answered their bytes.
 */
export interface MessageImagesDeps {
  readonly messages: Pick<MessagesRepository, 'getConversation' | 'addImage' | 'getImage' | 'expireImage'>;
  /** The portfolio bucket, under its private prefixes (message-image-keys.ts). */
  readonly messageFiles: MediaStorage;
  readonly rateLimits: Pick<RateLimitRepository, 'takeQuota'>;
  /** Whether an admin stopped the uploader messaging after a report (report.ts). */
  readonly reports: Pick<MessageReportsRepository, 'messagingBlocked'>;
  readonly clock: () => Date;
  readonly random: { id(): string };
}

/** How long a presigned upload may be used. */
const UPLOAD_EXPIRES_S = 300;
const DAY_S = 86_400;
const HOUR_MS = 3_600_000;
/** Stored images are never served by a cache; the API answers each reader itself. */
const STORED = 'private, no-store';

async function participantOf(deps: Pick<MessageImagesDeps, 'messages'>, caller: AuthorizedCaller, conversationId: string) {
  return sideOf(await deps.messages.getConversation(conversationId), caller);
}

/**
 * POST /api/conversations/{id}/images: a presigned upload under the caller's own prefix, within the daily cap.
 * Only someone who could send the image may upload it: refused, in the words a send would get, while either
 * side blocks the other or an admin stopped the caller messaging (an unconfirmed address and a deactivated
 * account are refused by the route's access check).
 */
export async function createMessageImageUpload(
  deps: MessageImagesDeps,
  caller: AuthorizedCaller,
  conversationId: string,
  file: MessageImageUploadInput,
): Promise<MessageImageUploadGrant> {
  onlyParticipants(caller);
  const { conversation, side } = await participantOf(deps, caller, conversationId);
  await notStoppedFromMessaging(deps, caller);
  notBlocked(conversation, side);
  const quota = await deps.rateLimits.takeQuota('message-images', caller.userId, MESSAGE_IMAGE_LIMITS.uploadsPerDay, DAY_S, deps.clock());
  if (!quota.taken) throw new RateLimitedError(M.imageUploadsCapped, quota.retryAfterSeconds);
  const imageId = deps.random.id();
  const key = messageImageUploadKey(caller.userId, conversationId, imageId);
  const maxBytes = MESSAGE_IMAGE_LIMITS.maxFileBytes;
  const grant = await deps.messageFiles.grantUpload({ key, contentType: file.type, maxBytes, expiresInSeconds: UPLOAD_EXPIRES_S });
  return { ...grant, key, maxBytes, imageId };
}

const refused = (message: string) => new ValidationError({ 'params.imageId': message }, message);

/**
 * POST /api/conversations/{id}/images/{imageId}: the caller's upload is read back and checked by its bytes;
 * a file that fails is deleted and refused in words the composer shows. Asked again, the same answer.
 */
export async function checkMessageImage(
  deps: MessageImagesDeps,
  caller: AuthorizedCaller,
  conversationId: string,
  imageId: string,
): Promise<CheckedMessageImage> {
  onlyParticipants(caller);
  await participantOf(deps, caller, conversationId);
  const kept = await deps.messages.getImage(conversationId, imageId);
  if (kept) {
    if (kept.ownerId !== caller.userId) throw new NotFoundError(M.imageNotFound);
    return { imageId, width: kept.width, height: kept.height };
  }
  const uploadKey = messageImageUploadKey(caller.userId, conversationId, imageId);
  const upload = await deps.messageFiles.read(uploadKey, MESSAGE_IMAGE_LIMITS.maxFileBytes);
  if (!upload) throw refused(M.imageUploadFailed);
  const image = upload.body ? await checkedImage(upload.body) : undefined;
  if (!image) {
    await deps.messageFiles.delete(uploadKey);
    throw refused(upload.body ? M.imageWrongType : M.imageTooLarge);
  }
  // Noted before the files exist: whatever of them a failure leaves, the expiry finds.
  const until = new Date(deps.clock().getTime() + MESSAGE_IMAGE_LIMITS.unsentKeptHours * HOUR_MS).toISOString();
  await deps.messages.expireImage({ conversationId, imageId, until });
  await deps.messageFiles.write(messageImageKey(conversationId, imageId, 'full'), image.webp, 'image/webp', STORED);
  await deps.messageFiles.write(messageImageKey(conversationId, imageId, 'thumb'), image.thumbnail, 'image/webp', STORED);
  // A second check of the same upload at the same moment wrote the same objects: either answer holds.
  await deps.messages.addImage({
    conversationId,
    imageId,
    ownerId: caller.userId,
    width: image.width,
    height: image.height,
    createdAt: deps.clock().toISOString(),
  });
  // The original (with whatever metadata it came with) goes once its re-encoded copy exists.
  await Promise.allSettled([deps.messageFiles.delete(uploadKey)]);
  return { imageId, width: image.width, height: image.height };
}

/**
 * GET /api/conversations/{id}/images/{imageId}: the bytes, to either person of the conversation once the
 * image is sent, and to its uploader before. Anyone else, or an image not of this conversation, is not found.
 */
export async function getMessageImage(
  deps: Pick<MessageImagesDeps, 'messages' | 'messageFiles'>,
  caller: AuthorizedCaller,
  conversationId: string,
  imageId: string,
  size: 'full' | 'thumb',
): Promise<{ contentType: string; bytes: Buffer }> {
  await participantOf(deps, caller, conversationId);
  const image = await deps.messages.getImage(conversationId, imageId);
  if (!image || (!image.messageId && image.ownerId !== caller.userId)) throw new NotFoundError(M.imageNotFound);
  const stored = await deps.messageFiles.read(messageImageKey(conversationId, imageId, size), MESSAGE_IMAGE_LIMITS.maxFileBytes);
  if (!stored?.body) throw new NotFoundError(M.imageNotFound);
  return { contentType: 'image/webp', bytes: stored.body };
}

export interface MessageImageExpiryDeps {
  readonly messages: Pick<MessagesRepository, 'endedImageExpiries' | 'removeUnsentImage' | 'dropImageExpiry'>;
  readonly messageFiles: Pick<MediaStorage, 'delete'>;
  readonly clock: () => Date;
}

/** How many expiries one run deals with (the messages worker runs every minute). */
const EXPIRIES_PER_RUN = 100;

/**
 * The messages worker's run (functions/message-mails.ts): each checked image that no message sent within
 * MESSAGE_IMAGE_LIMITS.unsentKeptHours goes, its item and both files; a sent one stays. The item goes first,
 * by a condition a send cannot slip past; the expiry last, so a run that fails halfway is finished by the next.
 */
export async function expireUnsentMessageImages(deps: MessageImageExpiryDeps, limit = EXPIRIES_PER_RUN): Promise<{ removed: number; kept: number }> {
  const ended = await deps.messages.endedImageExpiries(deps.clock(), limit);
  let removed = 0;
  for (const { conversationId, imageId } of ended) {
    if ((await deps.messages.removeUnsentImage(conversationId, imageId)) === 'removed') {
      await deps.messageFiles.delete(messageImageKey(conversationId, imageId, 'full'));
      await deps.messageFiles.delete(messageImageKey(conversationId, imageId, 'thumb'));
      removed++;
    }
    await deps.messages.dropImageExpiry(conversationId, imageId);
  }
  return { removed, kept: ended.length - removed };
}
