import { CfnOutput, Duration, RemovalPolicy, Stack, Validations, type StackProps } from 'aws-cdk-lib';
import type { IDistribution } from 'aws-cdk-lib/aws-cloudfront';
import { AttributeType, BillingMode, StreamViewType, Table } from 'aws-cdk-lib/aws-dynamodb';
import { PolicyStatement, ServicePrincipal } from 'aws-cdk-lib/aws-iam';
import { BlockPublicAccess, Bucket, BucketEncryption, HttpMethods, ObjectOwnership, type BucketProps } from 'aws-cdk-lib/aws-s3';
import type { Construct } from 'constructs';
import { TABLE } from '@solutionz/lambdas/deploy-contract';
import { MEDIA_BUCKETS, MEDIA_PATH_PREFIX, type MediaBucketName } from '@solutionz/shared';
import { CategorySeed } from './category-seed';
import type { DeploymentConfig } from './config';

export interface DataStackProps extends StackProps {
  readonly config: DeploymentConfig;
  /** The site's origin, the only one allowed to upload (presigned POST from the browser). */
  readonly siteUrl: string;
  /** The distribution that serves the media under /media/ (Web stack); the buckets let it read. */
  readonly distribution: IDistribution;
}

/**
 * The media buckets' names, fixed by stage and account. The Web stack points CloudFront's /media/*
 * behaviours at them by these names, because it cannot refer to this stack: this stack depends on
 * the Web stack (the site origin in the buckets' CORS rules and the distribution in their policies),
 * and a reference back would make a cycle. Bucket names are global, hence the account.
 */
export function mediaBucketName(account: string, stage: string, name: MediaBucketName): string {
  return `solutionz-${stage}-${name}-${account}`;
}

/**
 * The table's name, fixed by stage: the Web stack's page function reads the table by it, for the
 * same reason CloudFront finds the media buckets by theirs (see mediaBucketName).
 */
export function tableNameOf(stage: string): string {
  return `solutionz-${stage}`;
}

/** Browser uploads land here first; the API checks them and stores what it keeps elsewhere. */
export const UPLOADS_PREFIX = 'uploads/';

/** Checked message images, per conversation, in the portfolio bucket (never served by CloudFront). */
export const MESSAGE_IMAGES_PREFIX = 'private/messages/';

/** Checked credential evidence documents, per provider, in the portfolio bucket (never served by CloudFront). */
export const CREDENTIAL_EVIDENCE_PREFIX = 'private/credentials/';

/** Private, retained, encrypted, TLS-only: the baseline every bucket of the app shares. */
export const PRIVATE_BUCKET_DEFAULTS = {
  blockPublicAccess: BlockPublicAccess.BLOCK_ALL,
  encryption: BucketEncryption.S3_MANAGED,
  enforceSSL: true,
  objectOwnership: ObjectOwnership.BUCKET_OWNER_ENFORCED,
  removalPolicy: RemovalPolicy.RETAIN,
} as const satisfies BucketProps;

export class DataStack extends Stack {
  readonly table: Table;
  readonly mediaBuckets: Record<MediaBucketName, Bucket>;
  readonly categorySeed: CategorySeed;

  constructor(scope: Construct, id: string, props: DataStackProps) {
    super(scope, id, props);
    const { config } = props;

    this.table = new Table(this, 'Table', {
      tableName: tableNameOf(config.stage),
      partitionKey: { name: TABLE.partitionKey, type: AttributeType.STRING },
      sortKey: { name: TABLE.sortKey, type: AttributeType.STRING },
      billingMode: BillingMode.PAY_PER_REQUEST,
      timeToLiveAttribute: TABLE.ttlAttribute,
      pointInTimeRecoverySpecification: { pointInTimeRecoveryEnabled: true },
      deletionProtection: true,
      removalPolicy: RemovalPolicy.RETAIN,
      // New items' images feed the job alerts worker (Api stack), as createTableInput gives local tables.
      stream: StreamViewType.NEW_IMAGE,
    });
    for (const index of TABLE.globalIndexes) {
      this.table.addGlobalSecondaryIndex({
        indexName: index.indexName,
        partitionKey: { name: index.partitionKey, type: AttributeType.STRING },
        sortKey: { name: index.sortKey, type: AttributeType.STRING },
      });
    }

    const accessLogs = new Bucket(this, 'AccessLogsBucket', {
      ...PRIVATE_BUCKET_DEFAULTS,
      lifecycleRules: [{ expiration: Duration.days(365) }],
    });
    Validations.of(accessLogs).acknowledge({
      id: 'AwsSolutions-S1',
      reason: "This bucket is the destination of the media buckets' server access logs; logging it into itself would loop.",
    });

    const mediaBucket = (name: MediaBucketName): Bucket => {
      const bucket = new Bucket(this, `${name[0]!.toUpperCase()}${name.slice(1)}Bucket`, {
        ...PRIVATE_BUCKET_DEFAULTS,
        bucketName: mediaBucketName(this.account, config.stage, name),
        versioned: true,
        serverAccessLogsBucket: accessLogs,
        serverAccessLogsPrefix: `${name}/`,
        cors: [
          {
            // Presigned POST from the site; reads go through signed URLs or CloudFront, not CORS.
            allowedMethods: [HttpMethods.POST],
            allowedOrigins: [props.siteUrl],
            allowedHeaders: ['*'],
            maxAge: 3000,
          },
        ],
        lifecycleRules: [
          // Everything in these buckets is someone's: an avatar, a portfolio's photos and videos, a logo, a
          // message's images. A deleted or replaced one (an erased account's included) keeps no old version past
          // a day, the least S3's lifecycle takes; versioning still undoes a mistake made within it.
          {
            noncurrentVersionExpiration: Duration.days(1),
            expiredObjectDeleteMarker: true,
            abortIncompleteMultipartUploadAfter: Duration.days(1),
          },
          // An upload the API was never asked to check (the browser closed, say) lapses. Originals keep the
          // metadata they came with (a photo's GPS position), so a deleted one's old versions go at once too.
          { prefix: UPLOADS_PREFIX, expiration: Duration.days(1), noncurrentVersionExpiration: Duration.days(1) },
        ],
      });
      // Origin access control: CloudFront reads what is served (media/<bucket>/...), nothing else.
      bucket.addToResourcePolicy(
        new PolicyStatement({
          principals: [new ServicePrincipal('cloudfront.amazonaws.com')],
          actions: ['s3:GetObject'],
          resources: [bucket.arnForObjects(`${MEDIA_PATH_PREFIX.slice(1)}${name}/*`)],
          conditions: { StringEquals: { 'AWS:SourceArn': props.distribution.distributionArn } },
        }),
      );
      return bucket;
    };
    this.mediaBuckets = {
      avatars: mediaBucket('avatars'),
      portfolio: mediaBucket('portfolio'),
      logos: mediaBucket('logos'),
    };

    this.categorySeed = new CategorySeed(this, 'CategorySeed', { config, table: this.table });

    new CfnOutput(this, 'TableName', { value: this.table.tableName });
    for (const name of MEDIA_BUCKETS) {
      new CfnOutput(this, `${name}BucketName`, { value: this.mediaBuckets[name].bucketName });
    }
  }
}
