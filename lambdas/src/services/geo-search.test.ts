import ngeohash from 'ngeohash';
import { describe, expect, it } from 'vitest';
import { GEO } from '../data/geo-cells';
import { decodeResume, encodeResume, milesBetween, nearestInIndex, type GeoEntry, type GeoIndexReader, type Hit, type Resume } from './geo-search';

const YORK = { lat: 53.959, lng: -1.0815 };

/** A seeded sequence, so a failure can be run again as it was. */
function seeded(seed: number): () => number {
  let state = seed;
  return () => (state = (state * 1_103_515_245 + 12_345) % 2 ** 31) / 2 ** 31;
}

/** Points spread evenly over a disc of `miles` around `centre`. */
function disc(count: number, miles: number, random: () => number, prefix = 'p'): GeoEntry[] {
  return Array.from({ length: count }, (_, index) => {
    const [r, angle] = [miles * Math.sqrt(random()), 2 * Math.PI * random()];
    return {
      id: `${prefix}-${String(index).padStart(5, '0')}`,
      lat: YORK.lat + (r * Math.cos(angle)) / 69,
      lng: YORK.lng + (r * Math.sin(angle)) / (69 * Math.cos((YORK.lat * Math.PI) / 180)),
    };
  });
}

/** The cell index as the data layer keeps it (counts down to the finest cell, entries by geohash), in memory, counting the items it reads. */
function memoryIndex(entries: readonly GeoEntry[]) {
  const hashes = entries.map((entry) => {
    const hash = ngeohash.encode(entry.lat, entry.lng, GEO.stored);
    return { entry: { ...entry, geohash: hash }, hash };
  });
  const counts = new Map<string, Map<string, number>>();
  for (const { hash } of hashes) {
    for (let precision = GEO.partition; precision <= GEO.finest; precision++) {
      const parent = precision === GEO.partition ? 'ROOT' : hash.slice(0, precision - 1);
      const children = counts.get(parent) ?? new Map<string, number>();
      children.set(hash.slice(0, precision), (children.get(hash.slice(0, precision)) ?? 0) + 1);
      counts.set(parent, children);
    }
  }
  const usage = { items: 0, rounds: 0, requests: 0, rootReads: 0 };
  /**
   * A read, counting the rounds of requests one after another: the longest chain of reads each sent once the one before
   * it came back (a read is a round trip: reads sent together come back together).
   */
  const counted = async <T>(read: () => T): Promise<T> => {
    const depth = usage.rounds + 1;
    usage.requests++;
    await new Promise((resolve) => setImmediate(resolve));
    usage.rounds = Math.max(usage.rounds, depth);
    return read();
  };
  const cellsOf = (parent: string) => {
    const children = counts.get(parent);
    if (children) usage.items++;
    return [...(children ?? [])].map(([cell, count]) => ({ cell, count }));
  };
  const index: GeoIndexReader<GeoEntry> = {
    rootCells: () =>
      counted(() => {
        usage.rootReads++;
        return cellsOf('ROOT');
      }),
    childCells: (_scope, cell) => counted(() => cellsOf(cell || 'ROOT')),
    manyChildCells: (cells) => counted(() => cells.map(({ cell }) => cellsOf(cell || 'ROOT'))),
    cellEntries: (_scope, cell, atMost) =>
      counted(() => {
        const inCell = hashes
          .filter(({ hash }) => hash.startsWith(cell))
          .sort((a, b) => (a.hash < b.hash ? -1 : 1))
          .slice(0, atMost)
          .map(({ entry }) => entry);
        usage.items += inCell.length;
        return inCell;
      }),
    runEntries: (_scope, first, last) =>
      counted(() => {
        const inRun = hashes.filter(({ hash }) => hash >= first && hash <= `${last}~`).map(({ entry }) => entry);
        usage.items += inRun.length;
        return inRun;
      }),
  };
  return { index, usage };
}

const byDistanceThenId = (a: Hit, b: Hit) => a.distance - b.distance || (a.id < b.id ? -1 : 1);

function bruteForce(entries: readonly GeoEntry[], radius: number): string[] {
  return entries
    .map((entry) => ({ id: entry.id, distance: milesBetween(YORK, entry) }))
    .filter((hit) => hit.distance <= radius)
    .sort(byDistanceThenId)
    .map((hit) => hit.id);
}

/**
 * Every page of the search, each going on from the last with its pending cells and open cells (passed through their text,
 * as a cursor carries them; `withoutOpen`: as a cursor made before the open cells carried them).
 */
async function everyPage(
  entries: readonly GeoEntry[],
  radius: number,
  limit: number,
  { withoutOpen = false, leafSize }: { withoutOpen?: boolean; leafSize?: number } = {},
) {
  const { index, usage } = memoryIndex(entries);
  const ids: string[] = [];
  const reads: number[] = [];
  const rootReads: number[] = [];
  let after: Hit | undefined;
  let resume: Resume | undefined;
  for (;;) {
    Object.assign(usage, { items: 0, rootReads: 0 });
    const page = await nearestInIndex({
      index,
      scopes: ['all'],
      centre: YORK,
      radius,
      limit,
      ...(leafSize ? { leafSize } : {}),
      ...(after ? { after } : {}),
      ...(resume ? { resume } : {}),
      confirm: async (hits) => new Map(hits.map((hit) => [hit.id, hit.id])),
    });
    ids.push(...page.hits.map((hit) => hit.id));
    reads.push(usage.items);
    rootReads.push(usage.rootReads);
    after = page.hits.at(-1);
    if (!page.more || !after) return { ids, reads, rootReads };
    const { open: _open, ...pendingOnly } = page.resume ?? { horizon: 0, cells: [] };
    const sent = withoutOpen ? pendingOnly : page.resume;
    resume = sent && decodeResume(encodeResume(sent, after.distance)!, after.distance, 1);
    expect(resume).toBeDefined();
  }
}

describe('nearestInIndex deep in a result', () => {
  // A town, the country around it, and farther places: cells of every size.
  const random = seeded(24);
  const entries = [...disc(1_500, 10, random), ...disc(200, 1, random, 'town'), ...disc(300, 40, random, 'far')];

  it('pages through everyone in order, each exactly once, whatever the radius and page size', async () => {
    for (const [radius, limit] of [
      [1, 7],
      [10, 20],
      [25, 50],
      [100, 13],
    ] as const) {
      expect((await everyPage(entries, radius, limit)).ids).toEqual(bruteForce(entries, radius));
    }
  }, 60_000);

  it('pages exactly from a cursor without open cells (made before they were carried); with them, no page walks the counts from the root again', async () => {
    const places = disc(150, 10, seeded(11), 'sector');
    const random = seeded(12);
    const jobs = Array.from({ length: 2_000 }, (_, index) => ({ ...places[Math.floor(random() * places.length)]!, id: `j-${String(index).padStart(5, '0')}` }));
    const withOpen = await everyPage(jobs, 10, 5, { leafSize: 6 });
    const withoutOpen = await everyPage(jobs, 10, 5, { leafSize: 6, withoutOpen: true });
    expect(withoutOpen.ids).toEqual(bruteForce(jobs, 10));
    expect(withOpen.ids).toEqual(withoutOpen.ids);
    // Without them each page walks the counts down from the root again to the ring where the page before ended.
    expect(withoutOpen.rootReads.slice(1).every((reads) => reads === 1)).toBe(true);
    expect(withOpen.rootReads.slice(1).every((reads) => reads === 0)).toBe(true);
    const total = (reads: number[]) => reads.reduce((sum, read) => sum + read, 0);
    expect(total(withOpen.reads)).toBeLessThan(0.9 * total(withoutOpen.reads));
  });

  it('pages in order, each exactly once, through entries crowded at a few places (as at postcode sectors), several to a cell', async () => {
    const places = disc(60, 6, seeded(7), 'place');
    const crowded = Array.from({ length: 900 }, (_, index) => ({ ...places[(index * 7) % places.length]!, id: `c-${String(index).padStart(4, '0')}` }));
    for (const [radius, limit] of [
      [3, 5],
      [10, 5],
      [10, 20],
    ] as const) {
      expect((await everyPage(crowded, radius, limit)).ids).toEqual(bruteForce(crowded, radius));
    }
  });

  it('reads a first page in few rounds of requests one after another, the small cells near the centre together', async () => {
    // The root read, the cells split and read, the records confirmed: each round waits for the one before.
    const { index, usage } = memoryIndex(entries);
    const rounds: number[] = [];
    for (const [dLat, dLng] of [
      [0, 0],
      [0.02, 0.03],
      [-0.05, 0.01],
      [0.1, -0.1],
      [-0.12, 0.15],
      [0.3, 0.2],
    ] as const) {
      usage.rounds = 0;
      const centre = { lat: YORK.lat + dLat, lng: YORK.lng + dLng };
      await nearestInIndex({
        index,
        scopes: ['all'],
        centre,
        radius: 10,
        limit: 5,
        leafSize: 6,
        confirm: async (hits) => new Map(hits.map((hit) => [hit.id, hit.id])),
      });
      rounds.push(usage.rounds);
    }
    // Reading one small cell a round, these took up to 11 rounds (6 to 11).
    expect(Math.max(...rounds)).toBeLessThanOrEqual(7);
  });

  it('eager, reads the counts of the cells around the centre with the root: fewer rounds one after another, the same page', async () => {
    const crowded = [...entries, ...disc(3_000, 2, seeded(5), 'city')];
    const { index, usage } = memoryIndex(crowded);
    for (const [dLat, dLng] of [
      [0, 0],
      [0.02, 0.03],
      [-0.05, 0.01],
    ] as const) {
      const centre = { lat: YORK.lat + dLat, lng: YORK.lng + dLng };
      const page = async (eager: boolean) => {
        usage.rounds = 0;
        const { hits } = await nearestInIndex({
          index,
          scopes: ['all'],
          centre,
          radius: 10,
          limit: 5,
          leafSize: 6,
          eager,
          confirm: async (found) => new Map(found.map((hit) => [hit.id, hit.id])),
        });
        return { ids: hits.map((hit) => hit.id), rounds: usage.rounds };
      };
      const [plain, eager] = [await page(false), await page(true)];
      expect(eager.ids).toEqual(plain.ids);
      // Root, then one level a round down to the finest cells, then the cells read and the records confirmed.
      expect(eager.rounds).toBeLessThanOrEqual(plain.rounds - 2);
    }
  });

  it('reads a run of cells with no other cell holding entries between them in one request, and the root with the counts around the centre', async () => {
    const { index, usage } = memoryIndex(entries);
    const { runEntries: _runs, ...oneByOne } = index;
    for (const [dLat, dLng, radius] of [
      [0, 0, 10],
      [0.02, 0.03, 25],
      [-0.05, 0.01, 5],
      [0.1, -0.1, 10],
    ] as const) {
      const centre = { lat: YORK.lat + dLat, lng: YORK.lng + dLng };
      const page = async (reader: GeoIndexReader<GeoEntry>) => {
        Object.assign(usage, { items: 0, requests: 0, rootReads: 0 });
        const { hits } = await nearestInIndex({
          index: reader,
          scopes: ['all'],
          centre,
          radius,
          limit: 20,
          leafSize: 21,
          parallelCells: 6,
          eager: true,
          confirm: async (found) => new Map(found.map((hit) => [hit.id, hit.id])),
        });
        return { ids: hits.map((hit) => hit.id), ...usage };
      };
      const [single, runs] = [await page(oneByOne), await page(index)];
      const nearest = entries
        .map((entry) => ({ id: entry.id, distance: milesBetween(centre, entry) }))
        .filter((hit) => hit.distance <= radius)
        .sort(byDistanceThenId)
        .slice(0, 20);
      expect(runs.ids).toEqual(nearest.map((hit) => hit.id));
      expect(single.ids).toEqual(runs.ids);
      // The same entries, in fewer requests; the root's counts come in the batch read of those around the centre.
      expect(runs.items).toBe(single.items);
      expect(runs.requests).toBeLessThan(single.requests);
      expect(runs.rootReads).toBe(0);
    }
  });

  it('reads no more for any page far down the list than twice what the first page reads', async () => {
    const { reads } = await everyPage(entries, 10, 20);
    expect(reads.length).toBeGreaterThan(80);
    const [first, ...deeper] = reads;
    expect(Math.max(...deeper)).toBeLessThanOrEqual(2 * first!);
  });
});

describe('a page from a tampered cursor', () => {
  const random = seeded(31);
  const entries = [...disc(2_000, 10, random), ...disc(500, 1, random, 'town')];
  const confirm = async (hits: readonly Hit[]) => new Map(hits.map((hit) => [hit.id, hit.id]));

  /** The second page of "10 miles, 10 a page" from a cursor whose resume is `resume`, the items it read and its hits. */
  async function secondPage(resume: Resume) {
    const { index, usage } = memoryIndex(entries);
    const first = await nearestInIndex({ index, scopes: ['all'], centre: YORK, radius: 10, limit: 10, confirm });
    const after = first.hits.at(-1)!;
    Object.assign(usage, { items: 0 });
    const page = await nearestInIndex({
      index,
      scopes: ['all'],
      centre: YORK,
      radius: 10,
      limit: 10,
      after,
      resume: decodeResume(encodeResume(resume, after.distance)!, after.distance, 1)!,
      confirm,
    });
    return { ids: page.hits.map((hit) => hit.id), items: usage.items, expected: bruteForce(entries, 10).slice(10, 20) };
  }

  it('reads no more than a few leaves of a whole town it names as holding one entry (an open cell), and still pages right', async () => {
    // The partition around York holds all 2,500; the honest cursor would name the cells where the first page stopped.
    const page = await secondPage({ horizon: 0, cells: [], open: [{ scope: 0, cell: ngeohash.encode(YORK.lat, YORK.lng, GEO.partition), count: 1 }] });
    expect(page.ids).toEqual(page.expected);
    expect(page.items).toBeLessThan(200);
  });

  it('reads no more than a few leaves of a whole town it names as pending (its hits only what that cell holds, in order)', async () => {
    const town = ngeohash.encode(YORK.lat, YORK.lng, GEO.partition);
    const page = await secondPage({ horizon: 10, cells: [{ scope: 0, cell: town, next: 0 }], open: [] });
    const inTown = new Set(entries.filter((entry) => ngeohash.encode(entry.lat, entry.lng, GEO.partition) === town).map((entry) => entry.id));
    expect(page.ids).toEqual(
      bruteForce(entries, 10)
        .slice(10)
        .filter((id) => inTown.has(id))
        .slice(0, 10),
    );
    expect(page.items).toBeLessThan(200);
  });
});

describe('a resume in a cursor', () => {
  it('comes back as it went, no distance in it later than it was', () => {
    const resume: Resume = {
      horizon: 5.2,
      cells: [
        { scope: 0, cell: 'gcx2fb', next: 5.1234 },
        { scope: 0, cell: 'gcx2fc7k', next: 5.5 },
        { scope: 0, cell: 'gcx2', next: 5.0101 },
        { scope: 2, cell: 'gcwzzz', next: 7 },
      ],
    };
    const back = decodeResume(encodeResume(resume, 5.01)!, 5.01, 3)!;
    expect(back.horizon).toBeLessThanOrEqual(resume.horizon);
    expect(back.horizon).toBeGreaterThan(resume.horizon - 0.003);
    expect(back.cells.map(({ scope, cell }) => `${scope}.${cell}`).sort()).toEqual(resume.cells.map(({ scope, cell }) => `${scope}.${cell}`).sort());
    for (const cell of back.cells) {
      const sent = resume.cells.find((other) => other.cell === cell.cell)!;
      expect(cell.next).toBeLessThanOrEqual(sent.next);
      expect(cell.next).toBeGreaterThan(sent.next - 0.003);
    }
  });

  it('is refused when it is not one the search makes', () => {
    for (const text of [
      '1;0gcx2f~1,<script>',
      '1;0gcx2f~1,9.0gcx2g~1',
      '1;0g~1',
      '1;7gcx2f~1',
      '1;0gcx2f',
      '1;0gcx2fbcde~1',
      '1;0gcx2a~1',
      '0gcx2f~1',
      '-1;',
      '1;2;',
    ]) {
      expect(decodeResume(text, 1, 3)).toBeUndefined();
    }
    expect(decodeResume('1;', 1, 3)).toEqual({ horizon: 1, cells: [] });
  });

  it('carries the open cells with their counts, and is refused when they are not ones the search makes', () => {
    const resume: Resume = {
      horizon: 5.2,
      cells: [{ scope: 0, cell: 'gcx2fb', next: 5.1234 }],
      open: [
        { scope: 0, cell: 'gcx3', count: 1_200 },
        { scope: 0, cell: 'gcx2fc7', count: 3 },
        { scope: 1, cell: 'gcw', count: 7 },
      ],
    };
    const back = decodeResume(encodeResume(resume, 5.01)!, 5.01, 2)!;
    expect([...back.open!].sort((a, b) => (a.cell < b.cell ? -1 : 1))).toEqual([...resume.open!].sort((a, b) => (a.cell < b.cell ? -1 : 1)));
    expect(decodeResume('1;;', 1, 3)).toEqual({ horizon: 1, cells: [], open: [] });
    for (const text of ['1;;0gc~1', '1;;0gcx2f', '1;;5.0gcx~1', '1;0gcx2f~1;0gcx~1;', '1;;0gcx~1,<b>']) {
      expect(decodeResume(text, 1, 3)).toBeUndefined();
    }
  });
});
