import { writeFileSync } from 'node:fs';
import { webConfigSchema, type WebConfig } from '@solutionz/shared';
import { LOCAL_DISTRIBUTION_ID } from './edge';
import { LOCAL_ORIGIN_SECRET } from './origin';
import type { Ports } from './ports';
import * as s3 from './s3';
import {
  LOCAL_ADMIN_EMAIL_DOMAIN,
  LOCAL_ADMIN_NOTIFY_ADDRESS,
  LOCAL_MAIL_FROM,
  LOCAL_REGION,
  LOCAL_STAGE,
  LOCAL_STRIPE_WEBHOOK_SECRET,
  LOCAL_TABLE_NAME,
} from './stack-config';
import { direct } from './stack-begin';
import { LOCAL_STRIPE_SECRET_KEY } from './stripe/local-stripe';
import { localTownTable } from './town-table';
import type { UserPoolIds } from './user-pool';

/** What the local stack hands its Lambda functions and its web: their environment and the web's runtime config. */

interface LambdaEnvironmentInput {
  readonly ports: Ports;
  readonly userPool: UserPoolIds;
  /** S3 as the browser reaches it: presigned URLs carry this host. */
  readonly s3Url: string;
  readonly postcodeDataDir: string | undefined;
  /** The local edge serves the site: purges reach it through CloudFront's API. */
  readonly edge: boolean;
}

/** The environment the Lambda handlers run with, as the cloud's functions get theirs, pointed at the local servers. */
export function lambdaEnvironment({ ports, userPool, s3Url, postcodeDataDir, edge }: LambdaEnvironmentInput): Record<string, string> {
  return {
    STAGE: LOCAL_STAGE,
    TABLE_NAME: LOCAL_TABLE_NAME,
    AWS_REGION: LOCAL_REGION,
    AWS_DEFAULT_REGION: LOCAL_REGION,
    USER_POOL_ID: userPool.userPoolId,
    USER_POOL_CLIENT_ID: userPool.userPoolClientId,
    // The accounts and admin areas' own sign-ins (password and 2-step checks, 2-step setup).
    USER_POOL_SERVER_CLIENT_ID: userPool.serverClientId,
    POWERTOOLS_SERVICE_NAME: 'solutionz',
    // No embedded-metric lines in the local logs: there is no CloudWatch to read them.
    POWERTOOLS_METRICS_DISABLED: 'true',
    ORIGIN_SECRET: LOCAL_ORIGIN_SECRET,
    LOG_LEVEL: process.env.LOG_LEVEL ?? 'WARN',
    // One key pair for every emulator: s3rver accepts only its own, the others accept anything.
    AWS_ACCESS_KEY_ID: s3.S3RVER_CREDENTIALS.accessKeyId,
    AWS_SECRET_ACCESS_KEY: s3.S3RVER_CREDENTIALS.secretAccessKey,
    AWS_ENDPOINT_URL_DYNAMODB: direct(ports.dynamodb),
    AWS_ENDPOINT_URL_COGNITO_IDENTITY_PROVIDER: direct(ports.cognitoProxy),
    // Presigned URLs carry this host, and the browser must reach it.
    AWS_ENDPOINT_URL_S3: s3Url,
    AWS_ENDPOINT_URL_SESV2: direct(ports.ses),
    // Accounts and admin areas: links in mails open the web origin; admins get internal addresses.
    SITE_URL: `http://localhost:${ports.web}`,
    MAIL_FROM_ADDRESS: LOCAL_MAIL_FROM,
    ADMIN_EMAIL_DOMAIN: LOCAL_ADMIN_EMAIL_DOMAIN,
    ADMIN_NOTIFY_ADDRESSES: LOCAL_ADMIN_NOTIFY_ADDRESS,
    MEDIA_BUCKET_AVATARS: s3.LOCAL_BUCKETS.avatars,
    MEDIA_BUCKET_PORTFOLIO: s3.LOCAL_BUCKETS.portfolio,
    MEDIA_BUCKET_LOGOS: s3.LOCAL_BUCKETS.logos,
    // Membership: the real Stripe SDK, pointed at the local Stripe.
    STRIPE_SECRET_KEY: LOCAL_STRIPE_SECRET_KEY,
    STRIPE_WEBHOOK_SECRET: LOCAL_STRIPE_WEBHOOK_SECRET,
    STRIPE_API_URL: direct(ports.stripe),
    ...(postcodeDataDir ? { POSTCODE_DATA_DIR: postcodeDataDir } : {}),
    // The towns as the cloud's functions read them: the extract, not the 17 MB package (town-table.ts).
    TOWN_TABLE_FILE: localTownTable(),
    // Moderations and erasures purge the edge's kept answers through CloudFront's API, which the edge answers.
    ...(edge ? { DISTRIBUTION_ID: LOCAL_DISTRIBUTION_ID, AWS_ENDPOINT_URL_CLOUDFRONT: direct(ports.web) } : {}),
  };
}

/** Writes the runtime config the deployment writes into the site bucket as `/config.json`. */
export function writeWebConfig(
  file: string,
  { userPool, cognitoUrl, messagePollMs }: { userPool: UserPoolIds; cognitoUrl: string; messagePollMs: number | undefined },
): void {
  const webConfig: WebConfig = webConfigSchema.parse({
    stage: LOCAL_STAGE,
    apiBase: '/api',
    auth: {
      region: LOCAL_REGION,
      userPoolId: userPool.userPoolId,
      userPoolClientId: userPool.userPoolClientId,
      userPoolEndpoint: cognitoUrl,
      authFlowType: 'USER_PASSWORD_AUTH',
    },
    adminEmailDomain: LOCAL_ADMIN_EMAIL_DOMAIN,
    messagePollMs,
  });
  writeFileSync(file, `${JSON.stringify(webConfig, null, 2)}\n`);
}
