import { JOB_STREAM_FILTER } from './jobs';
import { PROVIDER_NEWS_STREAM_FILTER } from './provider-updates';

/**
 * The table stream records the notification mails worker (functions/job-alerts.ts) takes: new jobs (job
 * alerts) and providers' news (provider updates). Lambda passes a record matching any one of them; the
 * local stream poller does the same.
 */
export const MAIL_WORKER_STREAM_FILTERS = [JOB_STREAM_FILTER, PROVIDER_NEWS_STREAM_FILTER] as const;
