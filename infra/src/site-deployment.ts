import { DefaultStackSynthesizer, Validations, type Stack } from 'aws-cdk-lib';
import type { Distribution } from 'aws-cdk-lib/aws-cloudfront';
import type { UserPool, UserPoolClient } from 'aws-cdk-lib/aws-cognito';
import { PolicyStatement, Role, ServicePrincipal } from 'aws-cdk-lib/aws-iam';
import { LogGroup, RetentionDays } from 'aws-cdk-lib/aws-logs';
import type { Bucket, CfnBucket } from 'aws-cdk-lib/aws-s3';
import { BucketDeployment, CacheControl, Source } from 'aws-cdk-lib/aws-s3-deployment';
import { webConfigSchema } from '@solutionz/shared';
import { webBuildExists, type DeploymentConfig } from './config';
import { APP_PAGE_INVALIDATION_PATHS, SITE_CACHE_CONTROL, SITE_ENTRY_FILES } from './edge-rules';
import { nagPseudo } from './nag-names';

/** What the site's deployment copies, where to, and what it tells the web app in its runtime config. */
export interface SiteDeploymentProps {
  readonly config: DeploymentConfig;
  readonly userPool: UserPool;
  readonly userPoolClient: UserPoolClient;
  readonly siteBucket: Bucket;
  /** The distribution whose cached entry files a deployment invalidates. */
  readonly distribution: Distribution;
}

/**
 * Hashed build assets are immutable and never pruned (a page loaded before a deploy may still
 * ask for them); the entry page and the runtime config are revalidated on every load.
 */
export function deploySite(stack: Stack, props: SiteDeploymentProps): void {
  const { config, siteBucket, distribution } = props;
  const webConfig = webConfigSchema.parse({
    stage: config.stage,
    apiBase: '/api',
    auth: {
      region: stack.region,
      userPoolId: props.userPool.userPoolId,
      userPoolClientId: props.userPoolClient.userPoolClientId,
      authFlowType: 'USER_SRP_AUTH',
    },
    adminEmailDomain: config.adminEmailDomain,
  });
  const hasBuild = webBuildExists(config);
  const deployer = deployerRole(stack, siteBucket);

  const assets = hasBuild
    ? new BucketDeployment(stack, 'DeployAssets', {
        destinationBucket: siteBucket,
        sources: [Source.asset(config.webDistPath, { exclude: [...SITE_ENTRY_FILES] })],
        cacheControl: [CacheControl.fromString(SITE_CACHE_CONTROL.assets)],
        prune: false,
        ...deployer,
      })
    : undefined;
  const entry = new BucketDeployment(stack, 'DeployEntry', {
    destinationBucket: siteBucket,
    sources: [
      // The built entry files (the app shell and the prerendered pages); config.json is this deployment's own.
      ...(hasBuild
        ? [Source.asset(config.webDistPath, { exclude: ['*', ...SITE_ENTRY_FILES.filter((file) => file !== 'config.json').map((file) => `!${file}`)] })]
        : []),
      Source.jsonData('config.json', webConfig),
    ],
    cacheControl: [CacheControl.fromString(SITE_CACHE_CONTROL.entry)],
    prune: false,
    distribution,
    // The page function's pages are rendered into the entry page; the prerendered pages are kept under their file's path.
    distributionPaths: [...SITE_ENTRY_FILES.map((file) => `/${file}`), ...APP_PAGE_INVALIDATION_PATHS],
    ...deployer,
  });
  // The new entry page must not point at assets that are not uploaded yet.
  if (assets) entry.node.addDependency(assets);

  for (const child of stack.node.children) {
    if (child.node.id.startsWith('Custom::CDKBucketDeployment')) {
      const suppliedByCdk = 'The deployment-time copy function is supplied by aws-cdk-lib, which picks its runtime and upgrades it';
      Validations.of(child).acknowledge(
        { id: 'AwsSolutions-L1', reason: `${suppliedByCdk}.` },
        { id: 'Serverless-LambdaLatestVersion', reason: `${suppliedByCdk}.` },
        { id: 'Serverless-LambdaTracing', reason: `${suppliedByCdk}; it runs only while CloudFormation deploys the site, with nothing to trace.` },
        { id: 'Serverless-LambdaDLQ', reason: `${suppliedByCdk}; CloudFormation calls it as a custom resource and gets its failure.` },
      );
    }
  }
}

/**
 * The copy function's role, with logs limited to its own group instead of the managed
 * AWSLambdaBasicExecutionRole; CDK adds the S3 and invalidation grants it needs.
 */
function deployerRole(stack: Stack, siteBucket: Bucket): { role: Role; logGroup: LogGroup } {
  const logGroup = new LogGroup(stack, 'DeployLogs', { retention: RetentionDays.ONE_MONTH });
  const role = new Role(stack, 'DeployRole', { assumedBy: new ServicePrincipal('lambda.amazonaws.com') });
  role.addToPolicy(new PolicyStatement({ actions: ['logs:CreateLogStream', 'logs:PutLogEvents'], resources: [logGroup.logGroupArn] }));
  const { partition, account, region } = nagPseudo(stack);
  const assetBucket = `arn:${partition}:s3:::cdk-${DefaultStackSynthesizer.DEFAULT_QUALIFIER}-assets-${account}-${region}/*`;
  const siteObjects = `<${stack.getLogicalId(siteBucket.node.defaultChild as CfnBucket)}.Arn>/*`;
  const wildcards = [
    ['Action::s3:GetBucket*', 'reads the bucket settings it copies into'],
    ['Action::s3:GetObject*', 'reads the staged build from the CDK asset bucket'],
    ['Action::s3:List*', 'lists the objects it copies'],
    ['Action::s3:Abort*', 'aborts its own failed multipart uploads'],
    ['Action::s3:DeleteObject*', 'replaces objects it writes'],
    [`Resource::${assetBucket}`, 'reads the staged build, whose object names are content hashes'],
    [`Resource::${siteObjects}`, 'writes any object of the site bucket (build file names are content hashes)'],
    ['Resource::*', 'CloudFront invalidations cannot be scoped to a distribution in IAM'],
  ] as const;
  for (const [finding, why] of wildcards) {
    Validations.of(role).acknowledge({ id: `AwsSolutions-IAM5[${finding}]`, reason: `The site deployment ${why}.` });
  }
  return { role, logGroup };
}
