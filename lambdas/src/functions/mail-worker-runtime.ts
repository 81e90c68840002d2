import { captureLambdaHandler } from '@aws-lambda-powertools/tracer/middleware';
import middy from '@middy/core';
import type { Context } from 'aws-lambda';
import { createDocumentClient } from '../adapters/dynamodb';
import { createSesMailerFor, type Mailer } from '../adapters/ses-mailer';
import { loadJobAlertsConfig, type JobAlertsConfig } from '../area-config';
import { createLogger } from '../http/logger';
import { createTelemetry, powertoolsBusinessMetrics, publishMetrics } from '../http/telemetry';

/** A short, growing wait between tries of one mail: 0.25 s, then 0.5 s. */
const pause = (attempt: number) => new Promise<void>((resolve) => setTimeout(resolve, 250 * attempt));

/** What every mail worker's services are given besides their repositories. */
export interface MailWorkerBase {
  readonly documents: ReturnType<typeof createDocumentClient>;
  readonly tableName: string;
  readonly mailer: Mailer;
  readonly clock: () => Date;
  readonly pause: (attempt: number) => Promise<void>;
  readonly config: { readonly siteUrl: string };
}

/**
 * The runtime of a mail worker (job-alerts.ts, message-mails.ts): one set of settings (table, site address,
 * sender, from the environment), a logger, X-Ray tracing and metrics written when each invocation ends.
 */
export function mailWorkerRuntime(): {
  readonly config: JobAlertsConfig;
  readonly logger: ReturnType<typeof createLogger>;
  /** The table client, the sender (counting its sends and failures as metrics) and the waits between tries. */
  base(): MailWorkerBase;
  /** The Lambda entry around `run`, traced and publishing metrics; the local stack calls it with no context. */
  entry<E, R>(run: (event: E) => Promise<R>): (event: E, context?: Context) => Promise<R>;
} {
  const config = loadJobAlertsConfig();
  const logger = createLogger(config);
  const { tracer, metrics } = createTelemetry(config);
  return {
    config,
    logger,
    base: () => ({
      documents: createDocumentClient(config.region),
      tableName: config.tableName,
      mailer: createSesMailerFor(config.region, config.mailFromAddress, {
        configurationSetName: config.mailConfigurationSet,
        metrics: powertoolsBusinessMetrics(metrics),
      }),
      clock: () => new Date(),
      pause,
      config: { siteUrl: config.siteUrl },
    }),
    entry<E, R>(run: (event: E) => Promise<R>) {
      const traced = middy<E, R>()
        .use(captureLambdaHandler(tracer, { captureResponse: false }))
        .use(publishMetrics<E, R>(metrics))
        .handler(run);
      return (event: E, context?: Context) => traced(event, context ?? ({} as Context));
    },
  };
}
