import type { ScheduledEvent } from 'aws-lambda';
import { createAccountRepository } from '../data/account-repository';
import { createMessageMailsRepository } from '../data/message-mails-repository';
import { createMessagesRepository } from '../data/messages-repository';
import { createRateLimitRepository } from '../data/rate-limit-repository';
import { sendDueMessageMails, type MessageMailDeps, type MessageMailSummary } from '../services/messages/message-mails';
import { mailWorkerRuntime } from './mail-worker-runtime';

/**
 * The message mails worker: run every minute by an EventBridge rule in the cloud (infra/src/message-mails-worker.ts)
 * and by a timer in the local stack (scripts/local/stack.ts), it mails people the messages they have not
 * read within MESSAGE_MAIL_LIMITS.delayMinutes. It has the same settings as the job alerts worker (table,
 * site address, sender).
 */

const runtime = mailWorkerRuntime();
const { logger } = runtime;

let deps: MessageMailDeps | undefined;

function createMessageMailDeps(): MessageMailDeps {
  const { documents, tableName, ...base } = runtime.base();
  return {
    ...base,
    mails: createMessageMailsRepository(documents, tableName),
    messages: createMessagesRepository(documents, tableName),
    accounts: createAccountRepository(documents, tableName),
    rateLimits: createRateLimitRepository(documents, tableName),
    report: (item, error) => logger.error('A message mail could not be worked through; the next run tries again', { ...item, error: error as Error }),
  };
}

/** The Lambda entry; the local stack's timer calls it with no event (middy then uses an empty context). */
export const handler = runtime.entry<ScheduledEvent | undefined, MessageMailSummary>(async () => {
  deps ??= createMessageMailDeps();
  const summary = await sendDueMessageMails(deps);
  if (summary.sent + summary.failed + summary.errors > 0) logger.info('Message mails done', { ...summary });
  return summary;
});
