import type { ListCategoriesResponse } from '@solutionz/shared';
import type { CategoryRepository } from '../data/category-repository';

export interface CategoriesDeps {
  readonly categories: Pick<CategoryRepository, 'listActive'>;
}

/** The taxonomy as the directory, job forms and the home page show it. */
export async function listCategories(deps: CategoriesDeps): Promise<ListCategoriesResponse> {
  const groups = await deps.categories.listActive();
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
      })),
    })),
  };
}
