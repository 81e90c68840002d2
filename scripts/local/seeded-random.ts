/**
 * A seeded source of randomness (mulberry32), so generated data (the demo directory, the directory
 * benchmark) is the same on every machine and every run.
 */
export interface SeededRandom {
  /** A number in [0, 1). */
  next(): number;
  /** A whole number in [min, max]. */
  int(min: number, max: number): number;
  pick<T>(items: readonly T[]): T;
  chance(probability: number): boolean;
  /** An id shaped like the Cognito `sub` of a real account. */
  uuid(): string;
  /** A picker that draws items with the given weights (one binary search a draw). */
  weighted<T>(items: readonly T[], weight: (item: T) => number): () => T;
  /** Up to `count` distinct items, in a random order. */
  sample<T>(items: readonly T[], count: number): T[];
}

export function seededRandom(seed: number): SeededRandom {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
  const int = (min: number, max: number) => min + Math.floor(next() * (max - min + 1));
  const hex = (digits: number) => Array.from({ length: digits }, () => int(0, 15).toString(16)).join('');
  return {
    next,
    int,
    pick: (items) => items[Math.floor(next() * items.length)]!,
    chance: (probability) => next() < probability,
    uuid: () => `${hex(8)}-${hex(4)}-4${hex(3)}-${'89ab'[int(0, 3)]}${hex(3)}-${hex(12)}`,
    weighted(items, weight) {
      const cumulative: number[] = [];
      let total = 0;
      for (const item of items) cumulative.push((total += weight(item)));
      return () => {
        const target = next() * total;
        let low = 0;
        let high = cumulative.length - 1;
        while (low < high) {
          const middle = (low + high) >>> 1;
          if (cumulative[middle]! <= target) low = middle + 1;
          else high = middle;
        }
        return items[low]!;
      };
    },
    sample(items, count) {
      const copy = [...items];
      for (let i = copy.length - 1; i > 0; i--) {
        const j = Math.floor(next() * (i + 1));
        [copy[i], copy[j]] = [copy[j]!, copy[i]!];
      }
      return copy.slice(0, count);
    },
  };
}
