import { describe, expect, it } from 'vitest';
import { TAXONOMY } from '@solutionz/shared';
import { useTestTable } from '../testing/dynamodb-table';
import { seedCategories, taxonomyRecords } from './seed-categories';

const table = useTestTable();

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
  const repositories = table.repositories;
  const subcategoryCount = TAXONOMY.reduce((sum, group) => sum + group.subcategories.length, 0);

  it('writes the whole taxonomy into an empty table', async () => {
    const result = await seedCategories(repositories);
    expect(result).toEqual({ groupsAdded: TAXONOMY.length, categoriesAdded: subcategoryCount });
    const stored = await repositories.categories.listAll();
    expect(stored.groups).toHaveLength(TAXONOMY.length);
    expect(stored.categories).toHaveLength(subcategoryCount);
    expect((await repositories.categories.listActive()).map((group) => group.name)).toEqual(TAXONOMY.map((group) => group.name));
  });

  it('changes nothing on a second run and keeps what the admin edited', async () => {
    await seedCategories(repositories);
    const plumber = (await repositories.categories.listAll()).categories.find((category) => category.slug === 'plumber')!;
    await repositories.categories.putCategories([{ ...plumber, name: 'Plumbing & Heating', isActive: false }]);

    expect(await seedCategories(repositories)).toEqual({ groupsAdded: 0, categoriesAdded: 0 });
    const stored = await repositories.categories.listAll();
    expect(stored.categories).toHaveLength(subcategoryCount);
    expect(stored.categories.find((category) => category.categoryId === plumber.categoryId && category.groupId === plumber.groupId)).toMatchObject({
      name: 'Plumbing & Heating',
      isActive: false,
    });
  });
});
