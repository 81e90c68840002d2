import type { Category, CategoryGroup } from '@solutionz/shared';

export interface GroupMatch {
  readonly group: CategoryGroup;
  /** The subcategories whose names hold the text (none without a text, or when only the group's name did). */
  readonly matchingCategories: readonly Category[];
}

const normalise = (text: string) => text.toLocaleLowerCase('en-GB').replace(/\s+/g, ' ').trim();

/**
 * The groups the /categories search keeps (filtered by the text typed; docs/product/categories.md#pages): a group whose
 * name holds the text, or one with a subcategory whose name does, in the taxonomy's order.
 */
export function searchCategoryGroups(groups: readonly CategoryGroup[], text: string): GroupMatch[] {
  const query = normalise(text);
  if (!query) return groups.map((group) => ({ group, matchingCategories: [] }));
  return groups.flatMap((group) => {
    const matchingCategories = group.categories.filter((category) => normalise(category.name).includes(query));
    return normalise(group.name).includes(query) || matchingCategories.length > 0 ? [{ group, matchingCategories }] : [];
  });
}

export type FoundCategory =
  { readonly kind: 'group'; readonly group: CategoryGroup } | { readonly kind: 'category'; readonly group: CategoryGroup; readonly category: Category };

/** The group or subcategory a /categories/{slug} address names, if the live taxonomy has it. */
export function findCategory(groups: readonly CategoryGroup[], slug: string): FoundCategory | undefined {
  for (const group of groups) {
    if (group.slug === slug) return { kind: 'group', group };
    const category = group.categories.find((candidate) => candidate.slug === slug);
    if (category) return { kind: 'category', group, category };
  }
  return undefined;
}

const plural = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`;
export const subcategoryCount = (count: number) => plural(count, 'subcategory', 'subcategories');
export const professionalCount = (count: number) => plural(count, 'professional', 'professionals');
