import type { IncomingMessage, OutgoingHttpHeaders, ServerResponse } from 'node:http';
import { runInNewContext } from 'node:vm';
import type { PagesHandler } from '@solutionz/lambdas/functions/pages';
import { VIEWER_HOST_HEADER } from '@solutionz/lambdas/http/viewer-host';
import type { MediaBucketName } from '@solutionz/shared';
import {
  isCachedApiPath,
  isPagePath,
  pageQueryOf,
  scriptAssetHeaderValues,
  securityHeaderValues,
  SPA_FALLBACK_CODE,
  VIEWER_HOST_CODE,
  VIEWER_IP_CODE,
  VIEWER_METHOD_HEADER,
  type ThirdPartyOrigins,
} from '../../infra/src/edge-rules';
import { EdgeCache, keepingAnswer, sharedCacheSeconds } from './edge-cache';
import { serveMedia } from './edge-media';
import { createSiteOrigin, sendBody } from './edge-site';
import { sourceIp, type RequestListener } from './gateway';
import { serveHttp, serveHttp2, type LocalService, type LocalTls } from './process';

/**
 * The local stand-in for CloudFront in front of the production build of the web (`npm start -- --prod`,
 * and every browser test): the same behaviours as the Web stack's distribution, from the same rules
 * (infra/src/edge-rules.ts). `/api/*` goes to the local gateway after the viewer-address function,
 * `/media/<bucket>/*` to that bucket in s3rver, the page paths (a provider's page for crawlers, the
 * sitemap, robots.txt) to the page function after the viewer-host function, and everything else to
 * the built site after the SPA fallback function; those functions' code runs here exactly as deployed. Every answer carries the security
 * headers of the response headers policy; text is compressed as the CachingOptimized policy does. The cached behaviours' answers
 * are kept as their Cache-Control allows, and CloudFront's CreateInvalidation drops them (`LOCAL_DISTRIBUTION_ID`): the area
 * functions' purge reaches it through the real SDK client, pointed here by AWS_ENDPOINT_URL_CLOUDFRONT.
 *
 * Its parts: the cache and invalidations (edge-cache.ts), the site origin (edge-site.ts), the media origin
 * (edge-media.ts).
 */

export { LOCAL_DISTRIBUTION_ID } from './edge-cache';

/** CloudFront's CreateInvalidation (REST-XML), as the SDK client sends it. */
const INVALIDATION_PATH = /^\/2020-05-31\/distribution\/([^/]+)\/invalidation$/;

export interface EdgeOptions {
  readonly port: number;
  /** The production build of web/ (`vite build`'s outDir). */
  readonly siteDir: string;
  /** The runtime config the deployment writes into the site bucket as `/config.json`. */
  readonly webConfigFile: string;
  /** The API behaviour's origin: the local gateway, called in-process. */
  readonly api: RequestListener;
  /** The origin custom headers CloudFront adds to every API request (the origin header), replacing any a viewer sent. */
  readonly originHeaders: Readonly<Record<string, string>>;
  /** The page behaviours' origin: the page function, called in-process with this build's index.html. */
  readonly pages: PagesHandler;
  /** s3rver, and the local name of each media bucket. */
  readonly media: { readonly origin: string; readonly buckets: Readonly<Record<MediaBucketName, string>> };
  /** What the content security policy lets the page reach besides itself (the local Cognito and S3). */
  readonly origins: ThirdPartyOrigins;
  /**
   * A second listener with the same behaviours over HTTPS and HTTP/2, as CloudFront serves viewers: the web benchmark
   * measures the pages through it, so that each file's headers weigh what they weigh in the cloud (HTTP/2 compresses
   * them: HTTP/1.1 sends some 440 bytes again with every file).
   */
  readonly secure?: { readonly port: number; readonly tls: LocalTls };
  readonly log?: (line: string) => void;
}

/** The local edge; `secureUrl` is its HTTPS listener's, when it has one (EdgeOptions.secure). */
export interface LocalEdge extends LocalService {
  readonly secureUrl?: string;
}

/** The subset of a CloudFront Functions (cloudfront-js-2.0) viewer-request event that our functions read. */
interface ViewerRequestEvent {
  version: '1.0';
  viewer: { ip: string };
  request: {
    method: string;
    uri: string;
    querystring: Record<string, { value: string }>;
    headers: Record<string, { value: string }>;
    cookies: Record<string, { value: string }>;
  };
}
type ViewerRequestFunction = (event: ViewerRequestEvent) => ViewerRequestEvent['request'];

/** Loads a CloudFront Function's source as the runtime would: a top-level `handler` in a context of its own. */
function loadViewerRequestFunction(code: string): ViewerRequestFunction {
  return runInNewContext(`${code}\nhandler;`, {}, { filename: 'cloudfront-function.js' }) as ViewerRequestFunction;
}

function viewerRequestEvent(req: IncomingMessage, url: URL): ViewerRequestEvent {
  const headers: Record<string, { value: string }> = {};
  for (const [name, value] of Object.entries(req.headers)) {
    if (value !== undefined && name !== 'cookie') headers[name] = { value: Array.isArray(value) ? value.join(',') : value };
  }
  const querystring: Record<string, { value: string }> = {};
  for (const [name, value] of url.searchParams) querystring[name] = { value };
  return { version: '1.0', viewer: { ip: sourceIp(req) }, request: { method: req.method ?? 'GET', uri: url.pathname, querystring, headers, cookies: {} } };
}

function methodNotAllowed(res: ServerResponse, headers: OutgoingHttpHeaders): void {
  const body = 'This distribution is not configured to allow the HTTP request method that was used for this request.';
  res.writeHead(403, { ...headers, 'content-type': 'text/plain', 'content-length': Buffer.byteLength(body) });
  res.end(body);
}

export async function startEdge(opts: EdgeOptions): Promise<LocalEdge> {
  const spaFallback = loadViewerRequestFunction(SPA_FALLBACK_CODE);
  const viewerIp = loadViewerRequestFunction(VIEWER_IP_CODE);
  const viewerHost = loadViewerRequestFunction(VIEWER_HOST_CODE);
  const policyHeaders = securityHeaderValues(opts.origins);
  const log = opts.log ?? (() => undefined);
  const serveSite = createSiteOrigin({ siteDir: opts.siteDir, webConfigFile: opts.webConfigFile, policyHeaders, scriptHeaders: scriptAssetHeaderValues() });
  const cache = new EdgeCache();

  async function servePage(req: IncomingMessage, res: ServerResponse, url: URL): Promise<void> {
    const { method, uri, headers } = viewerHost(viewerRequestEvent(req, url));
    // A search page's own query strings are in its key and reach the function; nothing else of the query does.
    const query = pageQueryOf(uri, url.searchParams);
    const address = query ? `${uri}?${query}` : uri;
    const key = `page ${headers[VIEWER_HOST_HEADER]?.value ?? ''} ${address}`;
    const hit = cache.fresh(key);
    if (hit) return sendBody(req, res, { ...hit.headers, age: cache.ageOf(hit), ...cache.cacheStatus(true) }, hit.body);
    const answer = await opts.pages({
      rawPath: uri,
      rawQueryString: query,
      headers: Object.fromEntries(Object.entries(headers).map(([name, { value }]) => [name, value])),
      requestContext: { http: { method } },
    });
    // The response headers policy overrides whatever the origin sends for these headers.
    const out: OutgoingHttpHeaders = { ...answer.headers, ...policyHeaders };
    if (answer.statusCode !== 200) {
      res.writeHead(answer.statusCode, { ...out, 'content-length': Buffer.byteLength(answer.body) });
      res.end(answer.body);
      return;
    }
    const body = Buffer.from(answer.body, 'utf8');
    const seconds = sharedCacheSeconds(answer.headers['cache-control']);
    if (method === 'GET' && seconds > 0) {
      const now = Date.now();
      cache.keep(key, { uri: address, status: 200, headers: { ...out }, body, storedAt: now, expires: now + seconds * 1000 });
    }
    sendBody(req, res, { ...out, ...cache.cacheStatus(false) }, body);
  }

  const listener: RequestListener = (req, res) => {
    const started = Date.now();
    const url = new URL(req.url ?? '/', 'http://edge.local');
    const method = (req.method ?? 'GET').toUpperCase();
    res.once('finish', () => log(`${method} ${req.url} ${res.statusCode} ${Date.now() - started} ms`));

    if (url.pathname.startsWith('/api/')) {
      const request = viewerIp(viewerRequestEvent(req, url));
      for (const [name, { value }] of Object.entries(request.headers)) req.headers[name] = value;
      for (const [name, value] of Object.entries(opts.originHeaders)) req.headers[name.toLowerCase()] = value;
      // The response headers policy overrides whatever the origin sends for these headers.
      for (const [name, value] of Object.entries(policyHeaders)) res.setHeader(name, value);
      const cacheable = (method === 'GET' || method === 'HEAD') && isCachedApiPath(url.pathname) && !req.headers.authorization;
      if (cacheable) {
        const uri = `${url.pathname}${url.search}`;
        // Keyed on the method as the cached API behaviours are (VIEWER_METHOD_HEADER): only GET answers are kept.
        const key = `api ${req.headers[VIEWER_METHOD_HEADER]?.toString() ?? method} ${uri}`;
        const hit = cache.fresh(key);
        if (hit) {
          res.writeHead(hit.status, { ...hit.headers, ...policyHeaders, age: cache.ageOf(hit), ...cache.cacheStatus(true) });
          res.end(method === 'HEAD' ? undefined : hit.body);
          return;
        }
        for (const [name, value] of Object.entries(cache.cacheStatus(false))) res.setHeader(name, value);
        if (method === 'GET') keepingAnswer(res, uri, (answer) => cache.keep(key, answer));
      }
      opts.api(req, res);
      return;
    }
    const invalidation = method === 'POST' ? INVALIDATION_PATH.exec(url.pathname) : null;
    if (invalidation) {
      cache.invalidate(req, res, decodeURIComponent(invalidation[1]!), log).catch((error: unknown) => {
        log(`invalidation failed: ${(error as Error).stack ?? String(error)}`);
        if (!res.headersSent) res.writeHead(500);
        res.end();
      });
      return;
    }
    if (method !== 'GET' && method !== 'HEAD') return methodNotAllowed(res, policyHeaders);
    // The path as the viewer sent it: the URL parser above has already resolved some dot segments, not the encoded ones.
    const rawPath = (req.url ?? '/').split('?')[0]!;
    if (url.pathname.startsWith('/media/') || rawPath.startsWith('/media/')) return serveMedia(req, res, rawPath, { media: opts.media, policyHeaders, log });
    const served = isPagePath(url.pathname) ? servePage(req, res, url) : serveSite(req, res, spaFallback(viewerRequestEvent(req, url)).uri);
    served.catch((error: unknown) => {
      log(`${isPagePath(url.pathname) ? 'page' : 'site'} origin failed: ${(error as Error).stack ?? String(error)}`);
      if (!res.headersSent) res.writeHead(502, policyHeaders);
      res.end();
    });
  };

  const name = 'Local edge (CloudFront stand-in)';
  const plain = await serveHttp(name, opts.port, listener);
  if (!opts.secure) return plain;
  const secure = await serveHttp2(`${name}, HTTPS`, opts.secure.port, opts.secure.tls, listener).catch(async (error: unknown) => {
    await plain.stop();
    throw error;
  });
  return { name, url: plain.url, secureUrl: secure.url, stop: async () => void (await Promise.all([plain.stop(), secure.stop()])) };
}
