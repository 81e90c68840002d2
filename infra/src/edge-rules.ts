/**
 * What CloudFront does in front of the site, as plain data and code with no CDK in it: the Web stack
 * builds the distribution from it, and the local edge (scripts/local/edge.ts) serves the production
 * build by the very same rules, running the same CloudFront Function code, so that the browser tests
 * meet the site as visitors do.
 */
import { APP_PAGE_INVALIDATION_PATHS, APP_PAGE_PATTERNS, matchesPathPattern, VIEWER_HOST_HEADER, VIEWER_IP_HEADER } from '@solutionz/lambdas/deploy-contract';
import { PRERENDERED_PAGES, routeList, SEARCH_PAGE_QUERIES } from '@solutionz/shared';

/** Path patterns of the distribution's behaviours; everything else is the site bucket. */
export const API_PATH_PATTERN = '/api/*';

const CACHED_ROUTE_PATTERNS = routeList
  .filter((route) => route.cacheSeconds !== undefined)
  .map((route) => ({ pathPattern: route.path.replace(/\{[^{}]+\}/g, '*'), maxAgeSeconds: route.cacheSeconds! }));

/** Whether a pattern's behaviour would take every request of another one (a provider's one takes their feedback's). */
const covers = (pattern: string, other: string) => pattern !== other && matchesPathPattern(other, [pattern]);

/**
 * The API routes whose answers CloudFront may keep (`cacheSeconds` in the route table: the place search
 * and the public answers that are the same for every visitor), each with a behaviour of its own in front
 * of API_PATH_PATTERN, keyed on the query string and the Authorization header; a route whose pattern another's
 * covers shares that one's (one behaviour for a provider's profile, portfolio and feedback), which keeps the longer
 * max age of the two.
 */
export const CACHED_API_ROUTES = CACHED_ROUTE_PATTERNS.filter(
  ({ pathPattern }) => !CACHED_ROUTE_PATTERNS.some((other) => covers(other.pathPattern, pathPattern)),
).map(({ pathPattern, maxAgeSeconds }) => ({
  pathPattern,
  maxAgeSeconds: Math.max(
    maxAgeSeconds,
    ...CACHED_ROUTE_PATTERNS.filter((other) => covers(pathPattern, other.pathPattern)).map((other) => other.maxAgeSeconds),
  ),
}));

const CACHED_API_PATTERNS = CACHED_API_ROUTES.map(({ pathPattern }) => pathPattern);

/** Whether a path falls under one of the cached API behaviours (CloudFront's `*` matches any characters, `/` too). */
export function isCachedApiPath(path: string): boolean {
  return matchesPathPattern(path, CACHED_API_PATTERNS);
}

/**
 * Client-side routes have no file in the bucket: extension-less paths get the app shell, except the
 * prerendered pages (PRERENDERED_PAGES), which get their own file with their content in it. Done at the
 * edge rather than with error responses, which would also turn the API's 403 and 404 into pages.
 */
export const SPA_FALLBACK_CODE = `function handler(event) {
  var request = event.request;
  var uri = request.uri;
  var prerendered = ${JSON.stringify(Object.fromEntries(PRERENDERED_PAGES.map(({ path, file }) => [path, `/${file}`])))};
  var lastSegment = uri.substring(uri.lastIndexOf('/') + 1);
  if (prerendered[uri]) {
    request.uri = prerendered[uri];
  } else if (uri.indexOf('/api/') !== 0 && lastSegment.indexOf('.') === -1) {
    request.uri = '/index.html';
  }
  return request;
}`;

/**
 * The request's method, as the API behaviours' function sets it: the cached API behaviours key on it, because
 * CloudFront's cache key holds no method of its own and would otherwise answer a GET with the empty answer it cached
 * for a HEAD (and a HEAD with a GET's).
 */
export const VIEWER_METHOD_HEADER = 'x-viewer-method';

/**
 * The API behaviours' viewer-request function. API Gateway sees CloudFront's edge address as the source, so
 * the visitor's address travels in a header the Lambdas read (`clientIp`), set from `event.viewer.ip`; and
 * the method travels in VIEWER_METHOD_HEADER for the cache key. Both replace any value the client sent, so
 * neither can be forged through CloudFront.
 */
export const VIEWER_IP_CODE = `function handler(event) {
  var request = event.request;
  request.headers['${VIEWER_IP_HEADER}'] = { value: event.viewer.ip };
  request.headers['${VIEWER_METHOD_HEADER}'] = { value: request.method };
  return request;
}`;

/**
 * The error statuses CloudFront caches (for 10 s unless told otherwise, and most of them whatever the origin's
 * `no-store` says), as the distribution's error responses name them, each kept for no time at all: an API error
 * (a 503 while a function starts, a 403 for one caller) must never be served to the next caller. Error responses
 * are the distribution's, so this holds for the site and the pages too, which lose nothing by it: their errors are
 * rare and cheap to ask the origin again. No error page replaces any answer.
 */
export const UNCACHED_ERROR_STATUSES = [400, 403, 404, 405, 414, 500, 501, 502, 503, 504] as const;

/**
 * Paths the page function answers instead of the site bucket (lambdas/src/functions/pages.ts): a
 * provider's page, the categories page and the search pages server-rendered with their content, title, description,
 * link-preview tags and JSON-LD in the HTML, the sitemap and robots.txt. As CloudFront path
 * patterns, case-sensitive, `*` matching any characters.
 */
export { APP_PAGE_INVALIDATION_PATHS };
export const PAGE_PATH_PATTERNS: readonly string[] = [...APP_PAGE_PATTERNS, '/sitemap.xml', '/robots.txt'];

/** Whether a path matches one of PAGE_PATH_PATTERNS, as CloudFront matches them. */
export function isPagePath(path: string): boolean {
  return matchesPathPattern(path, PAGE_PATH_PATTERNS);
}

/**
 * The page paths whose answer depends on the query string (the search pages), each with the query strings in its
 * cache key, which CloudFront also passes on to the page function (no others: utm_* and the like neither split the
 * cache nor reach it). Every other page is kept once per path.
 */
export const PAGE_QUERY_STRINGS: Readonly<Record<string, readonly string[]>> = SEARCH_PAGE_QUERIES;

/**
 * The query string CloudFront keys a page on and passes on to the page function: the allowed ones, in the order
 * the viewer sent them; none for a page without any.
 */
export function pageQueryOf(path: string, params: URLSearchParams): string {
  const allowed = Object.hasOwn(PAGE_QUERY_STRINGS, path) ? PAGE_QUERY_STRINGS[path]! : [];
  return new URLSearchParams([...params].filter(([name]) => allowed.includes(name))).toString();
}

/**
 * CloudFront gives the page function the function URL's host as Host, so the host the visitor asked
 * for (the site's own, for absolute addresses) travels in a header, replacing any value the client sent.
 */
export const VIEWER_HOST_CODE = `function handler(event) {
  var request = event.request;
  var host = request.headers.host;
  if (host) {
    request.headers['${VIEWER_HOST_HEADER}'] = { value: host.value };
  } else {
    delete request.headers['${VIEWER_HOST_HEADER}'];
  }
  return request;
}`;

/** Where the browser talks to besides the site itself: Cognito for sign-in, the media buckets for uploads. */
export interface ThirdPartyOrigins {
  readonly cognito: string;
  readonly uploads: string;
}

/** In the cloud: Cognito's regional endpoint and the regional S3 endpoints presigned POSTs go to. */
export function cloudOrigins(region: string): ThirdPartyOrigins {
  return { cognito: `https://cognito-idp.${region}.amazonaws.com`, uploads: `https://*.s3.${region}.amazonaws.com` };
}

/** Emotion (Chakra UI) injects style elements at run time, hence 'unsafe-inline' for styles only. */
export function contentSecurityPolicy(origins: ThirdPartyOrigins): string {
  return [
    "default-src 'self'",
    "script-src 'self'",
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    // blob: for a video chosen for the portfolio: the editor previews it and draws its poster frame.
    "media-src 'self' blob:",
    "font-src 'self' data:",
    `connect-src 'self' ${origins.cognito} ${origins.uploads}`,
    `form-action 'self' ${origins.uploads}`,
    "manifest-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "frame-ancestors 'none'",
  ].join('; ');
}

/** The response headers policy of every behaviour. */
export const SECURITY_HEADERS = {
  strictTransportSecurityDays: 730,
  frameOptions: 'DENY',
  referrerPolicy: 'strict-origin-when-cross-origin',
  // Geolocation stays allowed for the home page's "near me" search.
  permissionsPolicy: 'camera=(), microphone=(), payment=(), geolocation=(self)',
} as const;

const strictTransportSecurity = `max-age=${SECURITY_HEADERS.strictTransportSecurityDays * 86_400}; includeSubDomains`;

/** The headers the policy puts on every response (overriding the origin's), as CloudFront writes them. */
export function securityHeaderValues(origins: ThirdPartyOrigins): Record<string, string> {
  return {
    'strict-transport-security': strictTransportSecurity,
    'x-content-type-options': 'nosniff',
    'x-frame-options': SECURITY_HEADERS.frameOptions,
    'referrer-policy': SECURITY_HEADERS.referrerPolicy,
    'content-security-policy': contentSecurityPolicy(origins),
    'permissions-policy': SECURITY_HEADERS.permissionsPolicy,
  };
}

/**
 * The build's scripts and style sheets (CloudFront path patterns). A page fetches up to fifty of them, and the policy,
 * frame, referrer and permission headers act only on documents (a script runs under its page's policy), so these get
 * the two headers that act on them alone: about 600 bytes fewer on each. Images and everything else keep the full set
 * (an SVG opened on its own is a document).
 */
export const SCRIPT_ASSET_PATTERNS = ['/assets/*.js', '/assets/*.css'] as const;

/** The headers the script assets' policy puts on each of them. */
export function scriptAssetHeaderValues(): Record<string, string> {
  return { 'strict-transport-security': strictTransportSecurity, 'x-content-type-options': 'nosniff' };
}

/** Whether a path is one of the build's scripts or style sheets (SCRIPT_ASSET_PATTERNS), as CloudFront matches them. */
export function isScriptAsset(path: string): boolean {
  return matchesPathPattern(path, SCRIPT_ASSET_PATTERNS);
}

/**
 * The entry page, the prerendered pages and the runtime config are revalidated on every load; everything
 * else in the build has a content hash in its name and never changes.
 */
export const SITE_ENTRY_FILES = ['index.html', ...PRERENDERED_PAGES.map(({ file }) => file), 'config.json'] as const;
export const SITE_CACHE_CONTROL = {
  entry: 'no-cache',
  assets: 'public, max-age=31536000, immutable',
} as const;
