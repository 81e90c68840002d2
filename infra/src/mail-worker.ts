import { join } from 'node:path';
import type { Duration } from 'aws-cdk-lib';
import type { ITable } from 'aws-cdk-lib/aws-dynamodb';
import { PolicyStatement, Role, ServicePrincipal } from 'aws-cdk-lib/aws-iam';
import { Architecture, Runtime, Tracing } from 'aws-cdk-lib/aws-lambda';
import { NodejsFunction } from 'aws-cdk-lib/aws-lambda-nodejs';
import { LogGroup, RetentionDays } from 'aws-cdk-lib/aws-logs';
import type { ITopic } from 'aws-cdk-lib/aws-sns';
import type { Construct } from 'constructs';
import { TABLE } from '@solutionz/lambdas/deploy-contract';
import { functionNameOf, LAMBDA_BUNDLING, TABLE_DATA_ACTIONS } from './area-function';
import { REPO_ROOT, type DeploymentConfig } from './config';
import { LambdaRelease } from './lambda-release';

/** What every mail worker (job alerts, message mails) is given: the table, the site's origin and how to send. */
export interface MailWorkerProps {
  readonly config: DeploymentConfig;
  readonly alarmTopic: ITopic;
  readonly table: ITable;
  /** The site's origin, for the links in the mails. */
  readonly siteUrl: string;
  readonly mailFromAddress: string;
  /** The SES identity and the (bulk) configuration set the mails are sent through. */
  readonly mailIdentityArn: string;
  readonly mailConfigurationSetName: string;
  readonly mailConfigurationSetArn: string;
}

/** What tells one mail worker's function from another's. */
export interface MailWorkerFunctionSpec {
  /** The stage-less function name, its release name and its Powertools service (`solutionz-<name>`). */
  readonly name: string;
  readonly releaseName: string;
  readonly description: string;
  /** The file under lambdas/src/functions. */
  readonly entryFile: string;
  readonly memorySize: number;
  readonly timeout: Duration;
  readonly reservedConcurrentExecutions?: number;
}

export interface MailWorkerFunction {
  readonly function: NodejsFunction;
  readonly role: Role;
  readonly logGroup: LogGroup;
  readonly release: LambdaRelease;
}

/**
 * A mail worker's function, in `scope` (ids Logs, Role, Function, Release): its own role (its log group,
 * the table and its indexes, SES from the sender's address only), traced, with a release that alarms.
 * The event source (the stream, a schedule) is the worker's own.
 */
export function mailWorkerFunction(scope: Construct, props: MailWorkerProps, spec: MailWorkerFunctionSpec): MailWorkerFunction {
  const { table } = props;
  const { stage } = props.config;
  const logGroup = new LogGroup(scope, 'Logs', { retention: RetentionDays.THREE_MONTHS });
  const role = new Role(scope, 'Role', { assumedBy: new ServicePrincipal('lambda.amazonaws.com') });
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

  const fn = new NodejsFunction(scope, 'Function', {
    functionName: functionNameOf(stage, spec.name),
    description: spec.description,
    entry: join(REPO_ROOT, 'lambdas', 'src', 'functions', spec.entryFile),
    handler: 'handler',
    runtime: Runtime.NODEJS_22_X,
    architecture: Architecture.ARM_64,
    memorySize: spec.memorySize,
    timeout: spec.timeout,
    tracing: Tracing.ACTIVE,
    ...(spec.reservedConcurrentExecutions ? { reservedConcurrentExecutions: spec.reservedConcurrentExecutions } : {}),
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
      POWERTOOLS_SERVICE_NAME: `solutionz-${spec.name}`,
      NODE_OPTIONS: '--enable-source-maps',
    },
    // The workers carry no postcode tables: jobs and listings carry their coordinates.
    bundling: { ...LAMBDA_BUNDLING, mainFields: [...LAMBDA_BUNDLING.mainFields] },
  });

  const release = new LambdaRelease(scope, 'Release', {
    config: props.config,
    function: fn,
    name: spec.releaseName,
    timeout: spec.timeout,
    alarmTopic: props.alarmTopic,
  });
  return { function: fn, role, logGroup, release };
}
