import type { ScheduledEvent } from 'aws-lambda';
import { createAccountRepository } from '../data/account-repository';
import { createCredentialsRepository } from '../data/credentials-repository';
import { createMessageMailsRepository } from '../data/message-mails-repository';
import { runCredentialReminders, type CredentialRemindersDeps } from '../services/credentials/reminders';
import { mailWorkerRuntime } from './mail-worker-runtime';

/**
 * The credential expiry worker: run every hour by an EventBridge rule in the cloud (infra/src/credential-reminders-worker.ts)
 * and by a timer in the local stack (scripts/local/stack.ts), it mails providers 30 and 7 days before a checked
 * credential expires and counts the expiries, from the index of expiry days. It has the same settings as the other
 * mail workers (table, site address, sender).
 */

const runtime = mailWorkerRuntime();
const { logger } = runtime;

let deps: CredentialRemindersDeps | undefined;

/** The Lambda entry; the local stack's timer calls it with no event (middy then uses an empty context). */
export const handler = runtime.entry<ScheduledEvent | undefined, { reminded: number; expired: number }>(async () => {
  if (!deps) {
    const { documents, tableName, mailer, clock, config } = runtime.base();
    deps = {
      credentials: createCredentialsRepository(documents, tableName),
      accounts: createAccountRepository(documents, tableName),
      mails: createMessageMailsRepository(documents, tableName),
      mailer,
      clock,
      config,
    };
  }
  const summary = await runCredentialReminders(deps);
  if (summary.reminded + summary.expired > 0) logger.info('Credential reminders done', { ...summary });
  return summary;
});
