import { createReadStream } from 'node:fs';
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Readable } from 'node:stream';
import { parse } from 'csv-parse';
import yauzl from 'yauzl';
import { OUTCODE_TABLE_FILE, SECTOR_TABLE_FILE, type PostcodeTable } from '@solutionz/lambdas/geo/postcode-tables';

/**
 * The two postcode tables (lambdas/src/geo/postcode-tables.ts) from the ONS National Statistics
 * Postcode Lookup: for each outward code and sector, the median latitude and longitude of its live
 * postcodes. Northern Ireland (BT) is left out (its postcode data needs a licence from Land and
 * Property Services for commercial use), and so is every postcode without coordinates.
 */

/** The NSPL columns read, found by name in the header: the postcode, its coordinates, its date of termination. */
const COLUMNS = ['pcds', 'lat', 'long', 'doterm'] as const;
type ColumnIndexes = Record<(typeof COLUMNS)[number], number>;

export interface PostcodeTablesSummary {
  /** Live postcodes with coordinates that went into the tables. */
  readonly postcodes: number;
  readonly outcodes: number;
  readonly sectors: number;
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = sorted.length >> 1;
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

const fourDecimals = (value: number) => Math.round(value * 10_000) / 10_000;

/** Every point of one outward code or sector, kept as two columns so that each median is taken on its own. */
class Points {
  readonly lats: number[] = [];
  readonly lngs: number[] = [];

  add(lat: number, lng: number): void {
    this.lats.push(lat);
    this.lngs.push(lng);
  }
}

function add(groups: Map<string, Points>, key: string, lat: number, lng: number): void {
  let points = groups.get(key);
  if (!points) {
    points = new Points();
    groups.set(key, points);
  }
  points.add(lat, lng);
}

function table(groups: Map<string, Points>): PostcodeTable {
  return Object.fromEntries(
    [...groups.keys()].sort().map((key) => {
      const { lats, lngs } = groups.get(key)!;
      return [key, [fourDecimals(median(lats)), fourDecimals(median(lngs))]] as const;
    }),
  );
}

/** The NSPL CSV: the file itself, or the largest CSV inside the zip the ONS publishes (the whole UK in one file). */
async function openCsv(input: string): Promise<{ stream: Readable; close: () => void }> {
  if (!input.toLowerCase().endsWith('.zip')) {
    const stream = createReadStream(input);
    return { stream, close: () => stream.destroy() };
  }
  const zip = await yauzl.openPromise(input, { lazyEntries: true, autoClose: false });
  const largestCsv = await new Promise<yauzl.Entry | undefined>((resolve, reject) => {
    let largest: yauzl.Entry | undefined;
    zip.on('entry', (entry: yauzl.Entry) => {
      if (entry.fileName.toLowerCase().endsWith('.csv') && entry.uncompressedSize > (largest?.uncompressedSize ?? -1)) largest = entry;
      zip.readEntry();
    });
    zip.once('end', () => resolve(largest));
    zip.once('error', reject);
    zip.readEntry();
  });
  if (!largestCsv) {
    zip.close();
    throw new Error(`${input} holds no CSV file: download the NSPL zip (or its CSV) from the ONS Open Geography Portal`);
  }
  return { stream: await zip.openReadStreamPromise(largestCsv), close: () => zip.close() };
}

/** Reads the NSPL (a CSV or the zip that holds it) and writes both tables into `outDir`. */
export async function buildPostcodeTables(input: string, outDir: string): Promise<PostcodeTablesSummary> {
  const outcodes = new Map<string, Points>();
  const sectors = new Map<string, Points>();
  let postcodes = 0;
  let column: ColumnIndexes | undefined;

  const { stream, close } = await openCsv(input);
  try {
    for await (const record of stream.pipe(parse({ bom: true, relax_column_count: true, skip_empty_lines: true })) as AsyncIterable<string[]>) {
      if (!column) {
        const header = record.map((name) => name.trim().toLowerCase());
        const missing = COLUMNS.filter((name) => !header.includes(name));
        if (missing.length > 0) throw new Error(`${input} is not the NSPL: its header has no ${missing.join(', ')} column`);
        column = Object.fromEntries(COLUMNS.map((name) => [name, header.indexOf(name)])) as ColumnIndexes;
        continue;
      }
      if (record[column.doterm]?.trim()) continue;
      const postcode = (record[column.pcds] ?? '').toUpperCase().replace(/\s+/g, '');
      if (postcode.length < 5 || postcode.startsWith('BT')) continue;
      const lat = Number(record[column.lat]);
      const lng = Number(record[column.long]);
      // NSPL writes 99.999999 / 0.000000 for postcodes without a grid reference (the Channel Islands, the Isle of Man, new ones).
      if (!record[column.lat]?.trim() || !Number.isFinite(lat) || !Number.isFinite(lng) || Math.abs(lat) >= 90) continue;
      const outcode = postcode.slice(0, -3);
      add(outcodes, outcode, lat, lng);
      add(sectors, `${outcode} ${postcode.at(-3)}`, lat, lng);
      postcodes++;
    }
  } finally {
    close();
  }

  await mkdir(outDir, { recursive: true });
  await writeFile(join(outDir, OUTCODE_TABLE_FILE), JSON.stringify(table(outcodes)));
  await writeFile(join(outDir, SECTOR_TABLE_FILE), JSON.stringify(table(sectors)));
  return { postcodes, outcodes: outcodes.size, sectors: sectors.size };
}
