import { DIRECTORY_SEARCH_PATH, JOB_BOARD_PATH, routeList } from '@solutionz/shared';
import type { ProfileRecord } from '../data/account-repository';

/**
 * The shared cache in front of the site (CloudFront; the local edge in local runs), which keeps the public
 * answers that are the same for every visitor without a session: the routes with `cacheSeconds` and the
 * pages the page function draws (services/pages/serve-page.ts). A moderation or an erasure that changes such an
 * answer purges its copies, so that a hidden provider or a removed review is gone at once rather than when the
 * copy's max age ends. Changes people make to their own things (a profile, a job of their own, a membership that
 * lists or unlists them) wait for it: a drawn search is at most 5 minutes old, and the app asks again once live.
 */
export interface PublicCache {
  /**
   * Drops the kept copies under these paths (CloudFront invalidation paths: a `*` only at the end, where
   * it matches any characters, query strings too). Never rejects: a purge that fails is logged, and the
   * copies' max age bounds how long they stay.
   */
  purge(paths: readonly string[]): Promise<void>;
}

/** Whether the edge keeps answers of a route whose path starts so. */
const keptUnder = (pathPrefix: string) => routeList.some((route) => route.cacheSeconds !== undefined && route.path.startsWith(pathPrefix));

const kept = (path: string) => routeList.some((route) => route.cacheSeconds !== undefined && route.path === path);

const wildcard = (path: string) => `${path}*`;

/**
 * The paths that purge each kind of public copy: one wildcard each where CloudFront allows, as every path
 * of an invalidation is paid for beyond 1,000 a month. Only what the edge keeps is named.
 */
export const PUBLIC_COPIES = {
  /**
   * A provider's page (any trailing slash) and every drawn directory search, which may list them (one path for both:
   * `/directory*`), and the API's answers about them where the edge keeps any.
   */
  provider(providerId: string): string[] {
    const id = encodeURIComponent(providerId);
    // The directory's search lists them too: kept, it is purged with them, every query at once.
    const api = kept('/api/providers') ? ['/api/providers*'] : keptUnder('/api/providers/{providerId}') ? [wildcard(`/api/providers/${id}`)] : [];
    return [wildcard(DIRECTORY_SEARCH_PATH), ...api];
  },
  /**
   * The taxonomy, whatever its query: the categories page the page function drew with it and its API answer; every
   * provider's page, whose drawing names their categories (a renamed or deleted one changes them all); the drawn
   * searches of the directory and the job board, whose filters offer them; and the API's answers that name them
   * (providers and jobs), where the edge keeps any, or the app would redraw a purged page with the old names.
   */
  categories: (): string[] => [
    '/categories',
    wildcard(DIRECTORY_SEARCH_PATH),
    wildcard(JOB_BOARD_PATH),
    ...['/api/categories', '/api/providers', '/api/jobs'].filter(keptUnder).map(wildcard),
  ],
  /** Every page and filter of the job board, drawn and as the API answers. */
  jobBoard: (): string[] => [wildcard(JOB_BOARD_PATH), ...(keptUnder('/api/jobs') ? [wildcard('/api/jobs')] : [])],
} as const;

/** A person's public copies: a provider's page and answers; the job board, where a client's jobs were. */
export function publicCopiesOf(person: Pick<ProfileRecord, 'userId' | 'accountType'>): string[] {
  if (person.accountType === 'provider') return PUBLIC_COPIES.provider(person.userId);
  return person.accountType === 'client' ? PUBLIC_COPIES.jobBoard() : [];
}

/** A cache that keeps nothing: the Vite dev server's runs and tests that do not look at purges. */
export const NO_PUBLIC_CACHE: PublicCache = { purge: () => Promise.resolve() };
