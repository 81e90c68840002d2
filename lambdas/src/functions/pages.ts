// First: it decides how the X-Ray SDK starts (see there).
import '../http/xray-outside-lambda';
import { Tracer } from '@aws-lambda-powertools/tracer';
import { captureLambdaHandler } from '@aws-lambda-powertools/tracer/middleware';
import { fileURLToPath } from 'node:url';
import middy from '@middy/core';
import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2 } from 'aws-lambda';
import { createDocumentClient } from '../adapters/dynamodb';
import { appRendererIn, BUNDLED_RENDERER_DIR } from '../adapters/app-renderer';
import { siteEntryReader } from '../adapters/site-entry';
import { loadPagesConfig } from '../area-config';
import { createAccountRepository } from '../data/account-repository';
import { createCategoryRepository } from '../data/category-repository';
import { createDirectoryRepository } from '../data/directory-repository';
import { createJobsRepository } from '../data/jobs-repository';
import { geocoderFromEnv } from '../geo/offline-geocoder';
import { createLogger } from '../http/logger';
import { siteUrlFromViewerHost } from '../http/viewer-host';
import { APP_PAGE_PATTERNS, matchesPathPattern } from '../services/pages/page-paths';
import { HTML_CONTENT_TYPE, PAGE_CACHE_CONTROL, servePage, type PageAnswer, type PageDeps } from '../services/pages/serve-page';

/**
 * The page function: CloudFront's origin for /directory/*, /categories, /directory, /job-directory, /sitemap.xml and
 * /robots.txt (infra web stack, through a function URL), and the local edge's for the same paths, which calls
 * `createPagesHandler` with the local build's index.html and renderer. Not an API area: it answers HTML and text.
 */

/** A function URL's request as CloudFront passes it on: the query string holds a search page's own parameters alone. */
export type PageEvent = Pick<APIGatewayProxyEventV2, 'rawPath' | 'headers'> &
  Partial<Pick<APIGatewayProxyEventV2, 'rawQueryString'>> & { readonly requestContext: { readonly http: { readonly method: string } } };
type PageResult = APIGatewayProxyStructuredResultV2 & { statusCode: number; headers: Record<string, string>; body: string };
export type PagesHandler = (event: PageEvent) => Promise<PageResult>;

export interface PagesHandlerOptions {
  /** Built on the first request and kept for the life of the instance. */
  readonly deps: () => PageDeps | Promise<PageDeps>;
  /** The site's origin for absolute addresses; without it, https:// and the viewer's host (VIEWER_HOST_HEADER). */
  readonly siteUrl?: string;
  readonly onError: (message: string, error: unknown) => void;
}

/** The pages of the app itself (not the sitemap or robots.txt), which the app shell can always stand in for. */
const isAppPage = (path: string) => matchesPathPattern(path, APP_PAGE_PATTERNS);

function answer(statusCode: number, contentType: string, body: string, cacheControl: string, extra: Record<string, string> = {}): PageResult {
  return { statusCode, headers: { 'content-type': contentType, 'cache-control': cacheControl, 'x-content-type-options': 'nosniff', ...extra }, body };
}

export function createPagesHandler(options: PagesHandlerOptions): PagesHandler {
  let depsPromise: Promise<PageDeps> | undefined;
  const getDeps = (): Promise<PageDeps> => {
    if (!depsPromise) {
      depsPromise = Promise.resolve().then(options.deps);
      depsPromise.catch(() => {
        depsPromise = undefined;
      });
    }
    return depsPromise;
  };

  return async (event) => {
    const method = event.requestContext.http.method.toUpperCase();
    if (method !== 'GET' && method !== 'HEAD') return answer(405, 'text/plain; charset=utf-8', 'Method Not Allowed', 'no-store', { allow: 'GET, HEAD' });
    const siteUrl = options.siteUrl ?? siteUrlFromViewerHost(event.headers);
    if (!siteUrl) return answer(400, 'text/plain; charset=utf-8', 'Bad Request', 'no-store');

    const deps = await getDeps();
    let page: PageAnswer;
    try {
      page = await servePage(deps, { path: event.rawPath, query: event.rawQueryString ?? '' }, siteUrl, (error) =>
        options.onError(`Page ${event.rawPath} rendered without its content`, error),
      );
    } catch (error) {
      options.onError(`Page ${event.rawPath} failed`, error);
      if (!isAppPage(event.rawPath)) return answer(503, 'text/plain; charset=utf-8', 'Service Unavailable', 'no-store', { 'retry-after': '60' });
      // Visitors still get the app, which reads what the page shows itself; only the filled-in page is missing.
      page = { contentType: HTML_CONTENT_TYPE, body: await deps.indexHtml(), cacheControl: PAGE_CACHE_CONTROL.fallback };
    }
    return answer(200, page.contentType, method === 'HEAD' ? '' : page.body, page.cacheControl);
  };
}

let cloudHandler: PagesHandler | undefined;

/** The Lambda entry in the cloud: the table, and index.html from the site bucket; traced with X-Ray. */
export const handler = middy<PageEvent, PageResult>()
  .use(captureLambdaHandler(new Tracer({ serviceName: 'solutionz-pages' }), { captureResponse: false }))
  .handler((event) => {
    if (!cloudHandler) {
      const config = loadPagesConfig();
      const logger = createLogger({ stage: config.stage, serviceName: 'solutionz-pages' });
      cloudHandler = createPagesHandler({
        ...(config.siteUrl ? { siteUrl: config.siteUrl } : {}),
        onError: (message, error) => logger.error(message, error instanceof Error ? error : String(error)),
        deps: () => {
          const documents = createDocumentClient(config.region);
          return {
            profiles: createAccountRepository(documents, config.tableName),
            directory: createDirectoryRepository(documents, config.tableName),
            categories: createCategoryRepository(documents, config.tableName),
            jobs: createJobsRepository(documents, config.tableName),
            // The postcode and town tables the Web stack puts beside this bundle (as in the API's functions).
            geocoder: geocoderFromEnv(),
            indexHtml: siteEntryReader(config.region, config.siteBucket),
            // Beside this bundle's own file (index.mjs).
            renderApp: appRendererIn(fileURLToPath(new URL(`${BUNDLED_RENDERER_DIR}/`, import.meta.url))),
            clock: () => new Date(),
          };
        },
      });
    }
    return cloudHandler(event);
  });
