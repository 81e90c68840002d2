import { Duration, Validations } from 'aws-cdk-lib';
import { StartingPosition } from 'aws-cdk-lib/aws-lambda';
import { DynamoEventSource, SqsDlq } from 'aws-cdk-lib/aws-lambda-event-sources';
import type { NodejsFunction } from 'aws-cdk-lib/aws-lambda-nodejs';
import type { LogGroup } from 'aws-cdk-lib/aws-logs';
import { Queue, QueueEncryption } from 'aws-cdk-lib/aws-sqs';
import { Construct } from 'constructs';
import { MAIL_WORKER_STREAM_FILTERS } from '@solutionz/lambdas/deploy-contract';
import { acknowledgeServerlessDefaults, XRAY_WILDCARD_REASON } from './area-function';
import type { LambdaRelease } from './lambda-release';
import { mailWorkerFunction, type MailWorkerProps } from './mail-worker';

/** The event source mapping's settings; the local poller (scripts/local/stream-poller.ts) batches and retries alike. */
const JOB_ALERTS_STREAM = {
  batchSize: 10,
  retryAttempts: 3,
  /** How long a failed record is kept for inspection (the SQS maximum). */
  failedRetention: Duration.days(14),
  /** A batch of jobs, each a directory search and a mail per matching provider with inline retries. */
  timeout: Duration.minutes(5),
} as const;

/**
 * The job alerts worker: fed by the table's stream with new job items only (the same filter
 * the local poller applies), it mails the providers whose alerts match. A batch's records the worker
 * reports as failed are retried (halving the batch on errors), then sent to an SQS queue for inspection.
 */
export class JobAlertsWorker extends Construct {
  readonly function: NodejsFunction;
  readonly logGroup: LogGroup;
  /** Stream records the worker failed after every retry, as Lambda describes them (where to read them from the stream). */
  readonly failedRecords: Queue;
  readonly release: LambdaRelease;

  constructor(scope: Construct, id: string, props: MailWorkerProps) {
    super(scope, id);
    const { table } = props;
    if (!table.tableStreamArn) throw new Error('The job alerts worker needs the table to have a stream');

    const worker = mailWorkerFunction(this, props, {
      name: 'job-alerts',
      releaseName: 'jobAlerts',
      description: 'Solutionz job alerts: mails providers about new jobs near them (fed by the table stream)',
      entryFile: 'job-alerts.ts',
      memorySize: 1024,
      // A busy city's job can match hundreds of providers: room for a few thousand mails a batch.
      timeout: JOB_ALERTS_STREAM.timeout,
      // Its mails stay within the SES sending rate however many jobs arrive at once.
      reservedConcurrentExecutions: props.config.reservedConcurrency.jobAlerts,
    });
    this.function = worker.function;
    this.logGroup = worker.logGroup;
    this.release = worker.release;

    this.failedRecords = new Queue(this, 'FailedRecords', {
      encryption: QueueEncryption.SQS_MANAGED,
      enforceSSL: true,
      retentionPeriod: JOB_ALERTS_STREAM.failedRetention,
    });
    const isItselfTheDlq = 'This queue is itself the failure destination of the job alerts stream mapping; nothing consumes it to fail again.';
    Validations.of(this.failedRecords).acknowledge(
      { id: 'AwsSolutions-SQS3', reason: isItselfTheDlq },
      { id: 'Serverless-SQSRedrivePolicy', reason: isItselfTheDlq },
    );

    // On the alias, so that a release's new version takes stream batches only as CodeDeploy lets it.
    this.release.alias.addEventSource(
      new DynamoEventSource(table, {
        // Jobs and news from before the mapping existed are not mailed (the worker mails recent ones only anyway).
        startingPosition: StartingPosition.LATEST,
        batchSize: JOB_ALERTS_STREAM.batchSize,
        filters: MAIL_WORKER_STREAM_FILTERS.map((filter) => ({ pattern: JSON.stringify(filter) })),
        reportBatchItemFailures: true,
        retryAttempts: JOB_ALERTS_STREAM.retryAttempts,
        bisectBatchOnError: true,
        onFailure: new SqsDlq(this.failedRecords),
      }),
    );
    acknowledgeServerlessDefaults(
      this.function,
      worker.role,
      `dynamodb:ListStreams (granted with the stream read of the event source mapping) supports no resource-level permissions. ${XRAY_WILDCARD_REASON}`,
    );
  }
}
