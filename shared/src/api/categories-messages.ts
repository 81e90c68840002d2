/** The Service Categories pages (docs/product/categories.md#pages); apart from the schemas (categories.ts), so that those pages load no zod. */
export const CATEGORIES_MESSAGES = {
  title: 'Service Categories',
  searchPlaceholder: 'Search categories...',
  noneFound: 'No categories found',
  adjustSearch: 'Try adjusting your search query',
  loadFailed: 'Failed to load categories',
} as const;
