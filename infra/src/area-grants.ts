import { Aws, type Stack } from 'aws-cdk-lib';
import type { UserPool, UserPoolClient } from 'aws-cdk-lib/aws-cognito';
import { PolicyStatement } from 'aws-cdk-lib/aws-iam';
import type { ConfigurationSet, EmailIdentity } from 'aws-cdk-lib/aws-ses';
import type { Area, MediaBucketName } from '@solutionz/shared';
import { areaNeeds, MEDIA_BUCKET_VARIABLES, SECRET_PARAMETER_VARIABLES, type AreaNeeds } from '@solutionz/lambdas/deploy-contract';
import type { DeploymentConfig } from './config';
import { CREDENTIAL_EVIDENCE_PREFIX, MESSAGE_IMAGES_PREFIX, mediaBucketName, UPLOADS_PREFIX } from './data-stack';

/** What an area's function is given for its needs (AREA_NEEDS in lambdas): variables and grants. */
export interface AreaGrants {
  readonly environment: Record<string, string>;
  readonly statements: PolicyStatement[];
  readonly nativeModules?: string[];
  /** Object keys a grant ends in `*` for, with why (cdk-nag AwsSolutions-IAM5). */
  readonly wildcardResources: { readonly finding: string; readonly reason: string }[];
}

/** What the stacks made that the needs point at. */
export interface AreaGrantProps {
  readonly config: DeploymentConfig;
  /** The site's origin, for links in mails. */
  readonly siteUrl: string;
  readonly userPool: UserPool;
  readonly serverClient: UserPoolClient;
  readonly mailIdentity: EmailIdentity;
  readonly mailConfigurationSet: ConfigurationSet;
  readonly distributionId: string;
}

type FileAccess = Pick<AreaGrants, 'statements' | 'wildcardResources'>;

/** Where a person's files of one media bucket are: uploads, and what is served. */
const mediaPrefixes = (name: MediaBucketName) => [`${UPLOADS_PREFIX}${name}/`, `media/${name}/`];

/**
 * Message images are kept in the portfolio bucket under prefixes CloudFront never serves: uploads per person,
 * checked images per conversation.
 */
const MESSAGE_IMAGE_PREFIXES = [`${UPLOADS_PREFIX}messages/`, MESSAGE_IMAGES_PREFIX];
/** Credential evidence documents, the same way: uploads and checked documents per provider. */
const CREDENTIAL_EVIDENCE_PREFIXES = [`${UPLOADS_PREFIX}credentials/`, CREDENTIAL_EVIDENCE_PREFIX];

/**
 * Object actions under some prefixes of a media bucket, and listing only there: without s3:ListBucket a missing
 * object reads as 403 instead of 404. The bucket is found by its name (see mediaBucketName), as CloudFront finds it.
 */
function prefixAccess(stage: string, bucket: MediaBucketName, prefixes: string[], actions: readonly string[], reason: (prefix: string) => string): FileAccess {
  const bucketArn = `arn:${Aws.PARTITION}:s3:::${mediaBucketName(Aws.ACCOUNT_ID, stage, bucket)}`;
  const findingBucket = `arn:<AWS::Partition>:s3:::${mediaBucketName('<AWS::AccountId>', stage, bucket)}`;
  return {
    statements: [
      new PolicyStatement({ actions: [...actions], resources: prefixes.map((prefix) => `${bucketArn}/${prefix}*`) }),
      new PolicyStatement({
        actions: ['s3:ListBucket'],
        resources: [bucketArn],
        conditions: { StringLike: { 's3:prefix': prefixes.map((prefix) => `${prefix}*`) } },
      }),
    ],
    wildcardResources: prefixes.map((prefix) => ({ finding: `Resource::${findingBucket}/${prefix}*`, reason: reason(prefix) })),
  };
}

function fileAccess(stage: string, media: NonNullable<AreaNeeds['media']>): FileAccess {
  const grants = (Object.keys(media) as (keyof typeof media)[]).map((name) =>
    name === 'messageImages'
      ? prefixAccess(
          stage,
          'portfolio',
          MESSAGE_IMAGE_PREFIXES,
          media[name]!,
          (prefix) =>
            `Message images have random names under ${prefix}<user or conversation id>/; the grant is limited to that prefix of the portfolio bucket.`,
        )
      : name === 'credentialEvidence'
        ? prefixAccess(
            stage,
            'portfolio',
            CREDENTIAL_EVIDENCE_PREFIXES,
            media[name]!,
            (prefix) => `Evidence documents have random names under ${prefix}<provider id>/; the grant is limited to that prefix of the portfolio bucket.`,
          )
        : prefixAccess(
            stage,
            name,
            mediaPrefixes(name),
            media[name]!,
            (prefix) => `Files have random names under ${prefix}<user id>/; the grant is limited to that prefix of the ${name} bucket.`,
          ),
  );
  return { statements: grants.flatMap((grant) => grant.statements), wildcardResources: grants.flatMap((grant) => grant.wildcardResources) };
}

/** The buckets whose names the function is told: those it touches files of (message images are in the portfolio bucket). */
function bucketVariables(stage: string, media: NonNullable<AreaNeeds['media']>): Record<string, string> {
  const buckets = new Set<MediaBucketName>(
    (Object.keys(media) as (keyof typeof media)[]).map((name) => (name === 'messageImages' || name === 'credentialEvidence' ? 'portfolio' : name)),
  );
  return Object.fromEntries([...buckets].map((bucket) => [MEDIA_BUCKET_VARIABLES[bucket], mediaBucketName(Aws.ACCOUNT_ID, stage, bucket)]));
}

/**
 * Reading secrets at cold start (the SSM parameter names go in the environment, never the values): GetParameter
 * and GetParameters (the secrets adapter reads a function's secrets in one call) on exactly those parameters. They
 * are SecureStrings under the AWS managed key, whose key policy lets SSM decrypt for any principal of the account,
 * so no KMS grant is needed.
 */
function secretParameters(stack: Stack, secrets: Record<string, string>): Pick<AreaGrants, 'environment' | 'statements'> {
  const parameterArn = (name: string) => stack.formatArn({ service: 'ssm', resource: 'parameter', resourceName: name.replace(/^\//, '') });
  return {
    environment: secrets,
    statements: [new PolicyStatement({ actions: ['ssm:GetParameter', 'ssm:GetParameters'], resources: Object.values(secrets).map(parameterArn) })],
  };
}

export const configurationSetArn = (stack: Stack, set: ConfigurationSet): string =>
  stack.formatArn({ service: 'ses', resource: 'configuration-set', resourceName: set.configurationSetName });

/** The variables and grants of an area's needs (AREA_NEEDS): every kind of need is turned into them here, and only here. */
export function areaGrants(stack: Stack, area: Area, props: AreaGrantProps): AreaGrants {
  const { config } = props;
  const needs = areaNeeds(area);
  const files = needs.media ? fileAccess(config.stage, needs.media) : { statements: [], wildcardResources: [] };
  const secretNames: Record<string, string | undefined> = {
    stripeSecretKey: config.stripeSecretKeyParameter,
    stripeWebhookSecret: config.stripeWebhookSecretParameter,
    adminSetupToken: config.adminSetupTokenParameter,
  };
  // Stripe's secrets are read together; the setup token only where the stage has one (local and test stages go without).
  const secretsOf = (secrets: readonly string[]) =>
    Object.fromEntries(
      secrets.flatMap((secret) =>
        secretNames[secret] ? [[SECRET_PARAMETER_VARIABLES[secret as keyof typeof SECRET_PARAMETER_VARIABLES], secretNames[secret]!]] : [],
      ),
    );
  const stripe = secretsOf((needs.secrets ?? []).filter((secret) => secret.startsWith('stripe')));
  const setupToken = secretsOf((needs.secrets ?? []).filter((secret) => secret === 'adminSetupToken'));
  const stripeGrants = Object.keys(stripe).length ? secretParameters(stack, stripe) : undefined;
  const setupTokenGrants = Object.keys(setupToken).length ? secretParameters(stack, setupToken) : undefined;
  // Invalidations of the web distribution alone (the action takes a distribution's ARN); the paths are the code's to choose.
  const purge = new PolicyStatement({
    actions: ['cloudfront:CreateInvalidation'],
    resources: [stack.formatArn({ service: 'cloudfront', region: '', resource: 'distribution', resourceName: props.distributionId })],
  });
  const sendMail = new PolicyStatement({
    actions: ['ses:SendEmail'],
    resources: [props.mailIdentity.emailIdentityArn, configurationSetArn(stack, props.mailConfigurationSet)],
    conditions: { StringEquals: { 'ses:FromAddress': config.mailFromAddress } },
  });
  return {
    environment: {
      ...(needs.mail
        ? {
            SITE_URL: props.siteUrl,
            ADMIN_EMAIL_DOMAIN: config.adminEmailDomain,
            MAIL_FROM_ADDRESS: config.mailFromAddress,
            MAIL_CONFIGURATION_SET: props.mailConfigurationSet.configurationSetName,
            ...(config.adminNotifyAddresses ? { ADMIN_NOTIFY_ADDRESSES: config.adminNotifyAddresses } : {}),
          }
        : {}),
      ...(needs.siteUrl ? { SITE_URL: props.siteUrl } : {}),
      ...(needs.serverSignIn ? { USER_POOL_SERVER_CLIENT_ID: props.serverClient.userPoolClientId } : {}),
      ...(needs.adminMfaSetting ? { REQUIRE_ADMIN_MFA: String(config.requireAdminMfa) } : {}),
      ...(needs.media ? bucketVariables(config.stage, needs.media) : {}),
      ...stripeGrants?.environment,
      ...setupTokenGrants?.environment,
      ...(needs.purgePublicCache ? { DISTRIBUTION_ID: props.distributionId } : {}),
    },
    statements: [
      ...(needs.userPool ?? []).map((actions) => new PolicyStatement({ actions: [...actions], resources: [props.userPool.userPoolArn] })),
      ...files.statements,
      ...(stripeGrants?.statements ?? []),
      ...(needs.mail ? [sendMail] : []),
      ...(setupTokenGrants?.statements ?? []),
      ...(needs.purgePublicCache ? [purge] : []),
    ],
    wildcardResources: files.wildcardResources,
    ...(needs.nativeModules ? { nativeModules: [...needs.nativeModules] } : {}),
  };
}
