import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { rendererDirOf } from '@solutionz/shared';
import { appRendererIn } from '@solutionz/lambdas/adapters/app-renderer';
import { createAccountRepository } from '@solutionz/lambdas/data/account-repository';
import { createCategoryRepository } from '@solutionz/lambdas/data/category-repository';
import { createDirectoryRepository } from '@solutionz/lambdas/data/directory-repository';
import { createJobsRepository } from '@solutionz/lambdas/data/jobs-repository';
import { geocoderFromEnv } from '@solutionz/lambdas/geo/offline-geocoder';
import { createPagesHandler, type PagesHandler } from '@solutionz/lambdas/functions/pages';

/**
 * The page function as the local edge runs it (the cloud's origin for /directory/*, /categories, the search pages,
 * /sitemap.xml and /robots.txt): the same handler, reading the local table and the local production build's index.html
 * where the cloud reads the site bucket's, rendering with the renderer that build put beside the site, and placing
 * locations with the local Lambdas' geocoder (POSTCODE_DATA_DIR).
 */
export function localPagesHandler(opts: {
  readonly siteDir: string;
  /** The web origin (the local edge), for absolute addresses. */
  readonly siteUrl: string;
  readonly documents: DynamoDBDocumentClient;
  readonly tableName: string;
  readonly log: (line: string) => void;
}): PagesHandler {
  return createPagesHandler({
    siteUrl: opts.siteUrl,
    onError: (message, error) => opts.log(`${message}: ${(error as Error).stack ?? String(error)}`),
    deps: () => ({
      profiles: createAccountRepository(opts.documents, opts.tableName),
      directory: createDirectoryRepository(opts.documents, opts.tableName),
      categories: createCategoryRepository(opts.documents, opts.tableName),
      jobs: createJobsRepository(opts.documents, opts.tableName),
      geocoder: geocoderFromEnv(),
      // Read on every request: a small file, and a rebuild shows at once.
      indexHtml: () => readFile(join(opts.siteDir, 'index.html'), 'utf8'),
      renderApp: appRendererIn(rendererDirOf(opts.siteDir)),
      clock: () => new Date(),
    }),
  });
}
