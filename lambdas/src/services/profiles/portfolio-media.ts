import { fileTypeFromBuffer } from 'file-type';
import sharp from 'sharp';
import { PORTFOLIO_MEDIA_TYPES, type PortfolioContentType } from '@solutionz/shared';

/** Stored images: large enough for a full-screen view on a sharp screen. */
export const PORTFOLIO_IMAGE_MAX_PX = 2560;
/** Grid thumbnails. */
export const PORTFOLIO_THUMBNAIL_MAX_PX = 600;
/**
 * A 10 MB file can claim a huge canvas; beyond this it is refused, not decoded. A 48-megapixel phone
 * photo (8064 x 6048) still passes.
 */
const MAX_INPUT_PIXELS = 50_000_000;

export type CheckedFile =
  | { readonly ok: true; readonly type: 'image'; readonly webp: Buffer; readonly thumbnail: Buffer }
  | { readonly ok: true; readonly type: 'video'; readonly mp4: Buffer }
  | { readonly ok: false };

/**
 * ISO base media files are a chain of boxes (size, type, body). The file must be that chain from end to
 * end, start with `ftyp` and hold the movie header (`moov`) and the media (`mdat`): a truncated upload
 * or another file behind an MP4 signature fails. Frames are not decoded: there is no video decoder here.
 */
export function isWholeMp4(bytes: Buffer): boolean {
  const seen = new Set<string>();
  let offset = 0;
  while (offset < bytes.length) {
    if (offset + 8 > bytes.length) return false;
    let size = bytes.readUInt32BE(offset);
    const type = bytes.toString('latin1', offset + 4, offset + 8);
    let header = 8;
    if (size === 1) {
      if (offset + 16 > bytes.length) return false;
      size = Number(bytes.readBigUInt64BE(offset + 8));
      header = 16;
    } else if (size === 0) {
      size = bytes.length - offset;
    }
    if (size < header || offset + size > bytes.length) return false;
    if (offset === 0 && type !== 'ftyp') return false;
    seen.add(type);
    offset += size;
  }
  return seen.has('moov') && seen.has('mdat');
}

async function imageBytes(bytes: Buffer, maxPx: number, quality: number): Promise<Buffer> {
  // Re-encoding writes no metadata unless asked: EXIF (with a GPS position) and XMP stay behind.
  // Turned upright first, as phone photos lie sideways with an orientation tag.
  return sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error' })
    .rotate()
    .resize(maxPx, maxPx, { fit: 'inside', withoutEnlargement: true })
    .webp({ quality })
    .toBuffer();
}

/** The type the bytes say they are, if it is one the portfolio takes. */
export async function portfolioTypeOf(bytes: Buffer): Promise<PortfolioContentType | undefined> {
  const detected = await fileTypeFromBuffer(bytes);
  return detected && detected.mime in PORTFOLIO_MEDIA_TYPES ? (detected.mime as PortfolioContentType) : undefined;
}

/**
 * What arrived is trusted by its bytes only: JPEG, PNG or WEBP by magic bytes that decode as an image,
 * re-encoded as WebP with a thumbnail; or an MP4 by magic bytes whose boxes are whole, kept as it is.
 */
export async function checkPortfolioFile(bytes: Buffer): Promise<CheckedFile> {
  const type = await portfolioTypeOf(bytes);
  if (!type) return { ok: false };
  if (PORTFOLIO_MEDIA_TYPES[type] === 'video') return isWholeMp4(bytes) ? { ok: true, type: 'video', mp4: bytes } : { ok: false };
  try {
    const [webp, thumbnail] = await Promise.all([imageBytes(bytes, PORTFOLIO_IMAGE_MAX_PX, 85), imageBytes(bytes, PORTFOLIO_THUMBNAIL_MAX_PX, 78)]);
    return { ok: true, type: 'image', webp, thumbnail };
  } catch {
    return { ok: false };
  }
}

/** A video's poster: an image upload (a frame the browser drew), checked like any image; undefined when it is none. */
export async function posterWebp(bytes: Buffer): Promise<Buffer | undefined> {
  const type = await portfolioTypeOf(bytes);
  if (!type || PORTFOLIO_MEDIA_TYPES[type] !== 'image') return undefined;
  try {
    return await imageBytes(bytes, PORTFOLIO_IMAGE_MAX_PX, 80);
  } catch {
    return undefined;
  }
}
