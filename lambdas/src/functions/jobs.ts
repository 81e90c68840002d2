import { randomUUID } from 'node:crypto';
import { createDocumentClient } from '../adapters/dynamodb';
import { getConfig } from '../config';
import { createRateLimitRepository } from '../data/rate-limit-repository';
import { createAccountRepository, type AccountRepository } from '../data/account-repository';
import { createAccountStandingReader } from '../data/account-standing';
import { createDirectoryRepository, type DirectoryRepository } from '../data/directory-repository';
import { createJobAlertsRepository, type JobAlertsRepository } from '../data/job-alerts-repository';
import { createJobsRepository } from '../data/jobs-repository';
import { geocoderFromEnv } from '../geo/offline-geocoder';
import { createAreaHandler } from '../http/area-handler';
import { areaRuntime } from '../http/area-runtime';
import { unsubscribeJobAlerts } from '../services/jobs/alerts';
import type { JobsDeps } from '../services/jobs/deps';
import {
  createJob,
  deleteJob,
  getJob,
  getJobForMe,
  listJobBoardForMe,
  listJobs,
  listMyJobs,
  listSavedJobs,
  revealJob,
  saveJob,
  unsaveJob,
  updateJobRevealCap,
} from '../services/jobs/jobs';

const config = getConfig();
const runtime = areaRuntime(config);

/** The unsubscribe link of the job alert mails is served here too (the jobs area, public). */
function createJobsDeps(): JobsDeps & { alerts: JobAlertsRepository; accounts: AccountRepository; directory: DirectoryRepository } {
  const documents = createDocumentClient(config.region);
  return {
    jobs: createJobsRepository(documents, config.tableName),
    accounts: createAccountRepository(documents, config.tableName),
    rateLimits: createRateLimitRepository(documents, config.tableName),
    standing: createAccountStandingReader(documents, config.tableName),
    geocoder: geocoderFromEnv(),
    clock: () => new Date(),
    newId: () => randomUUID(),
    metrics: runtime.businessMetrics,
    alerts: createJobAlertsRepository(documents, config.tableName),
    // Unsubscribing takes the provider out of the job alerts index, which is kept with the listing.
    directory: createDirectoryRepository(documents, config.tableName),
  };
}

export const handler = createAreaHandler(
  'jobs',
  {
    createJob: ({ deps, caller, body }) => createJob(deps, caller, body),
    listJobs: ({ deps, query }) => listJobs(deps, query),
    getJob: ({ deps, params }) => getJob(deps, params.jobId),
    listJobBoardForMe: ({ deps, caller, query }) => listJobBoardForMe(deps, caller, query),
    getJobForMe: ({ deps, caller, params }) => getJobForMe(deps, caller, params.jobId),
    deleteJob: ({ deps, caller, params }) => deleteJob(deps, caller, params.jobId),
    revealJob: ({ deps, caller, params }) => revealJob(deps, caller, params.jobId),
    listSavedJobs: ({ deps, caller, query }) => listSavedJobs(deps, caller, query),
    saveJob: ({ deps, caller, params }) => saveJob(deps, caller, params.jobId),
    unsaveJob: ({ deps, caller, params }) => unsaveJob(deps, caller, params.jobId),
    listMyJobs: ({ deps, caller, query }) => listMyJobs(deps, caller, query),
    updateJobRevealCap: ({ deps, caller, params, body }) => updateJobRevealCap(deps, caller, params.jobId, body.revealCap),
    unsubscribeJobAlerts: ({ deps, body }) => unsubscribeJobAlerts(deps, body.token),
    oneClickUnsubscribeJobAlerts: ({ deps, query }) => unsubscribeJobAlerts(deps, query.token, 'query.token'),
  },
  {
    deps: createJobsDeps,
    standing: (deps) => deps.standing,
    ...runtime,
  },
);
