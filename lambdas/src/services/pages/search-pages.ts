import {
  directoryRoutes,
  jobIdParamsSchema,
  jobListQuery,
  jobRoutes,
  providerSearchOf,
  providerSearchQuery,
  readDirectoryFilters,
  readJobBoardFilters,
  RENDERED_QUERY_KEYS,
  type Job,
  type RenderedPageData,
  type RouteQuery,
  type RouteSpec,
} from '@solutionz/shared';
import { NotFoundError, ValidationError } from '../../errors';
import { listCategories, type CategoriesDeps } from '../categories';
import { searchProviders, type SearchDeps } from '../directory/search';
import type { JobsDeps } from '../jobs/deps';
import { getJob, listJobs } from '../jobs/jobs';

/**
 * What the page function renders the two search pages with: the answers the app's first render there reads, asked
 * as the browser asks them (the same question, validated as the route validates it, through the route's own
 * service) and as an anonymous visitor gets them, each under the web client's key. The filters bar's categories
 * come along (GET /api/categories).
 */

export type SearchPageDeps = SearchDeps & CategoriesDeps & Pick<JobsDeps, 'jobs'>;

type Queries = RenderedPageData['queries'];

/**
 * What a search page is rendered with, and whether the search found anything: only one that did is a page for search
 * results (text that matches nothing, a place with no jobs, are not worth one, and any text can be typed into a link).
 */
interface SearchDrawing {
  readonly queries: Queries;
  readonly found: boolean;
}

/**
 * The query a route's service gets for `query` as a browser sends it (each value as text, as the web's API client
 * writes it), through the route's own schema; a ValidationError where the route would answer 400.
 */
function asTheBrowserAsks<T extends RouteSpec>(route: T, query: Readonly<Record<string, unknown>>): RouteQuery<T> {
  const text = Object.entries(query).flatMap(([name, value]) => (value === undefined || value === null ? [] : [[name, String(value)] as const]));
  const parsed = route.query?.safeParse(Object.fromEntries(text));
  if (parsed && !parsed.success) throw new ValidationError({});
  return parsed?.data as RouteQuery<T>;
}

/**
 * A refusal the browser would get too (a place nobody can find, a category that is not one, a cursor from an old
 * link): the page is not server-rendered, and the app shows why once live.
 */
async function unlessRefused(ask: () => Promise<SearchDrawing>): Promise<SearchDrawing | undefined> {
  try {
    return await ask();
  } catch (error) {
    if (error instanceof ValidationError) return undefined;
    throw error;
  }
}

/**
 * /directory: the first page of the search (the directory's results are an infinite query, a page per cursor).
 * Near me is not server-rendered: where from is the device's to say, in the browser.
 */
export function directoryQueries(deps: SearchPageDeps, params: URLSearchParams): Promise<SearchDrawing | undefined> {
  const filters = readDirectoryFilters(params);
  if (filters.nearMe) return Promise.resolve(undefined);
  const search = providerSearchOf(filters);
  return unlessRefused(async () => {
    const [answer, categories] = await Promise.all([
      searchProviders(deps, asTheBrowserAsks(directoryRoutes.searchProviders, providerSearchQuery(search))),
      listCategories(deps),
    ]);
    return {
      queries: [
        [RENDERED_QUERY_KEYS.providerSearch(search), { pages: [answer], pageParams: [undefined] }],
        [RENDERED_QUERY_KEYS.categories, categories],
      ],
      // Everyone instead (`fallback`) is no answer to this search.
      found: answer.providers.length > 0 && !answer.fallback,
    };
  });
}

/** The job a board's address opens (`?job=`, the links in job alert mails), as GET /api/jobs/{jobId} answers; none if there is no such job. */
async function openJob(deps: SearchPageDeps, jobId: string): Promise<Job | undefined> {
  // As GET /api/jobs/{jobId} takes its id.
  const params = jobIdParamsSchema.safeParse({ jobId });
  if (!params.success) return undefined;
  try {
    return await getJob(deps, params.data.jobId);
  } catch (error) {
    if (error instanceof NotFoundError) return undefined;
    throw error;
  }
}

/**
 * /job-directory: the board's page, as a visitor sees it, and the job it opens. Any page: its number and its page
 * token are in the address, so the answer is the same for everyone who opens it.
 */
export function jobBoardQueries(deps: SearchPageDeps, params: URLSearchParams): Promise<SearchDrawing | undefined> {
  const filters = readJobBoardFilters(params);
  const query = jobListQuery(filters);
  const jobId = params.get('job') ?? undefined;
  return unlessRefused(async () => {
    const [answer, categories, job] = await Promise.all([
      listJobs(deps, asTheBrowserAsks(jobRoutes.listJobs, query)),
      listCategories(deps),
      jobId === undefined ? undefined : openJob(deps, jobId),
    ]);
    return {
      queries: [
        [RENDERED_QUERY_KEYS.jobBoard(query, false), answer],
        [RENDERED_QUERY_KEYS.categories, categories],
        ...(job ? [[RENDERED_QUERY_KEYS.job(jobId, false), job] as const] : []),
      ],
      // A later page is rendered but stays out of search engines' index, as the first page of the search stands for it.
      found: answer.jobs.length > 0 && answer.page === 1,
    };
  });
}
