import { DEFAULT_RADIUS_MILES, PRODUCT_NAME, RADIUS_OPTIONS_MILES, type RadiusMiles } from './constants';
import { categoryLabel } from './category-selection';
import { DIRECTORY_MESSAGES, DIRECTORY_PAGE_SIZE } from './api/directory-constants';
import type { directoryRoutes } from './api/directory-routes';
import type { RouteQuery } from './api/route-types';
import type { JobListQuery } from './jobs';
import { JOB_BUDGET_SLIDER, JOB_BUDGET_TYPES, JOB_LIMITS, JOB_MESSAGES, type JobBudgetType } from './jobs-constants';
import { TAXONOMY } from './taxonomy';

/**
 * The two search pages, the directory (/directory) and the job board (/job-directory), as their addresses hold them:
 * what each asks the API for and what the tab is called. The web app reads its address with these, and the page
 * function server-renders the same pages with them (lambdas services/pages), so both ask the API the same question and keep
 * the answer under the same key (RENDERED_QUERY_KEYS).
 */

export function isRadius(value: number): value is RadiusMiles {
  return (RADIUS_OPTIONS_MILES as readonly number[]).includes(value);
}

/**
 * A directory search as its address holds it (docs/product/directory.md#searching: service, category, location, nearme, radius, and
 * `replies=day`). Near me puts no coordinates in the address: the position rides in the history entry's state (web
 * lib/directory-url.ts).
 */
export interface DirectoryFilters {
  readonly service: string;
  /** A group or subcategory slug. */
  readonly category: string;
  readonly location: string;
  readonly nearMe: boolean;
  readonly radius: RadiusMiles;
  /** Only providers who usually reply within a day (`replies=day`). */
  readonly quickReplies: boolean;
  /** Only providers whose insurance an admin checked (`insured=yes`). */
  readonly insured?: boolean;
}

export function readDirectoryFilters(params: URLSearchParams): DirectoryFilters {
  const nearMe = params.get('nearme') === 'true';
  const radius = Number(params.get('radius'));
  return {
    service: params.get('service')?.trim() ?? '',
    category: params.get('category')?.trim() ?? '',
    // Near me and a place are two ways to say where: near me wins, as the picker allows only one.
    location: nearMe ? '' : (params.get('location')?.trim() ?? ''),
    nearMe,
    radius: isRadius(radius) ? radius : DEFAULT_RADIUS_MILES,
    quickReplies: params.get('replies') === 'day',
    insured: params.get('insured') === 'yes',
  };
}

/** A device's position (the directory's near me). */
export interface Coordinates {
  readonly latitude: number;
  readonly longitude: number;
}

/** What the directory asks GET /api/providers for: a place by name or by position, never both. */
export interface ProviderSearch {
  readonly service: string;
  readonly category: string;
  readonly where: { readonly location: string } | { readonly position: Coordinates } | null;
  readonly radius: RadiusMiles;
  /** Only providers who usually reply within a day. */
  readonly quickReplies: boolean;
  /** Only providers whose insurance an admin checked. */
  readonly insured?: boolean;
}

/** The search for these filters, from `position` when near me has one (else from the typed place, if any). */
export function providerSearchOf(filters: DirectoryFilters, position?: Coordinates): ProviderSearch {
  return {
    service: filters.service,
    category: filters.category,
    where: position ? { position } : filters.location ? { location: filters.location } : null,
    radius: filters.radius,
    quickReplies: filters.quickReplies,
    insured: filters.insured === true,
  };
}

/** The query of GET /api/providers for a page of `search` (the first without a cursor). */
export function providerSearchQuery(search: ProviderSearch, cursor?: string): RouteQuery<typeof directoryRoutes.searchProviders> {
  const { service, category, where, radius, quickReplies, insured } = search;
  return {
    ...(service ? { service } : {}),
    ...(category ? { category } : {}),
    ...(where && 'location' in where ? { location: where.location } : {}),
    ...(where && 'position' in where ? { lat: where.position.latitude, lng: where.position.longitude } : {}),
    radius,
    ...(quickReplies ? { replies: 'day' as const } : {}),
    ...(insured ? { insured: 'yes' as const } : {}),
    ...(cursor ? { cursor } : {}),
    limit: DIRECTORY_PAGE_SIZE.default,
  };
}

/** The name the built-in taxonomy gives a category slug (a whole group, or one of its subcategories). */
function categoryName(slug: string): string | undefined {
  for (const group of TAXONOMY) {
    if (group.slug === slug) return group.name;
    const sub = group.subcategories.find((candidate) => candidate.slug === slug);
    if (sub) return sub.name;
  }
  return undefined;
}

const capitalised = (text: string) => `${text.charAt(0).toUpperCase()}${text.slice(1)}`;

/** What and where a directory search looks for, in words: "Fencing" and "Leeds". */
export function directorySearchWords(filters: DirectoryFilters): { what?: string; where?: string } {
  const what = filters.service ? capitalised(filters.service) : categoryName(filters.category);
  const where = filters.nearMe ? 'you' : filters.location || undefined;
  return { ...(what ? { what } : {}), ...(where ? { where } : {}) };
}

/** The directory's tab title, naming the search: "Fencing near Leeds | Solutionz", "Professionals | Solutionz" for none. */
export function directorySearchTitle(filters: DirectoryFilters): string {
  const { what, where } = directorySearchWords(filters);
  return `${what ?? DIRECTORY_MESSAGES.title}${where ? ` near ${where}` : ''} | ${PRODUCT_NAME}`;
}

/** The job board's filters as the address bar holds them (docs/product/jobs.md#the-job-board), so a filtered board can be shared. */
export interface JobBoardFilters {
  category: string;
  location: string;
  /** Miles around the place the location names; without a location it means nothing and stays out of the address. */
  radius: RadiusMiles;
  /** The budget range: applied only when both ends are set. */
  minBudget?: number;
  maxBudget?: number;
  budgetType: 'any' | JobBudgetType;
  /** Which page, from 2 (none on the first); a page number alone reaches the last page or one near either end. */
  page?: number;
  /** The page token that reads this page from its neighbour (the API's `nextCursor` or `previousCursor`). */
  cursor?: string;
}

function budgetEnd(raw: string | null): number | undefined {
  if (raw === null || raw.trim() === '') return undefined;
  const value = Number(raw);
  return Number.isFinite(value) && value >= 0 && value <= JOB_BUDGET_SLIDER.max ? value : undefined;
}

export function readJobBoardFilters(params: URLSearchParams): JobBoardFilters {
  const minBudget = budgetEnd(params.get('minBudget'));
  const maxBudget = budgetEnd(params.get('maxBudget'));
  const bothEnds = minBudget !== undefined && maxBudget !== undefined && minBudget <= maxBudget;
  const budgetType = params.get('budgetType');
  const cursor = params.get('cursor')?.trim();
  const page = Number(params.get('page'));
  const location = params.get('location')?.trim() ?? '';
  const radius = Number(params.get('radius'));
  return {
    category: params.get('category')?.trim() ?? '',
    location,
    radius: location && isRadius(radius) ? radius : DEFAULT_RADIUS_MILES,
    ...(bothEnds ? { minBudget, maxBudget } : {}),
    budgetType: (JOB_BUDGET_TYPES as readonly string[]).includes(budgetType ?? '') ? (budgetType as JobBudgetType) : 'any',
    ...(Number.isInteger(page) && page > 1 && page <= JOB_LIMITS.boardPageMax ? { page } : {}),
    ...(cursor ? { cursor } : {}),
  };
}

/** What the API is asked for these filters. */
export function jobListQuery(filters: JobBoardFilters): JobListQuery {
  return {
    ...(filters.category ? { category: filters.category } : {}),
    ...(filters.location ? { location: filters.location, radius: filters.radius } : { radius: undefined }),
    ...(filters.minBudget !== undefined && filters.maxBudget !== undefined ? { minBudget: filters.minBudget, maxBudget: filters.maxBudget } : {}),
    budgetType: filters.budgetType,
    ...(filters.page ? { page: filters.page } : {}),
    ...(filters.cursor ? { cursor: filters.cursor } : {}),
  };
}

/** The job board's tab title, naming the search: "Fencing jobs near Leeds | Solutionz", "Job Directory | Solutionz" for none. */
export function jobBoardTitle(filters: Pick<JobBoardFilters, 'category' | 'location'>): string {
  const what = filters.category ? `${categoryLabel(filters.category)} jobs` : filters.location ? 'Jobs' : JOB_MESSAGES.title;
  return `${what}${filters.location ? ` near ${filters.location}` : ''} | ${PRODUCT_NAME}`;
}
