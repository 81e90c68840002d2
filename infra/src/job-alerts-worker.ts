import { join } from 'node:path';
import { Duration, Validations } from 'aws-cdk-lib';
import type { ITable } from 'aws-cdk-lib/aws-dynamodb';
import { PolicyStatement, Role, ServicePrincipal } from 'aws-cdk-lib/aws-iam';
import { Architecture, Runtime, StartingPosition, Tracing } from 'aws-cdk-lib/aws-lambda';
import { DynamoEventSource, SqsDlq } from 'aws-cdk-lib/aws-lambda-event-sources';
import { NodejsFunction } from 'aws-cdk-lib/aws-lambda-nodejs';
import { LogGroup, RetentionDays } from 'aws-cdk-lib/aws-logs';
import type { ITopic } from 'aws-cdk-lib/aws-sns';
import { Queue, QueueEncryption } from 'aws-cdk-lib/aws-sqs';
import { Construct } from 'constructs';
import { MAIL_WORKER_STREAM_FILTERS } from '@solutionz/lambdas/data/stream-filters';
import { TABLE } from '@solutionz/lambdas/data/table-definition';
import { acknowledgeServerlessDefaults, functionNameOf, LAMBDA_BUNDLING, TABLE_DATA_ACTIONS, XRAY_WILDCARD_REASON } from './area-function';
import { REPO_ROOT, type DeploymentConfig } from './config';
import { LambdaRelease } from './lambda-release';

const JOB_ALERTS_ENTRY = join(REPO_ROOT, 'lambdas', 'src', 'functions', 'job-alerts.ts');

/** The event source mapping's settings; the local poller (scripts/local/stream-poller.ts) batches and retries alike. */
const JOB_ALERTS_STREAM = {
  batchSize: 10,
  retryAttempts: 3,
  /** How long a failed record is kept for inspection (the SQS maximum). */
  failedRetention: Duration.days(14),
  /** A batch of jobs, each a directory search and a mail per matching provider with inline retries. */
  timeout: Duration.minutes(5),
} as const;

export interface JobAlertsWorkerProps {
  readonly config: DeploymentConfig;
  readonly alarmTopic: ITopic;
  /** The single table, with its stream of new images. */
  readonly table: ITable;
  /** The site's origin, for the job and unsubscribe links in the mails. */
  readonly siteUrl: string;
  readonly mailFromAddress: string;
  /** The SES identity and the bulk configuration set the mails are sent through (apart from account mail). */
  readonly mailIdentityArn: string;
  readonly mailConfigurationSetName: string;
  readonly mailConfigurationSetArn: string;
}

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

  constructor(scope: Construct, id: string, props: JobAlertsWorkerProps) {
    super(scope, id);
    const { table } = props;
    const { stage } = props.config;
    if (!table.tableStreamArn) throw new Error('The job alerts worker needs the table to have a stream');

    this.logGroup = new LogGroup(this, 'Logs', { retention: RetentionDays.THREE_MONTHS });
    const role = new Role(this, 'Role', { assumedBy: new ServicePrincipal('lambda.amazonaws.com') });
    role.addToPolicy(new PolicyStatement({ actions: ['logs:CreateLogStream', 'logs:PutLogEvents'], resources: [this.logGroup.logGroupArn] }));
    // Items (the directory's geo index, alert settings, the claims that keep each mail to one) and its indexes.
    role.addToPolicy(
      new PolicyStatement({
        actions: TABLE_DATA_ACTIONS,
        resources: [table.tableArn, ...TABLE.globalIndexes.map((index) => `${table.tableArn}/index/${index.indexName}`)],
      }),
    );
    role.addToPolicy(
      new PolicyStatement({
        actions: ['ses:SendEmail'],
        resources: [props.mailIdentityArn, props.mailConfigurationSetArn],
        conditions: { StringEquals: { 'ses:FromAddress': props.mailFromAddress } },
      }),
    );

    this.function = new NodejsFunction(this, 'Function', {
      functionName: functionNameOf(stage, 'job-alerts'),
      description: 'Solutionz job alerts: mails providers about new jobs near them (fed by the table stream)',
      entry: JOB_ALERTS_ENTRY,
      handler: 'handler',
      runtime: Runtime.NODEJS_22_X,
      architecture: Architecture.ARM_64,
      memorySize: 1024,
      // A busy city's job can match hundreds of providers: room for a few thousand mails a batch.
      timeout: JOB_ALERTS_STREAM.timeout,
      tracing: Tracing.ACTIVE,
      // Its mails stay within the SES sending rate however many jobs arrive at once.
      ...(props.config.reservedConcurrency.jobAlerts ? { reservedConcurrentExecutions: props.config.reservedConcurrency.jobAlerts } : {}),
      role,
      logGroup: this.logGroup,
      projectRoot: REPO_ROOT,
      depsLockFilePath: join(REPO_ROOT, 'package-lock.json'),
      environment: {
        STAGE: stage,
        TABLE_NAME: table.tableName,
        LOG_LEVEL: 'INFO',
        SITE_URL: props.siteUrl,
        MAIL_FROM_ADDRESS: props.mailFromAddress,
        MAIL_CONFIGURATION_SET: props.mailConfigurationSetName,
        POWERTOOLS_SERVICE_NAME: 'solutionz-job-alerts',
        NODE_OPTIONS: '--enable-source-maps',
      },
      // Jobs carry their coordinates and the directory's geo index is keyed by geohash: no postcode tables needed.
      bundling: { ...LAMBDA_BUNDLING, mainFields: [...LAMBDA_BUNDLING.mainFields] },
    });

    this.failedRecords = new Queue(this, 'FailedRecords', {
      encryption: QueueEncryption.SQS_MANAGED,
      enforceSSL: true,
      retentionPeriod: JOB_ALERTS_STREAM.failedRetention,
    });
    const isItselfTheDlq = 'This queue is itself the failure destination of the job alerts stream mapping; nothing consumes it to fail again.';
    Validations.of(this.failedRecords).acknowledge({ id: 'AwsSolutions-SQS3', reason: isItselfTheDlq }, { id: 'Serverless-SQSRedrivePolicy', reason: isItselfTheDlq });

    this.release = new LambdaRelease(this, 'Release', {
      config: props.config,
      function: this.function,
      name: 'jobAlerts',
      timeout: JOB_ALERTS_STREAM.timeout,
      alarmTopic: props.alarmTopic,
    });

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
      role,
      `dynamodb:ListStreams (granted with the stream read of the event source mapping) supports no resource-level permissions. ${XRAY_WILDCARD_REASON}`,
    );
  }
}
