import { join } from 'node:path';
import { Aws, Duration } from 'aws-cdk-lib';
import { PolicyStatement, Role, ServicePrincipal } from 'aws-cdk-lib/aws-iam';
import { Architecture, FunctionUrlAuthType, Runtime, Tracing, type FunctionUrl } from 'aws-cdk-lib/aws-lambda';
import { NodejsFunction, type ICommandHooks } from 'aws-cdk-lib/aws-lambda-nodejs';
import { LogGroup, RetentionDays } from 'aws-cdk-lib/aws-logs';
import type { IBucket } from 'aws-cdk-lib/aws-s3';
import type { ITopic } from 'aws-cdk-lib/aws-sns';
import { Construct } from 'constructs';
import { BUNDLED_RENDERER_DIR, PAGE_READ_PARTITIONS, SITE_ENTRY_KEY } from '@solutionz/lambdas/deploy-contract';
import { acknowledgeServerlessDefaults, copyGeoData, functionNameOf, GEO_DATA_ENVIRONMENT, LAMBDA_BUNDLING } from './area-function';
import { REPO_ROOT, type DeploymentConfig } from './config';
import { LambdaRelease } from './lambda-release';
import { tableNameOf } from './data-stack';

const PAGE_FUNCTION_ENTRY = join(REPO_ROOT, 'lambdas', 'src', 'functions', 'pages.ts');

/**
 * The items the page function reads: a profile (GetItem), the directory's and the job board's indexes and counts
 * (Query, GetItem), listings and jobs (BatchGetItem), all on the table itself, and only in the partitions it reads
 * from (PAGE_READ_PARTITIONS, a `dynamodb:LeadingKeys` condition). It writes nothing.
 */
export const PAGE_FUNCTION_TABLE_ACTIONS = ['dynamodb:GetItem', 'dynamodb:BatchGetItem', 'dynamodb:Query'];

/** CloudFront waits for a custom origin 30 s by default; a page that takes this long is broken anyway. */
const PAGE_FUNCTION_TIMEOUT = Duration.seconds(10);

export interface PageFunctionProps {
  readonly config: DeploymentConfig;
  readonly alarmTopic: ITopic;
  readonly siteBucket: IBucket;
  /** The site's origin when it is fixed (a custom domain); otherwise the function takes the viewer's host. */
  readonly siteUrl?: string;
  /** The web build's server renderer (shared rendererDirOf), copied into the bundle: the pages arrive server-rendered. */
  readonly rendererDir?: string;
  /** The postcode tables on the build machine: they and the town table go into the bundle, for the search pages' places. */
  readonly postcodeDataPath: string;
}

/** The web build's renderer copied beside the function's own file, where the function looks for it, and the geo tables. */
function bundleHooks(scope: Construct, props: PageFunctionProps): ICommandHooks {
  return {
    beforeBundling: () => [],
    beforeInstall: () => [],
    afterBundling: (_inputDir, outputDir) => [
      ...(props.rendererDir ? [`cp -R "${props.rendererDir}" "${join(outputDir, BUNDLED_RENDERER_DIR)}"`] : []),
      ...copyGeoData(scope, props.postcodeDataPath, outputDir),
    ],
  };
}

/**
 * CloudFront's origin for the page paths (edge-rules PAGE_PATH_PATTERNS): reads the site bucket's
 * index.html and the table, answers through a function URL that only CloudFront may call (IAM auth,
 * signed by origin access control). It lives with the distribution, which must know its URL; the
 * table is in the Data stack, which depends on this one, so it is named, not referenced.
 */
export class PageFunction extends Construct {
  readonly function: NodejsFunction;
  readonly url: FunctionUrl;
  readonly logGroup: LogGroup;
  readonly release: LambdaRelease;

  constructor(scope: Construct, id: string, props: PageFunctionProps) {
    super(scope, id);
    const { stage } = props.config;
    const tableName = tableNameOf(stage);
    this.logGroup = new LogGroup(this, 'Logs', { retention: RetentionDays.THREE_MONTHS });

    const role = new Role(this, 'Role', { assumedBy: new ServicePrincipal('lambda.amazonaws.com') });
    role.addToPolicy(new PolicyStatement({ actions: ['logs:CreateLogStream', 'logs:PutLogEvents'], resources: [this.logGroup.logGroupArn] }));
    role.addToPolicy(
      new PolicyStatement({
        actions: PAGE_FUNCTION_TABLE_ACTIONS,
        resources: [`arn:${Aws.PARTITION}:dynamodb:${Aws.REGION}:${Aws.ACCOUNT_ID}:table/${tableName}`],
        // Every key a request names must be in one of these partitions (ForAllValues): a token, session or message
        // is out of reach even with the function's own credentials.
        conditions: { 'ForAllValues:StringLike': { 'dynamodb:LeadingKeys': [...PAGE_READ_PARTITIONS] } },
      }),
    );
    role.addToPolicy(new PolicyStatement({ actions: ['s3:GetObject'], resources: [props.siteBucket.arnForObjects(SITE_ENTRY_KEY)] }));

    this.function = new NodejsFunction(this, 'Function', {
      functionName: functionNameOf(stage, 'pages'),
      description: 'Solutionz provider, categories and search pages server-rendered with their content, sitemap.xml and robots.txt',
      entry: PAGE_FUNCTION_ENTRY,
      handler: 'handler',
      runtime: Runtime.NODEJS_22_X,
      architecture: Architecture.ARM_64,
      // Rendering a page with React is work for the CPU, which grows with the memory.
      memorySize: 1024,
      timeout: PAGE_FUNCTION_TIMEOUT,
      tracing: Tracing.ACTIVE,
      role,
      logGroup: this.logGroup,
      projectRoot: REPO_ROOT,
      depsLockFilePath: join(REPO_ROOT, 'package-lock.json'),
      environment: {
        STAGE: stage,
        TABLE_NAME: tableName,
        SITE_BUCKET: props.siteBucket.bucketName,
        ...(props.siteUrl ? { SITE_URL: props.siteUrl } : {}),
        ...GEO_DATA_ENVIRONMENT,
        LOG_LEVEL: 'INFO',
        POWERTOOLS_SERVICE_NAME: 'solutionz-pages',
        NODE_OPTIONS: '--enable-source-maps',
      },
      bundling: {
        ...LAMBDA_BUNDLING,
        mainFields: [...LAMBDA_BUNDLING.mainFields],
        commandHooks: bundleHooks(this, props),
      },
    });
    this.release = new LambdaRelease(this, 'Release', {
      config: props.config,
      function: this.function,
      name: 'pages',
      timeout: PAGE_FUNCTION_TIMEOUT,
      alarmTopic: props.alarmTopic,
    });
    // The alias's URL: CloudFront reaches the version CodeDeploy lets through.
    this.url = this.release.alias.addFunctionUrl({ authType: FunctionUrlAuthType.AWS_IAM });

    acknowledgeServerlessDefaults(this.function, role);
  }
}
