/**
 * `npm run bench:directory`: the directory search at N = 1,000, 10,000 and 50,000 listed
 * providers, placed at real UK postcode sectors (SOLUTIONZ_POSTCODE_DATA) weighted towards cities, in DynamoDB
 * Local behind the local gateway. At each N the same 200 seeded searches (a postcode sector or a town,
 * a radius from the options, half of them in a category) go through GET /api/providers; it prints the
 * DynamoDB requests, items read and capacity units per search (counted by the directory function's
 * own DynamoDB client, DYNAMODB_USAGE_METER), the p50 and p95 latency, and the same for a baseline that
 * reads every listed provider and filters in memory, as a search without a geo index must. Every answer is
 * checked against a brute-force look at every listed provider, and one whole result is paged through
 * with the cursor (a page deep in it may read at most twice what the first does). Writes the figures to
 * bench-results/directory.json. Exits non-zero when a target is missed or an answer is wrong. Starts its own stack
 * (ports shifted by SOLUTIONZ_PORT_OFFSET, else 300) with throw-away data, and removes it at the end.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { availableParallelism, loadavg } from 'node:os';
import { join } from 'node:path';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { formatCategorySelection, RADIUS_OPTIONS_MILES, TAXONOMY, type ProviderSearchResponse, type RadiusMiles } from '@solutionz/shared';
import { documentClient, meterDynamoDbUsage } from '@solutionz/lambdas/adapters/dynamodb';
import type { ProfileRecord } from '@solutionz/lambdas/data/account-repository';
import { ALL_SCOPE, scopesOf, type ListingRecord } from '@solutionz/lambdas/data/directory';
import { bulkLoadProviders } from '@solutionz/lambdas/data/directory-bulk';
import { createDirectoryRepository, type DirectoryRepository } from '@solutionz/lambdas/data/directory-repository';
import type { Geocoder } from '@solutionz/lambdas/geo/geocoder';
import { withGeohash } from '@solutionz/lambdas/geo/resolve';
import type { Town } from '@solutionz/lambdas/geo/towns';
import { milesBetween } from '@solutionz/lambdas/services/geo-search';
import {
  benchSetup,
  byOperation,
  deepPages,
  fixed,
  mean,
  measured,
  pageThrough,
  percentile,
  placeOf,
  runBench,
  summary,
  SUMMARY_HEADER,
  thousands,
  withBenchStack,
  worstDeepPage,
} from './local/bench-support';
import type { Measured, PagedThrough, Point, Sector } from './local/bench-support';
import type { SeededRandom } from './local/seeded-random';
import { LOCAL_ORIGIN_HEADERS, REPO_ROOT, type LocalStack } from './local/stack';

/** The sizes the targets are set for (docs/benchmarks.md#directory-search); BENCH_DIRECTORY_SIZES (e.g. 1000,50000) measures others while tuning. */
const SIZES = process.env.BENCH_DIRECTORY_SIZES ? process.env.BENCH_DIRECTORY_SIZES.split(',').map(Number) : [1_000, 10_000, 50_000];
const SEARCHES = 200;
/** Searches run before each measured round, so the JVM and the handler are warm. */
const WARM_UP = 20;
/** The baseline reads the same (everything) whatever the search: a sample of the searches shows its cost. */
const BASELINE_SEARCHES = 5;
const PAGE = 20;
/** Listed providers who gave no place (they are kept, and come last). */
const UNPLACED_SHARE = 0.005;
const PAGED = { location: 'Leeds', radius: 10 } as const;
/** `deepPage`: a page far down the paged result reads at most this many times the first page's items; `firstPageP95Ms`: at the largest N. */
const TARGETS = { growth: 1.5, fewerThanBaseline: 50, p95Ms: 150, deepPage: 2, firstPageP95Ms: 50 } as const;

interface BenchSearch {
  readonly location: string;
  readonly centre: Point;
  readonly radius: RadiusMiles;
  readonly category?: string;
}
/** A listed provider as the brute force sees them. */
interface Listed {
  readonly userId: string;
  readonly place?: Point;
  readonly scopes: ReadonlySet<string>;
}

process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';

const SUBCATEGORIES = TAXONOMY.flatMap((group) => group.subcategories.map((sub) => ({ group, sub })));
const FIRST_NAMES = [
  'Amelia',
  'Oliver',
  'Isla',
  'Harry',
  'Ava',
  'George',
  'Mia',
  'Noah',
  'Freya',
  'Jack',
  'Priya',
  'Mohammed',
  'Sian',
  'Callum',
  'Niamh',
  'Tomasz',
];
const LAST_NAMES = [
  'Smith',
  'Jones',
  'Taylor',
  'Brown',
  'Williams',
  'Wilson',
  'Evans',
  'Thomas',
  'Roberts',
  'Khan',
  'Patel',
  'Campbell',
  'Murphy',
  'Hughes',
  'Walker',
  'Novak',
];

/** The providers of the benchmark, the first N of them at each size: one to two categories each, members for a year. */
function benchProviders(random: SeededRandom, sectors: readonly Sector[], count: number, now: Date): ProfileRecord[] {
  const sector = random.weighted(sectors, (candidate) => candidate.weight);
  const at = now.toISOString();
  const end = new Date(now.getTime() + 300 * 86_400_000).toISOString();
  return Array.from({ length: count }, (_, index) => {
    const first = random.pick(SUBCATEGORIES);
    const categories = [formatCategorySelection({ kind: 'sub', group: first.group.name, sub: first.sub.name })];
    if (random.chance(0.25)) {
      const second = random.pick(SUBCATEGORIES);
      categories.push(random.chance(0.3) ? second.group.name : formatCategorySelection({ kind: 'sub', group: second.group.name, sub: second.sub.name }));
    }
    const placed = random.chance(1 - UNPLACED_SHARE) ? sector() : undefined;
    const lastName = random.pick(LAST_NAMES);
    const ratingCount = random.int(0, 40);
    return {
      userId: random.uuid(),
      email: `bench-${index}@bench.solutionz.local`,
      accountType: 'provider',
      firstName: random.pick(FIRST_NAMES),
      lastName,
      businessName: `${lastName} ${first.sub.name} ${index}`,
      categories: [...new Set(categories)],
      skills: [first.sub.name],
      ...(ratingCount ? { ratingCount, ratingTotal: Math.min(5 * ratingCount, Math.round(ratingCount * (3.5 + random.next() * 1.5))) } : {}),
      ...(placed
        ? {
            ...withGeohash({ name: placed.name, lat: placed.lat, lng: placed.lng, precision: 'sector' }),
            location: placed.name,
            placeName: placed.name,
            placePrecision: 'sector' as const,
          }
        : {}),
      isActive: true,
      isVisible: true,
      mfaEnabled: false,
      subscriptionTier: 'yearly',
      subscriptionEnd: end,
      cancelAtPeriodEnd: false,
      createdAt: at,
      updatedAt: at,
    };
  });
}

/** Half from a postcode sector (where people live), half from a town's centre; half of them in a group or subcategory. */
async function benchSearches(random: SeededRandom, sectors: readonly Sector[], geocoder: Geocoder, towns: readonly Town[]): Promise<BenchSearch[]> {
  const sector = random.weighted(sectors, (candidate) => candidate.weight);
  const searches: BenchSearch[] = [];
  while (searches.length < SEARCHES) {
    const town = random.chance(0.5) ? (await geocoder.search(random.pick(towns).name)).best : undefined;
    const place = town ?? (({ name, lat, lng }) => ({ name, lat, lng }))(sector());
    const group = random.pick(TAXONOMY);
    const category = random.chance(0.5) ? undefined : random.chance(0.4) ? group.slug : random.pick(group.subcategories).slug;
    searches.push({
      location: place.name,
      centre: { lat: place.lat, lng: place.lng },
      radius: random.pick(RADIUS_OPTIONS_MILES),
      ...(category ? { category } : {}),
    });
  }
  return searches;
}

/** What a search must answer, over every listed provider: in the circle nearest first (distance, then id), then those without a place by id; everyone when that is nobody. */
function bruteForce(listed: readonly Listed[], search: Pick<BenchSearch, 'centre' | 'radius' | 'category'>): { ids: string[]; fallback: boolean } {
  const answer = (scope: string, radius: number) => {
    const inScope = listed.filter((provider) => provider.scopes.has(scope));
    const placed = inScope
      .filter((provider) => provider.place)
      .map((provider) => ({ id: provider.userId, distance: milesBetween(search.centre, provider.place!) }))
      .filter((hit) => hit.distance <= radius)
      .sort((a, b) => a.distance - b.distance || (a.id < b.id ? -1 : 1));
    const unplaced = inScope
      .filter((provider) => !provider.place)
      .map((provider) => provider.userId)
      .sort();
    return [...placed.map((hit) => hit.id), ...unplaced];
  };
  const ids = answer(search.category ?? ALL_SCOPE, search.radius);
  if (ids.length > 0 || !search.category) return { ids, fallback: false };
  return { ids: answer(ALL_SCOPE, Number.POSITIVE_INFINITY), fallback: true };
}

const listedOf = (listing: Pick<ListingRecord, 'userId' | 'lat' | 'lng' | 'categories'>): Listed => ({
  userId: listing.userId,
  ...(listing.lat !== undefined && listing.lng !== undefined ? { place: { lat: listing.lat, lng: listing.lng } } : {}),
  scopes: new Set(scopesOf(listing.categories)),
});

async function everyListing(directory: DirectoryRepository): Promise<ListingRecord[]> {
  const listings: ListingRecord[] = [];
  let after: string | undefined;
  do {
    const page = await directory.alphabeticalListings(ALL_SCOPE, after, 1000);
    listings.push(...page.listings);
    after = page.last;
  } while (after);
  return listings;
}

async function searchThroughGateway(stack: LocalStack, query: Record<string, string>): Promise<ProviderSearchResponse> {
  // Straight to the gateway, with the origin header CloudFront would add.
  const response = await fetch(`${stack.urls.api}/providers?${new URLSearchParams(query).toString()}`, { headers: LOCAL_ORIGIN_HEADERS });
  if (!response.ok) throw new Error(`GET /api/providers?${new URLSearchParams(query).toString()} answered ${response.status}: ${await response.text()}`);
  return (await response.json()) as ProviderSearchResponse;
}

const queryOf = (search: BenchSearch): Record<string, string> => ({
  location: search.location,
  radius: String(search.radius),
  ...(search.category ? { category: search.category } : {}),
});

/** The way without a geo index: read every listed provider (the alphabetical index and the listings), then filter, measure and sort in memory. */
async function baselineSearch(directory: DirectoryRepository, geocoder: Geocoder, search: BenchSearch): Promise<string[]> {
  const everyone = (await everyListing(directory)).map(listedOf);
  const centre = await placeOf(geocoder, search.location);
  return bruteForce(everyone, { ...search, centre }).ids.slice(0, PAGE);
}

interface Round {
  readonly n: number;
  readonly searches: Measured[];
  readonly baseline: Measured[];
  readonly wrong: string[];
  readonly fallbacks: number;
  readonly paging: PagedThrough;
  readonly loadSeconds: number;
  /** The machine's one-minute load average after the searches: latency depends on what else runs. */
  readonly loadAverage: number;
}

function printRound(round: Round, existing: number): void {
  console.log(
    `\nN = ${thousands(round.n)} listed providers (+${existing} demo members already listed), loaded in ${round.loadSeconds.toFixed(1)} s; load average ${round.loadAverage.toFixed(1)} on ${availableParallelism()} CPUs`,
  );
  console.log(`  per search${SUMMARY_HEADER.slice('per search'.length)}`);
  console.log(summary(`search, first page of ${PAGE} (${round.searches.length})`, round.searches));
  console.log(summary(`baseline, read all (${round.baseline.length} searches)`, round.baseline));
  console.log(`  search reads: ${byOperation(round.searches)}`);
  console.log(
    `  answers equal to the brute force: ${round.searches.length - round.wrong.length}/${round.searches.length} (${round.fallbacks} of them the fallback to everyone)`,
  );
  for (const problem of round.wrong.slice(0, 5)) console.log(`    WRONG ${problem}`);
  const { paging } = round;
  console.log(
    `  paging "${PAGED.location}", ${PAGED.radius} miles, ${PAGE} a page: ${paging.pages.length} pages, ${thousands(paging.found)} providers, ` +
      `${paging.exact ? 'each exactly once and in order' : `NOT EXACT: ${paging.problem}`}; per page ${fixed(mean(paging.pages.map((page) => page.usage.itemsRead)))} items read ` +
      `(first page ${thousands(paging.pages[0]!.usage.itemsRead)}, max ${thousands(Math.max(...paging.pages.map((page) => page.usage.itemsRead)))}), ` +
      `${fixed(mean(paging.pages.map((page) => page.usage.requests)))} requests, p95 ${percentile(
        paging.pages.map((page) => page.ms),
        95,
      ).toFixed(0)} ms`,
  );
  console.log(`    first page reads: ${byOperation(paging.pages.slice(0, 1))}`);
  console.log(`    deeper pages read: ${byOperation(paging.pages.slice(1))}`);
}

async function pageThroughLeeds(stack: LocalStack, geocoder: Geocoder, listed: readonly Listed[]): Promise<PagedThrough> {
  const expected = bruteForce(listed, { centre: await placeOf(geocoder, PAGED.location), radius: PAGED.radius }).ids;
  return pageThrough(expected, async (cursor) => {
    const page = await searchThroughGateway(stack, { location: PAGED.location, radius: String(PAGED.radius), ...(cursor ? { cursor } : {}) });
    return { ids: page.providers.map((card) => card.id), ...(page.nextCursor ? { nextCursor: page.nextCursor } : {}) };
  });
}

async function main(): Promise<number> {
  const setup = await benchSetup(20_261_123);
  if (!setup) return 2;
  const { geocoder, towns, sectors, random, now } = setup;
  const providers = benchProviders(random, sectors, SIZES.at(-1)!, now);
  const searches = await benchSearches(random, sectors, geocoder, towns);

  return withBenchStack('bench-directory', async (stack) => {
    const endpoint = stack.lambdaEnv.AWS_ENDPOINT_URL_DYNAMODB!;
    const loader = documentClient(new DynamoDBClient({ region: stack.region, endpoint }));
    const meteredClient = new DynamoDBClient({ region: stack.region, endpoint });
    meterDynamoDbUsage(meteredClient);
    const baselineDirectory = createDirectoryRepository(documentClient(meteredClient), stack.tableName);

    const existing = (await everyListing(createDirectoryRepository(loader, stack.tableName))).map(listedOf);
    const rounds: Round[] = [];
    let loaded = 0;
    for (const n of SIZES) {
      const started = performance.now();
      await bulkLoadProviders(loader, stack.tableName, providers.slice(loaded, n), now);
      loaded = n;
      const loadSeconds = (performance.now() - started) / 1000;
      const listed = [...existing, ...providers.slice(0, n).map(listedOf)];
      console.log(`Loaded ${thousands(n)} providers; searching…`);

      for (const search of searches.slice(0, WARM_UP)) await searchThroughGateway(stack, queryOf(search));
      const runs: Measured[] = [];
      const wrong: string[] = [];
      let fallbacks = 0;
      for (const search of searches) {
        const run = await measured(() => searchThroughGateway(stack, queryOf(search)));
        runs.push(run);
        const expected = bruteForce(listed, search);
        const ids = run.result.providers.map((card) => card.id);
        if (expected.fallback) fallbacks++;
        if (ids.join() !== expected.ids.slice(0, PAGE).join() || Boolean(run.result.fallback) !== expected.fallback) {
          wrong.push(
            `${JSON.stringify(queryOf(search))}: ${ids.length} ids${run.result.fallback ? ' (fallback)' : ''}, expected ${Math.min(PAGE, expected.ids.length)}${expected.fallback ? ' (fallback)' : ''}`,
          );
        }
      }
      const baseline: Measured[] = [];
      for (const search of searches.slice(0, BASELINE_SEARCHES)) {
        const run = await measured(() => baselineSearch(baselineDirectory, geocoder, search));
        baseline.push(run);
        if (run.result.join() !== bruteForce(listed, search).ids.slice(0, PAGE).join())
          wrong.push(`baseline ${JSON.stringify(queryOf(search))} differs from the brute force`);
      }
      const paging = await pageThroughLeeds(stack, geocoder, listed);
      const round: Round = { n, searches: runs, baseline, wrong, fallbacks, paging, loadSeconds, loadAverage: loadavg()[0]! };
      rounds.push(round);
      printRound(round, existing.length);
    }
    return printTargets(rounds);
  });
}

function printTargets(rounds: readonly Round[]): number {
  const first = rounds[0]!;
  const last = rounds.at(-1)!;
  const items = (round: Round) => mean(round.searches.map((run) => run.usage.itemsRead));
  const growth = items(last) / items(first);
  const baselineItems = mean(last.baseline.map((run) => run.usage.itemsRead));
  const fewer = baselineItems / items(last);
  const p95 = percentile(
    last.searches.map((run) => run.ms),
    95,
  );
  const worstDeep = worstDeepPage(rounds);
  const results: [string, boolean][] = [
    [
      `items read per search grow at most ${TARGETS.growth}x from ${thousands(first.n)} to ${thousands(last.n)}: ${fixed(items(first))} to ${fixed(items(last))}, ${growth.toFixed(2)}x`,
      growth <= TARGETS.growth,
    ],
    [
      `at ${thousands(last.n)}, at least ${TARGETS.fewerThanBaseline} times fewer items read than the baseline: ${fixed(items(last))} against ${thousands(baselineItems)}, ${fewer.toFixed(0)} times (${(last.n / items(last)).toFixed(0)} times fewer than one item per provider)`,
      fewer >= TARGETS.fewerThanBaseline && last.n / items(last) >= TARGETS.fewerThanBaseline,
    ],
    [`p95 latency at ${thousands(last.n)} at most ${TARGETS.p95Ms} ms: ${p95.toFixed(0)} ms`, p95 <= TARGETS.p95Ms],
    [`p95 latency of a first page at ${thousands(last.n)} at most ${TARGETS.firstPageP95Ms} ms: ${p95.toFixed(0)} ms`, p95 <= TARGETS.firstPageP95Ms],
    [
      `no page deep in the paged result reads more than ${TARGETS.deepPage}x the first page's items (at every N): at most ${worstDeep.ratio.toFixed(2)}x, ${thousands(worstDeep.deepest)} against ${thousands(worstDeep.first)} at ${thousands(worstDeep.n)}`,
      worstDeep.ratio <= TARGETS.deepPage,
    ],
    [`paging through a whole result gives every provider in the circle exactly once, in order (at every N)`, rounds.every((round) => round.paging.exact)],
    [`every answer equals the brute force (at every N)`, rounds.every((round) => round.wrong.length === 0)],
  ];
  console.log('\nTargets:');
  for (const [text, ok] of results) console.log(`  ${ok ? 'PASS' : 'FAIL'}  ${text}`);

  const figures = {
    at: new Date().toISOString(),
    rounds: rounds.map((round) => ({
      providers: round.n,
      itemsReadPerSearch: items(round),
      itemsReadP95: percentile(
        round.searches.map((run) => run.usage.itemsRead),
        95,
      ),
      requestsPerSearch: mean(round.searches.map((run) => run.usage.requests)),
      p50Ms: percentile(
        round.searches.map((run) => run.ms),
        50,
      ),
      p95Ms: percentile(
        round.searches.map((run) => run.ms),
        95,
      ),
      baselineItemsRead: mean(round.baseline.map((run) => run.usage.itemsRead)),
      wrong: round.wrong.length,
      paging: {
        pages: round.paging.pages.length,
        providers: round.paging.found,
        exact: round.paging.exact,
        firstPageItemsRead: deepPages(round.paging).first,
        deeperPageItemsReadMean: deepPages(round.paging).mean,
        deeperPageItemsReadMax: deepPages(round.paging).deepest,
        deepToFirst: deepPages(round.paging).ratio,
      },
      loadAverage: round.loadAverage,
    })),
    targets: results.map(([text, ok]) => ({ text, ok })),
  };
  mkdirSync(join(REPO_ROOT, 'bench-results'), { recursive: true });
  writeFileSync(join(REPO_ROOT, 'bench-results', 'directory.json'), `${JSON.stringify(figures, null, 2)}\n`);
  console.log('\nFigures written to bench-results/directory.json');
  return results.every(([, ok]) => ok) ? 0 : 1;
}

await runBench('bench:directory', main);
