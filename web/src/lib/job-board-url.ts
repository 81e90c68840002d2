import {
  DEFAULT_RADIUS_MILES,
  JOB_BUDGET_SLIDER,
  JOB_BUDGET_TYPES,
  type JobBudgetType,
  type JobListQuery,
  type RadiusMiles,
} from '@solutionz/shared';
import { isRadius } from './directory-url';

/** The board's filters as the address bar holds them (spec 02 section 8), so a filtered board can be shared. */
export interface JobBoardFilters {
  category: string;
  location: string;
  /** Miles around the place the location names; without a location it means nothing and stays out of the address. */
  radius: RadiusMiles;
  /** The budget range: applied only when both ends are set. */
  minBudget?: number;
  maxBudget?: number;
  budgetType: 'any' | JobBudgetType;
  /** Where the page starts (the API's `nextCursor`); none on the first page. */
  cursor?: string;
}

export const noJobBoardFilters: JobBoardFilters = { category: '', location: '', radius: DEFAULT_RADIUS_MILES, budgetType: 'any' };

/** The same filters from the first page. */
export const firstPageOf = ({ cursor: _cursor, ...filters }: JobBoardFilters): JobBoardFilters => filters;

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
  const location = params.get('location')?.trim() ?? '';
  const radius = Number(params.get('radius'));
  return {
    category: params.get('category')?.trim() ?? '',
    location,
    radius: location && isRadius(radius) ? radius : DEFAULT_RADIUS_MILES,
    ...(bothEnds ? { minBudget, maxBudget } : {}),
    budgetType: (JOB_BUDGET_TYPES as readonly string[]).includes(budgetType ?? '') ? (budgetType as JobBudgetType) : 'any',
    ...(cursor ? { cursor } : {}),
  };
}

/** The address bar's query for these filters: defaults left out; `job` (the open job) kept when given. */
export function jobBoardSearch(filters: JobBoardFilters, openJob?: string): string {
  const params = new URLSearchParams();
  if (filters.category) params.set('category', filters.category);
  if (filters.location) params.set('location', filters.location);
  if (filters.location && filters.radius !== DEFAULT_RADIUS_MILES) params.set('radius', String(filters.radius));
  if (filters.minBudget !== undefined && filters.maxBudget !== undefined) {
    params.set('minBudget', String(filters.minBudget));
    params.set('maxBudget', String(filters.maxBudget));
  }
  if (filters.budgetType !== 'any') params.set('budgetType', filters.budgetType);
  if (filters.cursor) params.set('cursor', filters.cursor);
  if (openJob) params.set('job', openJob);
  const query = params.toString();
  return query ? `?${query}` : '';
}

/** What the API is asked for these filters. */
export function jobListQuery(filters: JobBoardFilters): JobListQuery {
  return {
    ...(filters.category ? { category: filters.category } : {}),
    ...(filters.location ? { location: filters.location, radius: filters.radius } : { radius: undefined }),
    ...(filters.minBudget !== undefined && filters.maxBudget !== undefined
      ? { minBudget: filters.minBudget, maxBudget: filters.maxBudget }
      : {}),
    budgetType: filters.budgetType,
    ...(filters.cursor ? { cursor: filters.cursor } : {}),
  };
}

export type PageItem = { kind: 'page'; page: number } | { kind: 'gap'; key: string };

/** Numbered pagination: the first and last pages, the current one and its neighbours, gaps as ellipses. */
export function pageItems(current: number, pageCount: number): PageItem[] {
  const shown = new Set([1, pageCount, current - 1, current, current + 1].filter((page) => page >= 1 && page <= pageCount));
  const pages = [...shown].sort((a, b) => a - b);
  const items: PageItem[] = [];
  pages.forEach((page, index) => {
    const previous = pages[index - 1];
    if (previous !== undefined && page - previous === 2) items.push({ kind: 'page', page: previous + 1 });
    else if (previous !== undefined && page - previous > 2) items.push({ kind: 'gap', key: `gap-${previous}` });
    items.push({ kind: 'page', page });
  });
  return items;
}
