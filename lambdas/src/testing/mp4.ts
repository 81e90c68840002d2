/** One ISO base media box: its size, its type, its body. */
function box(type: string, body: Buffer): Buffer {
  const header = Buffer.alloc(8);
  header.writeUInt32BE(8 + body.length, 0);
  header.write(type, 4, 'latin1');
  return Buffer.concat([header, body]);
}

/**
 * An MP4 whose boxes are whole (ftyp, moov with a movie header, mdat), as the server's checks see a
 * video. It does not play: there is no video encoder here to make real frames.
 */
export function mp4File(mediaBytes = 1024): Buffer {
  const ftyp = box('ftyp', Buffer.concat([Buffer.from('isom', 'latin1'), Buffer.alloc(4), Buffer.from('isomiso2avc1mp41', 'latin1')]));
  return Buffer.concat([ftyp, box('moov', box('mvhd', Buffer.alloc(100))), box('mdat', Buffer.alloc(mediaBytes, 7))]);
}
