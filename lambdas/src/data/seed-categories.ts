import { TAXONOMY, type TaxonomyGroup } from '@solutionz/shared';
import type { CategoryGroupRecord, CategoryRecord, CategoryRepository } from './category-repository';

/** Ids are the taxonomy slugs at seeding time, so a second run finds what the first wrote. */
export function taxonomyRecords(taxonomy: readonly TaxonomyGroup[] = TAXONOMY): {
  groups: CategoryGroupRecord[];
  categories: CategoryRecord[];
} {
  const groups = taxonomy.map((group, index) => ({
    groupId: group.slug,
    name: group.name,
    slug: group.slug,
    displayOrder: index + 1,
    isActive: true,
  }));
  const categories = taxonomy.flatMap((group) =>
    group.subcategories.map((sub, index) => ({
      categoryId: sub.slug,
      groupId: group.slug,
      groupName: group.name,
      groupSlug: group.slug,
      name: sub.name,
      slug: sub.slug,
      displayOrder: index + 1,
      isActive: true,
    })),
  );
  return { groups, categories };
}

/**
 * Writes the shared taxonomy into the table, adding only what is missing: running it again (every
 * `npm start`) changes nothing, and what the admin has edited since is kept.
 */
export async function seedCategories(repositories: { categories: CategoryRepository }): Promise<{ groupsAdded: number; categoriesAdded: number }> {
  const wanted = taxonomyRecords();
  const existing = await repositories.categories.listAll();
  const groupIds = new Set(existing.groups.map((group) => group.groupId));
  const categoryKeys = new Set(existing.categories.map((category) => `${category.groupId}/${category.categoryId}`));
  const groups = wanted.groups.filter((group) => !groupIds.has(group.groupId));
  const categories = wanted.categories.filter((category) => !categoryKeys.has(`${category.groupId}/${category.categoryId}`));
  await repositories.categories.putGroups(groups);
  await repositories.categories.putCategories(categories);
  return { groupsAdded: groups.length, categoriesAdded: categories.length };
}
