import { createDocumentClient } from '../adapters/dynamodb';
import { getConfig } from '../config';
import { createRepositories } from '../data/repositories';
import { createAreaHandler } from '../http/area-handler';
import { createLogger } from '../http/logger';
import { listCategories, type CategoriesDeps } from '../services/categories';

const config = getConfig();

export const handler = createAreaHandler(
  'categories',
  { listCategories: ({ deps }) => listCategories(deps) },
  {
    deps: (): CategoriesDeps => createRepositories(createDocumentClient(config.region), config.tableName),
    logger: createLogger(config),
    validateResponses: !config.isProduction,
  },
);
