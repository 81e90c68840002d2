import { Stack } from 'aws-cdk-lib';
import { PolicyStatement } from 'aws-cdk-lib/aws-iam';
import type { NodejsFunction } from 'aws-cdk-lib/aws-lambda-nodejs';
import { Construct } from 'constructs';
import type { DeploymentConfig } from './config';
import { tableNameOf } from './data-stack';
import { poolTriggerFunction } from './pool-trigger';

/**
 * What the trigger does with the table: reads how the account stands and the person's sessions, and
 * writes them with the expiry buckets in one transaction (TransactWriteItems needs the action of each write).
 */
export const POST_AUTHENTICATION_TABLE_ACTIONS = [
  'dynamodb:GetItem',
  'dynamodb:PutItem',
  'dynamodb:UpdateItem',
  'dynamodb:DeleteItem',
  'dynamodb:ConditionCheckItem',
];

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
    this.function = poolTriggerFunction(this, {
      config: props.config,
      name: 'post-authentication',
      description: 'Solutionz: records each sign-in as a session (Cognito post-authentication trigger)',
      environment: { TABLE_NAME: tableName },
      statements: [new PolicyStatement({ actions: POST_AUTHENTICATION_TABLE_ACTIONS, resources: [tableArn] })],
    });
  }
}
