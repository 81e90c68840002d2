/** The categories page's address (web's paths.categories). */
export const CATEGORIES_PATH = '/categories';

/**
 * The page function's paths that are pages of the app (drawn into the app shell, naming a release's files), as
 * CloudFront path patterns: case-sensitive, `*` matching any characters. The sitemap and robots.txt are its others.
 */
export const APP_PAGE_PATTERNS = ['/directory/*', CATEGORIES_PATH] as const;

/** Whether a path matches one of `patterns`, as CloudFront matches path patterns. */
export function matchesPathPattern(path: string, patterns: readonly string[]): boolean {
  return patterns.some((pattern) => new RegExp(`^${pattern.replace(/[.+?^${}()|[\]\\]/g, '\\$&').replace(/\*/g, '.*')}$`).test(path));
}
