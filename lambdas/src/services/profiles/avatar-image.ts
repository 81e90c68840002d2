import { AVATAR } from '@solutionz/shared';

/** The stored picture: square, large enough for a profile header on a sharp screen. */
export const AVATAR_SIZE_PX = 512;
/** A 2 MB PNG of one colour can claim a huge canvas; pictures beyond this are refused, not decoded. */
const MAX_INPUT_PIXELS = 40_000_000;

export type AvatarImage = { readonly ok: true; readonly webp: Buffer } | { readonly ok: false; readonly reason: 'wrong-type' | 'not-an-image' };

/**
 * What arrived is trusted by its bytes only: PNG or JPEG by magic bytes, then it must decode. It is
 * re-encoded, turned upright first (phone photos lie sideways with an orientation tag), cropped to a
 * square WebP that keeps no metadata at all: sharp writes none unless asked, so EXIF with its GPS
 * position stays behind.
 */
export async function toAvatarWebp(bytes: Buffer): Promise<AvatarImage> {
  // Loaded on the first picture, not with the area: most of its routes take no pictures.
  const [{ default: sharp }, { fileTypeFromBuffer }] = await Promise.all([import('sharp'), import('file-type')]);
  const type = await fileTypeFromBuffer(bytes);
  if (!type || !(AVATAR.mimeTypes as readonly string[]).includes(type.mime)) return { ok: false, reason: 'wrong-type' };
  try {
    const webp = await sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error' })
      .rotate()
      .resize(AVATAR_SIZE_PX, AVATAR_SIZE_PX, { fit: 'cover' })
      .webp({ quality: 82 })
      .toBuffer();
    return { ok: true, webp };
  } catch {
    return { ok: false, reason: 'not-an-image' };
  }
}
