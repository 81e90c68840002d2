import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { request as httpRequest, type IncomingMessage, type OutgoingHttpHeaders, type ServerResponse } from 'node:http';
import { extname, join, relative, resolve, sep } from 'node:path';
import { text } from 'node:stream/consumers';
import { runInNewContext } from 'node:vm';
import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';
import { EDGE_CACHE_TIMING, mediaObjectOf, type MediaBucketName } from '@solutionz/shared';
import type { PagesHandler } from '@solutionz/lambdas/functions/pages';
import { VIEWER_HOST_HEADER } from '@solutionz/lambdas/http/viewer-host';
import {
  isCachedApiPath,
  isPagePath,
  pageQueryOf,
  isScriptAsset,
  scriptAssetHeaderValues,
  securityHeaderValues,
  SITE_CACHE_CONTROL,
  SITE_ENTRY_FILES,
  SPA_FALLBACK_CODE,
  VIEWER_HOST_CODE,
  VIEWER_IP_CODE,
  VIEWER_METHOD_HEADER,
  type ThirdPartyOrigins,
} from '../../infra/src/edge-rules';
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
 */

/** The distribution id the local stack gives the area functions (DISTRIBUTION_ID); the edge answers invalidations of it alone. */
export const LOCAL_DISTRIBUTION_ID = 'ELOCALEDGE';

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

const CONTENT_TYPES: Record<string, string> = {
  '.html': 'text/html',
  '.js': 'text/javascript',
  '.mjs': 'text/javascript',
  '.css': 'text/css',
  '.json': 'application/json',
  '.map': 'application/json',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.webp': 'image/webp',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.txt': 'text/plain',
  '.webmanifest': 'application/manifest+json',
};

/** CloudFront compresses these when the viewer accepts it (and the object is between 1 KB and 10 MB). */
const COMPRESSIBLE = /^(?:text\/|application\/(?:json|javascript|manifest\+json)|image\/svg\+xml)/;
const MIN_COMPRESS_BYTES = 1_000;

interface SiteObject {
  readonly body: Buffer;
  readonly contentType: string;
  readonly etag: string;
  readonly lastModified: string;
  readonly cacheControl: string;
  readonly encoded: Map<string, Buffer>;
}

/** The S3 answer to a GET of a key it does not have, under origin access control without list permission. */
function accessDenied(res: ServerResponse, headers: OutgoingHttpHeaders): void {
  const body = '<?xml version="1.0" encoding="UTF-8"?>\n<Error><Code>AccessDenied</Code><Message>Access Denied</Message></Error>';
  res.writeHead(403, { ...headers, 'content-type': 'application/xml', 'content-length': Buffer.byteLength(body) });
  res.end(body);
}

function badRequest(res: ServerResponse, headers: OutgoingHttpHeaders): void {
  const body = 'Bad request.';
  res.writeHead(400, { ...headers, 'content-type': 'text/plain', 'content-length': Buffer.byteLength(body) });
  res.end(body);
}

/**
 * A `/media/` path decoded once, or undefined for one that does not decode or whose decoded form could lead
 * out of its bucket's public path: a `..` or `.` segment (however it was encoded: `..%2F`, `%2e%2e`), an empty
 * segment, a backslash or a control character. The object store decodes the key it is sent, so an encoded `..`
 * would lead from `/media/portfolio/` to the private message images in the same bucket.
 */
function mediaPathOf(rawPath: string): string | undefined {
  let decoded: string;
  try {
    decoded = decodeURIComponent(rawPath);
  } catch {
    return undefined;
  }
  // eslint-disable-next-line no-control-regex
  if (/[\\\u0000-\u001f\u007f]/.test(decoded)) return undefined;
  const segments = decoded.split('/').slice(1);
  if (segments.some((segment) => segment === '' || segment === '.' || segment === '..')) return undefined;
  return `/${segments.join('/')}`;
}

function methodNotAllowed(res: ServerResponse, headers: OutgoingHttpHeaders): void {
  const body = 'This distribution is not configured to allow the HTTP request method that was used for this request.';
  res.writeHead(403, { ...headers, 'content-type': 'text/plain', 'content-length': Buffer.byteLength(body) });
  res.end(body);
}

function acceptedEncoding(req: IncomingMessage): 'br' | 'gzip' | undefined {
  const accepted = String(req.headers['accept-encoding'] ?? '');
  if (/\bbr\b/.test(accepted)) return 'br';
  if (/\bgzip\b/.test(accepted)) return 'gzip';
  return undefined;
}

/** An answer the edge keeps: what the origin sent, for which path (an invalidation matches it), until when. */
interface KeptAnswer {
  /** The path and query the viewer asked for, as an invalidation path is matched against it. */
  readonly uri: string;
  readonly status: number;
  readonly headers: OutgoingHttpHeaders;
  readonly body: Buffer;
  readonly storedAt: number;
  readonly expires: number;
}

/** How long a shared cache may keep an answer by its Cache-Control (s-maxage before max-age); 0 for private, no-store or none. */
function sharedCacheSeconds(cacheControl: string | undefined): number {
  if (!cacheControl || /\b(?:private|no-store|no-cache)\b/.test(cacheControl) || !/\bpublic\b/.test(cacheControl)) return 0;
  const seconds = /\bs-maxage=(\d+)/.exec(cacheControl) ?? /\bmax-age=(\d+)/.exec(cacheControl);
  return seconds ? Number(seconds[1]) : 0;
}

/**
 * Sends the API's answer on and keeps it, when it is a 200 a shared cache may keep: the body is collected
 * as the gateway writes it.
 */
function keepingAnswer(res: ServerResponse, uri: string, keep: (answer: KeptAnswer) => void): void {
  const chunks: Buffer[] = [];
  const collect = (chunk: unknown) => {
    if (typeof chunk === 'string' || chunk instanceof Uint8Array) chunks.push(Buffer.from(chunk));
  };
  const write = res.write.bind(res);
  const end = res.end.bind(res);
  // HTTP/2's end writes its last chunk through write: collected once, by end.
  let ending = false;
  res.write = ((chunk: unknown, ...rest: never[]) => {
    if (!ending) collect(chunk);
    return write(chunk as never, ...rest);
  }) as typeof res.write;
  res.end = ((chunk?: unknown, ...rest: never[]) => {
    collect(chunk);
    ending = true;
    return end(chunk as never, ...rest);
  }) as typeof res.end;
  res.once('finish', () => {
    const seconds = sharedCacheSeconds(res.getHeader('cache-control')?.toString());
    if (res.statusCode !== 200 || seconds === 0) return;
    const now = Date.now();
    // Over HTTP/2 the answer's headers hold its `:status` too, which no answer may be given again.
    const headers = Object.fromEntries(Object.entries(res.getHeaders()).filter(([name]) => !name.startsWith(':')));
    keep({ uri, status: res.statusCode, headers, body: Buffer.concat(chunks), storedAt: now, expires: now + seconds * 1000 });
  });
}

/**
 * Whether an invalidation path covers a kept answer, as CloudFront matches them: case-sensitive, a `*` at
 * the end matching any characters (the query string too), otherwise the whole path.
 */
function invalidates(path: string, uri: string): boolean {
  return path.endsWith('*') ? uri.startsWith(path.slice(0, -1)) : uri === path || uri.startsWith(`${path}?`);
}

const xmlText = (value: string) => value.replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&quot;/g, '"').replace(/&apos;/g, "'").replace(/&amp;/g, '&');
const xmlEscape = (value: string) => value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

export async function startEdge(opts: EdgeOptions): Promise<LocalEdge> {
  const spaFallback = loadViewerRequestFunction(SPA_FALLBACK_CODE);
  const viewerIp = loadViewerRequestFunction(VIEWER_IP_CODE);
  const viewerHost = loadViewerRequestFunction(VIEWER_HOST_CODE);
  const policyHeaders = securityHeaderValues(opts.origins);
  const scriptHeaders = scriptAssetHeaderValues();
  const siteDir = resolve(opts.siteDir);
  const log = opts.log ?? (() => undefined);
  // Built files never change while the edge runs (a new build means a new start); the config file can.
  const siteCache = new Map<string, Promise<SiteObject | undefined>>();
  // The cached behaviours: for the API, one answer per path, query and (absent) Authorization; for the pages, one per
  // site host and path, and a search page's own query strings (edge-rules, the Web stack's cache policies); as long as
  // each Cache-Control allows.
  const kept = new Map<string, KeptAnswer>();
  const fresh = (key: string): KeptAnswer | undefined => {
    const answer = kept.get(key);
    return answer && answer.expires > Date.now() ? answer : undefined;
  };
  const ageOf = (answer: KeptAnswer) => String(Math.floor((Date.now() - answer.storedAt) / 1000));
  // Whether a cached behaviour's answer was kept, in CloudFront's words: its X-Cache header, and the cache status its
  // response headers policy puts in Server-Timing (infra web stack), which the app reads (shared drawnForThisVisit).
  const cacheStatus = (hit: boolean) => ({
    'x-cache': hit ? 'Hit from local edge' : 'Miss from local edge',
    'server-timing': hit ? EDGE_CACHE_TIMING.hit : EDGE_CACHE_TIMING.miss,
  });

  /** CreateInvalidation: the kept answers under the batch's paths go; the answer is CloudFront's, completed at once. */
  async function invalidate(req: IncomingMessage, res: ServerResponse, distributionId: string): Promise<void> {
    const body = await text(req);
    if (distributionId !== LOCAL_DISTRIBUTION_ID) {
      const error = `<?xml version="1.0"?>\n<ErrorResponse><Error><Type>Sender</Type><Code>NoSuchDistribution</Code><Message>The specified distribution does not exist.</Message></Error></ErrorResponse>`;
      res.writeHead(404, { 'content-type': 'text/xml' });
      res.end(error);
      return;
    }
    const paths = [...body.matchAll(/<Path>([^<]*)<\/Path>/g)].map((match) => xmlText(match[1]!));
    const callerReference = xmlText(/<CallerReference>([^<]*)<\/CallerReference>/.exec(body)?.[1] ?? '');
    let dropped = 0;
    for (const [key, answer] of kept) {
      if (paths.some((path) => invalidates(path, answer.uri))) {
        kept.delete(key);
        dropped += 1;
      }
    }
    log(`invalidation of ${paths.join(' ')}: ${dropped} kept answer(s) dropped`);
    const id = `I${createHash('md5').update(`${callerReference}${Date.now()}`).digest('hex').slice(0, 13).toUpperCase()}`;
    const items = paths.map((path) => `<Path>${xmlEscape(path)}</Path>`).join('');
    res.writeHead(201, { 'content-type': 'text/xml', location: `https://cloudfront.amazonaws.com/2020-05-31/distribution/${distributionId}/invalidation/${id}` });
    res.end(
      `<?xml version="1.0"?>\n<Invalidation xmlns="http://cloudfront.amazonaws.com/doc/2020-05-31/"><Id>${id}</Id><Status>Completed</Status><CreateTime>${new Date().toISOString()}</CreateTime>` +
        `<InvalidationBatch><Paths><Quantity>${paths.length}</Quantity><Items>${items}</Items></Paths><CallerReference>${xmlEscape(callerReference)}</CallerReference></InvalidationBatch></Invalidation>`,
    );
  }

  async function readSiteObject(key: string): Promise<SiteObject | undefined> {
    const entry = (SITE_ENTRY_FILES as readonly string[]).includes(key);
    const file = key === 'config.json' ? opts.webConfigFile : join(siteDir, key);
    const inside = relative(siteDir, file);
    if (key !== 'config.json' && (inside.startsWith('..') || inside.includes(`..${sep}`))) return undefined;
    let body: Buffer;
    try {
      body = await readFile(file);
    } catch {
      return undefined;
    }
    return {
      body,
      contentType: CONTENT_TYPES[extname(key).toLowerCase()] ?? 'application/octet-stream',
      etag: `"${createHash('md5').update(body).digest('hex')}"`,
      lastModified: new Date().toUTCString(),
      cacheControl: entry ? SITE_CACHE_CONTROL.entry : SITE_CACHE_CONTROL.assets,
      encoded: new Map(),
    };
  }

  function siteObject(key: string): Promise<SiteObject | undefined> {
    if (key === 'config.json') return readSiteObject(key);
    let cached = siteCache.get(key);
    if (!cached) {
      cached = readSiteObject(key);
      siteCache.set(key, cached);
    }
    return cached;
  }

  /** Writes a 200 with the body compressed as the viewer accepts, as the CachingOptimized policy does. */
  function sendBody(req: IncomingMessage, res: ServerResponse, headers: OutgoingHttpHeaders, body: Buffer, encodedCache: Map<string, Buffer> = new Map()): void {
    const encoding = COMPRESSIBLE.test(String(headers['content-type'])) && body.length >= MIN_COMPRESS_BYTES ? acceptedEncoding(req) : undefined;
    if (encoding) {
      let encoded = encodedCache.get(encoding);
      if (!encoded) {
        encoded = encoding === 'br' ? brotliCompressSync(body, { params: { [zlib.BROTLI_PARAM_QUALITY]: 5 } }) : gzipSync(body);
        encodedCache.set(encoding, encoded);
      }
      body = encoded;
      headers['content-encoding'] = encoding;
      headers.vary = 'Accept-Encoding';
    }
    headers['content-length'] = body.length;
    res.writeHead(200, headers);
    res.end(req.method === 'HEAD' ? undefined : body);
  }

  async function serveSite(req: IncomingMessage, res: ServerResponse, uri: string): Promise<void> {
    const found = await siteObject(decodeURIComponent(uri).replace(/^\/+/, ''));
    if (!found) return accessDenied(res, policyHeaders);
    const headers: OutgoingHttpHeaders = {
      ...(isScriptAsset(uri) ? scriptHeaders : policyHeaders),
      'content-type': found.contentType,
      'cache-control': found.cacheControl,
      etag: found.etag,
      'last-modified': found.lastModified,
    };
    if (req.headers['if-none-match'] === found.etag) {
      res.writeHead(304, headers);
      res.end();
      return;
    }
    sendBody(req, res, headers, found.body, found.encoded);
  }

  async function servePage(req: IncomingMessage, res: ServerResponse, url: URL): Promise<void> {
    const { method, uri, headers } = viewerHost(viewerRequestEvent(req, url));
    // A search page's own query strings are in its key and reach the function; nothing else of the query does.
    const query = pageQueryOf(uri, url.searchParams);
    const address = query ? `${uri}?${query}` : uri;
    const key = `page ${headers[VIEWER_HOST_HEADER]?.value ?? ''} ${address}`;
    const hit = fresh(key);
    if (hit) return sendBody(req, res, { ...hit.headers, age: ageOf(hit), ...cacheStatus(true) }, hit.body);
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
      kept.set(key, { uri: address, status: 200, headers: { ...out }, body, storedAt: now, expires: now + seconds * 1000 });
    }
    sendBody(req, res, { ...out, ...cacheStatus(false) }, body);
  }

  function serveMedia(req: IncomingMessage, res: ServerResponse, rawPath: string): void {
    const path = mediaPathOf(rawPath);
    if (!path) return badRequest(res, policyHeaders);
    const object = mediaObjectOf(path);
    if (!object) return accessDenied(res, policyHeaders);
    // Each segment goes on encoded: the bucket reads the key the path named, and nothing it would decode again.
    const target = new URL(`${opts.media.origin}/${opts.media.buckets[object.bucket]}/${object.key.split('/').map(encodeURIComponent).join('/')}`);
    const forwarded: OutgoingHttpHeaders = {};
    for (const name of ['range', 'if-none-match', 'if-modified-since']) {
      if (req.headers[name] !== undefined) forwarded[name] = req.headers[name];
    }
    const upstream = httpRequest(target, { method: req.method, headers: forwarded }, (answer) => {
      const status = answer.statusCode ?? 502;
      // Origin access control without list permission: S3 hides a missing key behind 403.
      if (status === 404) {
        answer.resume();
        return accessDenied(res, policyHeaders);
      }
      const headers: OutgoingHttpHeaders = { ...policyHeaders };
      for (const name of ['content-type', 'content-length', 'content-range', 'accept-ranges', 'etag', 'last-modified', 'cache-control']) {
        if (answer.headers[name] !== undefined) headers[name] = answer.headers[name];
      }
      res.writeHead(status, headers);
      answer.pipe(res);
    });
    upstream.on('error', (error) => {
      log(`media origin failed: ${error.message}`);
      if (!res.headersSent) res.writeHead(502, policyHeaders);
      res.end();
    });
    upstream.end();
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
        const hit = fresh(key);
        if (hit) {
          res.writeHead(hit.status, { ...hit.headers, ...policyHeaders, age: ageOf(hit), ...cacheStatus(true) });
          res.end(method === 'HEAD' ? undefined : hit.body);
          return;
        }
        for (const [name, value] of Object.entries(cacheStatus(false))) res.setHeader(name, value);
        if (method === 'GET') keepingAnswer(res, uri, (answer) => kept.set(key, answer));
      }
      opts.api(req, res);
      return;
    }
    const invalidation = method === 'POST' ? INVALIDATION_PATH.exec(url.pathname) : null;
    if (invalidation) {
      invalidate(req, res, decodeURIComponent(invalidation[1]!)).catch((error: unknown) => {
        log(`invalidation failed: ${(error as Error).stack ?? String(error)}`);
        if (!res.headersSent) res.writeHead(500);
        res.end();
      });
      return;
    }
    if (method !== 'GET' && method !== 'HEAD') return methodNotAllowed(res, policyHeaders);
    // The path as the viewer sent it: the URL parser above has already resolved some dot segments, not the encoded ones.
    const rawPath = (req.url ?? '/').split('?')[0]!;
    if (url.pathname.startsWith('/media/') || rawPath.startsWith('/media/')) return serveMedia(req, res, rawPath);
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
