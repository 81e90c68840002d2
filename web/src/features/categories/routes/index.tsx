export { CategoriesPage } from './categories-page';
export { CategoryPage } from './category-page';
