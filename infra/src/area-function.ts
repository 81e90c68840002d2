import { join } from 'node:path';
import { Duration, Validations } from 'aws-cdk-lib';
import type { ITable } from 'aws-cdk-lib/aws-dynamodb';
import { PolicyStatement, Role, ServicePrincipal } from 'aws-cdk-lib/aws-iam';
import { Architecture, Runtime } from 'aws-cdk-lib/aws-lambda';
import { NodejsFunction, OutputFormat } from 'aws-cdk-lib/aws-lambda-nodejs';
import { LogGroup, RetentionDays } from 'aws-cdk-lib/aws-logs';
import { Construct } from 'constructs';
import type { Area } from '@solutionz/shared';
import { TABLE } from '@solutionz/lambdas/data/table-definition';
import { REPO_ROOT } from './config';

/** Where each area's Lambda entry lives (the agreed layout: one file per area). */
export function areaEntry(area: Area): string {
  return join(REPO_ROOT, 'lambdas', 'src', 'functions', `${area}.ts`);
}

/**
 * Every item operation the data layer performs. Scan is left out on purpose: no request path
 * scans (DESIGN.md section 5), so a function that tries is refused rather than slowly billed.
 */
const TABLE_DATA_ACTIONS = [
  'dynamodb:GetItem',
  'dynamodb:BatchGetItem',
  'dynamodb:Query',
  'dynamodb:PutItem',
  'dynamodb:UpdateItem',
  'dynamodb:DeleteItem',
  'dynamodb:BatchWriteItem',
  'dynamodb:ConditionCheckItem',
];

export interface AreaFunctionProps {
  readonly area: Area;
  readonly stage: string;
  readonly table: ITable;
  readonly environment: Record<string, string>;
}

/** One area's Lambda: its own role, log group and table grant, bundled from TypeScript by esbuild. */
export class AreaFunction extends Construct {
  readonly function: NodejsFunction;
  readonly logGroup: LogGroup;

  constructor(scope: Construct, id: string, props: AreaFunctionProps) {
    super(scope, id);
    const { area, stage, table } = props;

    this.logGroup = new LogGroup(this, 'Logs', { retention: RetentionDays.THREE_MONTHS });

    // An own role instead of AWSLambdaBasicExecutionRole, whose logs grant covers every log group.
    const role = new Role(this, 'Role', { assumedBy: new ServicePrincipal('lambda.amazonaws.com') });
    role.addToPolicy(
      new PolicyStatement({
        actions: ['logs:CreateLogStream', 'logs:PutLogEvents'],
        resources: [this.logGroup.logGroupArn],
      }),
    );
    role.addToPolicy(
      new PolicyStatement({
        actions: TABLE_DATA_ACTIONS,
        resources: [
          table.tableArn,
          ...TABLE.globalIndexes.map((index) => `${table.tableArn}/index/${index.indexName}`),
        ],
      }),
    );

    this.function = new NodejsFunction(this, 'Function', {
      functionName: `solutionz-${stage}-${area}`,
      description: `Solutionz ${area} API routes`,
      entry: areaEntry(area),
      handler: 'handler',
      runtime: Runtime.NODEJS_22_X,
      architecture: Architecture.ARM_64,
      memorySize: 1024,
      timeout: Duration.seconds(10),
      role,
      logGroup: this.logGroup,
      projectRoot: REPO_ROOT,
      depsLockFilePath: join(REPO_ROOT, 'package-lock.json'),
      environment: {
        ...props.environment,
        POWERTOOLS_SERVICE_NAME: `solutionz-${area}`,
        NODE_OPTIONS: '--enable-source-maps',
      },
      bundling: {
        format: OutputFormat.ESM,
        target: 'node22',
        minify: true,
        sourceMap: true,
        sourcesContent: false,
        mainFields: ['module', 'main'],
        // The SDK is bundled so the deployed code runs the versions the tests ran.
        bundleAwsSDK: true,
        // CommonJS dependencies inside an ES module bundle still call require().
        banner: "import { createRequire } from 'node:module'; const require = createRequire(import.meta.url);",
        tsconfig: join(REPO_ROOT, 'lambdas', 'tsconfig.json'),
      },
    });

    Validations.of(this.function).acknowledge({
      id: 'AwsSolutions-L1',
      reason:
        'Node.js 22 is the newest Lambda runtime the project toolchain (Node 20 locally, esbuild target node22) ' +
        'is tested against; Node 24 follows when the toolchain moves.',
    });
  }
}
