import { ACCOUNT_MESSAGES, AVATAR, PROFILE_MESSAGES, STORAGE_CACHE_CONTROL_S, type PresignedUpload } from '@solutionz/shared';
import type { AuthorizedCaller } from '../../auth/caller';
import { ForbiddenError, NotFoundError, ValidationError } from '../../errors';
import type { ProfilesDeps } from './deps';
import { toAvatarWebp } from './avatar-image';
import { AVATAR_UPLOADS_ROOT, avatarPrefix, avatarUploadPrefix } from './avatar-keys';

/** How long a presigned upload may be used. */
const UPLOAD_EXPIRES_S = 300;

/** The key is chosen here, never by the browser: a random name under the caller's own upload prefix. */
export async function createAvatarUpload(
  deps: Pick<ProfilesDeps, 'avatars' | 'random'>,
  caller: AuthorizedCaller,
  input: { contentType: string },
): Promise<PresignedUpload> {
  const key = `${avatarUploadPrefix(caller.userId)}${deps.random.id()}`;
  const grant = await deps.avatars.grantUpload({ key, contentType: input.contentType, maxBytes: AVATAR.maxBytes, expiresInSeconds: UPLOAD_EXPIRES_S });
  return { ...grant, key, maxBytes: AVATAR.maxBytes };
}

function refused(message: string): ValidationError {
  return new ValidationError({ 'body.key': message }, message);
}

/**
 * Links an uploaded picture (docs/architecture.md#files): the upload must be the caller's own, is read back
 * and checked (size, type by magic bytes, decodes), re-encoded without metadata, stored under the
 * caller's media prefix and linked; the upload and the picture it replaces are deleted. A file that
 * fails a check is deleted and the answer says why in the product's words (docs/product/account-settings.md#avatar).
 */
export async function setAvatar(deps: ProfilesDeps, caller: AuthorizedCaller, key: string): Promise<{ avatarUrl: string }> {
  const ownPrefix = avatarUploadPrefix(caller.userId);
  if (!key.startsWith(ownPrefix)) {
    if (key.startsWith(AVATAR_UPLOADS_ROOT)) throw new ForbiddenError();
    throw refused(PROFILE_MESSAGES.avatar.missing);
  }
  if (!/^[\w-]+$/.test(key.slice(ownPrefix.length))) throw refused(PROFILE_MESSAGES.avatar.missing);

  const upload = await deps.avatars.read(key, AVATAR.maxBytes);
  if (!upload) throw refused(PROFILE_MESSAGES.avatar.missing);
  const image = upload.body ? await toAvatarWebp(upload.body) : undefined;
  if (!image?.ok) {
    await deps.avatars.delete(key);
    if (!image) throw refused(PROFILE_MESSAGES.avatar.tooLarge.description);
    throw refused((image.reason === 'wrong-type' ? PROFILE_MESSAGES.avatar.wrongType : PROFILE_MESSAGES.avatar.notAnImage).description);
  }

  const avatarKey = `${avatarPrefix(caller.userId)}${deps.random.id()}.webp`;
  await deps.avatars.write(avatarKey, image.webp, 'image/webp', `public, max-age=${STORAGE_CACHE_CONTROL_S}`);
  const replaced = await deps.accounts.replaceAvatarKey(caller.userId, avatarKey, deps.clock().toISOString());
  if (!replaced) {
    await deps.avatars.delete(avatarKey);
    throw new NotFoundError(ACCOUNT_MESSAGES.profileNotFound);
  }
  await deps.directory.syncListing(caller.userId, deps.clock());
  // The new picture is linked; what is left is tidying. A file that stays behind is under the
  // person's own prefixes, where erasure finds it, and uploads lapse by the bucket's lifecycle rule.
  await Promise.allSettled([
    deps.avatars.delete(key),
    ...(replaced.previousKey?.startsWith(avatarPrefix(caller.userId)) ? [deps.avatars.delete(replaced.previousKey)] : []),
  ]);
  return { avatarUrl: `/${avatarKey}` };
}
