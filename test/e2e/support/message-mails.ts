import { SESv2Client } from '@aws-sdk/client-sesv2';
import { createSesMailer } from '@solutionz/lambdas/adapters/ses-mailer';
import { createAccountRepository } from '@solutionz/lambdas/data/account-repository';
import { createMessageMailsRepository } from '@solutionz/lambdas/data/message-mails-repository';
import { createMessagesRepository } from '@solutionz/lambdas/data/messages-repository';
import { createRateLimitRepository } from '@solutionz/lambdas/data/rate-limit-repository';
import { sendDueMessageMails } from '@solutionz/lambdas/services/messages/message-mails';
import { S3RVER_CREDENTIALS } from '../../../scripts/local/s3';
import { LOCAL_MAIL_FROM } from '../../../scripts/local/stack';
import { documents, stack } from '../../support/local-stack';

/**
 * One run of the message mails worker against the test's stack, as its schedule runs it, but with its
 * clock `minutesAhead` minutes on: a test cannot wait the ten minutes a message must stay unread. The
 * stack's own schedule (every minute, on the real clock) sends nothing before then.
 */
export function runMessageMailsWorker(minutesAhead: number, siteUrl: string) {
  const mailer = createSesMailer(new SESv2Client({ region: stack.region, endpoint: stack.sesUrl, credentials: S3RVER_CREDENTIALS }), LOCAL_MAIL_FROM);
  return sendDueMessageMails({
    mails: createMessageMailsRepository(documents, stack.tableName),
    messages: createMessagesRepository(documents, stack.tableName),
    accounts: createAccountRepository(documents, stack.tableName),
    rateLimits: createRateLimitRepository(documents, stack.tableName),
    mailer,
    clock: () => new Date(Date.now() + minutesAhead * 60_000),
    pause: async () => {},
    config: { siteUrl },
  });
}
