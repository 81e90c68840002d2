import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { mp4File, mp4WithLocation, RECORDED_AT } from '../../testing/mp4';
import { checkPortfolioFile, isWholeMp4, mp4WithoutMetadata, PORTFOLIO_IMAGE_MAX_PX, PORTFOLIO_THUMBNAIL_MAX_PX, posterWebp } from './portfolio-media';

const picture = (width: number, height: number) => sharp({ create: { width, height, channels: 3, background: { r: 200, g: 90, b: 30 } } });

async function photoWithPosition(): Promise<Buffer> {
  return picture(400, 300)
    .jpeg()
    .withExif({
      IFD0: { Make: 'PhoneMaker' },
      IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '53/1 57/1 33/1', GPSLongitudeRef: 'W', GPSLongitude: '1/1 4/1 53/1' },
    })
    .toBuffer();
}

function withBox64(type: string, body: Buffer): Buffer {
  const header = Buffer.alloc(16);
  header.writeUInt32BE(1, 0);
  header.write(type, 4, 'latin1');
  header.writeBigUInt64BE(BigInt(16 + body.length), 8);
  return Buffer.concat([header, body]);
}

describe('isWholeMp4', () => {
  it('takes a chain of boxes from ftyp to the end, with a movie header and media', () => {
    expect(isWholeMp4(mp4File())).toBe(true);
    // A box with a 64-bit size, and a last box whose size 0 means "to the end of the file".
    const ftypAndMoov = mp4File().subarray(0, mp4File().length - 1032);
    expect(isWholeMp4(Buffer.concat([ftypAndMoov, withBox64('mdat', Buffer.alloc(64))]))).toBe(true);
    const toTheEnd = Buffer.concat([ftypAndMoov, Buffer.from([0, 0, 0, 0]), Buffer.from('mdat', 'latin1'), Buffer.alloc(32)]);
    expect(isWholeMp4(toTheEnd)).toBe(true);
  });

  it('refuses a file cut short, one that does not start with ftyp, and one without a movie header', () => {
    const whole = mp4File();
    expect(isWholeMp4(whole.subarray(0, whole.length - 10))).toBe(false);
    expect(isWholeMp4(Buffer.concat([Buffer.from([0, 0, 0, 8]), Buffer.from('free', 'latin1'), whole]))).toBe(false);
    const ftyp = whole.subarray(0, whole.readUInt32BE(0));
    expect(isWholeMp4(Buffer.concat([ftyp, whole.subarray(whole.length - 1032)]))).toBe(false);
  });
});

describe('checkPortfolioFile', () => {
  it('re-encodes a PNG as WebP and makes a thumbnail at most 600 px on its longer side', async () => {
    const checked = await checkPortfolioFile(await picture(1200, 800).png().toBuffer());
    expect(checked).toMatchObject({ ok: true, type: 'image' });
    if (!checked.ok || checked.type !== 'image') return;
    expect(await sharp(checked.webp).metadata()).toMatchObject({ format: 'webp', width: 1200, height: 800 });
    expect(await sharp(checked.thumbnail).metadata()).toMatchObject({ format: 'webp', width: PORTFOLIO_THUMBNAIL_MAX_PX, height: 400 });
  });

  it('scales a very large picture down to 2560 px and never enlarges a small one', async () => {
    const large = await checkPortfolioFile(await picture(4000, 1000).jpeg().toBuffer());
    const small = await checkPortfolioFile(await picture(200, 100).webp().toBuffer());
    if (!large.ok || large.type !== 'image' || !small.ok || small.type !== 'image') throw new Error('both are pictures');
    expect(await sharp(large.webp).metadata()).toMatchObject({ width: PORTFOLIO_IMAGE_MAX_PX, height: 640 });
    expect(await sharp(small.webp).metadata()).toMatchObject({ width: 200, height: 100 });
    expect(await sharp(small.thumbnail).metadata()).toMatchObject({ width: 200, height: 100 });
  });

  it('keeps no EXIF of a phone photo (and so no GPS position), in the picture or its thumbnail', async () => {
    const photo = await photoWithPosition();
    expect((await sharp(photo).metadata()).exif?.toString('latin1')).toContain('PhoneMaker');
    const checked = await checkPortfolioFile(photo);
    if (!checked.ok || checked.type !== 'image') throw new Error('a photo is a picture');
    for (const webp of [checked.webp, checked.thumbnail]) {
      const metadata = await sharp(webp).metadata();
      expect(metadata.exif).toBeUndefined();
      expect(metadata.xmp).toBeUndefined();
      expect(webp.toString('latin1')).not.toContain('PhoneMaker');
    }
  });

  it('keeps an MP4 without metadata exactly as it came', async () => {
    const video = mp4File();
    expect(await checkPortfolioFile(video)).toEqual({ ok: true, type: 'video', mp4: video });
  });

  it('blanks where a phone video was recorded (user data, metadata items, XMP) without re-encoding: same size, every offset still valid', async () => {
    const { bytes, media, chunkOffsetAt } = mp4WithLocation();
    expect(bytes.toString('latin1')).toContain(RECORDED_AT.iso6709);
    const checked = await checkPortfolioFile(bytes);
    if (!checked.ok || checked.type !== 'video') throw new Error('an MP4 is a video');
    const { mp4 } = checked;

    expect(mp4.length).toBe(bytes.length);
    for (const trace of [RECORDED_AT.iso6709, RECORDED_AT.xmp, 'PhoneMaker', 'com.apple.quicktime.location', '\u00a9xyz']) {
      expect(mp4.toString('latin1')).not.toContain(trace);
    }
    expect(isWholeMp4(mp4)).toBe(true);
    // The chunk offset table is untouched and still points at the same media bytes.
    const offset = mp4.readUInt32BE(chunkOffsetAt);
    expect(offset).toBe(bytes.readUInt32BE(chunkOffsetAt));
    expect(mp4.subarray(offset, offset + media.length)).toEqual(media);
    // The top-level boxes, with the XMP box now free space of the same size.
    const topLevel: string[] = [];
    for (let at = 0; at < mp4.length; at += mp4.readUInt32BE(at)) topLevel.push(mp4.toString('latin1', at + 4, at + 8));
    expect(topLevel).toEqual(['ftyp', 'free', 'moov', 'mdat']);
    expect(mp4WithoutMetadata(mp4)).toEqual(mp4);
  });

  it.each([
    ['a text file', () => Buffer.from('just some words, no picture at all')],
    ['a GIF', () => picture(40, 40).gif().toBuffer()],
    ['a PNG that does not decode', async () => Buffer.concat([(await picture(50, 50).png().toBuffer()).subarray(0, 40), Buffer.alloc(200, 7)])],
    ['an MP4 signature in front of something else', () => Buffer.concat([mp4File().subarray(0, 32), Buffer.from('not the rest of a video')])],
    ['a QuickTime movie', () => Buffer.concat([Buffer.from([0, 0, 0, 20]), Buffer.from('ftypqt  ', 'latin1'), Buffer.alloc(8)])],
  ])('refuses %s', async (_name, file) => {
    expect(await checkPortfolioFile(await file())).toEqual({ ok: false });
  });
});

describe('posterWebp', () => {
  it('makes a WebP of an image, and nothing of what is not one', async () => {
    const poster = await posterWebp(await picture(640, 360).jpeg().toBuffer());
    expect(await sharp(poster!).metadata()).toMatchObject({ format: 'webp', width: 640, height: 360 });
    expect(await posterWebp(mp4File())).toBeUndefined();
    expect(await posterWebp(Buffer.from('text'))).toBeUndefined();
  });
});
