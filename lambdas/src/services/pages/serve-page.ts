import {
  DIRECTORY_SEARCH_PATH,
  fillAppShell,
  JOB_BOARD_PATH,
  readDirectoryFilters,
  readJobBoardFilters,
  RENDERED_QUERY_KEYS,
  type RenderedPageData,
  serverRenderedUrl,
} from '@solutionz/shared';
import type { AppRenderer } from '../../adapters/app-renderer';
import { findListedProvider, type ProviderPageDeps } from '../directory/provider-profile';
import { listCategories } from '../categories';
import {
  categoriesHead,
  directorySearchHead,
  jobBoardHead,
  listedProviderHead,
  renderPage,
  siteDescriptionOf,
  unlistedProviderHead,
  type PageHead,
} from './crawler-html';
import { CATEGORIES_PATH } from './page-paths';
import { directoryQueries, jobBoardQueries, type SearchPageDeps } from './search-pages';
import { robotsTxt, sitemap } from './sitemap';

/**
 * The pages CloudFront sends to the page function rather than the site bucket (infra/src/edge-rules.ts
 * PAGE_PATH_PATTERNS): a provider's page, the categories page and the two search pages (the directory's and the job
 * board) with their heads filled in and, given the web app's renderer, their content server-rendered by the app's own
 * components (the browser hydrates it); the sitemap and robots.txt. Any other path under /directory/ gets the app
 * shell as it is, as the bucket would serve it.
 */

/** The directory's reads (the search's, the sitemap's), the categories, the jobs, the profiles. */
export interface PageDeps extends ProviderPageDeps, SearchPageDeps {
  /** The built index.html (the app shell). */
  readonly indexHtml: () => Promise<string>;
  /** The web build's server renderer; without it (or when it fails) a page has its head filled in and an empty body, as the app shell. */
  readonly renderApp?: AppRenderer;
}

export interface PageAnswer {
  readonly contentType: string;
  readonly body: string;
  readonly cacheControl: string;
}

export const HTML_CONTENT_TYPE = 'text/html; charset=utf-8';

/**
 * Browsers ask again every time (as for index.html); CloudFront caches a page a few minutes, so a
 * provider who stops being listed leaves link previews and crawlers soon after.
 */
export const PAGE_CACHE_CONTROL = {
  html: 'public, max-age=0, s-maxage=300',
  sitemap: 'public, max-age=3600',
  robots: 'public, max-age=86400',
  /** The shell without its head, when what the page shows could not be read: not to be kept anywhere. */
  fallback: 'no-store',
} as const;

const PROVIDER_PAGE = /^\/directory\/([^/]{1,100})\/?$/;

function providerIdOf(path: string): string | undefined {
  const id = PROVIDER_PAGE.exec(path)?.[1];
  if (id === undefined) return undefined;
  try {
    return decodeURIComponent(id);
  } catch {
    return undefined;
  }
}

/**
 * `shell` (the app shell with the page's head) with the page rendered in it by the app, with the API answers it shows
 * (as the API gives them, under the web client's keys); `shell` as it is if there is no renderer or it failed
 * (`onRenderError` hears why).
 */
async function renderedInto(
  shell: string,
  deps: PageDeps,
  path: string,
  queries: RenderedPageData['queries'],
  onRenderError: (error: unknown) => void,
): Promise<string> {
  if (!deps.renderApp) return shell;
  const data = { readAt: deps.clock().getTime(), queries };
  try {
    return fillAppShell(shell, { path, data, ...(await deps.renderApp(path, data)) });
  } catch (error) {
    onRenderError(error);
    return shell;
  }
}

/** What a search page is rendered with (search-pages.ts), and its head, by path. */
const SEARCH_PAGES: Readonly<
  Record<string, { queries: typeof directoryQueries; head: (siteUrl: string, params: URLSearchParams, foundAt: string | undefined) => PageHead }>
> = {
  [DIRECTORY_SEARCH_PATH]: {
    queries: directoryQueries,
    head: (siteUrl, params, foundAt) => directorySearchHead(siteUrl, readDirectoryFilters(params), foundAt),
  },
  [JOB_BOARD_PATH]: { queries: jobBoardQueries, head: (siteUrl, params, foundAt) => jobBoardHead(siteUrl, readJobBoardFilters(params), foundAt) },
};

/** A request of the page function: the path, and the query string CloudFront passes on (a search page's own parameters). */
export interface PageRequest {
  readonly path: string;
  readonly query?: string;
}

export async function servePage(
  deps: PageDeps,
  { path, query = '' }: PageRequest,
  siteUrl: string,
  onRenderError: (error: unknown) => void = () => undefined,
): Promise<PageAnswer> {
  if (path === '/sitemap.xml')
    return { contentType: 'application/xml; charset=utf-8', body: await sitemap(deps, siteUrl), cacheControl: PAGE_CACHE_CONTROL.sitemap };
  if (path === '/robots.txt') return { contentType: 'text/plain; charset=utf-8', body: robotsTxt(siteUrl), cacheControl: PAGE_CACHE_CONTROL.robots };
  const page = { contentType: HTML_CONTENT_TYPE, cacheControl: PAGE_CACHE_CONTROL.html } as const;
  if (path === CATEGORIES_PATH) {
    const [indexHtml, categories] = await Promise.all([deps.indexHtml(), listCategories(deps)]);
    const shell = renderPage(indexHtml, categoriesHead(siteUrl, siteDescriptionOf(indexHtml)));
    return { ...page, body: await renderedInto(shell, deps, path, [[RENDERED_QUERY_KEYS.categories, categories]], onRenderError) };
  }
  const search = Object.hasOwn(SEARCH_PAGES, path) ? SEARCH_PAGES[path] : undefined;
  if (search) {
    // Rendered for its own parameters alone, in a fixed order: the address the browser compares with its own.
    const address = serverRenderedUrl(path, query);
    const params = new URL(address, siteUrl).searchParams;
    const [indexHtml, rendering] = await Promise.all([deps.indexHtml(), search.queries(deps, params)]);
    const shell = renderPage(indexHtml, search.head(siteUrl, params, rendering?.found ? address : undefined));
    return { ...page, body: rendering ? await renderedInto(shell, deps, address, rendering.queries, onRenderError) : shell };
  }
  const providerId = providerIdOf(path);
  if (providerId === undefined) return { ...page, body: await deps.indexHtml() };
  const [indexHtml, provider] = await Promise.all([deps.indexHtml(), findListedProvider(deps, providerId)]);
  const head = provider ? listedProviderHead(provider, siteUrl) : unlistedProviderHead(siteUrl, siteDescriptionOf(indexHtml));
  const shell = renderPage(indexHtml, head);
  // A provider who is not listed is never rendered: the page says so once the app has asked.
  return { ...page, body: provider ? await renderedInto(shell, deps, path, [[RENDERED_QUERY_KEYS.providerPage(providerId), provider]], onRenderError) : shell };
}
