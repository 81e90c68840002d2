import { join } from 'node:path';
import { Duration } from 'aws-cdk-lib';
import { PolicyStatement, Role, ServicePrincipal } from 'aws-cdk-lib/aws-iam';
import { Architecture, Runtime, Tracing } from 'aws-cdk-lib/aws-lambda';
import { NodejsFunction } from 'aws-cdk-lib/aws-lambda-nodejs';
import { LogGroup, RetentionDays } from 'aws-cdk-lib/aws-logs';
import type { Construct } from 'constructs';
import { acknowledgeServerlessDefaults, functionNameOf, LAMBDA_BUNDLING, XRAY_WILDCARD_REASON } from './area-function';
import { REPO_ROOT, type DeploymentConfig } from './config';

interface PoolTriggerFunctionProps {
  readonly config: DeploymentConfig;
  /** The handler's file under lambdas/src/functions, and the function's name in the stage. */
  readonly name: string;
  readonly description: string;
  readonly environment: Record<string, string>;
  /** What the handler does besides writing its logs. */
  readonly statements: readonly PolicyStatement[];
}

/**
 * A user pool trigger's function, made in `scope` (its log group, role and function): bundled from
 * lambdas/src/functions/<name>.ts as the area functions are, on a role of its own that may write its logs
 * and do `statements`. Cognito calls it synchronously and waits 5 seconds.
 */
export function poolTriggerFunction(scope: Construct, props: PoolTriggerFunctionProps): NodejsFunction {
  const logGroup = new LogGroup(scope, 'Logs', { retention: RetentionDays.THREE_MONTHS });
  const role = new Role(scope, 'Role', { assumedBy: new ServicePrincipal('lambda.amazonaws.com') });
  role.addToPolicy(new PolicyStatement({ actions: ['logs:CreateLogStream', 'logs:PutLogEvents'], resources: [logGroup.logGroupArn] }));
  for (const statement of props.statements) role.addToPolicy(statement);
  const fn = new NodejsFunction(scope, 'Function', {
    functionName: functionNameOf(props.config.stage, props.name),
    description: props.description,
    entry: join(REPO_ROOT, 'lambdas', 'src', 'functions', `${props.name}.ts`),
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
    environment: { STAGE: props.config.stage, POWERTOOLS_SERVICE_NAME: `solutionz-${props.name}`, NODE_OPTIONS: '--enable-source-maps', ...props.environment },
    bundling: { ...LAMBDA_BUNDLING, mainFields: [...LAMBDA_BUNDLING.mainFields] },
  });
  acknowledgeServerlessDefaults(
    fn,
    role,
    XRAY_WILDCARD_REASON,
    'Cognito is its only caller and calls it synchronously at each sign-in; a failure is logged by the function itself.',
  );
  return fn;
}
