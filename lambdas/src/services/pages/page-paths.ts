import { SEARCH_PAGE_QUERIES } from '@solutionz/shared';

/** The categories page's address (web's paths.categories). */
export const CATEGORIES_PATH = '/categories';

/** The search pages (shared SEARCH_PAGE_QUERIES): one cached response per value of their own query parameters. */
const SEARCH_PAGE_PATHS = Object.keys(SEARCH_PAGE_QUERIES);

/**
 * The page function's paths that are pages of the app (rendered into the app shell, naming a release's files), as
 * CloudFront path patterns: case-sensitive, `*` matching any characters, the query string not part of the path. The
 * sitemap and robots.txt are its others.
 */
export const APP_PAGE_PATTERNS: readonly string[] = ['/directory/*', CATEGORIES_PATH, ...SEARCH_PAGE_PATHS];

const invalidationPaths = APP_PAGE_PATTERNS.map((pattern) => (SEARCH_PAGE_PATHS.includes(pattern) ? `${pattern}*` : pattern));

/**
 * Invalidation paths that drop every cached response of the app's pages: a search page's responses differ by query string,
 * which an invalidation path names only with a `*` at its end. A path another one covers is left out (`/directory*`
 * covers `/directory/*`): each wildcard path counts against CloudFront's limits.
 */
export const APP_PAGE_INVALIDATION_PATHS: readonly string[] = invalidationPaths.filter(
  (path) => !invalidationPaths.some((other) => other !== path && other.endsWith('*') && path.startsWith(other.slice(0, -1))),
);

/** Whether a path matches one of `patterns`, as CloudFront matches path patterns. */
export function matchesPathPattern(path: string, patterns: readonly string[]): boolean {
  return patterns.some((pattern) => new RegExp(`^${pattern.replace(/[.+?^${}()|[\]\\]/g, '\\$&').replace(/\*/g, '.*')}$`).test(path));
}
