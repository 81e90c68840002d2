import { parseArgs } from 'node:util';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { SESv2Client } from '@aws-sdk/client-sesv2';
import { documentClient } from '@solutionz/lambdas/adapters/dynamodb';
import { createSesMailer } from '@solutionz/lambdas/adapters/ses-mailer';
import { createAccountRepository } from '@solutionz/lambdas/data/account-repository';
import { createDirectoryRepository } from '@solutionz/lambdas/data/directory-repository';
import { createJobAlertsRepository } from '@solutionz/lambdas/data/job-alerts-repository';
import { retryDeadLetters, type JobAlertDeps } from '@solutionz/lambdas/services/jobs/alerts';
import { isPortFree, portOffsetFromEnv, portsFor } from './local/ports';
import { S3RVER_CREDENTIALS } from './local/s3';
import { LOCAL_MAIL_FROM, LOCAL_REGION, LOCAL_TABLE_NAME } from './local/stack';

/**
 * The job alert mails that failed every try (docs/operations.md#job-alert-dead-letters): lists them, or with
 * --retry sends them again (to providers whose alerts are still on) and removes those that went.
 *
 *   npm run alerts:dead-letters [-- --retry]               the local stack (`npm start`, SOLUTIONZ_PORT_OFFSET)
 *   npm run alerts:dead-letters -- --cloud [--retry]       TABLE_NAME and AWS_REGION (and for --retry SITE_URL,
 *                                                          MAIL_FROM_ADDRESS) of a deployed stage, your AWS credentials
 */

const { values: options } = parseArgs({ options: { retry: { type: 'boolean', default: false }, cloud: { type: 'boolean', default: false } } });

function required(name: string): string {
  const value = process.env[name]?.trim();
  if (!value) throw new Error(`${name} is not set: --cloud reads the deployed stage's table and mail settings from the environment`);
  return value;
}

async function target(): Promise<{ dynamodb: DynamoDBClient; ses: () => SESv2Client; tableName: string; siteUrl: () => string; mailFrom: () => string }> {
  if (options.cloud) {
    const region = required('AWS_REGION');
    return {
      dynamodb: new DynamoDBClient({ region }),
      ses: () => new SESv2Client({ region }),
      tableName: required('TABLE_NAME'),
      siteUrl: () => required('SITE_URL').replace(/(?<!\/)\/+$/, ''),
      mailFrom: () => required('MAIL_FROM_ADDRESS'),
    };
  }
  const ports = portsFor(portOffsetFromEnv());
  if (await isPortFree(ports.dynamodb))
    throw new Error(`No local stack answers on port ${ports.dynamodb}: start one with \`npm start\` (SOLUTIONZ_PORT_OFFSET for another one), or pass --cloud`);
  const local = { region: LOCAL_REGION, credentials: S3RVER_CREDENTIALS };
  return {
    dynamodb: new DynamoDBClient({ ...local, endpoint: `http://127.0.0.1:${ports.dynamodb}` }),
    ses: () => new SESv2Client({ ...local, endpoint: `http://127.0.0.1:${ports.ses}` }),
    tableName: LOCAL_TABLE_NAME,
    siteUrl: () => `http://localhost:${ports.web}`,
    mailFrom: () => LOCAL_MAIL_FROM,
  };
}

async function main(): Promise<void> {
  const where = await target();
  const documents = documentClient(where.dynamodb);
  const alerts = createJobAlertsRepository(documents, where.tableName);
  if (!options.retry) {
    const letters = await alerts.deadLetters();
    if (letters.length === 0) console.log('No job alert is parked.');
    for (const letter of letters) {
      console.log(
        `${letter.parkedAt}  job ${letter.job.jobId} "${letter.job.title}"  provider ${letter.providerId}  ${letter.attempts} tries: ${letter.error}`,
      );
    }
    if (letters.length > 0) console.log(`\n${letters.length} parked; send them again with --retry.`);
    return;
  }
  const deps: JobAlertDeps = {
    alerts,
    accounts: createAccountRepository(documents, where.tableName),
    directory: createDirectoryRepository(documents, where.tableName),
    mailer: createSesMailer(where.ses(), where.mailFrom()),
    clock: () => new Date(),
    pause: (attempt) => new Promise((resolve) => setTimeout(resolve, 500 * attempt)),
    config: { siteUrl: where.siteUrl() },
  };
  const results = await retryDeadLetters(deps);
  for (const { letter, outcome } of results) console.log(`${outcome.padEnd(7)}  job ${letter.job.jobId}  provider ${letter.providerId}`);
  const kept = results.filter(({ outcome }) => outcome === 'failed').length;
  console.log(`${results.length - kept} of ${results.length} done (sent, sent already, or the provider's alerts are off); ${kept} still parked.`);
  if (kept > 0) process.exitCode = 1;
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
});
