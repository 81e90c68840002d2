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
    {
      categoryId: 'plumber',
      groupId: 'construction-trade',
      groupName: 'Construction/Trade',
      groupSlug: 'construction-trade',
      name: 'Plumber',
      slug: 'plumber',
      displayOrder: 1,
      isActive: true,
    },
    {
      categoryId: 'electrician',
      groupId: 'construction-trade',
      groupName: 'Construction/Trade',
      groupSlug: 'construction-trade',
      name: 'Electrician',
      slug: 'electrician',
      displayOrder: 2,
      isActive: true,
    },
  ],
};
const pets: CategoryGroupWithCategories = {
  groupId: 'pets-animals',
  name: 'Pets/Animals',
  slug: 'pets-animals',
  displayOrder: 2,
  isActive: true,
  categories: [],
};

const noCounts = { categoryCounts: async () => ({}) };

describe('listCategories', () => {
  it('answers the groups in the order the repository gives, each with its categories and listed providers, in the API shape', async () => {
    const counts = { 'construction-trade': 5, plumber: 3, electrician: 1, 'retired-slug': 4 };
    const response = await listCategories({ categories: { listActive: async () => [trades, pets] }, directory: { categoryCounts: async () => counts } });
    expect(listCategoriesResponseSchema.parse(response)).toEqual(response);
    expect(response).toEqual({
      groups: [
        {
          name: 'Construction/Trade',
          slug: 'construction-trade',
          displayOrder: 1,
          categories: [
            { id: 'plumber', name: 'Plumber', slug: 'plumber', displayOrder: 1, providerCount: 3 },
            { id: 'electrician', name: 'Electrician', slug: 'electrician', displayOrder: 2, providerCount: 1 },
          ],
          providerCount: 5,
        },
        { name: 'Pets/Animals', slug: 'pets-animals', displayOrder: 2, categories: [], providerCount: 0 },
      ],
    });
  });

  it('counts nobody in a group or category without a counter yet', async () => {
    const response = await listCategories({ categories: { listActive: async () => [trades] }, directory: noCounts });
    expect(response.groups[0]!.providerCount).toBe(0);
    expect(response.groups[0]!.categories.map((category) => category.providerCount)).toEqual([0, 0]);
  });

  it('answers no groups when the taxonomy is empty', async () => {
    expect(await listCategories({ categories: { listActive: async () => [] }, directory: noCounts })).toEqual({ groups: [] });
  });
});
