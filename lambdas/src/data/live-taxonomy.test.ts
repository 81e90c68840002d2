import { describe, expect, it } from 'vitest';
import type { CategoryGroupRecord, CategoryRecord } from './category-repository';
import { cachedLiveTaxonomy } from './live-taxonomy';

const group = (groupId: string, name: string, displayOrder: number, isActive = true): CategoryGroupRecord => ({
  groupId,
  name,
  slug: groupId,
  displayOrder,
  isActive,
});
const category = (categoryId: string, of: CategoryGroupRecord, name: string, displayOrder: number, isActive = true): CategoryRecord => ({
  categoryId,
  groupId: of.groupId,
  groupName: of.name,
  groupSlug: of.slug,
  name,
  slug: categoryId,
  displayOrder,
  isActive,
});

describe('the live taxonomy readers see', () => {
  it('lists active groups and categories in display order, leaves out a group whose every category was deleted, and keeps deleted selections', async () => {
    const trade = group('trade', 'Trade', 2);
    const crafts = group('crafts', 'Crafts', 1);
    const emptied = group('emptied', 'Emptied', 3);
    const categories = [
      category('plumbing', trade, 'Plumbing', 2),
      category('roofing', trade, 'Roofing', 1),
      category('weaving', crafts, 'Weaving', 1),
      category('baskets', emptied, 'Baskets', 1, false),
    ];
    const read = cachedLiveTaxonomy({ listAll: async () => ({ groups: [trade, crafts, emptied], categories }) }, `table-${Math.random()}`);
    const taxonomy = await read();
    expect(taxonomy.groups.map((shown) => [shown.name, shown.subcategories.map((sub) => sub.name)])).toEqual([
      ['Crafts', ['Weaving']],
      ['Trade', ['Roofing', 'Plumbing']],
    ]);
    expect([...taxonomy.retired]).toEqual([['Emptied > Baskets', 'Baskets']]);
  });
});
