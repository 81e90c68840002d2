import { createDocumentClient } from '../adapters/dynamodb';
import { getConfig } from '../config';
import { createCategoryRepository } from '../data/category-repository';
import { createDirectoryRepository } from '../data/directory-repository';
import { createAreaHandler } from '../http/area-handler';
import { areaRuntime } from '../http/area-runtime';
import { listCategories, type CategoriesDeps } from '../services/categories';

const config = getConfig();
const runtime = areaRuntime(config);

export const handler = createAreaHandler(
  'categories',
  { listCategories: ({ deps }) => listCategories(deps) },
  {
    deps: (): CategoriesDeps => {
      const documents = createDocumentClient(config.region);
      return { categories: createCategoryRepository(documents, config.tableName), directory: createDirectoryRepository(documents, config.tableName) };
    },
    ...runtime,
  },
);
