import { screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '@/testing/render';
import { BoardPagination, type BoardPaginationProps } from './board-pagination';

/** What the landmark reads out: page numbers, "…" for a gap, and which page is current. */
function pagination(props: Omit<BoardPaginationProps, 'hrefOf'>) {
  renderWithProviders(
    <MemoryRouter>
      <BoardPagination {...props} hrefOf={(page) => `/job-directory?page=${page}`} />
    </MemoryRouter>,
  );
  const nav = screen.queryByRole('navigation', { name: 'Pagination' });
  if (!nav) return undefined;
  const items = [...nav.querySelectorAll('a, button, p')].map((element) => element.textContent ?? '').filter((text) => text !== 'Previous' && text !== 'Next');
  const current = within(nav)
    .getAllByRole('link')
    .filter((link) => link.getAttribute('aria-current') === 'page')
    .map((link) => link.textContent);
  return { nav: within(nav), items, current };
}

describe('the job board pagination', () => {
  it('shows the first and last pages and the neighbours of the current one, with ellipses', () => {
    const shown = pagination({ page: 5, pageCount: 20, more: true })!;
    expect(shown.items).toEqual(['1', '…', '4', '5', '6', '…', '20']);
    expect(shown.current).toEqual(['5']);
    expect(shown.nav.getByRole('link', { name: 'Page 20' })).toHaveAttribute('href', '/job-directory?page=20');
    expect(shown.nav.getByRole('link', { name: 'Previous' })).toHaveAttribute('href', '/job-directory?page=4');
    expect(shown.nav.getByRole('link', { name: 'Next' })).toHaveAttribute('href', '/job-directory?page=6');
  });

  it('shows a lone hidden page rather than an ellipsis, and no Next on the last page', () => {
    const shown = pagination({ page: 20, pageCount: 20, more: false })!;
    expect(shown.items).toEqual(['1', '…', '19', '20']);
    expect(shown.nav.getByRole('button', { name: 'Next' })).toBeDisabled();
  });

  it('counts up to the next page with an ellipsis after it where the number of pages is not known', () => {
    expect(pagination({ page: 3, more: true })!.items).toEqual(['1', '2', '3', '4', '…']);
  });

  it('shows nothing for a single page', () => {
    expect(pagination({ page: 1, pageCount: 1, more: false })).toBeUndefined();
  });
});
