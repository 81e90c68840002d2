/**
 * `npm run bench:web`: the web budgets (docs/benchmarks.md#web-pages), measured on a production build.
 * - entry JavaScript of the home route (the entry chunk and the chunks its HTML preloads), gzip, at most
 *   120 KB, with no aws-amplify module in it;
 * - Lighthouse 12 (mobile preset, Debian's Chromium) on the public pages as a new visitor meets them: the
 *   production build behind the local edge with the API and the demo directory (`npm start -- --prod`),
 *   over the edge's HTTPS and HTTP/2 listener, as CloudFront serves them, on a throw-away stack of its own: home, the directory (fencing near Leeds), a provider page, the job
 *   board, the categories and the sign-up page. Each page's median of three runs: performance at least 95,
 *   LCP at most 2.0 s, TBT at most 100 ms, accessibility 100, at most 200 KB of JavaScript transferred.
 * Each page is also measured once with its scripts blocked: what the page's HTML and CSS alone cost the main thread,
 * the floor under its TBT that no change to the app's JavaScript can go below on this machine.
 * Prints a table, exits non-zero when a budget is missed, and writes bench-results/web.json (the median run's
 * figures per page) and the home page's full Lighthouse report to bench-results/web-lighthouse.json.
 * BENCH_WEB_RUNS sets the runs per page (3); BENCH_WEB_PAGES measures some of the pages while tuning (names as
 * printed, comma-separated: `BENCH_WEB_PAGES=home,directory`).
 */
import { spawnSync } from 'node:child_process';
import { get as httpsGet } from 'node:https';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import type { ProviderSearchResponse } from '@solutionz/shared';
import { DEMO_SEARCH, runBench, withBenchStack } from './local/bench-support';

const BUDGET = { entryKbGzip: 120, performance: 95, accessibility: 100, pageJsKbTransferred: 200, lcpMs: 2000, tbtMs: 100 } as const;
const CHROMIUM = process.env.CHROME_PATH ?? '/usr/bin/chromium';
const LIGHTHOUSE_RUNS = Number(process.env.BENCH_WEB_RUNS ?? 3);
/** The public pages the budgets cover (docs/benchmarks.md#web-pages), by the names the benchmark prints. */
const PAGE_NAMES = ['home', 'directory', 'provider page', 'job board', 'categories', 'sign-up'] as const;
type PageName = (typeof PAGE_NAMES)[number];
const PAGES_MEASURED = process.env.BENCH_WEB_PAGES?.split(',')
  .map((name) => name.trim())
  .filter(Boolean);
/** Every script of the page (its module entry, the boot chain, the screens), for the run without them. */
const EVERY_SCRIPT = ['*.js'];
// The pages are measured over the local edge's HTTPS listener, whose certificate is self-signed (secureWeb).
const CHROMIUM_FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--ignore-certificate-errors',
];
/**
 * Desktop Chromium's omnibox popup, drawn by a renderer of its own that Debian's Chromium 156 starts with the browser,
 * headless too: it took 30 to 50% of a core for the first seconds of each run, while the page loaded, on these
 * machines of two cores. A phone's browser has none of it.
 */
const BROWSER_UI_FEATURES = ['WebUIOmniboxPopup', 'WebUIOmniboxAimPopup'];

/** chrome-launcher's flags with the browser's own UI features off too (Chromium reads one --disable-features only). */
function chromiumFlags(): string[] {
  const defaults = chromeLauncher.Launcher.defaultFlags();
  const disabled = defaults.filter((flag) => flag.startsWith('--disable-features=')).flatMap((flag) => flag.slice('--disable-features='.length).split(','));
  return [
    ...defaults.filter((flag) => !flag.startsWith('--disable-features=')),
    `--disable-features=${[...disabled, ...BROWSER_UI_FEATURES].join(',')}`,
    ...CHROMIUM_FLAGS,
  ];
}

const root = fileURLToPath(new URL('..', import.meta.url));
const webDir = join(root, 'web');
const vite = join(webDir, 'node_modules', '.bin', 'vite');

const work = mkdtempSync(join(tmpdir(), 'solutionz-bench-web-'));
const outDir = join(work, 'dist');
// Chromium makes a folder of its own in the temp folder at each launch and leaves it behind when it is stopped (about 30
// after a run): the benchmark's own folder is their temp folder, and goes with it at exit.
const scratch = join(work, 'tmp');
mkdirSync(scratch);
process.env.TMPDIR = scratch;

function build(): void {
  console.log('Building the web for production...');
  // Hidden source maps let this script see which modules went into each chunk; the build is private to this run.
  const result = spawnSync(vite, ['build', '--outDir', outDir, '--emptyOutDir', '--sourcemap', 'hidden', '--logLevel', 'warn'], {
    cwd: webDir,
    stdio: 'inherit',
  });
  if (result.status !== 0) throw new Error(`vite build failed with status ${result.status}`);
}

interface EntryReport {
  files: { file: string; kbGzip: number }[];
  kbGzip: number;
  amplifyModules: string[];
}

/** What the browser must fetch before the home route can run: the module entry and everything index.html preloads. */
function measureEntry(): EntryReport {
  const html = readFileSync(join(outDir, 'index.html'), 'utf8');
  const scripts = [
    ...html.matchAll(/<script[^>]+type="module"[^>]+src="\/([^"]+\.js)"/g),
    ...html.matchAll(/<link[^>]+rel="modulepreload"[^>]+href="\/([^"]+\.js)"/g),
  ].map((match) => match[1] as string);
  if (scripts.length === 0) throw new Error('index.html references no module script');
  const files = scripts.map((file) => ({ file, kbGzip: gzipSync(readFileSync(join(outDir, file)), { level: 9 }).length / 1024 }));
  const amplifyModules = scripts.flatMap((file) => {
    const mapFile = join(outDir, `${file}.map`);
    // Only the bundler's own runtime helper chunk comes without a map: it holds no modules.
    if (!existsSync(mapFile)) return [];
    const map = JSON.parse(readFileSync(mapFile, 'utf8')) as { sources: string[] };
    return map.sources.filter((source) => /node_modules\/(?:aws-amplify|@aws-amplify)\//.test(source));
  });
  return { files, kbGzip: files.reduce((sum, entry) => sum + entry.kbGzip, 0), amplifyModules };
}

interface PageRun {
  performance: number;
  accessibility: number;
  jsKbTransferred: number;
  lcpMs: number;
  tbtMs: number;
  fcpMs: number;
  speedIndexMs: number;
  cls: number;
}

async function runLighthouse(
  url: string,
  { keepReportAs, withoutScripts = false }: { keepReportAs?: string; withoutScripts?: boolean } = {},
): Promise<PageRun> {
  const chrome = await chromeLauncher.launch({ chromePath: CHROMIUM, chromeFlags: chromiumFlags(), ignoreDefaultFlags: true });
  try {
    const result = await lighthouse(url, {
      port: chrome.port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance', 'accessibility'],
      ...(withoutScripts ? { blockedUrlPatterns: EVERY_SCRIPT } : {}),
    });
    if (!result) throw new Error('Lighthouse returned no result');
    if (keepReportAs) {
      mkdirSync(join(root, 'bench-results'), { recursive: true });
      writeFileSync(join(root, 'bench-results', keepReportAs), JSON.stringify(result.lhr));
    }
    const { categories, audits } = result.lhr;
    const score = (id: string) => Math.round((categories[id]?.score ?? 0) * 100);
    const value = (id: string) => audits[id]?.numericValue ?? Number.NaN;
    // Lighthouse's resource summary: the bytes of script the page fetched over the wire (compressed as served).
    const summary = (audits['resource-summary']?.details as { items?: { resourceType: string; transferSize: number }[] } | undefined)?.items ?? [];
    const failedA11y = Object.values(audits)
      .filter((audit) => audit.score === 0 && categories.accessibility?.auditRefs.some((ref) => ref.id === audit.id))
      .map((audit) => audit.id);
    if (failedA11y.length > 0) console.log(`    accessibility audits failing on ${url}: ${failedA11y.join(', ')}`);
    return {
      performance: score('performance'),
      accessibility: score('accessibility'),
      jsKbTransferred: (summary.find((item) => item.resourceType === 'script')?.transferSize ?? 0) / 1024,
      fcpMs: value('first-contentful-paint'),
      lcpMs: value('largest-contentful-paint'),
      tbtMs: value('total-blocking-time'),
      speedIndexMs: value('speed-index'),
      cls: value('cumulative-layout-shift'),
    };
  } finally {
    chrome.kill();
  }
}

/** The pages BENCH_WEB_PAGES names (every page when it names none); a name that is no page's stops the benchmark before it builds. */
function pagesMeasured(): readonly PageName[] {
  if (!PAGES_MEASURED?.length) return PAGE_NAMES;
  const unknown = PAGES_MEASURED.filter((name) => !(PAGE_NAMES as readonly string[]).includes(name));
  if (unknown.length > 0) throw new Error(`BENCH_WEB_PAGES names no page called ${unknown.join(', ')}: the pages are ${PAGE_NAMES.join(', ')}`);
  return PAGE_NAMES.filter((name) => PAGES_MEASURED.includes(name));
}

/** The pages measured, with their paths on the stack's demo data. */
async function publicPages(webUrl: string, measured: readonly PageName[]): Promise<{ name: PageName; path: string }[]> {
  const search = `/directory?${DEMO_SEARCH}`;
  const answer = await fetch(`${webUrl}/api/providers?${DEMO_SEARCH}`);
  if (!answer.ok) throw new Error(`The demo directory search answered ${answer.status}`);
  const provider = ((await answer.json()) as ProviderSearchResponse).providers[0];
  if (!provider) throw new Error('The demo directory has no fencing provider near Leeds');
  // One path for each name of PAGE_NAMES, which the type holds it to.
  const paths: Record<PageName, string> = {
    home: '/',
    directory: search,
    'provider page': `/directory/${provider.id}`,
    'job board': '/job-directory',
    categories: '/categories',
    'sign-up': '/signup',
  };
  return measured.map((name) => ({ name, path: paths[name] }));
}

/** Asks for a page over the edge's HTTPS listener (its certificate is self-signed), and reads the answer through. */
function warm(url: string): Promise<void> {
  return new Promise((resolve, reject) => {
    httpsGet(url, { rejectUnauthorized: false }, (answer) => {
      answer.resume();
      answer.once('end', resolve);
    }).once('error', reject);
  });
}

const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`;

async function main(): Promise<number> {
  const measured = pagesMeasured();
  build();
  const entry = measureEntry();
  console.log('\nHome route entry JavaScript (gzip):');
  for (const { file, kbGzip } of entry.files) console.log(`  ${file.padEnd(48)} ${kbGzip.toFixed(1)} KB`);
  console.log(`  total ${entry.kbGzip.toFixed(1)} KB (budget <= ${BUDGET.entryKbGzip} KB)`);
  console.log(
    entry.amplifyModules.length === 0
      ? '  aws-amplify: not in the entry chunks'
      : `  aws-amplify IN the entry chunks: ${entry.amplifyModules.slice(0, 5).join(', ')}`,
  );

  const pages = await withBenchStack(
    'bench-web',
    async (stack) => {
      // Over HTTPS and HTTP/2, as CloudFront serves the pages: HTTP/1.1 would send some 440 bytes of headers again with
      // each of a page's files, which HTTP/2 compresses.
      const webUrl = stack.urls.webSecure!;
      const results: { name: string; path: string; median: PageRun; runs: PageRun[]; withoutScripts: PageRun; load: number }[] = [];
      for (const page of await publicPages(stack.urls.web!, measured)) {
        // Warms the edge's and the functions' first answers, as a visitor after another would find them.
        await warm(`${webUrl}${page.path}`);
        const runs: PageRun[] = [];
        for (let run = 1; run <= LIGHTHOUSE_RUNS; run++) {
          runs.push(await runLighthouse(`${webUrl}${page.path}`, page.name === 'home' && run === 1 ? { keepReportAs: 'web-lighthouse.json' } : {}));
        }
        const withoutScripts = await runLighthouse(`${webUrl}${page.path}`, { withoutScripts: true });
        // One Lighthouse run varies by several points; the median of three is the figure Lighthouse's docs recommend.
        const median = [...runs].sort((a, b) => a.performance - b.performance)[Math.floor(runs.length / 2)]!;
        const load = loadavg()[0]!;
        console.log(
          `  ${page.name.padEnd(14)} performance ${String(median.performance).padStart(3)} (runs ${runs.map((run) => run.performance).join(', ')}), ` +
            `FCP ${seconds(median.fcpMs)}, LCP ${seconds(median.lcpMs)}, TBT ${Math.round(median.tbtMs)} ms, JS ${median.jsKbTransferred.toFixed(0)} KB, ` +
            `accessibility ${median.accessibility}  (load ${load.toFixed(1)})\n` +
            `  ${''.padEnd(14)} without its scripts (one run): performance ${withoutScripts.performance}, TBT ${Math.round(withoutScripts.tbtMs)} ms`,
        );
        results.push({ ...page, median, runs, withoutScripts, load });
      }
      return results;
    },
    { web: 'prod', siteDir: outDir, demoDirectory: true, secureWeb: true },
  );

  const misses = [
    entry.kbGzip > BUDGET.entryKbGzip && `entry JavaScript ${entry.kbGzip.toFixed(1)} KB > ${BUDGET.entryKbGzip} KB`,
    entry.amplifyModules.length > 0 && 'aws-amplify is in the entry chunks',
    ...pages.flatMap(({ name, median }) => [
      median.performance < BUDGET.performance && `${name}: performance ${median.performance} < ${BUDGET.performance}`,
      median.lcpMs > BUDGET.lcpMs && `${name}: LCP ${seconds(median.lcpMs)} > ${seconds(BUDGET.lcpMs)}`,
      median.tbtMs > BUDGET.tbtMs && `${name}: TBT ${Math.round(median.tbtMs)} ms > ${BUDGET.tbtMs} ms`,
      median.accessibility < BUDGET.accessibility && `${name}: accessibility ${median.accessibility} < ${BUDGET.accessibility}`,
      median.jsKbTransferred > BUDGET.pageJsKbTransferred &&
        `${name}: JavaScript transferred ${median.jsKbTransferred.toFixed(1)} KB > ${BUDGET.pageJsKbTransferred} KB`,
    ]),
  ].filter((miss): miss is string => typeof miss === 'string');

  mkdirSync(join(root, 'bench-results'), { recursive: true });
  writeFileSync(
    join(root, 'bench-results', 'web.json'),
    `${JSON.stringify({ at: new Date().toISOString(), budget: BUDGET, entry, pages, misses }, null, 2)}\n`,
  );

  console.log(misses.length === 0 ? '\nAll web budgets met.' : `\nBudgets missed:\n${misses.map((miss) => `  - ${miss}`).join('\n')}`);
  return misses.length === 0 ? 0 : 1;
}

process.once('exit', () => rmSync(work, { recursive: true, force: true }));
await runBench('bench:web', main);
