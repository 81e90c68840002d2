import { createHash } from 'node:crypto';
import { join } from 'node:path';
import { CustomResource, Duration, Validations } from 'aws-cdk-lib';
import type { ITable } from 'aws-cdk-lib/aws-dynamodb';
import { PolicyStatement, Role, ServicePrincipal } from 'aws-cdk-lib/aws-iam';
import { Architecture, Runtime, Tracing } from 'aws-cdk-lib/aws-lambda';
import { NodejsFunction } from 'aws-cdk-lib/aws-lambda-nodejs';
import { LogGroup, RetentionDays } from 'aws-cdk-lib/aws-logs';
import { Construct } from 'constructs';
import { TAXONOMY } from '@solutionz/shared';
import { acknowledgeServerlessDefaults, LAMBDA_BUNDLING } from './area-function';
import { REPO_ROOT, type DeploymentConfig } from './config';

const SEED_ENTRY = join(REPO_ROOT, 'lambdas', 'src', 'functions', 'seed-categories.ts');

/**
 * The categories' seed on deploy: a Lambda-backed custom resource that runs the same idempotent seed as
 * the local stack (only what is missing is written; the admin's edits stay). It runs when the stack is
 * created and again whenever the taxonomy it seeds from changes (its hash is a property).
 */
export class CategorySeed extends Construct {
  readonly function: NodejsFunction;
  readonly resource: CustomResource;

  constructor(scope: Construct, id: string, props: { readonly config: DeploymentConfig; readonly table: ITable }) {
    super(scope, id);
    const logGroup = new LogGroup(this, 'Logs', { retention: RetentionDays.THREE_MONTHS });
    const role = new Role(this, 'Role', { assumedBy: new ServicePrincipal('lambda.amazonaws.com') });
    role.addToPolicy(new PolicyStatement({ actions: ['logs:CreateLogStream', 'logs:PutLogEvents'], resources: [logGroup.logGroupArn] }));
    // The taxonomy partition: one Query for what is there, batch puts for what is missing.
    role.addToPolicy(new PolicyStatement({ actions: ['dynamodb:Query', 'dynamodb:BatchWriteItem'], resources: [props.table.tableArn] }));
    this.function = new NodejsFunction(this, 'Function', {
      functionName: `solutionz-${props.config.stage}-category-seed`,
      description: 'Solutionz: seeds the category taxonomy into the table on deploy (custom resource)',
      entry: SEED_ENTRY,
      handler: 'handler',
      runtime: Runtime.NODEJS_22_X,
      architecture: Architecture.ARM_64,
      memorySize: 256,
      timeout: Duration.minutes(1),
      tracing: Tracing.ACTIVE,
      role,
      logGroup,
      projectRoot: REPO_ROOT,
      depsLockFilePath: join(REPO_ROOT, 'package-lock.json'),
      environment: { TABLE_NAME: props.table.tableName, NODE_OPTIONS: '--enable-source-maps' },
      bundling: { ...LAMBDA_BUNDLING, mainFields: [...LAMBDA_BUNDLING.mainFields] },
    });
    acknowledgeServerlessDefaults(this.function, role);
    Validations.of(this.function).acknowledge(
      { id: 'Serverless-LambdaDLQ', reason: 'CloudFormation is its only caller and waits for its answer: a failure fails the deploy, where it is seen.' },
      {
        id: 'Serverless-LambdaAsyncFailureDestination',
        reason: 'CloudFormation is its only caller and waits for its answer: a failure fails the deploy, where it is seen.',
      },
    );
    this.resource = new CustomResource(this, 'Resource', {
      serviceToken: this.function.functionArn,
      resourceType: 'Custom::CategorySeed',
      properties: { taxonomy: createHash('sha256').update(JSON.stringify(TAXONOMY)).digest('hex') },
    });
  }
}
