import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { dynamoDbUsage, resetDynamoDbUsage, type DynamoDbUsage } from '@solutionz/lambdas/adapters/dynamodb';
import type { Geocoder } from '@solutionz/lambdas/geo/geocoder';
import { createOfflineGeocoder } from '@solutionz/lambdas/geo/offline-geocoder';
import { readPostcodeTables } from '@solutionz/lambdas/geo/postcode-tables';
import { resolvePlace } from '@solutionz/lambdas/geo/resolve';
import { readTownTable, type Town } from '@solutionz/lambdas/geo/towns';
import { milesBetween } from '@solutionz/lambdas/services/geo-search';
import { localPostcodeDataDir, localPostcodeDataMissingMessage } from './postcode-data';
import { portOffsetFromEnv } from './ports';
import { killAllManaged } from './process';
import { seededRandom, type SeededRandom } from './seeded-random';
import { REPO_ROOT, startLocalStack, type LocalStack, type LocalStackOptions } from './stack';
import { localTownTable } from './town-table';

/**
 * What the benchmarks (bench:directory, bench:jobs, and the demo search of bench:start and bench:web) share: their
 * places, their figures and their throw-away stack.
 */

/** The demo directory's search the start and web benchmarks open (fencing near Leeds), as a query string. */
export const DEMO_SEARCH = 'service=fencing&location=Leeds';

export interface Point {
  readonly lat: number;
  readonly lng: number;
}
export interface Sector extends Point {
  readonly name: string;
  readonly weight: number;
}
/** What one request cost: DynamoDB usage (counted by the function's own metered client) and time. */
export interface Measured {
  readonly usage: DynamoDbUsage;
  readonly ms: number;
}

/** Sectors this close to a big city's centre draw this many times as many as others (sectors already hold about as many addresses each). */
const CITY_PULL = { miles: 10, weight: 3 } as const;
const BIG_CITIES = [
  'London',
  'Birmingham',
  'Manchester',
  'Leeds',
  'Glasgow',
  'Liverpool',
  'Newcastle upon Tyne',
  'Sheffield',
  'Bristol',
  'Edinburgh',
  'Leicester',
  'Nottingham',
  'Cardiff',
];
const DEFAULT_PORT_OFFSET = 300;

export const percentile = (values: readonly number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;
};
export const mean = (values: readonly number[]) => values.reduce((sum, value) => sum + value, 0) / Math.max(1, values.length);
export const thousands = (value: number) => Math.round(value).toLocaleString('en-GB');
export const fixed = (value: number) => (value >= 100 ? thousands(value) : value.toFixed(1));

export async function placeOf(geocoder: Geocoder, text: string): Promise<Point> {
  const { lat, lng } = await resolvePlace(geocoder, text, 'location');
  return { lat, lng };
}

/** Every postcode sector, those near a big city weighted up. */
async function sectorsWeightedTowardsCities(postcodeDataDir: string, geocoder: Geocoder): Promise<Sector[]> {
  const tables = readPostcodeTables(postcodeDataDir)!;
  const cities = await Promise.all(BIG_CITIES.map((city) => placeOf(geocoder, city)));
  return Object.entries(tables.sectors).map(([name, [lat, lng]]) => {
    const near = cities.some((city) => milesBetween(city, { lat, lng }) <= CITY_PULL.miles);
    return { name, lat, lng, weight: near ? CITY_PULL.weight : 1 };
  });
}

/** The columns of `summary`, after a label 40 wide. */
export const SUMMARY_HEADER = `${''.padEnd(40)}${['requests', 'rounds', 'items read', 'items p95', 'capacity', 'DB ms', 'p50 ms', 'p95 ms'].map((column) => column.padStart(12)).join('')}`;

/**
 * One line of figures over these requests: mean requests and round trips one after another, mean and p95 items read,
 * mean capacity, mean time waiting on DynamoDB, p50 and p95 time.
 */
export function summary(label: string, runs: readonly Measured[]): string {
  const items = runs.map((run) => run.usage.itemsRead);
  const cells = [
    fixed(mean(runs.map((run) => run.usage.requests))),
    fixed(mean(runs.map((run) => run.usage.rounds))),
    fixed(mean(items)),
    fixed(percentile(items, 95)),
    fixed(mean(runs.map((run) => run.usage.capacityUnits))),
    fixed(mean(runs.map((run) => run.usage.waitingMs))),
    percentile(
      runs.map((run) => run.ms),
      50,
    ).toFixed(0),
    percentile(
      runs.map((run) => run.ms),
      95,
    ).toFixed(0),
  ];
  return `  ${label.padEnd(40)}${cells.map((cell) => cell.padStart(12)).join('')}`;
}

/** Where the reads of these requests went, by DynamoDB operation (gets of counts, queries of entries, batch gets of records). */
export function byOperation(runs: readonly Measured[]): string {
  const operations = [...new Set(runs.flatMap((run) => Object.keys(run.usage.byOperation)))].sort();
  return operations
    .map((operation) => {
      const of = (run: Measured) => run.usage.byOperation[operation] ?? { requests: 0, itemsRead: 0 };
      return `${operation} ${fixed(mean(runs.map((run) => of(run).requests)))} requests, ${fixed(mean(runs.map((run) => of(run).itemsRead)))} items`;
    })
    .join('; ');
}

export async function measured<T>(work: () => Promise<T>): Promise<Measured & { result: T }> {
  resetDynamoDbUsage();
  const started = performance.now();
  const result = await work();
  return { result, ms: performance.now() - started, usage: dynamoDbUsage() };
}

/** What paging through a whole result found: whether every expected id came exactly once and in order, and what each page cost. */
export interface PagedThrough {
  readonly exact: boolean;
  readonly pages: Measured[];
  readonly found: number;
  readonly problem?: string;
}

/** Pages through a result with its cursor (`page` answers one page's ids and the next cursor), checked against the ids expected. */
export async function pageThrough(
  expected: readonly string[],
  page: (cursor: string | undefined) => Promise<{ ids: string[]; nextCursor?: string }>,
): Promise<PagedThrough> {
  const pages: Measured[] = [];
  const ids: string[] = [];
  let cursor: string | undefined;
  do {
    const answer = await measured(() => page(cursor));
    pages.push(answer);
    ids.push(...answer.result.ids);
    cursor = answer.result.nextCursor;
  } while (cursor && pages.length <= expected.length);
  const repeated = ids.length - new Set(ids).size;
  const firstDifference = ids.findIndex((id, index) => id !== expected[index]);
  const exact = ids.length === expected.length && firstDifference === -1;
  const problem = exact
    ? undefined
    : `${ids.length} ids for ${expected.length} expected, ${repeated} repeated${firstDifference >= 0 ? `, first difference at ${firstDifference}` : ''}`;
  return { exact, pages, found: ids.length, ...(problem ? { problem } : {}) };
}

/** What the pages of the paged result after the first read: the most (the target's figure) and the mean, against the first page's. */
export function deepPages(paging: PagedThrough): { first: number; deepest: number; mean: number; ratio: number } {
  const [first, ...deeper] = paging.pages.map((page) => page.usage.itemsRead);
  const deepest = Math.max(0, ...deeper);
  return { first: first!, deepest, mean: mean(deeper), ratio: deepest / first! };
}

/** The size (`n`) whose paged result has the deep page costing most against its first. */
export function worstDeepPage(rounds: readonly { readonly n: number; readonly paging: PagedThrough }[]): { n: number } & ReturnType<typeof deepPages> {
  return rounds.map((round) => ({ n: round.n, ...deepPages(round.paging) })).reduce((worst, round) => (round.ratio > worst.ratio ? round : worst));
}

/**
 * What a benchmark draws its data from: a geocoder over the postcode tables and the towns the stack's functions
 * read (town-table.ts), those towns (in the package's order, so seeded picks are as from the package), the sectors
 * weighted towards cities, a seeded random source and the time; undefined (said on stderr) without the tables.
 */
export async function benchSetup(seed: number): Promise<{ geocoder: Geocoder; towns: Town[]; sectors: Sector[]; random: SeededRandom; now: Date } | undefined> {
  const postcodeDataDir = localPostcodeDataDir(REPO_ROOT);
  if (!postcodeDataDir) {
    console.error(localPostcodeDataMissingMessage(REPO_ROOT));
    return undefined;
  }
  const townTableFile = localTownTable();
  const geocoder = createOfflineGeocoder({ postcodeDataDir, townTableFile });
  return {
    geocoder,
    towns: readTownTable(townTableFile),
    sectors: await sectorsWeightedTowardsCities(postcodeDataDir, geocoder),
    random: seededRandom(seed),
    now: new Date(),
  };
}

/**
 * Runs `work` against a local stack of its own (ports shifted by SOLUTIONZ_PORT_OFFSET, else 300; DynamoDB in
 * memory; no web unless `options` asks for it; no mails worker on the stream) whose functions count their DynamoDB usage, and removes the stack
 * and its data afterwards, on Ctrl-C too.
 */
export async function withBenchStack<T>(
  name: string,
  work: (stack: LocalStack) => Promise<T>,
  options: Pick<LocalStackOptions, 'web' | 'siteDir' | 'demoDirectory' | 'secureWeb'> = {},
): Promise<T> {
  const dataDir = mkdtempSync(join(tmpdir(), `solutionz-${name}-`));
  const removeData = () => rmSync(dataDir, { recursive: true, force: true });
  process.once('exit', removeData);
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, () => {
      killAllManaged();
      removeData();
      process.exit(130);
    });
  }
  // The functions' DynamoDB clients count their requests (adapters/dynamodb.ts); the handlers run in this process.
  process.env.DYNAMODB_USAGE_METER = '1';
  const portOffset = process.env.SOLUTIONZ_PORT_OFFSET ? portOffsetFromEnv() : DEFAULT_PORT_OFFSET;
  console.log(`Starting a local stack (port offset ${portOffset}, in memory)…`);
  // No mails worker on the stream: in the cloud it is a function of its own, and here it would work through every bulk-loaded
  // job in this process (its DynamoDB reads counted with the searches') while the searches are measured.
  const stack = await startLocalStack({ portOffset, dataDir, inMemory: true, web: false, streamPoller: false, ...options });
  try {
    return await work(stack);
  } finally {
    await stack.stop();
    removeData();
  }
}

/** Runs a benchmark's main, prints how long it took and exits with its code (the SDK's sockets would keep the process alive). */
export async function runBench(name: string, main: () => Promise<number>): Promise<never> {
  const started = Date.now();
  try {
    process.exitCode = await main();
  } catch (error) {
    console.error(error);
    process.exitCode = 1;
  } finally {
    console.log(`\n${name} took ${((Date.now() - started) / 1000).toFixed(0)} s`);
  }
  process.exit();
}
