import { InvalidCursorError } from '../data/time-cursor';
import { ValidationError } from '../errors';

/** A page read whose cursor the data layer did not make: the caller's mistake, answered with `message` beside `query.cursor`. */
export async function readWithCursor<T>(read: () => Promise<T>, message: string): Promise<T> {
  try {
    return await read();
  } catch (error) {
    if (error instanceof InvalidCursorError) throw new ValidationError({ 'query.cursor': message }, message, { cause: error });
    throw error;
  }
}
