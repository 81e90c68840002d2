import { join } from 'node:path';
import { Duration, Validations } from 'aws-cdk-lib';
import type { ITable } from 'aws-cdk-lib/aws-dynamodb';
import { Rule, Schedule } from 'aws-cdk-lib/aws-events';
import { LambdaFunction as LambdaTarget } from 'aws-cdk-lib/aws-events-targets';
import { PolicyStatement, Role, ServicePrincipal } from 'aws-cdk-lib/aws-iam';
import { Architecture, Runtime, Tracing } from 'aws-cdk-lib/aws-lambda';
import { NodejsFunction } from 'aws-cdk-lib/aws-lambda-nodejs';
import { LogGroup, RetentionDays } from 'aws-cdk-lib/aws-logs';
import type { ITopic } from 'aws-cdk-lib/aws-sns';
import { Construct } from 'constructs';
import { TABLE } from '@solutionz/lambdas/data/table-definition';
import { acknowledgeServerlessDefaults, functionNameOf, LAMBDA_BUNDLING, TABLE_DATA_ACTIONS, XRAY_WILDCARD_REASON } from './area-function';
import { REPO_ROOT, type DeploymentConfig } from './config';
import { LambdaRelease } from './lambda-release';

const MESSAGE_MAILS_ENTRY = join(REPO_ROOT, 'lambdas', 'src', 'functions', 'message-mails.ts');

/** How often the due mails are looked for, and how long one run may take (well under the interval). */
const MESSAGE_MAILS_SCHEDULE = {
  every: Duration.minutes(1),
  timeout: Duration.seconds(50),
} as const;

export interface MessageMailsWorkerProps {
  readonly config: DeploymentConfig;
  readonly alarmTopic: ITopic;
  readonly table: ITable;
  /** The site's origin, for the conversation and unsubscribe links in the mails. */
  readonly siteUrl: string;
  readonly mailFromAddress: string;
  readonly mailIdentityArn: string;
  readonly mailConfigurationSetName: string;
  readonly mailConfigurationSetArn: string;
}

/**
 * The message mails worker (lambdas/src/functions/message-mails.ts): an EventBridge rule runs it every
 * minute; each run reads the mails due by time (a bounded Query of the table's sparse due index) and sends
 * those still unread. A run ends before the next starts (its timeout is under the interval); were two to
 * overlap, the hourly claims (conditional writes) still let only one of them send a mail. Nothing is
 * reserved of the account's concurrency (infra/stages.ts reserves for the webhook and job alerts only).
 */
export class MessageMailsWorker extends Construct {
  readonly function: NodejsFunction;
  readonly rule: Rule;
  readonly release: LambdaRelease;

  constructor(scope: Construct, id: string, props: MessageMailsWorkerProps) {
    super(scope, id);
    const { table } = props;
    const { stage } = props.config;

    const logGroup = new LogGroup(this, 'Logs', { retention: RetentionDays.THREE_MONTHS });
    const role = new Role(this, 'Role', { assumedBy: new ServicePrincipal('lambda.amazonaws.com') });
    role.addToPolicy(new PolicyStatement({ actions: ['logs:CreateLogStream', 'logs:PutLogEvents'], resources: [logGroup.logGroupArn] }));
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
      functionName: functionNameOf(stage, 'message-mails'),
      description: 'Solutionz message mails: e-mails people the messages they have not read within ten minutes (every minute)',
      entry: MESSAGE_MAILS_ENTRY,
      handler: 'handler',
      runtime: Runtime.NODEJS_22_X,
      architecture: Architecture.ARM_64,
      memorySize: 512,
      timeout: MESSAGE_MAILS_SCHEDULE.timeout,
      tracing: Tracing.ACTIVE,
      role,
      logGroup,
      projectRoot: REPO_ROOT,
      depsLockFilePath: join(REPO_ROOT, 'package-lock.json'),
      environment: {
        STAGE: stage,
        TABLE_NAME: table.tableName,
        LOG_LEVEL: 'INFO',
        SITE_URL: props.siteUrl,
        MAIL_FROM_ADDRESS: props.mailFromAddress,
        MAIL_CONFIGURATION_SET: props.mailConfigurationSetName,
        POWERTOOLS_SERVICE_NAME: 'solutionz-message-mails',
        NODE_OPTIONS: '--enable-source-maps',
      },
      bundling: { ...LAMBDA_BUNDLING, mainFields: [...LAMBDA_BUNDLING.mainFields] },
    });

    this.release = new LambdaRelease(this, 'Release', {
      config: props.config,
      function: this.function,
      name: 'messageMails',
      timeout: MESSAGE_MAILS_SCHEDULE.timeout,
      alarmTopic: props.alarmTopic,
    });

    // On the alias, so that a release's new version runs only as CodeDeploy lets it. A missed run is made
    // up by the next (due mails stay until sent), so EventBridge need not retry for long.
    this.rule = new Rule(this, 'Schedule', {
      description: 'Runs the message mails worker every minute',
      schedule: Schedule.rate(MESSAGE_MAILS_SCHEDULE.every),
      targets: [new LambdaTarget(this.release.alias, { retryAttempts: 0 })],
    });
    Validations.of(this.rule).acknowledge({
      id: 'Serverless-EventBusDLQ',
      reason: 'A missed run loses nothing: what was due stays due in the table and the next run, a minute later, takes it.',
    });
    acknowledgeServerlessDefaults(
      this.function,
      role,
      XRAY_WILDCARD_REASON,
      'Its only asynchronous caller is the schedule, and a failed run needs no dead letter: what was due stays due in the table and the next run, a minute later, takes it (errors and durations alarm through its release).',
    );
  }
}
