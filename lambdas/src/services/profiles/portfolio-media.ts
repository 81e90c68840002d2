import { PORTFOLIO_MEDIA_TYPES, type PortfolioContentType } from '@solutionz/shared';

// sharp (libvips) and file-type are loaded on the first file checked, not with the area: most of its routes take no files.
const imageLibraries = async () => {
  const [{ default: sharp }, { fileTypeFromBuffer }] = await Promise.all([import('sharp'), import('file-type')]);
  return { sharp, fileTypeFromBuffer };
};

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

interface Box {
  readonly type: string;
  readonly start: number;
  readonly header: number;
  readonly end: number;
}

/** The chain of boxes that fills `bytes` from `from` to `to` exactly, or undefined when it does not (a cut-off or forged file). */
function boxesBetween(bytes: Buffer, from: number, to: number): Box[] | undefined {
  const boxes: Box[] = [];
  let offset = from;
  while (offset < to) {
    if (offset + 8 > to) return undefined;
    let size = bytes.readUInt32BE(offset);
    const type = bytes.toString('latin1', offset + 4, offset + 8);
    let header = 8;
    if (size === 1) {
      if (offset + 16 > to) return undefined;
      size = Number(bytes.readBigUInt64BE(offset + 8));
      header = 16;
    } else if (size === 0) {
      size = to - offset;
    }
    if (size < header || offset + size > to) return undefined;
    boxes.push({ type, start: offset, header, end: offset + size });
    offset += size;
  }
  return boxes;
}

/**
 * ISO base media files are a chain of boxes (size, type, body). The file must be that chain from end to
 * end, start with `ftyp` and hold the movie header (`moov`) and the media (`mdat`): a truncated upload
 * or another file behind an MP4 signature fails. Frames are not decoded: there is no video decoder here.
 */
export function isWholeMp4(bytes: Buffer): boolean {
  const boxes = boxesBetween(bytes, 0, bytes.length);
  return !!boxes && boxes[0]?.type === 'ftyp' && boxes.some((box) => box.type === 'moov') && boxes.some((box) => box.type === 'mdat');
}

/** Boxes that hold what a phone writes about the recording: user data (`©xyz`, the GPS position), metadata items, XMP. */
const METADATA_BOXES = new Set(['udta', 'meta', 'uuid']);
/** The containers they are found in, from the file down to each track's media information. */
const CONTAINERS = new Set(['moov', 'trak', 'mdia', 'minf']);

/**
 * A copy of a whole MP4 whose metadata boxes, at the top and inside the movie's containers, are
 * rewritten as `free` boxes of the same size with nothing in them: every offset in the file (the
 * sample tables point into `mdat`) stays valid, so nothing is re-encoded. Undefined when the file is
 * not a whole MP4.
 */
export function mp4WithoutMetadata(bytes: Buffer): Buffer | undefined {
  if (!isWholeMp4(bytes)) return undefined;
  const copy = Buffer.from(bytes);
  const blank = (boxes: readonly Box[]): boolean => {
    for (const box of boxes) {
      if (METADATA_BOXES.has(box.type)) {
        copy.write('free', box.start + 4, 'latin1');
        copy.fill(0, box.start + box.header, box.end);
      } else if (CONTAINERS.has(box.type)) {
        const children = boxesBetween(bytes, box.start + box.header, box.end);
        if (!children || !blank(children)) return false;
      }
    }
    return true;
  };
  return blank(boxesBetween(bytes, 0, bytes.length)!) ? copy : undefined;
}

async function imageBytes(bytes: Buffer, maxPx: number, quality: number): Promise<Buffer> {
  const { sharp } = await imageLibraries();
  // Re-encoding writes no metadata unless asked: EXIF (with a GPS position) and XMP stay behind.
  // Turned upright first, as phone photos lie sideways with an orientation tag.
  return sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error' })
    .rotate()
    .resize(maxPx, maxPx, { fit: 'inside', withoutEnlargement: true })
    .webp({ quality })
    .toBuffer();
}

/** The type the bytes say they are, if it is one the portfolio takes. */
async function portfolioTypeOf(bytes: Buffer): Promise<PortfolioContentType | undefined> {
  const { fileTypeFromBuffer } = await imageLibraries();
  const detected = await fileTypeFromBuffer(bytes);
  return detected && detected.mime in PORTFOLIO_MEDIA_TYPES ? (detected.mime as PortfolioContentType) : undefined;
}

/**
 * What arrived is trusted by its bytes only: JPEG, PNG or WEBP by magic bytes that decode as an image,
 * re-encoded as WebP with a thumbnail; or an MP4 by magic bytes whose boxes are whole, its metadata
 * (a phone's GPS position among it) blanked in place.
 */
export async function checkPortfolioFile(bytes: Buffer): Promise<CheckedFile> {
  const type = await portfolioTypeOf(bytes);
  if (!type) return { ok: false };
  if (PORTFOLIO_MEDIA_TYPES[type] === 'video') {
    const mp4 = mp4WithoutMetadata(bytes);
    return mp4 ? { ok: true, type: 'video', mp4 } : { ok: false };
  }
  try {
    const [webp, thumbnail] = await Promise.all([imageBytes(bytes, PORTFOLIO_IMAGE_MAX_PX, 85), imageBytes(bytes, PORTFOLIO_THUMBNAIL_MAX_PX, 78)]);
    return { ok: true, type: 'image', webp, thumbnail };
  } catch {
    return { ok: false };
  }
}

/**
 * An image only (a message's): JPEG, PNG or WEBP by its bytes that decodes, re-encoded as WebP at both
 * sizes without metadata, with the stored size; undefined for anything else.
 */
export async function checkedImage(bytes: Buffer): Promise<{ webp: Buffer; thumbnail: Buffer; width: number; height: number } | undefined> {
  const type = await portfolioTypeOf(bytes);
  if (!type || PORTFOLIO_MEDIA_TYPES[type] !== 'image') return undefined;
  try {
    const [webp, thumbnail] = await Promise.all([imageBytes(bytes, PORTFOLIO_IMAGE_MAX_PX, 85), imageBytes(bytes, PORTFOLIO_THUMBNAIL_MAX_PX, 78)]);
    const { sharp } = await imageLibraries();
    const { width, height } = await sharp(webp).metadata();
    return { webp, thumbnail, width, height };
  } catch {
    return undefined;
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
