import { DIRECTORY_SEARCH_PATH, JOB_BOARD_PATH, routeList } from '@solutionz/shared';
import type { ProfileRecord } from '../data/account-repository';

/** Whether the edge caches answers of a route whose path starts so. */
const keptUnder = (pathPrefix: string) => routeList.some((route) => route.cacheSeconds !== undefined && route.path.startsWith(pathPrefix));

const kept = (path: string) => routeList.some((route) => route.cacheSeconds !== undefined && route.path === path);

const wildcard = (path: string) => `${path}*`;

/**
 * The paths that purge each kind of cached public response: one wildcard each where CloudFront allows, as every path
 * of an invalidation is paid for beyond 1,000 a month. Only what the edge caches is named.
 */
export const PUBLIC_COPIES = {
  /**
   * A provider's page (any trailing slash) and every server-rendered directory search, which may list them (one path for both:
   * `/directory*`), and the API's answers about them where the edge caches any.
   */
  provider(providerId: string): string[] {
    const id = encodeURIComponent(providerId);
    // The directory's search lists them too: kept, it is purged with them, every query at once.
    const api = kept('/api/providers') ? ['/api/providers*'] : keptUnder('/api/providers/{providerId}') ? [wildcard(`/api/providers/${id}`)] : [];
    return [wildcard(DIRECTORY_SEARCH_PATH), ...api];
  },
  /**
   * The taxonomy, whatever its query: the categories page the page function rendered with it and its API answer; every
   * provider's page, whose markup names their categories (a renamed or deleted one changes them all); the server-rendered
   * searches of the directory and the job board, whose filters offer them; and the API's answers that name them
   * (providers and jobs), where the edge caches any, or the app would re-render a purged page with the old names.
   */
  categories: (): string[] => [
    '/categories',
    wildcard(DIRECTORY_SEARCH_PATH),
    wildcard(JOB_BOARD_PATH),
    ...['/api/categories', '/api/providers', '/api/jobs'].filter(keptUnder).map(wildcard),
  ],
  /** Every page and filter of the job board, server-rendered and as the API answers. */
  jobBoard: (): string[] => [wildcard(JOB_BOARD_PATH), ...(keptUnder('/api/jobs') ? [wildcard('/api/jobs')] : [])],
} as const;

/** The cached public responses about a person: a provider's page and answers; the job board, where a client's jobs were. */
export function publicCopiesOf(person: Pick<ProfileRecord, 'userId' | 'accountType'>): string[] {
  if (person.accountType === 'provider') return PUBLIC_COPIES.provider(person.userId);
  return person.accountType === 'client' ? PUBLIC_COPIES.jobBoard() : [];
}
