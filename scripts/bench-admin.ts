/**
 * `npm run bench:admin`: the admin console's lists at 1,000 and 50,000 accounts (clients and providers
 * with UK names, business names and e-mail addresses, some hidden, deactivated or without a membership)
 * and 2,000 and 20,000 feedback (a share of it pending), loaded in bulk (admin-bulk.ts: exactly the items
 * sign-up, the users index, the directory and feedback leave, counters included) into DynamoDB Local
 * behind the local gateway. At each size a signed-in admin asks, through the gateway, for the users
 * table's first page and a page 40 pages deep, a search by a common surname prefix and by a rare word, the
 * providers filter, the pending and all feedback pages, and the public transparency page with 100 and then
 * 10,000 moderation events counted (its items read must stay within a fixed most, the figures times the days,
 * months and all time it reads); it prints the DynamoDB requests and items read
 * per request (counted by the admin function's own DynamoDB client, DYNAMODB_USAGE_METER) and the p50 and
 * p95 latency, checks every answer against the generated data, and flags each row PASS or FAIL on whether
 * the items read at the largest size stay within 1.5 times those at the smallest. Results also go to
 * bench-results/admin.json. Exits non-zero when a target is missed or an answer is wrong. Starts its own
 * stack (ports shifted by SOLUTIONZ_PORT_OFFSET, else 300) with throw-away data, and removes it at the end.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { availableParallelism, loadavg } from 'node:os';
import { join } from 'node:path';
import { CognitoIdentityProviderClient, InitiateAuthCommand } from '@aws-sdk/client-cognito-identity-provider';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import {
  ADMIN_REASON_CODES,
  formatCategorySelection,
  TAXONOMY,
  TRANSPARENCY_DAYS,
  TRANSPARENCY_FIGURES,
  TRANSPARENCY_FIGURES_BY_REASON,
  TRANSPARENCY_MONTHS,
  type AdminFeedbackPage,
  type AdminUsersPage,
  type TransparencyResponse,
} from '@solutionz/shared';
import { documentClient, dynamoDbUsage, resetDynamoDbUsage, type DynamoDbUsage } from '@solutionz/lambdas/adapters/dynamodb';
import type { ProfileRecord } from '@solutionz/lambdas/data/account-repository';
import { bulkLoadAccounts, type BulkFeedback } from '@solutionz/lambdas/data/admin-bulk';
import { addTransparencyEvents } from '@solutionz/lambdas/data/transparency-repository';
import { fixed, mean, percentile, runBench, thousands, withBenchStack } from './local/bench-support';
import { seededRandom, type SeededRandom } from './local/seeded-random';
import { LOCAL_ORIGIN_HEADERS, REPO_ROOT, type LocalStack } from './local/stack';

/** Accounts at each size; BENCH_ADMIN_SIZES (e.g. 1000,5000) measures others while tuning. */
const SIZES = process.env.BENCH_ADMIN_SIZES ? process.env.BENCH_ADMIN_SIZES.split(',').map(Number) : [1_000, 50_000];
/** Feedback at a size: two per account at 1,000, 20,000 at 50,000 (a directory's reviews grow slower than its accounts). */
const feedbackAt = (accounts: number) => Math.round(Math.min(2 * accounts, 2_000 + 18_000 * ((accounts - 1_000) / 49_000)));
const REQUESTS = 100;
/** Requests run before each measured row, so the JVM and the handler are warm. */
const WARM_UP = 10;
/** How deep the "deep page" is: the deepest page that exists at 1,000 accounts and more (20 a page). */
const DEEP_PAGE = 40;
const TARGETS = { growth: 1.5 } as const;
const PROVIDER_SHARE = 0.4;
const PENDING_SHARE = 0.15;
/** The accounts with the rare surname, all among the first 1,000: the rare search finds the same few at every size. */
const RARE_AT = new Set([7, 407, 807]);
const RARE_SURNAME = 'Featherstonehaugh';
const COMMON_PREFIX = 'smi';
const YEAR_MS = 365 * 86_400_000;
/**
 * Moderation events counted for the transparency page at each size (the first size's, then the last's): the page
 * reads at most one item per figure and day of the last 30, per figure and month of the last 12, and per figure of
 * all time, however many events there were.
 */
const TRANSPARENCY_ACTIONS = [100, 10_000] as const;
const TRANSPARENCY_CEILING = TRANSPARENCY_FIGURES.length * (TRANSPARENCY_DAYS + TRANSPARENCY_MONTHS + 1);

process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';

// ── The accounts ────────────────────────────────────────────────────────────────────────────────

// prettier-ignore
const FIRST_NAMES = [
  'Oliver', 'Amelia', 'George', 'Olivia', 'Harry', 'Isla', 'Noah', 'Ava', 'Jack', 'Mia', 'Leo', 'Freya', 'Arthur', 'Lily', 'Muhammad', 'Grace',
  'Oscar', 'Sophia', 'Charlie', 'Emily', 'Thomas', 'Chloe', 'James', 'Ella', 'William', 'Evie', 'Alfie', 'Poppy', 'Priya', 'Aisha', 'Callum',
  'Niamh', 'Rhys', 'Siân', 'Eilidh', 'Fraser', 'Tomasz', 'Zofia', 'Chidi', 'Adaeze', 'Ravi', 'Anjali', 'Seán', 'Aoife', 'Daniel', 'Hannah',
];
/** Surnames with rough relative frequencies in the UK: a few are very common, most are not. */
// prettier-ignore
const SURNAMES: readonly (readonly [string, number])[] = [
  ['Smith', 115], ['Jones', 80], ['Williams', 60], ['Taylor', 50], ['Brown', 50], ['Davies', 45], ['Evans', 40], ['Wilson', 30], ['Thomas', 30],
  ['Johnson', 30], ['Roberts', 30], ['Robinson', 25], ['Thompson', 25], ['Wright', 25], ['Walker', 25], ['White', 22], ['Edwards', 20],
  ['Hughes', 20], ['Green', 20], ['Hall', 20], ['Lewis', 20], ['Harris', 20], ['Clarke', 20], ['Patel', 20], ['Jackson', 18], ['Wood', 18],
  ['Turner', 18], ['Martin', 18], ['Cooper', 17], ['Hill', 17], ['Ward', 16], ['Morris', 16], ['Moore', 16], ['Clark', 16], ['Lee', 15],
  ['King', 15], ['Baker', 15], ['Harrison', 15], ['Morgan', 14], ['Allen', 14], ['James', 14], ['Scott', 14], ['Phillips', 14], ['Watson', 13],
  ['Parker', 13], ['Price', 13], ['Bennett', 13], ['Young', 12], ['Griffiths', 12], ['Mitchell', 12], ['Kelly', 12], ['Cook', 12],
  ['Carter', 12], ['Richardson', 11], ['Bailey', 11], ['Collins', 11], ['Bell', 11], ['Shaw', 11], ['Murphy', 11], ['Miller', 11], ['Cox', 10],
  ['Khan', 10], ['Marshall', 10], ['Anderson', 10], ['Simpson', 10], ['Ellis', 10], ['Adams', 10], ['Singh', 10], ['Begum', 10],
  ['Campbell', 9], ['Hussain', 9], ['Owen', 9], ['Palmer', 9], ['Lloyd', 8], ['Murray', 8], ['Fraser', 7], ['Nowak', 6], ['Okafor', 5],
  ['Smithson', 2], ['Smithers', 1], ['MacLeod', 4], ['Ó Briain', 1],
];
const EMAIL_DOMAINS = ['gmail.com', 'outlook.com', 'hotmail.co.uk', 'btinternet.com', 'yahoo.co.uk', 'icloud.com', 'sky.com'];
const TOWNS = ['Leeds', 'Pennine', 'Bristol', 'Thames', 'Cotswold', 'Mersey', 'Tyne', 'Clyde', 'Severn', 'Chiltern', 'Peak', 'Solent'];
const FLOURISHES = ['& Sons', 'Ltd', 'Services', 'and Co', 'Pro', 'Specialists'];
const FEEDBACK_TITLES = [
  'Tidy work, on time',
  'Would use again',
  'Fair price',
  'Very professional',
  'Took longer than quoted',
  'Excellent job',
  'Friendly and clean',
];
const SUBCATEGORIES = TAXONOMY.flatMap((group) => group.subcategories.map((sub) => ({ group, sub })));

function benchAccounts(random: SeededRandom, count: number, now: Date): ProfileRecord[] {
  const surname = random.weighted(SURNAMES, ([, weight]) => weight);
  return Array.from({ length: count }, (_, index): ProfileRecord => {
    const firstName = random.pick(FIRST_NAMES);
    const lastName = RARE_AT.has(index) ? RARE_SURNAME : surname()[0];
    const local = `${firstName}.${lastName}`
      .normalize('NFKD')
      .replace(/[^A-Z.]/gi, '')
      .toLowerCase();
    const email = `${local}.${index.toString(36)}@${random.pick(EMAIL_DOMAINS)}`;
    const at = new Date(now.getTime() - random.next() * 2 * YEAR_MS).toISOString();
    const base = { userId: random.uuid(), email, firstName, lastName, mfaEnabled: false, cancelAtPeriodEnd: false, createdAt: at, updatedAt: at };
    if (!random.chance(PROVIDER_SHARE)) {
      return { ...base, accountType: 'client', categories: [], isActive: random.chance(0.99), isVisible: true, subscriptionTier: 'none' };
    }
    const trade = random.pick(SUBCATEGORIES);
    const categories = [formatCategorySelection({ kind: 'sub', group: trade.group.name, sub: trade.sub.name })];
    if (random.chance(0.25)) categories.push(random.pick(TAXONOMY).name);
    const businessName = random.chance(0.5) ? `${lastName} ${trade.sub.name} ${random.pick(FLOURISHES)}` : `${random.pick(TOWNS)} ${trade.sub.name}`;
    const member = random.chance(0.75);
    return {
      ...base,
      accountType: 'provider',
      businessName,
      businessId: random.uuid(),
      phoneNumber: `+44 7700 ${String(900_000 + (index % 100_000)).slice(-6)}`,
      categories: [...new Set(categories)],
      isActive: random.chance(0.98),
      isVisible: random.chance(0.95),
      subscriptionTier: member ? random.pick(['monthly', 'yearly'] as const) : 'none',
      ...(member ? { subscriptionEnd: new Date(now.getTime() + random.int(1, 300) * 86_400_000).toISOString() } : {}),
    };
  });
}

/** Feedback of clients among `accounts` for providers among them, one per pair, none already in `taken`. */
function benchFeedback(random: SeededRandom, accounts: readonly ProfileRecord[], count: number, taken: Set<string>, now: Date): BulkFeedback[] {
  const clients = accounts.filter((account) => account.accountType === 'client');
  const providers = accounts.filter((account) => account.accountType === 'provider');
  const feedback: BulkFeedback[] = [];
  while (feedback.length < count) {
    const author = random.pick(clients);
    const provider = random.pick(providers);
    if (taken.has(`${author.userId} ${provider.userId}`)) continue;
    taken.add(`${author.userId} ${provider.userId}`);
    const since = Math.max(Date.parse(author.createdAt), Date.parse(provider.createdAt));
    feedback.push({
      id: random.uuid(),
      providerId: provider.userId,
      authorId: author.userId,
      authorName: `${author.firstName} ${author.lastName}`,
      rating: random.weighted([5, 4, 3, 2, 1], (stars) => stars * stars)(),
      title: random.pick(FEEDBACK_TITLES),
      ...(random.chance(0.6) ? { description: 'Arrived when they said, explained the work and left the place clean.' } : {}),
      approved: !random.chance(PENDING_SHARE),
      createdAt: new Date(since + random.next() * (now.getTime() - since)).toISOString(),
    });
  }
  return feedback;
}

// ── Requests ────────────────────────────────────────────────────────────────────────────────────

interface Measured {
  readonly usage: DynamoDbUsage;
  readonly ms: number;
}

async function adminToken(stack: LocalStack): Promise<string> {
  const admin = stack.demoUsers.find((user) => user.accountType === 'admin');
  if (!admin) throw new Error('The local stack has no demo admin to sign in as');
  const cognito = new CognitoIdentityProviderClient({
    region: stack.region,
    endpoint: stack.urls.cognito,
    credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
  });
  const { AuthenticationResult: result } = await cognito.send(
    new InitiateAuthCommand({
      AuthFlow: 'USER_PASSWORD_AUTH',
      ClientId: stack.userPool.userPoolClientId,
      AuthParameters: { USERNAME: admin.email, PASSWORD: admin.password },
    }),
  );
  cognito.destroy();
  if (!result?.AccessToken) throw new Error(`The local Cognito gave no token for ${admin.email}`);
  return result.AccessToken;
}

function client(stack: LocalStack, token: string) {
  return async <T>(path: string, query: Record<string, string>): Promise<T> => {
    const url = `${stack.urls.api}${path}?${new URLSearchParams(query).toString()}`;
    // Straight to the gateway, with the origin header CloudFront would add.
    const response = await fetch(url, { headers: { ...LOCAL_ORIGIN_HEADERS, authorization: `Bearer ${token}` } });
    if (!response.ok) throw new Error(`GET ${url} answered ${response.status}: ${await response.text()}`);
    return (await response.json()) as T;
  };
}
type Get = ReturnType<typeof client>;

/** One kind of request: what it asks, and what its answer must show (a problem, or undefined). */
interface Row {
  readonly label: string;
  readonly path: '/admin/users' | '/admin/feedback' | '/transparency';
  readonly query: Record<string, string>;
  readonly check: (answer: unknown) => string | undefined;
  /** A row whose items read may grow with the data up to a fixed most (the transparency page): its target is that most. */
  readonly ceiling?: number;
}

interface RowResult {
  readonly label: string;
  readonly runs: Measured[];
  readonly problem?: string;
  readonly ceiling?: number;
}

async function measureRow(get: Get, row: Row): Promise<RowResult> {
  for (let i = 0; i < WARM_UP; i++) await get(row.path, row.query);
  const runs: Measured[] = [];
  let problem: string | undefined;
  for (let i = 0; i < REQUESTS; i++) {
    resetDynamoDbUsage();
    const started = performance.now();
    const answer = await get(row.path, row.query);
    runs.push({ ms: performance.now() - started, usage: dynamoDbUsage() });
    problem ??= row.check(answer);
  }
  return { label: row.label, runs, ...(problem ? { problem } : {}), ...(row.ceiling ? { ceiling: row.ceiling } : {}) };
}

/** Everything a search finds, page by page (its last page must come without a cursor). */
async function everyPage(get: Get, query: Record<string, string>): Promise<AdminUsersPage['users']> {
  const users: AdminUsersPage['users'] = [];
  let cursor: string | undefined;
  do {
    const page = await get<AdminUsersPage>('/admin/users', { ...query, ...(cursor ? { cursor } : {}) });
    users.push(...page.users);
    cursor = page.nextCursor;
  } while (cursor);
  return users;
}

const wordsOf = (user: Pick<AdminUsersPage['users'][number], 'firstName' | 'lastName' | 'businessName' | 'email'>) =>
  [user.firstName, user.lastName, user.businessName ?? '', user.email ?? '']
    .join(' ')
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .split(/[^a-z0-9]+/);

/** The rows at one size: what each request must answer follows from the generated accounts and feedback. */
async function rowsAt(get: Get, loaded: readonly ProfileRecord[], before: AdminFeedbackPage['counts'], feedback: readonly BulkFeedback[]): Promise<Row[]> {
  const pageOf = (answer: unknown) => answer as AdminUsersPage;
  const fullPage = (users: readonly unknown[]) => (users.length === 20 ? undefined : `${users.length} users on a page, not 20`);
  let cursor: string | undefined;
  for (let page = 1; page < DEEP_PAGE; page++) cursor = (await get<AdminUsersPage>('/admin/users', cursor ? { cursor } : {})).nextCursor;
  if (!cursor) throw new Error(`There is no page ${DEEP_PAGE} of users`);
  const rare = loaded
    .filter((account) => account.lastName === RARE_SURNAME)
    .map((account) => account.userId)
    .sort();
  const foundRare = (await everyPage(get, { q: RARE_SURNAME.toLowerCase() })).map((user) => user.userId).sort();
  if (foundRare.join() !== rare.join()) throw new Error(`Paging the rare search found ${foundRare.length} accounts, ${rare.length} have the name`);
  const pending = feedback.filter((one) => !one.approved).length;
  const feedbackCheck = (status: 'pending' | 'all') => (answer: unknown) => {
    const page = answer as AdminFeedbackPage;
    const expected = status === 'pending' ? before.pending + pending : before.all + feedback.length;
    if (page.counts[status] !== expected) return `the ${status} count says ${page.counts[status]}, ${expected} expected`;
    if (page.feedback.length !== 20 || !page.nextCursor) return `${page.feedback.length} feedback on the first page`;
    if (status === 'pending' && page.feedback.some((entry) => entry.approved)) return 'published feedback on the pending page';
    return page.feedback.some((entry, i) => i > 0 && entry.createdAt > page.feedback[i - 1]!.createdAt) ? 'not newest first' : undefined;
  };
  return [
    { label: 'users, first page', path: '/admin/users', query: {}, check: (answer) => fullPage(pageOf(answer).users) },
    { label: `users, page ${DEEP_PAGE} (by cursor)`, path: '/admin/users', query: { cursor }, check: (answer) => fullPage(pageOf(answer).users) },
    {
      label: `search "${COMMON_PREFIX}" (common prefix)`,
      path: '/admin/users',
      query: { q: COMMON_PREFIX },
      check: (answer) =>
        fullPage(pageOf(answer).users) ??
        (pageOf(answer).users.every((user) => wordsOf(user).some((word) => word.startsWith(COMMON_PREFIX))) ? undefined : 'a user without the word'),
    },
    {
      label: `search "${RARE_SURNAME.toLowerCase()}" (rare)`,
      path: '/admin/users',
      query: { q: RARE_SURNAME.toLowerCase() },
      check: (answer) =>
        pageOf(answer)
          .users.map((user) => user.userId)
          .sort()
          .join() === rare.slice(0, 20).join() || rare.length > 20
          ? undefined
          : 'not every account with the name',
    },
    {
      label: 'filter providers',
      path: '/admin/users',
      query: { type: 'provider' },
      check: (answer) =>
        fullPage(pageOf(answer).users) ?? (pageOf(answer).users.every((user) => user.accountType === 'provider') ? undefined : 'a non-provider'),
    },
    { label: 'feedback, pending', path: '/admin/feedback', query: { status: 'pending' }, check: feedbackCheck('pending') },
    { label: 'feedback, all', path: '/admin/feedback', query: { status: 'all' }, check: feedbackCheck('all') },
  ];
}

// ── The transparency page ───────────────────────────────────────────────────────────────────────

/** Moderation events spread over the last 400 days, every figure in turn, as the writes would count them. */
function benchEvents(random: SeededRandom, count: number, now: Date) {
  const byReason = new Set<string>(TRANSPARENCY_FIGURES_BY_REASON);
  return Array.from({ length: count }, (_, index) => {
    const figure = TRANSPARENCY_FIGURES[index % TRANSPARENCY_FIGURES.length]!;
    return {
      figure,
      at: new Date(now.getTime() - random.next() * 400 * 86_400_000),
      ...(byReason.has(figure) ? { reason: random.pick(ADMIN_REASON_CODES) } : {}),
      ...(figure === 'report.resolved' ? { resolveSeconds: random.next() * 20 * 86_400 } : {}),
    };
  });
}

/** The transparency page's row: its all-time figures must have grown by the events added (a count of 1 to 4 has no number). */
function transparencyRow(before: TransparencyResponse, added: ReadonlyMap<string, number>): Row {
  const allTime = (answer: TransparencyResponse, figure: string) =>
    answer.periods.find((period) => period.period === 'allTime')!.figures.find((each) => each.figure === figure)!.count.value ?? 0;
  return {
    label: 'transparency page',
    path: '/transparency',
    query: {},
    ceiling: TRANSPARENCY_CEILING,
    check: (answer) => {
      const wrong = TRANSPARENCY_FIGURES.find((figure) => allTime(answer as TransparencyResponse, figure) < allTime(before, figure) + (added.get(figure) ?? 0));
      return wrong ? `the all-time ${wrong} says ${allTime(answer as TransparencyResponse, wrong)}` : undefined;
    },
  };
}

// ── The run ─────────────────────────────────────────────────────────────────────────────────────

interface Round {
  readonly accounts: number;
  readonly feedback: number;
  readonly loadSeconds: number;
  readonly itemsWritten: number;
  readonly loadAverage: number;
  readonly rows: RowResult[];
}

const COLUMNS = ['requests', 'items read', 'items max', 'p50 ms', 'p95 ms'];
const itemsOf = (row: RowResult) => mean(row.runs.map((run) => run.usage.itemsRead));

function printRound(round: Round): void {
  console.log(
    `\n${thousands(round.accounts)} accounts, ${thousands(round.feedback)} feedback (${thousands(round.itemsWritten)} items written in ${round.loadSeconds.toFixed(1)} s); ` +
      `load average ${round.loadAverage.toFixed(1)} on ${availableParallelism()} CPUs`,
  );
  console.log(`  ${'per request'.padEnd(40)}${COLUMNS.map((column) => column.padStart(12)).join('')}`);
  for (const row of round.rows) {
    const cells = [
      fixed(mean(row.runs.map((run) => run.usage.requests))),
      fixed(itemsOf(row)),
      fixed(Math.max(...row.runs.map((run) => run.usage.itemsRead))),
      percentile(
        row.runs.map((run) => run.ms),
        50,
      ).toFixed(0),
      percentile(
        row.runs.map((run) => run.ms),
        95,
      ).toFixed(0),
    ];
    console.log(`  ${row.label.padEnd(40)}${cells.map((cell) => cell.padStart(12)).join('')}${row.problem ? `   WRONG: ${row.problem}` : ''}`);
  }
}

function printTargets(rounds: readonly Round[]): {
  results: { row: string; first: number; last: number; growth: number; pass: boolean; problem?: string }[];
  ok: boolean;
} {
  const first = rounds[0]!;
  const last = rounds.at(-1)!;
  const results = last.rows.map((row, i) => {
    const before = first.rows[i]!;
    const growth = itemsOf(row) / Math.max(1, itemsOf(before));
    const problem = before.problem ?? row.problem;
    const within = row.ceiling ? Math.max(...row.runs.map((run) => run.usage.itemsRead)) <= row.ceiling : growth <= TARGETS.growth;
    return { row: row.label, first: itemsOf(before), last: itemsOf(row), growth, pass: within && !problem, ...(problem ? { problem } : {}) };
  });
  console.log(
    `\nItems read per request, ${thousands(first.accounts)} against ${thousands(last.accounts)} accounts (at most ${TARGETS.growth}x, the transparency page at most ${TRANSPARENCY_CEILING} items at any number of events; every answer right):`,
  );
  for (const result of results) {
    console.log(
      `  ${result.pass ? 'PASS' : 'FAIL'}  ${result.row.padEnd(40)}${fixed(result.first).padStart(8)} to ${fixed(result.last).padStart(8)}, ${result.growth.toFixed(2)}x${result.problem ? `; ${result.problem}` : ''}`,
    );
  }
  return { results, ok: results.every((result) => result.pass) };
}

async function main(): Promise<number> {
  const random = seededRandom(20_261_126);
  const now = new Date();
  const accounts = benchAccounts(random, SIZES.at(-1)!, now);
  const taken = new Set<string>();
  return withBenchStack('bench-admin', async (stack) => {
    const loader = documentClient(new DynamoDBClient({ region: stack.region, endpoint: stack.lambdaEnv.AWS_ENDPOINT_URL_DYNAMODB! }));
    const get = client(stack, await adminToken(stack));
    const before = (await get<AdminFeedbackPage>('/admin/feedback', {})).counts;
    const rounds: Round[] = [];
    let loadedAccounts = 0;
    const feedback: BulkFeedback[] = [];
    const transparencyBefore = await get<TransparencyResponse>('/transparency', {});
    const added = new Map<string, number>();
    for (const [sizeIndex, n] of SIZES.entries()) {
      const events = benchEvents(random, TRANSPARENCY_ACTIONS[Math.min(sizeIndex, 1)]! - [...added.values()].reduce((a, b) => a + b, 0), now);
      await addTransparencyEvents(loader, stack.tableName, events);
      for (const event of events) added.set(event.figure, (added.get(event.figure) ?? 0) + 1);
      const newFeedback = benchFeedback(random, accounts.slice(0, n), feedbackAt(n) - feedback.length, taken, now);
      const started = performance.now();
      const { items } = await bulkLoadAccounts(loader, stack.tableName, { profiles: accounts.slice(loadedAccounts, n), feedback: newFeedback }, now);
      const loadSeconds = (performance.now() - started) / 1000;
      loadedAccounts = n;
      feedback.push(...newFeedback);
      console.log(`Loaded ${thousands(n)} accounts and ${thousands(feedback.length)} feedback in ${loadSeconds.toFixed(1)} s; measuring…`);
      const rows: RowResult[] = [];
      for (const row of [...(await rowsAt(get, accounts.slice(0, n), before, feedback)), transparencyRow(transparencyBefore, added)])
        rows.push(await measureRow(get, row));
      console.log(`  with ${thousands([...added.values()].reduce((a, b) => a + b, 0))} moderation events counted for the transparency page`);
      const round: Round = { accounts: n, feedback: feedback.length, loadSeconds, itemsWritten: items, loadAverage: loadavg()[0]!, rows };
      rounds.push(round);
      printRound(round);
    }
    const { results, ok } = printTargets(rounds);
    writeResults(rounds, results);
    return ok ? 0 : 1;
  });
}

function writeResults(rounds: readonly Round[], targets: unknown): void {
  const file = join(REPO_ROOT, 'bench-results', 'admin.json');
  mkdirSync(join(REPO_ROOT, 'bench-results'), { recursive: true });
  const summary = (row: RowResult) => ({
    row: row.label,
    requests: mean(row.runs.map((run) => run.usage.requests)),
    itemsRead: itemsOf(row),
    itemsReadMax: Math.max(...row.runs.map((run) => run.usage.itemsRead)),
    capacityUnits: mean(row.runs.map((run) => run.usage.capacityUnits)),
    p50Ms: percentile(
      row.runs.map((run) => run.ms),
      50,
    ),
    p95Ms: percentile(
      row.runs.map((run) => run.ms),
      95,
    ),
    ...(row.problem ? { problem: row.problem } : {}),
  });
  const json = {
    at: new Date().toISOString(),
    cpus: availableParallelism(),
    rounds: rounds.map(({ rows, ...round }) => ({ ...round, rows: rows.map(summary) })),
    targets,
  };
  writeFileSync(file, `${JSON.stringify(json, null, 2)}\n`);
  console.log(`\nResults: ${file}`);
}

await runBench('bench:admin', main);
