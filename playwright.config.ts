import { availableParallelism } from 'node:os';
import { defineConfig, devices } from '@playwright/test';
import { BASE_PORTS, e2ePortOffset } from './scripts/local/ports';
import { loadRunningTestStack } from './scripts/local/test-stack-file';

// `SOLUTIONZ_TEST_STACK=1`: the stack `npm run stack:test` keeps running (in this process and in every worker).
loadRunningTestStack();

/**
 * Browser tests against the production build of the web behind the local edge (scripts/local/edge.ts),
 * which serves it as CloudFront does. `npm test` names its stack in E2E_BASE_URL; without one the global
 * setup starts a stack of its own (`npm run test:e2e -- <file>`).
 */
const baseURL = process.env.E2E_BASE_URL ?? `http://localhost:${BASE_PORTS.web + e2ePortOffset()}`;

/** Debian's Chromium (docs/testing.md#browser-tests): Playwright never downloads a browser of its own. */
const chromiumArgs = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/**
 * Every test's browser: Debian's build of Chromium's headless shell (chromium-headless-shell), the same engine and
 * version as /usr/bin/chromium without the desktop browser's windows around each page. Playwright runs its own build
 * of it for headless tests by default. The desktop browser's headless mode draws a browser window per page, with a
 * renderer for the address bar's popup that takes about 2 s of processor time each time one starts; on two cores
 * beside the web tests, that is time the tests wait for. The page itself is drawn by the same engine, so the
 * screenshot baselines are the same pixels from either.
 */
const headlessChromium = {
  ...devices['Desktop Chrome'],
  launchOptions: { executablePath: '/usr/bin/chromium-headless-shell', args: chromiumArgs },
};

/** `npm test` asks for a JSON report too, to print the slowest tests of the run. */
const jsonReport = process.env.E2E_JSON_REPORT;

export default defineConfig({
  testDir: 'test/e2e',
  globalSetup: './test/e2e/support/global-setup.ts',
  fullyParallel: true,
  // Every test makes its own accounts and data, so they run side by side: one worker per core, or as many
  // as E2E_WORKERS says (`npm test` asks for one more, scripts/test.ts).
  workers: Number(process.env.E2E_WORKERS) || availableParallelism(),
  forbidOnly: !!process.env.CI,
  retries: process.env.CI ? 1 : 0,
  // CI runs the browser tests beside the web tests on two cores, with three workers: on a slow machine (load 12 once) a
  // journey that takes 10-15 s alone reached 30 s, with nothing wrong but the wait.
  timeout: process.env.CI ? 60_000 : 30_000,
  expect: { timeout: 10_000 },
  // The web build's server renderer (a bundle the page function loads) is plain JavaScript already: when the global
  // setup's stack runs in this process, Playwright's own transform must not rewrite its megabytes on the first page.
  build: { external: ['**/*-renderer/**'] },
  reporter: [['list'], ...(jsonReport ? [['json', { outputFile: jsonReport }] as const] : [])],
  // A passing test's files (the photos tests write to upload) go with it; a failing one's stay to look at.
  preserveOutput: 'failures-only',
  use: {
    // One browser context per worker, reset by Playwright between tests (storage, cookies, cache, pages,
    // clock; test/e2e/support/fixtures.ts resets permissions and position): a fresh context per test
    // costs a new renderer process and compiling the whole app again, about a fifth of the run.
    reuseContext: true,
    baseURL,
    locale: 'en-GB',
    timezoneId: 'Europe/London',
    // Recording a trace for every test costs about a seventh of the run; a failed test's retry records one.
    trace: 'on-first-retry',
  },
  projects: [
    {
      name: 'chromium',
      testIgnore: /\/visual\//,
      use: headlessChromium,
    },
    // The screenshot tests (`npm run test:visual`; `npm run test:visual:update` writes new baselines):
    // every page at a phone's and a desktop's width, compared with the baselines committed beside them.
    {
      name: 'visual-data',
      testMatch: /\/visual\/data\.setup\.ts$/,
      use: headlessChromium,
    },
    {
      name: 'visual',
      testMatch: /\/visual\/.*\.spec\.ts$/,
      dependencies: ['visual-data'],
      use: { ...headlessChromium, reducedMotion: 'reduce', colorScheme: 'light' },
      // One baseline per page and width, the same on every machine (Debian's Chromium, docs/testing.md#screenshot-tests).
      snapshotPathTemplate: '{testDir}/{testFileDir}/{testFileName}-snapshots/{arg}{ext}',
      // A whole long page on a busy two-core machine can take several seconds to settle and to capture.
      timeout: 60_000,
      expect: { timeout: 20_000, toHaveScreenshot: { animations: 'disabled', caret: 'hide', scale: 'css' } },
    },
  ],
});
