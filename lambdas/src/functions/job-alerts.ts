import { captureLambdaHandler } from '@aws-lambda-powertools/tracer/middleware';
import middy from '@middy/core';
import type { Context, DynamoDBBatchItemFailure, DynamoDBBatchResponse, DynamoDBStreamEvent } from 'aws-lambda';
import { createDocumentClient } from '../adapters/dynamodb';
import { createSesMailerFor } from '../adapters/ses-mailer';
import { loadJobAlertsConfig } from '../area-config';
import { createAccountRepository } from '../data/account-repository';
import { createDirectoryRepository } from '../data/directory';
import { createJobAlertsRepository } from '../data/job-alerts';
import { alertedJobFromStreamImage } from '../data/jobs';
import { createLogger } from '../http/logger';
import { createTelemetry, powertoolsBusinessMetrics, publishMetrics } from '../http/telemetry';
import { createProviderUpdatesRepository } from '../data/provider-updates-repository';
import { providerNewsFromStreamImage } from '../data/provider-updates';
import { processJobInserted, type JobAlertDeps } from '../services/jobs/alerts';
import { processProviderNews, type ProviderUpdateDeps } from '../services/profiles/provider-updates';

/**
 * The notification mails worker: fed new job items (JOB_STREAM_FILTER: job alerts) and providers' news
 * (PROVIDER_NEWS_STREAM_FILTER: provider updates) by the table's stream in the cloud and by the local
 * stack's stream poller, in the same event shape. A record whose alerts could
 * not be worked through (the table unreachable, say) is reported back to be delivered again; claims
 * make that harmless, and mails that fail are parked by the service, never failing the record.
 */

const config = loadJobAlertsConfig();
const logger = createLogger(config);
const { tracer, metrics } = createTelemetry(config);

/** A short, growing wait between tries of one mail: 0.25 s, then 0.5 s. */
const pause = (attempt: number) => new Promise<void>((resolve) => setTimeout(resolve, 250 * attempt));

export function createJobAlertDeps(): JobAlertDeps & ProviderUpdateDeps {
  const documents = createDocumentClient(config.region);
  return {
    updates: createProviderUpdatesRepository(documents, config.tableName),
    alerts: createJobAlertsRepository(documents, config.tableName),
    accounts: createAccountRepository(documents, config.tableName),
    directory: createDirectoryRepository(documents, config.tableName),
    mailer: createSesMailerFor(config.region, config.mailFromAddress, { configurationSetName: config.mailConfigurationSet, metrics: powertoolsBusinessMetrics(metrics) }),
    clock: () => new Date(),
    pause,
    config: { siteUrl: config.siteUrl },
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
  if (news) return { name: 'Provider updates', id: news.providerId, about: { providerId: news.providerId, kind: news.kind }, run: (all) => processProviderNews(all, news) };
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

async function handleRecords(event: DynamoDBStreamEvent): Promise<DynamoDBBatchResponse> {
  deps ??= createJobAlertDeps();
  const batchItemFailures: DynamoDBBatchItemFailure[] = [];
  // Every record is tried even after one fails: each failed one is reported, and those delivered again are idempotent.
  for (const record of event.Records) {
    const work = workOf(record.eventName === 'INSERT' ? record.dynamodb?.NewImage : undefined);
    if (!work) continue;
    try {
      logger.info(`${work.name} done`, { ...work.about, ...(await work.run(deps)) });
    } catch (error) {
      logger.error(`${work.name} failed; the record is handed back`, { ...work.about, error: error as Error });
      batchItemFailures.push({ itemIdentifier: record.dynamodb?.SequenceNumber ?? record.eventID ?? work.id });
    }
  }
  return { batchItemFailures };
}

/** Traced with X-Ray; the mails sent and failed are written as metrics when each batch ends. */
const traced = middy<DynamoDBStreamEvent, DynamoDBBatchResponse>()
  .use(captureLambdaHandler(tracer, { captureResponse: false }))
  .use(publishMetrics<DynamoDBStreamEvent, DynamoDBBatchResponse>(metrics))
  .handler(handleRecords);

/** The Lambda entry; the local stack's stream poller calls it with the event alone (middy then uses an empty context). */
export function handler(event: DynamoDBStreamEvent, context?: Context): Promise<DynamoDBBatchResponse> {
  return traced(event, context ?? ({} as Context));
}
