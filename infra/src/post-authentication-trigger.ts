import { join } from 'node:path';
import { Duration, Stack, Validations } from 'aws-cdk-lib';
import { PolicyStatement, Role, ServicePrincipal } from 'aws-cdk-lib/aws-iam';
import { Architecture, Runtime, Tracing } from 'aws-cdk-lib/aws-lambda';
import { NodejsFunction } from 'aws-cdk-lib/aws-lambda-nodejs';
import { LogGroup, RetentionDays } from 'aws-cdk-lib/aws-logs';
import { Construct } from 'constructs';
import { acknowledgeServerlessDefaults, functionNameOf, LAMBDA_BUNDLING } from './area-function';
import { REPO_ROOT, type DeploymentConfig } from './config';
import { tableNameOf } from './data-stack';

const ENTRY = join(REPO_ROOT, 'lambdas', 'src', 'functions', 'post-authentication.ts');

/**
 * What the trigger does with the table: reads how the account stands and the person's sessions, and
 * writes them with the expiry buckets in one transaction (TransactWriteItems needs the action of each write).
 */
export const POST_AUTHENTICATION_TABLE_ACTIONS = ['dynamodb:GetItem', 'dynamodb:PutItem', 'dynamodb:UpdateItem', 'dynamodb:DeleteItem', 'dynamodb:ConditionCheckItem'];

/**
 * The user pool's post-authentication trigger: every sign-in is recorded as a session for the admin
 * analytics (lambdas/src/functions/post-authentication.ts), the same handler cognito-local runs locally.
 * It lives in the auth stack with the pool it is attached to; the table is named, not referenced (its
 * name is fixed by stage), because the data stack comes after the web stack, which needs the pool: a
 * reference would make the stacks depend on each other in a circle.
 */
export class PostAuthenticationTrigger extends Construct {
  readonly function: NodejsFunction;

  constructor(scope: Construct, id: string, props: { readonly config: DeploymentConfig }) {
    super(scope, id);
    const tableName = tableNameOf(props.config.stage);
    const tableArn = Stack.of(this).formatArn({ service: 'dynamodb', resource: 'table', resourceName: tableName });
    const logGroup = new LogGroup(this, 'Logs', { retention: RetentionDays.THREE_MONTHS });
    const role = new Role(this, 'Role', { assumedBy: new ServicePrincipal('lambda.amazonaws.com') });
    role.addToPolicy(new PolicyStatement({ actions: ['logs:CreateLogStream', 'logs:PutLogEvents'], resources: [logGroup.logGroupArn] }));
    role.addToPolicy(new PolicyStatement({ actions: POST_AUTHENTICATION_TABLE_ACTIONS, resources: [tableArn] }));
    this.function = new NodejsFunction(this, 'Function', {
      functionName: functionNameOf(props.config.stage, 'post-authentication'),
      description: 'Solutionz: records each sign-in as a session (Cognito post-authentication trigger)',
      entry: ENTRY,
      handler: 'handler',
      runtime: Runtime.NODEJS_22_X,
      architecture: Architecture.ARM_64,
      memorySize: 256,
      // Cognito waits 5 seconds for a trigger.
      timeout: Duration.seconds(5),
      tracing: Tracing.ACTIVE,
      role,
      logGroup,
      projectRoot: REPO_ROOT,
      depsLockFilePath: join(REPO_ROOT, 'package-lock.json'),
      environment: {
        STAGE: props.config.stage,
        TABLE_NAME: tableName,
        POWERTOOLS_SERVICE_NAME: 'solutionz-post-authentication',
        NODE_OPTIONS: '--enable-source-maps',
      },
      bundling: { ...LAMBDA_BUNDLING, mainFields: [...LAMBDA_BUNDLING.mainFields] },
    });
    acknowledgeServerlessDefaults(this.function, role);
    Validations.of(this.function).acknowledge(
      { id: 'Serverless-LambdaDLQ', reason: 'Cognito is its only caller and calls it synchronously at each sign-in; a failure is logged by the function itself.' },
      { id: 'Serverless-LambdaAsyncFailureDestination', reason: 'Cognito is its only caller and calls it synchronously at each sign-in; a failure is logged by the function itself.' },
    );
  }
}
