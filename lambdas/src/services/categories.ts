import type { ListCategoriesResponse } from '@solutionz/shared';
import type { CategoryRepository } from '../data/category-repository';
import type { DirectoryRepository } from '../data/directory-repository';

export interface CategoriesDeps {
  readonly categories: Pick<CategoryRepository, 'listActive'>;
  /** The maintained count of listed providers per group and subcategory slug, not a count per request. */
  readonly directory: Pick<DirectoryRepository, 'categoryCounts'>;
}

/** The taxonomy as the directory, the categories pages, job forms and the home page show it. */
export async function listCategories(deps: CategoriesDeps): Promise<ListCategoriesResponse> {
  const [groups, counts] = await Promise.all([deps.categories.listActive(), deps.directory.categoryCounts()]);
  const providerCount = (slug: string) => Math.max(0, counts[slug] ?? 0);
  return {
    groups: groups.map((group) => ({
      name: group.name,
      slug: group.slug,
      displayOrder: group.displayOrder,
      categories: group.categories.map((category) => ({
        id: category.categoryId,
        name: category.name,
        slug: category.slug,
        displayOrder: category.displayOrder,
        providerCount: providerCount(category.slug),
      })),
      providerCount: providerCount(group.slug),
    })),
  };
}
