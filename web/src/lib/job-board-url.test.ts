import { describe, expect, it } from 'vitest';
import { jobListQuery, readJobBoardFilters } from '@solutionz/shared';
import { jobBoardSearch, noJobBoardFilters, pageItems } from './job-board-url';

const pages = (current: number, count: number) => pageItems(current, count).map((item) => (item.kind === 'page' ? item.page : '…'));

describe('job board pagination', () => {
  it('shows every page when there are few', () => {
    expect(pages(1, 1)).toEqual([1]);
    expect(pages(2, 3)).toEqual([1, 2, 3]);
  });

  it('shows the first, the last and the neighbours of the current page, with ellipses between', () => {
    expect(pages(5, 10)).toEqual([1, '…', 4, 5, 6, '…', 10]);
    expect(pages(1, 10)).toEqual([1, 2, '…', 10]);
    expect(pages(10, 10)).toEqual([1, '…', 9, 10]);
  });

  it('shows a lone hidden page instead of an ellipsis', () => {
    expect(pages(4, 10)).toEqual([1, 2, 3, 4, 5, '…', 10]);
  });

  it('shows nothing when there are no pages', () => {
    expect(pages(1, 0)).toEqual([]);
  });

  it('shows the pages up to the next one, then an ellipsis, where the number of pages is not known', () => {
    const unknown = (current: number, more: boolean) => pageItems(current, undefined, more).map((item) => (item.kind === 'page' ? item.page : '…'));
    expect(unknown(1, true)).toEqual([1, 2, '…']);
    expect(unknown(6, true)).toEqual([1, '…', 5, 6, 7, '…']);
    expect(unknown(6, false)).toEqual([1, '…', 5, 6]);
  });
});

describe('job board filters in the address bar', () => {
  it('reads an empty address as no filters on the first page', () => {
    expect(readJobBoardFilters(new URLSearchParams())).toEqual(noJobBoardFilters);
  });

  it('keeps a budget range only when both ends are set', () => {
    expect(readJobBoardFilters(new URLSearchParams('minBudget=100'))).toEqual(noJobBoardFilters);
    expect(readJobBoardFilters(new URLSearchParams('minBudget=100&maxBudget=900'))).toMatchObject({ minBudget: 100, maxBudget: 900 });
    expect(readJobBoardFilters(new URLSearchParams('minBudget=900&maxBudget=100'))).toEqual(noJobBoardFilters);
  });

  it('ignores an unknown budget type, an empty cursor and a page number that is not one', () => {
    expect(readJobBoardFilters(new URLSearchParams('budgetType=weekly&cursor='))).toEqual(noJobBoardFilters);
    for (const page of ['0', '1', '-2', '2.5', 'two']) expect(readJobBoardFilters(new URLSearchParams({ page }))).toEqual(noJobBoardFilters);
  });

  it('writes the filters back so that reading them gives the same filters', () => {
    const filters = {
      category: 'Home > Plumbing',
      location: 'Leeds',
      radius: 50 as const,
      minBudget: 0,
      maxBudget: 5000,
      budgetType: 'hourly' as const,
      page: 4,
      cursor: 'next-page',
    };
    const search = jobBoardSearch(filters, 'job-1');
    const params = new URLSearchParams(search);
    expect(params.get('job')).toBe('job-1');
    expect(readJobBoardFilters(params)).toEqual(filters);
  });

  it('leaves the defaults out of the address', () => {
    expect(jobBoardSearch(noJobBoardFilters)).toBe('');
    expect(jobBoardSearch({ ...noJobBoardFilters, location: 'Leeds', radius: 25 })).toBe('?location=Leeds');
  });

  it('keeps a radius only with a place to measure it from', () => {
    expect(jobBoardSearch({ ...noJobBoardFilters, location: 'Leeds', radius: 10 })).toBe('?location=Leeds&radius=10');
    expect(jobBoardSearch({ ...noJobBoardFilters, radius: 10 })).toBe('');
    expect(readJobBoardFilters(new URLSearchParams('radius=10'))).toEqual(noJobBoardFilters);
  });

  it('reads a radius that is not one of the choices as the default', () => {
    expect(readJobBoardFilters(new URLSearchParams('location=Leeds&radius=30')).radius).toBe(25);
    expect(readJobBoardFilters(new URLSearchParams('location=Leeds&radius=many')).radius).toBe(25);
  });

  it('asks the API for the radius around the place, and for none without a place', () => {
    expect(jobListQuery({ ...noJobBoardFilters, location: 'Leeds', radius: 50 })).toMatchObject({ location: 'Leeds', radius: 50 });
    expect(jobListQuery({ ...noJobBoardFilters, location: 'Leeds' })).toMatchObject({ radius: 25 });
    expect(jobListQuery({ ...noJobBoardFilters, radius: 50 }).radius).toBeUndefined();
  });

  it('asks the API for the budget range only with both ends', () => {
    expect(jobListQuery({ ...noJobBoardFilters, minBudget: 100 })).toEqual({ radius: undefined, budgetType: 'any' });
  });
});
