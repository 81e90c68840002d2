/**
 * Keys kept in sorted order: every key that starts with a prefix is one binary search away, so an
 * autocomplete never walks the whole table.
 */
export class PrefixIndex<T> {
  private readonly keys: string[];
  private readonly values: T[];

  constructor(entries: Iterable<readonly [key: string, value: T]>) {
    const sorted = [...entries].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    this.keys = sorted.map(([key]) => key);
    this.values = sorted.map(([, value]) => value);
  }

  /** The values whose key starts with `prefix`, in key order. */
  *startingWith(prefix: string): Generator<T> {
    let low = 0;
    let high = this.keys.length;
    while (low < high) {
      const middle = (low + high) >>> 1;
      if (this.keys[middle]! < prefix) low = middle + 1;
      else high = middle;
    }
    for (let index = low; index < this.keys.length && this.keys[index]!.startsWith(prefix); index++) yield this.values[index]!;
  }
}

/** At most `limit` items of an iterable. */
export function take<T>(items: Iterable<T>, limit: number): T[] {
  const taken: T[] = [];
  if (limit <= 0) return taken;
  for (const item of items) {
    taken.push(item);
    if (taken.length >= limit) break;
  }
  return taken;
}
