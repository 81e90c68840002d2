/**
 * `npm run bench:web`: the web budgets, measured on a production build.
 * - entry JavaScript of the home route (the entry chunk and the chunks index.html preloads), gzip,
 *   at most 120 KB, with no aws-amplify module in it (issue 24);
 * - Lighthouse 12 (mobile preset, Debian's Chromium) on the home page served by `vite preview`:
 *   performance at least 95, accessibility 100, and at most 200 KB of JavaScript transferred (issue 24; the other
 *   public pages need the API, which `vite preview` does not serve, so they are not measured here).
 * Exits non-zero when a budget is missed. Results also go to bench-results/web.json, the full Lighthouse report to
 * bench-results/web-lighthouse.json.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';

const BUDGET = { entryKbGzip: 120, performance: 95, accessibility: 100, pageJsKbTransferred: 200 } as const;
const CHROMIUM = process.env.CHROME_PATH ?? '/usr/bin/chromium';
const LIGHTHOUSE_RUNS = 3;
const CHROMIUM_FLAGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'];

const root = fileURLToPath(new URL('..', import.meta.url));
const webDir = join(root, 'web');
const vite = join(webDir, 'node_modules', '.bin', 'vite');
const portOffset = Number(process.env.SOLUTIONZ_PORT_OFFSET ?? 0);
const previewPort = 4173 + portOffset;

const work = mkdtempSync(join(tmpdir(), 'solutionz-bench-web-'));
const outDir = join(work, 'dist');

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
  const scripts = [...html.matchAll(/<script[^>]+type="module"[^>]+src="\/([^"]+\.js)"/g), ...html.matchAll(/<link[^>]+rel="modulepreload"[^>]+href="\/([^"]+\.js)"/g)].map(
    (match) => match[1] as string,
  );
  if (scripts.length === 0) throw new Error('index.html references no module script');
  const files = scripts.map((file) => ({ file, kbGzip: gzipSync(readFileSync(join(outDir, file)), { level: 9 }).length / 1024 }));
  const amplifyModules = scripts.flatMap((file) => {
    const mapFile = join(outDir, `${file}.map`);
    // Only the bundler's own runtime helper chunk comes without a map: it holds no modules.
    if (!existsSync(mapFile)) return [];
    const map = JSON.parse(readFileSync(mapFile, 'utf8')) as { sources: string[] };
    return map.sources.filter((source) => /node_modules\/(aws-amplify|@aws-amplify)\//.test(source));
  });
  return { files, kbGzip: files.reduce((sum, entry) => sum + entry.kbGzip, 0), amplifyModules };
}

async function waitForHttp(url: string, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      const response = await fetch(url);
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`${url} did not answer within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

function startPreview(): ChildProcess {
  const configFile = join(work, 'web-config.json');
  // Lighthouse loads only public pages; nobody signs in, so placeholder pool ids are enough.
  writeFileSync(
    configFile,
    JSON.stringify({
      stage: 'bench',
      apiBase: '/',
      auth: { region: 'eu-west-2', userPoolId: 'eu-west-2_bench0000', userPoolClientId: 'benchclient000000000000000', authFlowType: 'USER_SRP_AUTH' },
    }),
  );
  const preview = spawn(vite, ['preview', '--outDir', outDir, '--port', String(previewPort), '--strictPort', '--host', '127.0.0.1'], {
    cwd: webDir,
    env: { ...process.env, SOLUTIONZ_WEB_CONFIG_FILE: configFile },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  return preview;
}

async function runLighthouse(url: string): Promise<{ performance: number; accessibility: number; jsKbTransferred: number; metrics: Record<string, string> }> {
  const chrome = await chromeLauncher.launch({ chromePath: CHROMIUM, chromeFlags: CHROMIUM_FLAGS });
  try {
    const result = await lighthouse(url, { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: ['performance', 'accessibility'] });
    if (!result) throw new Error('Lighthouse returned no result');
    mkdirSync(join(root, 'bench-results'), { recursive: true });
    writeFileSync(join(root, 'bench-results', 'web-lighthouse.json'), JSON.stringify(result.lhr));
    const { categories, audits } = result.lhr;
    const score = (id: string) => Math.round((categories[id]?.score ?? 0) * 100);
    const metrics = Object.fromEntries(
      ['first-contentful-paint', 'largest-contentful-paint', 'total-blocking-time', 'cumulative-layout-shift', 'speed-index'].map((id) => [id, audits[id]?.displayValue ?? 'n/a']),
    );
    // Lighthouse's resource summary: the bytes of script the page fetched over the wire (compressed as served).
    const summary = (audits['resource-summary']?.details as { items?: { resourceType: string; transferSize: number }[] } | undefined)?.items ?? [];
    const jsKbTransferred = (summary.find((item) => item.resourceType === 'script')?.transferSize ?? 0) / 1024;
    const failedA11y = Object.values(audits)
      .filter((audit) => audit.score === 0 && categories.accessibility?.auditRefs.some((ref) => ref.id === audit.id))
      .map((audit) => audit.id);
    if (failedA11y.length > 0) console.log(`  accessibility audits failing: ${failedA11y.join(', ')}`);
    return { performance: score('performance'), accessibility: score('accessibility'), jsKbTransferred, metrics };
  } finally {
    chrome.kill();
  }
}

async function main(): Promise<number> {
  build();
  const entry = measureEntry();
  console.log('\nHome route entry JavaScript (gzip):');
  for (const { file, kbGzip } of entry.files) console.log(`  ${file.padEnd(48)} ${kbGzip.toFixed(1)} KB`);
  console.log(`  total ${entry.kbGzip.toFixed(1)} KB (budget <= ${BUDGET.entryKbGzip} KB)`);
  console.log(entry.amplifyModules.length === 0 ? '  aws-amplify: not in the entry chunks' : `  aws-amplify IN the entry chunks: ${entry.amplifyModules.slice(0, 5).join(', ')}`);

  const preview = startPreview();
  let lighthouseResult: Awaited<ReturnType<typeof runLighthouse>>;
  try {
    const url = `http://127.0.0.1:${previewPort}/`;
    await waitForHttp(`${url}config.json`, 30_000);
    // One Lighthouse run varies by several points; the median of three is the figure Lighthouse's docs recommend.
    const runs: Awaited<ReturnType<typeof runLighthouse>>[] = [];
    for (let run = 1; run <= LIGHTHOUSE_RUNS; run++) {
      console.log(`\nLighthouse (mobile preset) on ${url}, run ${run} of ${LIGHTHOUSE_RUNS} ...`);
      const result = await runLighthouse(url);
      console.log(`  performance ${result.performance}, accessibility ${result.accessibility}, JavaScript transferred ${result.jsKbTransferred.toFixed(1)} KB`);
      runs.push(result);
    }
    runs.sort((a, b) => a.performance - b.performance);
    lighthouseResult = runs[Math.floor(runs.length / 2)] as (typeof runs)[number];
    console.log('\nMedian run:');
  } finally {
    preview.kill('SIGTERM');
  }
  console.log(`  performance   ${lighthouseResult.performance} (budget >= ${BUDGET.performance})`);
  console.log(`  accessibility ${lighthouseResult.accessibility} (budget >= ${BUDGET.accessibility})`);
  console.log(`  JavaScript transferred ${lighthouseResult.jsKbTransferred.toFixed(1)} KB (budget <= ${BUDGET.pageJsKbTransferred} KB)`);
  for (const [metric, value] of Object.entries(lighthouseResult.metrics)) console.log(`  ${metric.padEnd(26)} ${value}`);

  const misses = [
    entry.kbGzip > BUDGET.entryKbGzip && `entry JavaScript ${entry.kbGzip.toFixed(1)} KB > ${BUDGET.entryKbGzip} KB`,
    entry.amplifyModules.length > 0 && 'aws-amplify is in the entry chunks',
    lighthouseResult.performance < BUDGET.performance && `performance ${lighthouseResult.performance} < ${BUDGET.performance}`,
    lighthouseResult.accessibility < BUDGET.accessibility && `accessibility ${lighthouseResult.accessibility} < ${BUDGET.accessibility}`,
    lighthouseResult.jsKbTransferred > BUDGET.pageJsKbTransferred &&
      `home page JavaScript transferred ${lighthouseResult.jsKbTransferred.toFixed(1)} KB > ${BUDGET.pageJsKbTransferred} KB`,
  ].filter((miss): miss is string => typeof miss === 'string');

  mkdirSync(join(root, 'bench-results'), { recursive: true });
  writeFileSync(
    join(root, 'bench-results', 'web.json'),
    `${JSON.stringify({ at: new Date().toISOString(), budget: BUDGET, entry, lighthouse: lighthouseResult, misses }, null, 2)}\n`,
  );

  console.log(misses.length === 0 ? '\nAll web budgets met.' : `\nBudgets missed:\n${misses.map((miss) => `  - ${miss}`).join('\n')}`);
  return misses.length === 0 ? 0 : 1;
}

main()
  .then((code) => {
    rmSync(work, { recursive: true, force: true });
    process.exit(code);
  })
  .catch((error: unknown) => {
    rmSync(work, { recursive: true, force: true });
    console.error(error);
    process.exit(1);
  });
