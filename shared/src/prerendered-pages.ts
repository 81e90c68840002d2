import type { JobListQuery } from './jobs';
import type { ProviderSearch } from './search-pages';

/**
 * Public pages whose content is the same for every visitor and every request: the web build renders
 * them to HTML with the app's own components (web/vite.config.ts, `prerenderPages`), and the edge serves
 * each path's file in place of the empty app shell (infra/src/edge-rules.ts, the site fallback), so the
 * page's content arrives in the first answer and the app hydrates it.
 */
export const PRERENDERED_PAGES = [
  { path: '/', file: 'home.html' },
  { path: '/signup', file: 'signup.html' },
  { path: '/business', file: 'business.html' },
  { path: '/accessibility', file: 'accessibility.html' },
] as const satisfies readonly { path: string; file: string }[];

/**
 * Where the web build puts the app's server renderer (web/src/entry-server.tsx built for Node, with its
 * libraries in it): beside the site, never in it, since the site folder is what the bucket serves. The page
 * function renders provider pages with it (lambdas/src/adapters/app-renderer.ts).
 */
export function rendererDirOf(siteDir: string): string {
  return `${siteDir.replace(/(?<![\\/])[\\/]+$/, '')}-renderer`;
}

/** The renderer's entry file inside rendererDirOf(siteDir). */
export const RENDERER_ENTRY_FILE = 'entry-server.cjs';

/**
 * What a page was rendered with, handed to the browser so the first render there (hydration) renders the same: the
 * answers of the API the page's queries read (as the API gives them), keyed as the web client keys them.
 */
export interface RenderedPageData {
  /** When the answers were read (ms since the epoch); the browser asks for them again once the app is live. */
  readonly readAt: number;
  readonly queries: readonly (readonly [key: readonly unknown[], answer: unknown])[];
}

/** The web client's query keys for the answers the page function renders pages with (RenderedPageData). */
export const RENDERED_QUERY_KEYS = {
  /** GET /api/providers/{providerId}. */
  providerPage: (providerId: string) => ['provider-page', providerId] as const,
  /** GET /api/categories. */
  categories: ['categories'] as const,
  /**
   * GET /api/providers, the directory's results: an infinite query, whose answer is `{ pages, pageParams }` with
   * a page per cursor followed (search-pages.ts `providerSearchQuery`); null while near me waits for the device.
   */
  providerSearch: (search: ProviderSearch | null) => ['providers', search] as const,
  /** The job board: GET /api/jobs, or GET /api/me/job-board when `signedIn` (search-pages.ts `jobListQuery`). */
  jobBoard: (query: JobListQuery, signedIn: boolean) => ['jobs', 'board', signedIn, query] as const,
  /** The board's open job (`?job=`): GET /api/jobs/{jobId}, or GET /api/me/jobs/{jobId} when `signedIn`. */
  job: (jobId: string | undefined, signedIn: boolean) => ['jobs', 'job', signedIn, jobId] as const,
} as const;

/** The directory's search page and the job board (web's paths.directory and paths.jobDirectory). */
export const DIRECTORY_SEARCH_PATH = '/directory';
export const JOB_BOARD_PATH = '/job-directory';

/**
 * The pages that depend on their query string, each with the parameters its screen reads (search-pages.ts, and
 * the board's open job): nothing else in the address changes what it renders, so CloudFront caches one response per
 * value of these (utm_* and the like do not split its cache) and the page function is given these alone.
 */
export const SEARCH_PAGE_QUERIES: Readonly<Record<string, readonly string[]>> = {
  [DIRECTORY_SEARCH_PATH]: ['service', 'category', 'location', 'nearme', 'radius', 'replies'],
  [JOB_BOARD_PATH]: ['category', 'location', 'radius', 'minBudget', 'maxBudget', 'budgetType', 'page', 'cursor', 'job'],
};

/**
 * The address a page is rendered for (`data-prerendered`), which the browser compares with its own: for a search page,
 * its path with its own parameters in a fixed order (whatever order the link had, whatever else it carried); for
 * any other page, the path and the query as they are.
 */
export function serverRenderedUrl(path: string, search: string): string {
  const read = SEARCH_PAGE_QUERIES[path];
  if (!read) return `${path}${search && !search.startsWith('?') ? `?${search}` : search}`;
  const params = new URLSearchParams([...new URLSearchParams(search)].filter(([name]) => read.includes(name)));
  params.sort();
  const query = params.toString();
  return query ? `${path}?${query}` : path;
}

/**
 * The cache status CloudFront puts in each answer's Server-Timing header (the Web stack's security headers policy,
 * on every answer; the local edge says the same of the answers it caches): the browser reads it in the page's
 * navigation timing.
 */
export const EDGE_CACHE_TIMING = { hit: 'cdn-cache-hit', refresh: 'cdn-cache-refresh', miss: 'cdn-cache-miss' } as const;

/** What `renderedForThisVisit` reads of the page's PerformanceNavigationTiming. */
export interface PageNavigation {
  readonly type: string;
  /** 0 when the page came from the browser's own cache. */
  readonly transferSize: number;
  readonly serverTiming: readonly { readonly name: string }[];
}

/**
 * Whether a server-rendered page's answers were read for this very visit, so the app need not ask for them again: the
 * CDN had no cached response for the page (a miss), so the page function rendered it as the request passed, and the page
 * came over the network, not from the browser's cache or its back-forward history (both keep the first answer's headers).
 * A cached response (a hit, or one the CDN refreshed) may be minutes old, and so may a page without the CDN's word.
 */
export function renderedForThisVisit(navigation: PageNavigation | undefined): boolean {
  if (!navigation || navigation.type === 'back_forward' || navigation.transferSize === 0) return false;
  return navigation.serverTiming.some(({ name }) => name === EDGE_CACHE_TIMING.miss);
}

/** The element of the page that carries its RenderedPageData (a JSON data block: no script runs). */
export const PAGE_DATA_ELEMENT_ID = 'page-data';

const ROOT_ELEMENT = '<div id="root"></div>';
const HEAD_END = '</head>';

/**
 * JSON inside <script>: `<`, `>` and `&` as \u escapes, so no text can close the element or open a comment (a bio
 * with "</script>" in it, say), and the line separators JavaScript once refused.
 */
export function scriptJson(value: unknown): string {
  return JSON.stringify(value).replace(/[<>&\u2028\u2029]/g, (char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`);
}

const HTML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/** Safe as element text and as a quoted attribute value. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => HTML_ESCAPES[char]!);
}

/** The text `escapeHtml` escaped. */
export function unescapeHtml(text: string): string {
  return text.replace(/&(amp|lt|gt|quot|#39);/g, (entity) => Object.entries(HTML_ESCAPES).find(([, escaped]) => escaped === entity)![0]);
}

/**
 * The attribute of the app shell's preloads of the app's code (web/vite.config.ts bootChainPreloads), and the id of the
 * template a rendered page keeps them in instead (fillAppShell): main.tsx puts them in the head once the page is painted.
 */
export const BOOT_CHAIN = 'boot-chain';

/**
 * The attribute of a rendered page's own styles element, in the head (fillAppShell): the ids of the Emotion styles the
 * page was rendered with, which the browser's style cache then knows are there (web/src/boot.tsx). Not `data-emotion`:
 * Emotion moves the style elements of that name into its own place as its cache is made, and moving an element
 * of a page's whole CSS makes the browser work out the page's styles and layout afresh, a long task on a phone.
 */
export const PAGE_STYLES_ATTRIBUTE = 'data-page-styles';

/** A page of the web app rendered on the server (web/src/entry-server.tsx renderPage): its styles element and its markup. */
export interface ServerRenderedApp {
  /** The page's own styles, one `<style data-page-styles="…">` element ('' for none), for the head. */
  readonly styles: string;
  /** The page, for the root element. */
  readonly markup: string;
}

/**
 * The app shell (the built index.html) with a rendered page in its root: `data-prerendered` says which
 * address it was rendered for (main.tsx hydrates it only there), and the data it was rendered with
 * follows as a JSON data block. The page's own styles go at the end of the head, after those every page shares.
 *
 * The shell's preloads of the app's code become inert, in a template: on a phone's line the app's code (about 160 KB)
 * would share the bandwidth with the page it arrives with and delay its first paint, which needs none of it. main.tsx
 * starts them once the page is painted; the empty shell keeps them, as it shows nothing until the app runs.
 */
export function fillAppShell(shell: string, page: ServerRenderedApp & { readonly path: string; readonly data?: RenderedPageData }): string {
  if (!shell.includes(ROOT_ELEMENT)) throw new Error(`The app shell has no ${ROOT_ELEMENT} to render into`);
  if (!shell.includes(HEAD_END)) throw new Error(`The app shell has no ${HEAD_END} to put the page's styles before`);
  const data = page.data ? `<script type="application/json" id="${PAGE_DATA_ELEMENT_ID}">${scriptJson(page.data)}</script>` : '';
  // Functions as the replacements: `$&` and the like in the markup stay as they are.
  const preloads = new RegExp(`(?<!\\s)(?:\\s*<link [^>]*\\bdata-${BOOT_CHAIN}\\b[^>]*>)+`);
  return shell
    .replace(preloads, (links) => `<template id="${BOOT_CHAIN}">${links}</template>`)
    .replace(HEAD_END, () => `${page.styles}${HEAD_END}`)
    .replace(ROOT_ELEMENT, () => `<div id="root" data-prerendered="${escapeHtml(page.path)}">${page.markup}</div>${data}`);
}
