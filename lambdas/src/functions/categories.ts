import { createDocumentClient } from '../adapters/dynamodb';
import { getConfig } from '../config';
import { createCategoryRepository } from '../data/category-repository';
import { createDirectoryRepository } from '../data/directory';
import { createAreaHandler } from '../http/area-handler';
import { createLogger } from '../http/logger';
import { listCategories, type CategoriesDeps } from '../services/categories';

const config = getConfig();

export const handler = createAreaHandler(
  'categories',
  { listCategories: ({ deps }) => listCategories(deps) },
  {
    deps: (): CategoriesDeps => {
      const documents = createDocumentClient(config.region);
      return { categories: createCategoryRepository(documents, config.tableName), directory: createDirectoryRepository(documents, config.tableName) };
    },
    logger: createLogger(config),
    validateResponses: !config.isProduction,
  },
);
