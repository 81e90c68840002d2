import { test as setup } from '@playwright/test';
import { createS3MediaStorage } from '@solutionz/lambdas/adapters/s3-media';
import { createJobsRepository } from '@solutionz/lambdas/data/jobs-repository';
import { writeDemoDirectory } from '../../../scripts/local/demo-directory';
import { writeDemoJobs } from '../../../scripts/local/demo-jobs';
import { writeDemoPortfolios } from '../../../scripts/local/demo-portfolio';
import { documents, s3, stack } from '../../support/local-stack';
import { VISUAL_JOBS, VISUAL_NOW, VISUAL_PORTFOLIO, VISUAL_PROVIDER, VISUAL_PROVIDERS } from './visual-data';

/**
 * The screenshot tests' data (visual-data.ts), written once per stack before they run (the `visual`
 * project depends on this one), through the same writers as the demo data: providers with their
 * reviews and listings, a portfolio saved through the portfolio service, and jobs.
 */
setup('the data the screenshots show', async () => {
  // The jobs go in last: with them there, an earlier run (a retry) wrote everything.
  if (await createJobsRepository(documents, stack.tableName).get(VISUAL_JOBS.at(-1)!.jobId)) return;
  await writeDemoDirectory(documents, stack.tableName, VISUAL_PROVIDERS, VISUAL_NOW);
  await writeDemoPortfolios(
    { documents, tableName: stack.tableName, files: createS3MediaStorage(s3, stack.buckets.portfolio) },
    [{ provider: VISUAL_PROVIDER, items: VISUAL_PORTFOLIO }],
    VISUAL_NOW,
  );
  await writeDemoJobs(documents, stack.tableName, VISUAL_JOBS);
});
