import { describe, expect, it } from 'vitest';
import { TAXONOMY } from '@solutionz/shared';
import type { CategoryGroupRecord, CategoryRecord, CategoryRepository } from './category-repository';
import { seedCategories, taxonomyRecords } from './seed-categories';

function memoryRepository(): CategoryRepository & { groups: Map<string, CategoryGroupRecord>; categories: Map<string, CategoryRecord> } {
  const groups = new Map<string, CategoryGroupRecord>();
  const categories = new Map<string, CategoryRecord>();
  return {
    groups,
    categories,
    listActive: async () => {
      throw new Error('not used by the seed');
    },
    listAll: async () => ({ groups: [...groups.values()], categories: [...categories.values()] }),
    putGroups: async (items) => items.forEach((item) => groups.set(item.groupId, item)),
    putCategories: async (items) => items.forEach((item) => categories.set(`${item.groupId}/${item.categoryId}`, item)),
  };
}

describe('taxonomyRecords', () => {
  const { groups, categories } = taxonomyRecords();

  it('orders groups as the taxonomy does, from 1', () => {
    expect(groups.map((group) => [group.displayOrder, group.name])).toEqual(TAXONOMY.map((group, index) => [index + 1, group.name]));
  });

  it('numbers the categories of each group from 1 and repeats the group name and slug on each', () => {
    const plumbing = categories.filter((category) => category.groupSlug === 'construction-trade');
    expect(plumbing.map((category) => category.displayOrder)).toEqual(plumbing.map((_, index) => index + 1));
    expect(plumbing[0]).toMatchObject({ name: 'Plumber', groupName: 'Construction/Trade', isActive: true });
  });

  it('gives every category a distinct id', () => {
    expect(new Set(categories.map((category) => category.categoryId)).size).toBe(categories.length);
  });
});

describe('seedCategories', () => {
  it('writes the whole taxonomy into an empty table', async () => {
    const repository = memoryRepository();
    const result = await seedCategories({ categories: repository });
    const subcategoryCount = TAXONOMY.reduce((sum, group) => sum + group.subcategories.length, 0);
    expect(result).toEqual({ groupsAdded: TAXONOMY.length, categoriesAdded: subcategoryCount });
    expect(repository.categories.size).toBe(subcategoryCount);
  });

  it('changes nothing on a second run and keeps what the admin edited', async () => {
    const repository = memoryRepository();
    await seedCategories({ categories: repository });
    const plumber = [...repository.categories.values()].find((category) => category.slug === 'plumber')!;
    repository.categories.set(`${plumber.groupId}/${plumber.categoryId}`, { ...plumber, name: 'Plumbing & Heating', isActive: false });

    expect(await seedCategories({ categories: repository })).toEqual({ groupsAdded: 0, categoriesAdded: 0 });
    expect(repository.categories.get(`${plumber.groupId}/${plumber.categoryId}`)).toMatchObject({ name: 'Plumbing & Heating', isActive: false });
  });
});
