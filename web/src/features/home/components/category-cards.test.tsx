import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { TAXONOMY } from '@solutionz/shared';
import { renderApp } from '@/testing/render';

const TAXONOMY_SLUGS = new Set(TAXONOMY.flatMap((group) => [group.slug, ...group.subcategories.map((sub) => sub.slug)]));

describe('the home page category cards', () => {
  it('open the directory filtered to a category of the taxonomy each, and View Directory the whole list', async () => {
    renderApp('/');
    const section = await screen.findByRole('region', { name: 'Popular services' });
    const cards = within(section).getAllByRole('listitem');
    expect(cards).toHaveLength(6);
    const categories = cards.map((card) => {
      const href = new URL(within(card).getByRole('link').getAttribute('href')!, 'https://solutionz.test');
      expect(href.pathname).toBe('/directory');
      expect([...href.searchParams.keys()]).toEqual(['category']);
      return href.searchParams.get('category')!;
    });
    for (const category of categories) expect(TAXONOMY_SLUGS, category).toContain(category);
    expect(new Set(categories).size).toBe(6);
    expect(within(section).getByRole('link', { name: 'View Directory' })).toHaveAttribute('href', '/directory');
  });
});
