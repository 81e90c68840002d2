import { captureLambdaHandler } from '@aws-lambda-powertools/tracer/middleware';
import middy from '@middy/core';
import type { Context, ScheduledEvent } from 'aws-lambda';
import { createDocumentClient } from '../adapters/dynamodb';
import { createSesMailerFor } from '../adapters/ses-mailer';
import { loadJobAlertsConfig } from '../area-config';
import { createAccountRepository } from '../data/account-repository';
import { createMessageMailsRepository } from '../data/message-mails-repository';
import { createMessagesRepository } from '../data/messages-repository';
import { createRateLimitRepository } from '../data/rate-limit-repository';
import { createLogger } from '../http/logger';
import { createTelemetry, powertoolsBusinessMetrics, publishMetrics } from '../http/telemetry';
import { sendDueMessageMails, type MessageMailDeps, type MessageMailSummary } from '../services/messages/message-mails';

/**
 * The message mails worker: run every minute by an EventBridge rule in the cloud (infra/src/message-mails-worker.ts)
 * and by a timer in the local stack (scripts/local/stack.ts), it mails people the messages they have not
 * read within MESSAGE_MAIL_LIMITS.delayMinutes. It has the same settings as the job alerts worker (table,
 * site address, sender).
 */

const config = loadJobAlertsConfig();
const logger = createLogger(config);
const { tracer, metrics } = createTelemetry(config);

/** A short, growing wait between tries of one mail: 0.25 s, then 0.5 s. */
const pause = (attempt: number) => new Promise<void>((resolve) => setTimeout(resolve, 250 * attempt));

let deps: MessageMailDeps | undefined;

function createMessageMailDeps(): MessageMailDeps {
  const documents = createDocumentClient(config.region);
  return {
    mails: createMessageMailsRepository(documents, config.tableName),
    messages: createMessagesRepository(documents, config.tableName),
    accounts: createAccountRepository(documents, config.tableName),
    rateLimits: createRateLimitRepository(documents, config.tableName),
    mailer: createSesMailerFor(config.region, config.mailFromAddress, { configurationSetName: config.mailConfigurationSet, metrics: powertoolsBusinessMetrics(metrics) }),
    clock: () => new Date(),
    pause,
    config: { siteUrl: config.siteUrl },
    report: (item, error) => logger.error('A message mail could not be worked through; the next run tries again', { ...item, error: error as Error }),
  };
}

async function run(): Promise<MessageMailSummary> {
  deps ??= createMessageMailDeps();
  const summary = await sendDueMessageMails(deps);
  if (summary.sent + summary.failed + summary.errors > 0) logger.info('Message mails done', { ...summary });
  return summary;
}

const traced = middy<ScheduledEvent | undefined, MessageMailSummary>()
  .use(captureLambdaHandler(tracer, { captureResponse: false }))
  .use(publishMetrics<ScheduledEvent | undefined, MessageMailSummary>(metrics))
  .handler(run);

/** The Lambda entry; the local stack's timer calls it with no event (middy then uses an empty context). */
export function handler(event?: ScheduledEvent, context?: Context): Promise<MessageMailSummary> {
  return traced(event, context ?? ({} as Context));
}
