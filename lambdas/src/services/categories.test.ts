import { describe, expect, it } from 'vitest';
import { listCategoriesResponseSchema } from '@solutionz/shared';
import type { CategoryGroupWithCategories } from '../data/category-repository';
import { listCategories } from './categories';

const trades: CategoryGroupWithCategories = {
  groupId: 'construction-trade',
  name: 'Construction/Trade',
  slug: 'construction-trade',
  displayOrder: 1,
  isActive: true,
  categories: [
    { categoryId: 'plumber', groupId: 'construction-trade', groupName: 'Construction/Trade', groupSlug: 'construction-trade', name: 'Plumber', slug: 'plumber', displayOrder: 1, isActive: true },
    { categoryId: 'electrician', groupId: 'construction-trade', groupName: 'Construction/Trade', groupSlug: 'construction-trade', name: 'Electrician', slug: 'electrician', displayOrder: 2, isActive: true },
  ],
};
const pets: CategoryGroupWithCategories = { groupId: 'pets-animals', name: 'Pets/Animals', slug: 'pets-animals', displayOrder: 2, isActive: true, categories: [] };

describe('listCategories', () => {
  it('answers the groups in the order the repository gives, each with its categories, in the API shape', async () => {
    const response = await listCategories({ categories: { listActive: async () => [trades, pets] } });
    expect(listCategoriesResponseSchema.parse(response)).toEqual(response);
    expect(response).toEqual({
      groups: [
        {
          name: 'Construction/Trade',
          slug: 'construction-trade',
          displayOrder: 1,
          categories: [
            { id: 'plumber', name: 'Plumber', slug: 'plumber', displayOrder: 1 },
            { id: 'electrician', name: 'Electrician', slug: 'electrician', displayOrder: 2 },
          ],
        },
        { name: 'Pets/Animals', slug: 'pets-animals', displayOrder: 2, categories: [] },
      ],
    });
  });

  it('answers no groups when the taxonomy is empty', async () => {
    expect(await listCategories({ categories: { listActive: async () => [] } })).toEqual({ groups: [] });
  });
});
