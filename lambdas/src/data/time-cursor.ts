/**
 * Cursors of lists ordered by time, newest first: they name the last item shown, (time, id), never a raw
 * DynamoDB key, so the partition always comes from the caller and nobody pages through someone else's
 * list with a cursor of theirs.
 */

/** A cursor this data layer did not make (edited, or cut short). */
export class InvalidCursorError extends Error {
  override readonly name = 'InvalidCursorError';
}

export function encodeTimeCursor(at: string, id: string): string {
  return Buffer.from(JSON.stringify([at, id])).toString('base64url');
}

export function decodeTimeCursor(cursor: string): { at: string; id: string } {
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch (error) {
    throw new InvalidCursorError('The cursor is not one of ours', { cause: error });
  }
  if (!Array.isArray(parsed) || parsed.length !== 2 || !parsed.every((part) => typeof part === 'string' && part.length > 0)) {
    throw new InvalidCursorError('The cursor is not one of ours');
  }
  const [at, id] = parsed as [string, string];
  if (Number.isNaN(Date.parse(at))) throw new InvalidCursorError('The cursor is not one of ours');
  return { at, id };
}
