/** One ISO base media box: its size, its type, its body. */
function box(type: string, ...body: Buffer[]): Buffer {
  const content = Buffer.concat(body);
  const header = Buffer.alloc(8);
  header.writeUInt32BE(8 + content.length, 0);
  header.write(type, 4, 'latin1');
  return Buffer.concat([header, content]);
}

const ftyp = () => box('ftyp', Buffer.from('isom', 'latin1'), Buffer.alloc(4), Buffer.from('isomiso2avc1mp41', 'latin1'));

/**
 * An MP4 whose boxes are whole (ftyp, moov with a movie header, mdat), as the server's checks see a
 * video. It does not play: there is no video encoder here to make real frames.
 */
export function mp4File(mediaBytes = 1024): Buffer {
  return Buffer.concat([ftyp(), box('moov', box('mvhd', Buffer.alloc(100))), box('mdat', Buffer.alloc(mediaBytes, 7))]);
}

/** Where the phone said the video was taken, as the metadata of mp4WithLocation carries it. */
export const RECORDED_AT = { iso6709: '+53.9590-001.0815/', xmp: '53,57.54N' } as const;

/**
 * An MP4 as a phone writes it, with where it was recorded: `©xyz` in the movie's user data, a
 * QuickTime `meta` with the location key, a track's own user data, and an XMP `uuid` box at the top.
 * The track's chunk offset table (`stco`) points at the media, as a real file's does.
 */
export function mp4WithLocation(): { bytes: Buffer; media: Buffer; chunkOffsetAt: number } {
  const media = Buffer.from('frame-1 frame-2 frame-3 frame-4', 'latin1');
  const xyz = Buffer.concat([Buffer.from([0, RECORDED_AT.iso6709.length, 0x15, 0xc7]), Buffer.from(RECORDED_AT.iso6709, 'latin1')]);
  const movieUserData = box('udta', box('\u00a9xyz', xyz), box('\u00a9mak', Buffer.from('PhoneMaker', 'latin1')));
  const movieMeta = box(
    'meta',
    box('hdlr', Buffer.alloc(24)),
    box('keys', Buffer.from('com.apple.quicktime.location.ISO6709', 'latin1')),
    box('ilst', Buffer.from(RECORDED_AT.iso6709, 'latin1')),
  );
  const xmp = box(
    'uuid',
    Buffer.from('be7acfcb97a942e89c71999491e3afac', 'hex'),
    Buffer.from(`<exif:GPSLatitude>${RECORDED_AT.xmp}</exif:GPSLatitude>`, 'latin1'),
  );
  const stco = (offset: number) => {
    const body = Buffer.alloc(12);
    body.writeUInt32BE(1, 4);
    body.writeUInt32BE(offset, 8);
    return box('stco', body);
  };
  const build = (offset: number) => {
    const track = box(
      'trak',
      box('tkhd', Buffer.alloc(84)),
      box('udta', box('\u00a9xyz', xyz)),
      box('mdia', box('mdhd', Buffer.alloc(24)), box('minf', box('stbl', stco(offset)))),
    );
    return Buffer.concat([ftyp(), xmp, box('moov', box('mvhd', Buffer.alloc(100)), movieUserData, movieMeta, track), box('mdat', media)]);
  };
  // The media's offset is known once the boxes before it are laid out; the table has a fixed size.
  const mediaOffset = build(0).length - media.length;
  const bytes = build(mediaOffset);
  return { bytes, media, chunkOffsetAt: bytes.indexOf(Buffer.from('stco', 'latin1')) + 4 + 8 };
}
