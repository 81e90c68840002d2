import { describe, expect, it } from 'vitest';
import { serverRenderedUrl } from './prerendered-pages';
import { directorySearchTitle, jobBoardTitle, readDirectoryFilters, readJobBoardFilters } from './search-pages';

const directory = (search: string) => readDirectoryFilters(new URLSearchParams(search));

describe('the address a page is rendered for', () => {
  it("is a search page's own parameters in a fixed order, whatever order the link had and whatever else it carried", () => {
    expect(serverRenderedUrl('/directory', '?service=fencing&utm_source=mail&location=Leeds')).toBe('/directory?location=Leeds&service=fencing');
    expect(serverRenderedUrl('/directory', '?location=Leeds&service=fencing')).toBe('/directory?location=Leeds&service=fencing');
    expect(serverRenderedUrl('/job-directory', '?job=j1&fbclid=x&category=Events+%3E+DJ')).toBe('/job-directory?category=Events+%3E+DJ&job=j1');
    expect(serverRenderedUrl('/job-directory', '?cursor=t4&page=4&utm_source=mail')).toBe('/job-directory?cursor=t4&page=4');
    expect(serverRenderedUrl('/directory', '?utm_campaign=spring')).toBe('/directory');
    expect(serverRenderedUrl('/directory', '')).toBe('/directory');
  });

  it('is the path and the query as they are for any other page', () => {
    expect(serverRenderedUrl('/directory/p1', '')).toBe('/directory/p1');
    expect(serverRenderedUrl('/directory/p1', '?tab=feedback')).toBe('/directory/p1?tab=feedback');
    expect(serverRenderedUrl('/categories', 'x=1')).toBe('/categories?x=1');
  });
});

describe('the tab title of a search', () => {
  it('names what the directory looks for and where', () => {
    expect(directorySearchTitle(directory('service=fencing&location=Leeds'))).toBe('Fencing near Leeds | Solutionz');
    expect(directorySearchTitle(directory('category=pet-boarding&location=KW1&radius=5'))).toBe('Pet Boarding near KW1 | Solutionz');
    expect(directorySearchTitle(directory('category=events'))).toBe('Events | Solutionz');
    expect(directorySearchTitle(directory('service=tutor&nearme=true&location=York'))).toBe('Tutor near you | Solutionz');
    expect(directorySearchTitle(directory('location=Leeds&category=not-a-category'))).toBe('Professionals near Leeds | Solutionz');
    expect(directorySearchTitle(directory(''))).toBe('Professionals | Solutionz');
  });

  it('names the jobs the board shows and where', () => {
    const board = (search: string) => jobBoardTitle(readJobBoardFilters(new URLSearchParams(search)));
    expect(board('category=Construction/Trade+>+Builder&location=Leeds')).toBe('Builder jobs near Leeds | Solutionz');
    expect(board('category=Events')).toBe('Events jobs | Solutionz');
    expect(board('location=York&radius=50')).toBe('Jobs near York | Solutionz');
    expect(board('budgetType=hourly')).toBe('Job Directory | Solutionz');
  });
});
