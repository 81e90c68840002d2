import { DEFAULT_RADIUS_MILES, type JobBoardFilters } from '@solutionz/shared';

/** The board with no filters: its filters as the address bar holds them are read by shared search-pages.ts `readJobBoardFilters`. */
export const noJobBoardFilters: JobBoardFilters = { category: '', location: '', radius: DEFAULT_RADIUS_MILES, budgetType: 'any' };

/** The same filters from the first page. */
export const firstPageOf = ({ cursor: _cursor, page: _page, ...filters }: JobBoardFilters): JobBoardFilters => filters;

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
  if (filters.page && filters.page > 1) params.set('page', String(filters.page));
  if (filters.cursor) params.set('cursor', filters.cursor);
  if (openJob) params.set('job', openJob);
  const query = params.toString();
  return query ? `?${query}` : '';
}

export type PageItem = { kind: 'page'; page: number } | { kind: 'gap'; key: string };

/**
 * Numbered pagination: the first and last pages, the current one and its neighbours, gaps as ellipses (a gap of one
 * page shows that page). Where the number of pages is not known (`pageCount` undefined), the pages up to the next one
 * when `more` says there is one, then an ellipsis.
 */
export function pageItems(current: number, pageCount: number | undefined, more = false): PageItem[] {
  const known = pageCount ?? (more ? current + 1 : current);
  const shown = new Set([1, known, current - 1, current, current + 1].filter((page) => page >= 1 && page <= known));
  const pages = [...shown].sort((a, b) => a - b);
  const items: PageItem[] = [];
  pages.forEach((page, index) => {
    const previous = pages[index - 1];
    if (previous !== undefined && page - previous === 2) items.push({ kind: 'page', page: previous + 1 });
    else if (previous !== undefined && page - previous > 2) items.push({ kind: 'gap', key: `gap-${previous}` });
    items.push({ kind: 'page', page });
  });
  if (pageCount === undefined && more) items.push({ kind: 'gap', key: 'gap-more' });
  return items;
}
