import type { ScheduledEvent } from 'aws-lambda';
import { createS3MediaStorageFor } from '../adapters/s3-media';
import { loadPortfolioConfig } from '../area-config';
import { createAccountRepository } from '../data/account-repository';
import { createMessageMailsRepository } from '../data/message-mails-repository';
import { createMessagesRepository } from '../data/messages-repository';
import { createRateLimitRepository } from '../data/rate-limit-repository';
import { expireUnsentMessageImages, type MessageImageExpiryDeps } from '../services/messages/message-images';
import { sendDueMessageMails, type MessageMailDeps, type MessageMailSummary } from '../services/messages/message-mails';
import { mailWorkerRuntime } from './mail-worker-runtime';

/**
 * The messages worker: run every minute by an EventBridge rule in the cloud (infra/src/message-mails-worker.ts)
 * and by a timer in the local stack (scripts/local/stack.ts), it mails people the messages they have not
 * read within MESSAGE_MAIL_LIMITS.delayMinutes, and removes the checked images no message sent within
 * MESSAGE_IMAGE_LIMITS.unsentKeptHours. It has the same settings as the job alerts worker (table, site
 * address, sender), and the portfolio bucket the images are kept in.
 */

const runtime = mailWorkerRuntime();
const { logger } = runtime;

let deps: (MessageMailDeps & MessageImageExpiryDeps) | undefined;

function createMessagesWorkerDeps(): MessageMailDeps & MessageImageExpiryDeps {
  const { documents, tableName, ...base } = runtime.base();
  const files = loadPortfolioConfig();
  return {
    ...base,
    mails: createMessageMailsRepository(documents, tableName),
    messages: createMessagesRepository(documents, tableName),
    accounts: createAccountRepository(documents, tableName),
    rateLimits: createRateLimitRepository(documents, tableName),
    messageFiles: createS3MediaStorageFor(runtime.config.region, files.bucket, { localEndpoint: files.localS3 }),
    report: (item, error) => logger.error('A message mail could not be worked through; the next run tries again', { ...item, error: error as Error }),
  };
}

type MessagesWorkerSummary = MessageMailSummary & { readonly imagesRemoved: number };

/** The Lambda entry; the local stack's timer calls it with no event (middy then uses an empty context). */
export const handler = runtime.entry<ScheduledEvent | undefined, MessagesWorkerSummary>(async () => {
  deps ??= createMessagesWorkerDeps();
  // Each runs whatever the other does; a failure of either fails the run, and the next run takes up what is left.
  const [mails, images] = await Promise.all([sendDueMessageMails(deps), expireUnsentMessageImages(deps)]);
  const summary = { ...mails, imagesRemoved: images.removed };
  if (summary.sent + summary.failed + summary.errors + summary.imagesRemoved > 0) logger.info('Messages worker done', { ...summary });
  return summary;
});
