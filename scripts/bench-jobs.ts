/**
 * `npm run bench:jobs`: the job board at N = 1,000, 10,000 and 50,000 open jobs placed at real UK postcode
 * sectors (SOLUTIONZ_POSTCODE_DATA) weighted towards cities, in DynamoDB Local behind the local gateway. At each N
 * the same 200 seeded board searches (around a postcode sector or a town with a radius, or newest first
 * without a place; half in a category, a fifth with a budget filter) go through GET /api/jobs; it prints
 * the DynamoDB requests and items read per page (counted by the jobs function's own DynamoDB client,
 * DYNAMODB_USAGE_METER) and the p50 and p95 latency. Every first page (and its total, where the API gives
 * one) is checked against a brute-force look at every job, and one whole result is paged through with the
 * cursor (a page deep in it may read at most twice what the first does). The whole board's last page is opened by its
 * number and the page before it by its token: each may read at most 3 times the first page's items. Then the job alerts worker's reads for one posted job at 1,000 and 50,000 listed providers (a
 * third of them with alerts on). Writes the figures to bench-results/jobs.json and exits non-zero when a
 * target is missed or an answer is wrong. Starts its own stack (ports shifted by SOLUTIONZ_PORT_OFFSET,
 * else 300) with throw-away data, and removes it at the end.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { availableParallelism, loadavg } from 'node:os';
import { join } from 'node:path';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import {
  budgetAmount,
  formatCategorySelection,
  JOB_PAGE_SIZE,
  RADIUS_OPTIONS_MILES,
  TAXONOMY,
  type JobBoardPage,
  type JobBudgetType,
  type RadiusMiles,
} from '@solutionz/shared';
import { documentClient, meterDynamoDbUsage } from '@solutionz/lambdas/adapters/dynamodb';
import type { Mailer } from '@solutionz/lambdas/adapters/ses-mailer';
import type { ProfileRecord } from '@solutionz/lambdas/data/account-repository';
import { createAccountRepository } from '@solutionz/lambdas/data/account-repository';
import { createDirectoryRepository } from '@solutionz/lambdas/data/directory-repository';
import { bulkLoadProviders } from '@solutionz/lambdas/data/directory-bulk';
import { createJobAlertsRepository } from '@solutionz/lambdas/data/job-alerts-repository';
import { ALL_JOBS_SCOPE, jobCategoryScope, jobScopesOf } from '@solutionz/lambdas/data/job-board';
import { bulkLoadJobs } from '@solutionz/lambdas/data/job-board-bulk';
import type { JobRecord } from '@solutionz/lambdas/data/jobs-repository';
import type { Geocoder } from '@solutionz/lambdas/geo/geocoder';
import { withGeohash } from '@solutionz/lambdas/geo/resolve';
import type { Town } from '@solutionz/lambdas/geo/towns';
import { processJobInserted } from '@solutionz/lambdas/services/jobs/alerts';
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

/** The sizes the targets are set for (docs/benchmarks.md#job-board); BENCH_JOBS_SIZES (e.g. 1000,50000) measures others while tuning. */
const SIZES = process.env.BENCH_JOBS_SIZES ? process.env.BENCH_JOBS_SIZES.split(',').map(Number) : [1_000, 10_000, 50_000];
const ALERT_SIZES = [1_000, 50_000];
const SEARCHES = 200;
/** Searches run before each measured round, so the JVM and the handler are warm. */
const WARM_UP = 20;
const PAGED = { location: 'Leeds', radius: 10 } as const;
/** `deepPage`: a page far down the paged result reads at most this many times the first page's items (as in bench:directory). */
const TARGETS = { growth: 1.5, p95Ms: 100, deepPage: 2, lastPage: 3 } as const;
const DAY_MS = 86_400_000;

type BenchJob = JobRecord & { readonly contact: { contactName: string; contactEmail: string } };
interface BenchSearch {
  readonly query: Record<string, string>;
  readonly centre?: Point;
  readonly radius?: RadiusMiles;
  readonly scope: string;
  readonly budgetType?: JobBudgetType;
}
type MeasuredSearch = Measured & { readonly placed: boolean };

process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';

const SUBCATEGORIES = TAXONOMY.flatMap((group) => group.subcategories.map((sub) => ({ group, sub })));
const subSelection = ({ group, sub }: (typeof SUBCATEGORIES)[number]) => formatCategorySelection({ kind: 'sub', group: group.name, sub: sub.name });

/** The jobs of the benchmark, the first N of them at each size: one or two categories, posted over the last 60 days. */
function benchJobs(random: SeededRandom, sectors: readonly Sector[], count: number, now: Date): BenchJob[] {
  const sector = random.weighted(sectors, (candidate) => candidate.weight);
  return Array.from({ length: count }, (_, index) => {
    const first = random.pick(SUBCATEGORIES);
    const categories = [subSelection(first)];
    if (random.chance(0.2)) categories.push(random.chance(0.3) ? random.pick(TAXONOMY).name : subSelection(random.pick(SUBCATEGORIES)));
    const place = sector();
    const budgetType = random.pick(['fixed', 'hourly', undefined] as const);
    const budget = budgetType === 'hourly' ? `£${random.int(15, 60)} an hour` : budgetType === 'fixed' ? `£${random.int(50, 5000)}` : undefined;
    const amount = budgetAmount(budget);
    return {
      jobId: random.uuid(),
      ownerId: random.uuid(),
      title: `${first.sub.name} job ${index}`,
      description: `A ${first.sub.name.toLowerCase()} job near ${place.name}.`,
      categories: [...new Set(categories)],
      ...(budget ? { budget } : {}),
      ...(budgetType ? { budgetType } : {}),
      ...(amount !== undefined ? { budgetAmount: amount } : {}),
      locationName: place.name,
      lat: place.lat,
      lng: place.lng,
      postedAt: new Date(now.getTime() - random.int(0, 60 * 24 * 60) * 60_000).toISOString(),
      revealCount: 0,
      revealCap: 5,
      contact: { contactName: 'Bench Client', contactEmail: `bench-${index}@bench.solutionz.local` },
    };
  });
}

/** Three in five around a place (half a postcode sector, half a town), the rest newest first; half in a category, a fifth with a budget type. */
async function benchSearches(random: SeededRandom, sectors: readonly Sector[], geocoder: Geocoder, towns: readonly Town[]): Promise<BenchSearch[]> {
  const sector = random.weighted(sectors, (candidate) => candidate.weight);
  const searches: BenchSearch[] = [];
  while (searches.length < SEARCHES) {
    const group = random.pick(TAXONOMY);
    const category = random.chance(0.5)
      ? undefined
      : random.chance(0.4)
        ? group.name
        : formatCategorySelection({ kind: 'sub', group: group.name, sub: random.pick(group.subcategories).name });
    const budgetType = random.chance(0.2) ? random.pick(['fixed', 'hourly'] as const) : undefined;
    const scope = category ? jobCategoryScope(category) : ALL_JOBS_SCOPE;
    const filters = { ...(category ? { category } : {}), ...(budgetType ? { budgetType } : {}) };
    if (random.chance(0.4)) {
      searches.push({ query: filters, scope, ...(budgetType ? { budgetType } : {}) });
      continue;
    }
    const town = random.chance(0.5) ? (await geocoder.search(random.pick(towns).name)).best : undefined;
    const place = town ?? (({ name, lat, lng }) => ({ name, lat, lng }))(sector());
    const radius = random.pick(RADIUS_OPTIONS_MILES);
    searches.push({
      query: { ...filters, location: place.name, radius: String(radius) },
      centre: { lat: place.lat, lng: place.lng },
      radius,
      scope,
      ...(budgetType ? { budgetType } : {}),
    });
  }
  return searches;
}

/** What a search must answer, over every job: around a place nearest first (distance, then id), else newest first with the count of the scope (of its budget type, with one). */
function bruteForce(jobs: readonly BenchJob[], search: BenchSearch): { ids: string[]; total?: number } {
  const inScope = jobs.filter((job) => jobScopesOf(job.categories).includes(search.scope));
  const kept = inScope.filter((job) => !search.budgetType || job.budgetType === search.budgetType);
  if (search.centre) {
    const ids = kept
      .map((job) => ({ id: job.jobId, distance: milesBetween(search.centre!, job) }))
      .filter((hit) => hit.distance <= search.radius!)
      .sort((a, b) => a.distance - b.distance || (a.id < b.id ? -1 : 1))
      .map((hit) => hit.id);
    return { ids };
  }
  const ids = [...kept].sort((a, b) => (`${b.postedAt}#${b.jobId}` < `${a.postedAt}#${a.jobId}` ? -1 : 1)).map((job) => job.jobId);
  // The scope's kept count, or its budget type's.
  return { ids, total: kept.length };
}

async function boardThroughGateway(stack: LocalStack, query: Record<string, string>): Promise<JobBoardPage> {
  // Straight to the gateway, with the origin header CloudFront would add. A kept-alive connection the gateway
  // closed while a load held this process up is reset on first use: that GET is sent again.
  const url = `${stack.urls.api}/jobs?${new URLSearchParams(query).toString()}`;
  const response = await fetch(url, { headers: LOCAL_ORIGIN_HEADERS }).catch((error: unknown) => {
    if ((error as { cause?: { code?: string } }).cause?.code !== 'ECONNRESET') throw error;
    return fetch(url, { headers: LOCAL_ORIGIN_HEADERS });
  });
  if (!response.ok) throw new Error(`GET /api/jobs?${new URLSearchParams(query).toString()} answered ${response.status}: ${await response.text()}`);
  return (await response.json()) as JobBoardPage;
}

/** The whole board's first page, its last page by number and the page before the last by its token: items read, and whether each shows the right jobs. */
interface EndPages {
  readonly pageCount: number;
  readonly first: number;
  readonly last: number;
  readonly beforeLast: number;
  readonly exact: boolean;
}

interface Round {
  readonly n: number;
  readonly searches: MeasuredSearch[];
  readonly wrong: string[];
  readonly paging: PagedThrough;
  readonly ends: EndPages;
  readonly loadSeconds: number;
  readonly loadAverage: number;
}

async function pageThroughLeeds(stack: LocalStack, geocoder: Geocoder, jobs: readonly BenchJob[]): Promise<PagedThrough> {
  const expected = bruteForce(jobs, { query: {}, centre: await placeOf(geocoder, PAGED.location), radius: PAGED.radius, scope: ALL_JOBS_SCOPE }).ids;
  return pageThrough(expected, async (cursor) => {
    const page = await boardThroughGateway(stack, { location: PAGED.location, radius: String(PAGED.radius), ...(cursor ? { cursor } : {}) });
    return { ids: page.jobs.map((job) => job.id), ...(page.nextCursor ? { nextCursor: page.nextCursor } : {}) };
  });
}

async function measureEndPages(stack: LocalStack, jobs: readonly BenchJob[]): Promise<EndPages> {
  const expected = bruteForce(jobs, { query: {}, scope: ALL_JOBS_SCOPE }).ids;
  const ids = (page: JobBoardPage) => page.jobs.map((job) => job.id).join();
  const pageIds = (page: number) => expected.slice((page - 1) * JOB_PAGE_SIZE, page * JOB_PAGE_SIZE).join();
  const first = await measured(() => boardThroughGateway(stack, {}));
  const pageCount = first.result.pageCount ?? 0;
  const last = await measured(() => boardThroughGateway(stack, { page: String(pageCount) }));
  const beforeLast = await measured(() => boardThroughGateway(stack, { cursor: last.result.previousCursor ?? '' }));
  return {
    pageCount,
    first: first.usage.itemsRead,
    last: last.usage.itemsRead,
    beforeLast: beforeLast.usage.itemsRead,
    exact:
      pageCount === Math.ceil(expected.length / JOB_PAGE_SIZE) &&
      ids(first.result) === pageIds(1) &&
      ids(last.result) === pageIds(pageCount) &&
      last.result.page === pageCount &&
      ids(beforeLast.result) === pageIds(pageCount - 1) &&
      beforeLast.result.page === pageCount - 1,
  };
}

/** Listed providers, a third with alerts on (a radius from the options, their profile's categories or one of their own). */
function alertProviders(random: SeededRandom, sectors: readonly Sector[], count: number, now: Date): ProfileRecord[] {
  const sector = random.weighted(sectors, (candidate) => candidate.weight);
  const at = now.toISOString();
  return Array.from({ length: count }, (_, index) => {
    const category = subSelection(random.pick(SUBCATEGORIES));
    const place = sector();
    return {
      userId: random.uuid(),
      email: `alerts-${index}@bench.solutionz.local`,
      accountType: 'provider',
      firstName: 'Bench',
      lastName: `Provider ${index}`,
      categories: [category],
      skills: [],
      ...withGeohash({ name: place.name, lat: place.lat, lng: place.lng, precision: 'sector' }),
      location: place.name,
      placeName: place.name,
      placePrecision: 'sector' as const,
      isActive: true,
      isVisible: true,
      mfaEnabled: false,
      subscriptionTier: 'yearly',
      subscriptionEnd: new Date(now.getTime() + 300 * DAY_MS).toISOString(),
      cancelAtPeriodEnd: false,
      ...(random.chance(1 / 3)
        ? {
            jobAlerts: {
              enabled: true,
              radiusMiles: random.pick(RADIUS_OPTIONS_MILES),
              categories: random.chance(0.5) ? [] : [subSelection(random.pick(SUBCATEGORIES))],
            },
          }
        : {}),
      createdAt: at,
      updatedAt: at,
    };
  });
}

interface AlertRound {
  readonly providers: number;
  readonly runs: (Measured & { matched: number })[];
}

/** The alerts worker on a few jobs just posted (its reads through a metered client; mail goes nowhere). */
async function measureAlerts(stack: LocalStack, jobs: readonly BenchJob[], providers: number, now: Date): Promise<AlertRound> {
  const client = new DynamoDBClient({ region: stack.region, endpoint: stack.lambdaEnv.AWS_ENDPOINT_URL_DYNAMODB! });
  meterDynamoDbUsage(client);
  const documents = documentClient(client);
  const nowhere: Mailer = { send: async () => undefined };
  const deps = {
    alerts: createJobAlertsRepository(documents, stack.tableName),
    accounts: createAccountRepository(documents, stack.tableName),
    directory: createDirectoryRepository(documents, stack.tableName),
    mailer: nowhere,
    clock: () => now,
    pause: async () => undefined,
    config: { siteUrl: 'https://solutionz.test' },
  };
  const runs: AlertRound['runs'] = [];
  for (const job of jobs) {
    const run = await measured(() => processJobInserted(deps, { ...job, postedAt: now.toISOString() }));
    runs.push({ ...run, matched: run.result.matched });
  }
  return { providers, runs };
}

async function main(): Promise<number> {
  const setup = await benchSetup(20_261_126);
  if (!setup) return 2;
  const { geocoder, towns, sectors, random, now } = setup;
  const searches = await benchSearches(random, sectors, geocoder, towns);
  const jobs = benchJobs(random, sectors, SIZES.at(-1)!, now);

  return withBenchStack('bench-jobs', async (stack) => {
    const loader = documentClient(new DynamoDBClient({ region: stack.region, endpoint: stack.lambdaEnv.AWS_ENDPOINT_URL_DYNAMODB! }));
    const rounds: Round[] = [];
    let loaded = 0;
    for (const n of SIZES) {
      const started = performance.now();
      await bulkLoadJobs(loader, stack.tableName, jobs.slice(loaded, n));
      loaded = n;
      const loadSeconds = (performance.now() - started) / 1000;
      const open = jobs.slice(0, n);
      console.log(`Loaded ${thousands(n)} jobs; searching…`);

      for (const search of searches.slice(0, WARM_UP)) await boardThroughGateway(stack, search.query);
      const runs: MeasuredSearch[] = [];
      const wrong: string[] = [];
      for (const search of searches) {
        const run = await measured(() => boardThroughGateway(stack, search.query));
        runs.push({ ...run, placed: search.centre !== undefined });
        const expected = bruteForce(open, search);
        const ids = run.result.jobs.map((job) => job.id);
        if (
          ids.join() !== expected.ids.slice(0, JOB_PAGE_SIZE).join() ||
          run.result.total !== expected.total ||
          Boolean(run.result.nextCursor) !== expected.ids.length > JOB_PAGE_SIZE
        ) {
          wrong.push(
            `${JSON.stringify(search.query)}: ${ids.length} ids, total ${run.result.total}; expected ${Math.min(JOB_PAGE_SIZE, expected.ids.length)} of ${expected.ids.length}, total ${expected.total}`,
          );
        }
      }
      const paging = await pageThroughLeeds(stack, geocoder, open);
      const ends = await measureEndPages(stack, open);
      const round: Round = { n, searches: runs, wrong, paging, ends, loadSeconds, loadAverage: loadavg()[0]! };
      rounds.push(round);
      printRound(round);
    }

    const alertRounds: AlertRound[] = [];
    const providers = alertProviders(random, sectors, ALERT_SIZES.at(-1)!, now);
    const posted = jobs.slice(0, 20);
    let listed = 0;
    for (const n of ALERT_SIZES) {
      await bulkLoadProviders(loader, stack.tableName, providers.slice(listed, n), now);
      listed = n;
      const round = await measureAlerts(stack, posted, n, now);
      alertRounds.push(round);
      console.log(
        `\nJob alerts, ${thousands(n)} listed providers (a third with alerts on), ${round.runs.length} jobs posted: per job ${fixed(mean(round.runs.map((run) => run.usage.itemsRead)))} items read ` +
          `(p95 ${thousands(
            percentile(
              round.runs.map((run) => run.usage.itemsRead),
              95,
            ),
          )}), ${fixed(mean(round.runs.map((run) => run.usage.requests)))} requests, ` +
          `${fixed(mean(round.runs.map((run) => run.matched)))} providers alerted, p95 ${percentile(
            round.runs.map((run) => run.ms),
            95,
          ).toFixed(0)} ms`,
      );
    }
    return report(rounds, alertRounds);
  });
}

function printRound(round: Round): void {
  console.log(
    `\nN = ${thousands(round.n)} open jobs, loaded in ${round.loadSeconds.toFixed(1)} s; load average ${round.loadAverage.toFixed(1)} on ${availableParallelism()} CPUs`,
  );
  console.log(`  per page${SUMMARY_HEADER.slice('per page'.length)}`);
  const placed = round.searches.filter((run) => run.placed);
  console.log(summary(`every search (${round.searches.length})`, round.searches));
  console.log(summary(`  around a place (${placed.length})`, placed));
  console.log(
    summary(
      `  newest first (${round.searches.length - placed.length})`,
      round.searches.filter((run) => !run.placed),
    ),
  );
  console.log(`  reads around a place: ${byOperation(placed)}`);
  console.log(`  answers equal to the brute force: ${round.searches.length - round.wrong.length}/${round.searches.length}`);
  for (const problem of round.wrong.slice(0, 5)) console.log(`    WRONG ${problem}`);
  const { paging } = round;
  console.log(
    `  paging "${PAGED.location}", ${PAGED.radius} miles: ${paging.pages.length} pages, ${thousands(paging.found)} jobs, ${paging.exact ? 'each exactly once and in order' : `NOT EXACT: ${paging.problem}`}; ` +
      `per page ${fixed(mean(paging.pages.map((page) => page.usage.itemsRead)))} items read (first ${thousands(paging.pages[0]!.usage.itemsRead)}, max ${thousands(Math.max(...paging.pages.map((page) => page.usage.itemsRead)))})`,
  );
  const { ends } = round;
  console.log(
    `  numbered pages of the whole board (${thousands(ends.pageCount)} pages): items read for page 1 ${ends.first}, the last page by its number ${ends.last} ` +
      `(${lastPageRatio(ends).toFixed(2)}x), the page before it by its token ${ends.beforeLast}; ${ends.exact ? 'each the right jobs' : 'NOT THE RIGHT JOBS'}`,
  );
}

/** How many times the first page's items the last page or the one before it read. */
const lastPageRatio = (ends: EndPages) => Math.max(ends.last, ends.beforeLast) / Math.max(1, ends.first);

function report(rounds: readonly Round[], alertRounds: readonly AlertRound[]): number {
  const first = rounds[0]!;
  const last = rounds.at(-1)!;
  const items = (round: Round) => mean(round.searches.map((run) => run.usage.itemsRead));
  const growth = items(last) / items(first);
  const p95 = percentile(
    last.searches.map((run) => run.ms),
    95,
  );
  const worstDeep = worstDeepPage(rounds);
  const results: [string, boolean][] = [
    [
      `items read per page grow at most ${TARGETS.growth}x from ${thousands(first.n)} to ${thousands(last.n)} jobs: ${fixed(items(first))} to ${fixed(items(last))}, ${growth.toFixed(2)}x`,
      growth <= TARGETS.growth,
    ],
    [`p95 latency at ${thousands(last.n)} jobs at most ${TARGETS.p95Ms} ms: ${p95.toFixed(0)} ms`, p95 <= TARGETS.p95Ms],
    [`paging through a whole result gives every job in the circle exactly once, in order (at every N)`, rounds.every((round) => round.paging.exact)],
    [
      `no page deep in the paged result reads more than ${TARGETS.deepPage}x the first page's items (at every N): at most ${worstDeep.ratio.toFixed(2)}x, ${thousands(worstDeep.deepest)} against ${thousands(worstDeep.first)} at ${thousands(worstDeep.n)}`,
      worstDeep.ratio <= TARGETS.deepPage,
    ],
    [`every first page equals the brute force (at every N)`, rounds.every((round) => round.wrong.length === 0)],
    [
      `the last page by its number, and the page before it by its token, read at most ${TARGETS.lastPage}x the first page's items (at every N): at ${thousands(last.n)} jobs ` +
        `${last.ends.first} for page 1, ${last.ends.last} for page ${thousands(last.ends.pageCount)}, ${last.ends.beforeLast} for the one before (${lastPageRatio(last.ends).toFixed(2)}x)`,
      rounds.every((round) => lastPageRatio(round.ends) <= TARGETS.lastPage),
    ],
    [`the first, the last and the page before the last show the right jobs (at every N)`, rounds.every((round) => round.ends.exact)],
  ];
  console.log('\nTargets:');
  for (const [text, ok] of results) console.log(`  ${ok ? 'PASS' : 'FAIL'}  ${text}`);

  const figures = {
    at: new Date().toISOString(),
    board: rounds.map((round) => ({
      jobs: round.n,
      itemsReadPerPage: items(round),
      itemsReadP95: percentile(
        round.searches.map((run) => run.usage.itemsRead),
        95,
      ),
      requestsPerPage: mean(round.searches.map((run) => run.usage.requests)),
      p50Ms: percentile(
        round.searches.map((run) => run.ms),
        50,
      ),
      p95Ms: percentile(
        round.searches.map((run) => run.ms),
        95,
      ),
      wrong: round.wrong.length,
      pagingExact: round.paging.exact,
      pagedPages: round.paging.pages.length,
      firstPageItemsRead: deepPages(round.paging).first,
      deeperPageItemsReadMean: deepPages(round.paging).mean,
      deeperPageItemsReadMax: deepPages(round.paging).deepest,
      numberedPages: round.ends,
      loadAverage: round.loadAverage,
    })),
    alerts: alertRounds.map((round) => ({
      providers: round.providers,
      itemsReadPerJob: mean(round.runs.map((run) => run.usage.itemsRead)),
      requestsPerJob: mean(round.runs.map((run) => run.usage.requests)),
      alertedPerJob: mean(round.runs.map((run) => run.matched)),
    })),
    targets: results.map(([text, ok]) => ({ text, ok })),
  };
  mkdirSync(join(REPO_ROOT, 'bench-results'), { recursive: true });
  writeFileSync(join(REPO_ROOT, 'bench-results', 'jobs.json'), `${JSON.stringify(figures, null, 2)}\n`);
  console.log('\nFigures written to bench-results/jobs.json');
  return results.every(([, ok]) => ok) ? 0 : 1;
}

await runBench('bench:jobs', main);
