import { BatchProcessor, EventType, processPartialResponse } from '@aws-lambda-powertools/batch';
import type { DynamoDBBatchResponse, DynamoDBRecord, DynamoDBStreamEvent } from 'aws-lambda';
import { createAccountRepository } from '../data/account-repository';
import { createDirectoryRepository } from '../data/directory-repository';
import { createJobAlertsRepository } from '../data/job-alerts-repository';
import { alertedJobFromStreamImage } from '../data/jobs';
import { createProviderUpdatesRepository } from '../data/provider-updates-repository';
import { providerNewsFromStreamImage } from '../data/provider-updates';
import { processJobInserted, type JobAlertDeps } from '../services/jobs/alerts';
import { processProviderNews, type ProviderUpdateDeps } from '../services/profiles/provider-updates';
import { mailWorkerRuntime } from './mail-worker-runtime';

/**
 * The notification mails worker: fed new job items (JOB_STREAM_FILTER: job alerts) and providers' news
 * (PROVIDER_NEWS_STREAM_FILTER: provider updates) by the table's stream in the cloud and by the local
 * stack's stream poller, in the same event shape. A record whose alerts could
 * not be worked through (the table unreachable, say) is reported back to be delivered again; claims
 * make that harmless, and mails that fail are parked by the service, never failing the record.
 */

const runtime = mailWorkerRuntime();
const { logger } = runtime;

function createJobAlertDeps(): JobAlertDeps & ProviderUpdateDeps {
  const { documents, tableName, ...base } = runtime.base();
  return {
    ...base,
    updates: createProviderUpdatesRepository(documents, tableName),
    alerts: createJobAlertsRepository(documents, tableName),
    accounts: createAccountRepository(documents, tableName),
    directory: createDirectoryRepository(documents, tableName),
  };
}

let deps: (JobAlertDeps & ProviderUpdateDeps) | undefined;

/** What one stream record asks of the worker: the mails to send, and what the logs call it. */
interface RecordWork {
  readonly name: 'Job alerts' | 'Provider updates';
  /** The job's or the provider's id: the record's name when the stream gives it none. */
  readonly id: string;
  readonly about: Record<string, string>;
  run(deps: JobAlertDeps & ProviderUpdateDeps): Promise<object>;
}

function workOf(image: Parameters<typeof alertedJobFromStreamImage>[0]): RecordWork | undefined {
  const news = providerNewsFromStreamImage(image as Parameters<typeof providerNewsFromStreamImage>[0]);
  if (news)
    return {
      name: 'Provider updates',
      id: news.providerId,
      about: { providerId: news.providerId, kind: news.kind },
      run: (all) => processProviderNews(all, news),
    };
  const job = alertedJobFromStreamImage(image);
  if (!job) return undefined;
  return {
    name: 'Job alerts',
    id: job.jobId,
    about: { jobId: job.jobId },
    run: async (all) => {
      const summary = await processJobInserted(all, job);
      if (summary.parked > 0) logger.warn('Job alerts parked as dead letters', { jobId: job.jobId, parked: summary.parked });
      return summary;
    },
  };
}

/**
 * Works through every record, even after one fails, one at a time (the mails keep within SES's sending rate): each
 * failed one is reported back by its sequence number to be delivered again, and those delivered again are idempotent.
 * A new processor per batch: a processor keeps the state of the batch it is working through.
 */
async function handleRecords(event: DynamoDBStreamEvent): Promise<DynamoDBBatchResponse> {
  deps ??= createJobAlertDeps();
  const all = deps;
  return processPartialResponse(
    event,
    async (record: DynamoDBRecord) => {
      const work = workOf(record.eventName === 'INSERT' ? record.dynamodb?.NewImage : undefined);
      if (!work) return;
      try {
        logger.info(`${work.name} done`, { ...work.about, ...(await work.run(all)) });
      } catch (error) {
        logger.error(`${work.name} failed; the record is handed back`, { ...work.about, error: error as Error });
        throw error;
      }
    },
    new BatchProcessor(EventType.DynamoDBStreams),
    // A batch whose every record failed is answered the same way (every record handed back), not thrown.
    { processInParallel: false, throwOnFullBatchFailure: false },
  );
}

/** The Lambda entry, traced with X-Ray, the mails sent and failed written as metrics when each batch ends; the local stack's stream poller calls it with the event alone. */
export const handler = runtime.entry<DynamoDBStreamEvent, DynamoDBBatchResponse>(handleRecords);
