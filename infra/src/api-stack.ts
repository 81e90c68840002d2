import { existsSync } from 'node:fs';
import { Aws, CfnOutput, NestedStack, Stack, Validations, type StackProps } from 'aws-cdk-lib';
import { AccessLogFormat } from 'aws-cdk-lib/aws-apigateway';
import {
  type CfnStage,
  HttpMethod,
  HttpRoute,
  HttpRouteKey,
  HttpStage,
  LogGroupLogDestination,
  type HttpApi,
} from 'aws-cdk-lib/aws-apigatewayv2';
import { HttpUserPoolAuthorizer } from 'aws-cdk-lib/aws-apigatewayv2-authorizers';
import { HttpLambdaIntegration } from 'aws-cdk-lib/aws-apigatewayv2-integrations';
import type { UserPool, UserPoolClient } from 'aws-cdk-lib/aws-cognito';
import type { ITable } from 'aws-cdk-lib/aws-dynamodb';
import { PolicyStatement } from 'aws-cdk-lib/aws-iam';
import { FilterPattern, LogGroup, MetricFilter, RetentionDays } from 'aws-cdk-lib/aws-logs';
import type { ISecret } from 'aws-cdk-lib/aws-secretsmanager';
import type { ConfigurationSet, EmailIdentity } from 'aws-cdk-lib/aws-ses';
import type { ITopic } from 'aws-cdk-lib/aws-sns';
import type { Construct } from 'constructs';
import { routeKey, routeList, type Area, type MediaBucketName } from '@solutionz/shared';
import { METRICS_NAMESPACE } from '@solutionz/lambdas/http/telemetry';
import { AreaFunction, areaEntry, type TableAccess } from './area-function';
import type { DeploymentConfig } from './config';
import { MESSAGE_IMAGES_PREFIX, mediaBucketName, UPLOADS_PREFIX } from './data-stack';
import { JobAlertsWorker } from './job-alerts-worker';
import type { MailWorkerProps } from './mail-worker';
import { MessageMailsWorker } from './message-mails-worker';
import { ROUTE_THROTTLES } from './route-throttles';

export interface ApiStackProps extends StackProps {
  readonly config: DeploymentConfig;
  /** Created with the distribution (Web stack); this stack gives it its stage and routes. */
  readonly httpApi: HttpApi;
  /** The site's origin, for links in mails. */
  readonly siteUrl: string;
  readonly table: ITable;
  readonly userPool: UserPool;
  readonly userPoolClient: UserPoolClient;
  /** The server's app client (Auth stack): the accounts and admin areas sign people in through it to check their password. */
  readonly serverClient: UserPoolClient;
  readonly mailIdentity: EmailIdentity;
  readonly mailConfigurationSet: ConfigurationSet;
  /** Job alerts go through it, apart from account mail. */
  readonly mailBulkConfigurationSet: ConfigurationSet;
  readonly alarmTopic: ITopic;
  /** What CloudFront sends in the origin header (Web stack); every area function reads it. */
  readonly originSecret: ISecret;
  /**
   * The web distribution (Web stack, which this stack already follows): the accounts and admin areas purge
   * the cached public answers an erasure or a moderation changes (lambdas/src/services/public-copies.ts).
   */
  readonly distributionId: string;
}

/** Where API Gateway's own throttling and the services' limits (429 answers) are counted, from the access log. */
export const API_TOO_MANY_REQUESTS_METRIC = 'ApiTooManyRequests';

/**
 * What each area does with the table. Areas that only answer questions get read actions only; the
 * health check none at all.
 */
export const TABLE_ACCESS: Record<Area, TableAccess> = {
  system: 'none',
  categories: 'read',
  accounts: 'readWrite',
  profiles: 'readWrite',
  directory: 'readWrite',
  feedback: 'readWrite',
  jobs: 'readWrite',
  membership: 'readWrite',
  stripeWebhook: 'readWrite',
  admin: 'readWrite',
  messages: 'readWrite',
};

/** What an area needs beyond the table: its own variables (lambdas/src/area-config.ts) and grants. */
interface AreaNeeds {
  readonly environment?: Record<string, string>;
  readonly statements?: PolicyStatement[];
  /** Packages with native code that are installed into the function rather than bundled. */
  readonly nativeModules?: string[];
  /** Object keys a grant ends in `*` for, with why (cdk-nag AwsSolutions-IAM5). */
  readonly wildcardResources?: { readonly finding: string; readonly reason: string }[];
}

/**
 * Where a person's files of one media bucket are (lambdas/src/services/profiles/avatar-keys.ts and
 * portfolio-keys.ts): uploads, and what is served.
 */
const mediaPrefixes = (name: MediaBucketName) => [`${UPLOADS_PREFIX}${name}/`, `media/${name}/`];

/**
 * Object actions on a media bucket's file prefixes, and listing only there: without s3:ListBucket a
 * missing object reads as 403 instead of 404. The bucket is found by its name (see mediaBucketName), as
 * CloudFront finds it.
 */
function mediaFileAccess(stage: string, name: MediaBucketName, actions: string[]): Required<Pick<AreaNeeds, 'statements' | 'wildcardResources'>> {
  const bucketArn = `arn:${Aws.PARTITION}:s3:::${mediaBucketName(Aws.ACCOUNT_ID, stage, name)}`;
  const findingBucket = `arn:<AWS::Partition>:s3:::${mediaBucketName('<AWS::AccountId>', stage, name)}`;
  const prefixes = mediaPrefixes(name);
  return {
    statements: [
      new PolicyStatement({ actions, resources: prefixes.map((prefix) => `${bucketArn}/${prefix}*`) }),
      new PolicyStatement({
        actions: ['s3:ListBucket'],
        resources: [bucketArn],
        conditions: { StringLike: { 's3:prefix': prefixes.map((prefix) => `${prefix}*`) } },
      }),
    ],
    wildcardResources: prefixes.map((prefix) => ({
      finding: `Resource::${findingBucket}/${prefix}*`,
      reason: `Files have random names under ${prefix}<user id>/; the grant is limited to that prefix of the ${name} bucket.`,
    })),
  };
}

/**
 * Message images (lambdas/src/services/messages/message-image-keys.ts) are kept in the portfolio bucket under
 * prefixes CloudFront never serves: uploads per person, checked images per conversation.
 */
const MESSAGE_IMAGE_PREFIXES = [`${UPLOADS_PREFIX}messages/`, MESSAGE_IMAGES_PREFIX];

/** Object actions on the message image prefixes of the portfolio bucket, and listing only there. */
function messageImageAccess(stage: string, actions: string[]): Required<Pick<AreaNeeds, 'statements' | 'wildcardResources'>> {
  const bucketArn = `arn:${Aws.PARTITION}:s3:::${mediaBucketName(Aws.ACCOUNT_ID, stage, 'portfolio')}`;
  const findingBucket = `arn:<AWS::Partition>:s3:::${mediaBucketName('<AWS::AccountId>', stage, 'portfolio')}`;
  return {
    statements: [
      new PolicyStatement({ actions, resources: MESSAGE_IMAGE_PREFIXES.map((prefix) => `${bucketArn}/${prefix}*`) }),
      new PolicyStatement({
        actions: ['s3:ListBucket'],
        resources: [bucketArn],
        conditions: { StringLike: { 's3:prefix': MESSAGE_IMAGE_PREFIXES.map((prefix) => `${prefix}*`) } },
      }),
    ],
    wildcardResources: MESSAGE_IMAGE_PREFIXES.map((prefix) => ({
      finding: `Resource::${findingBucket}/${prefix}*`,
      reason: `Message images have random names under ${prefix}<user or conversation id>/; the grant is limited to that prefix of the portfolio bucket.`,
    })),
  };
}

/** Several buckets' grants as one area's needs. */
function combined(...grants: Required<Pick<AreaNeeds, 'statements' | 'wildcardResources'>>[]): Required<Pick<AreaNeeds, 'statements' | 'wildcardResources'>> {
  return { statements: grants.flatMap((grant) => grant.statements), wildcardResources: grants.flatMap((grant) => grant.wildcardResources) };
}

/** The areas whose services place typed locations (DESIGN.md section 6): their functions carry the geo tables. */
export const GEOCODING_AREAS: ReadonlySet<Area> = new Set(['accounts', 'profiles', 'directory', 'jobs']);

function pascalCase(name: string): string {
  return name[0]!.toUpperCase() + name.slice(1);
}

/**
 * The HTTP API's routes, built from the shared route table and nothing else (DESIGN.md section 2):
 * one route per entry, the JWT authorizer on every route that is not public, one Lambda per area.
 */
export class ApiStack extends Stack {
  readonly stage: HttpStage;
  readonly functions: ReadonlyMap<Area, AreaFunction>;
  readonly jobAlerts: JobAlertsWorker;
  readonly messageMails: MessageMailsWorker;
  /** 429 answers, counted from the access log (no HTTP API metric gives them). */
  readonly tooManyRequests: MetricFilter;
  /**
   * The routes, their integrations and API Gateway's permissions to invoke the functions, in a nested stack of
   * their own: two routes a path (its methods and the ANY that answers 405) grow with the route table, and a
   * CloudFormation stack holds at most 500 resources, which the functions, their alarms and releases already
   * take a good share of.
   */
  readonly routes: NestedStack;

  constructor(scope: Construct, id: string, props: ApiStackProps) {
    super(scope, id, props);
    const { config, httpApi, table, userPool, userPoolClient } = props;

    const accessLogs = new LogGroup(this, 'AccessLogs', { retention: RetentionDays.THREE_MONTHS });
    this.tooManyRequests = new MetricFilter(this, 'TooManyRequests', {
      logGroup: accessLogs,
      filterPattern: FilterPattern.numberValue('$.status', '=', 429),
      metricNamespace: METRICS_NAMESPACE,
      metricName: API_TOO_MANY_REQUESTS_METRIC,
      dimensions: { stage: '$.stage' },
      metricValue: '1',
    });
    this.stage = new HttpStage(this, 'DefaultStage', {
      httpApi,
      stageName: '$default',
      autoDeploy: true,
      throttle: config.apiThrottle,
      // Per-route request counts, errors and latency (the Observability stack's routes dashboard).
      detailedMetricsEnabled: true,
      accessLogSettings: {
        destination: new LogGroupLogDestination(accessLogs),
        format: AccessLogFormat.custom(
          JSON.stringify({
            requestId: '$context.requestId',
            ip: '$context.identity.sourceIp',
            requestTime: '$context.requestTime',
            routeKey: '$context.routeKey',
            status: '$context.status',
            responseLength: '$context.responseLength',
            latencyMs: '$context.responseLatency',
            integrationError: '$context.integrationErrorMessage',
            authorizerError: '$context.authorizer.error',
            userAgent: '$context.identity.userAgent',
            stage: config.stage,
          }),
        ),
      },
    });

    const authorizer = new HttpUserPoolAuthorizer('CognitoAuthorizer', userPool, {
      userPoolClients: [userPoolClient],
      authorizerName: 'cognito-jwt',
    });

    const environment = {
      STAGE: config.stage,
      TABLE_NAME: table.tableName,
      USER_POOL_ID: userPool.userPoolId,
      USER_POOL_CLIENT_ID: userPoolClient.userPoolClientId,
      LOG_LEVEL: 'INFO',
      ORIGIN_SECRET_ARN: props.originSecret.secretArn,
    };
    // Every area reads the origin secret's versions (current, pending, previous) to check CloudFront's header.
    const readOriginSecret = new PolicyStatement({ actions: ['secretsmanager:GetSecretValue'], resources: [props.originSecret.secretArn] });

    const functions = new Map<Area, AreaFunction>();
    const integrations = new Map<Area, HttpLambdaIntegration>();
    for (const area of new Set(routeList.map((route) => route.area))) {
      if (!existsSync(areaEntry(area))) {
        const served = routeList.filter((route) => route.area === area).map(routeKey);
        throw new Error(`The route table gives area "${area}" (${served.join(', ')}) but ${areaEntry(area)} does not exist`);
      }
      const needs = this.areaNeeds(area, props);
      const fn = new AreaFunction(this, `${pascalCase(area)}Function`, {
        area,
        config,
        table,
        tableAccess: TABLE_ACCESS[area],
        alarmTopic: props.alarmTopic,
        // The webhook always has room: a membership changes only through it.
        ...(area === 'stripeWebhook' ? { reservedConcurrency: config.reservedConcurrency.stripeWebhook } : {}),
        environment: { ...environment, ...needs.environment },
        nativeModules: needs.nativeModules,
        postcodeDataPath: GEOCODING_AREAS.has(area) ? config.postcodeDataPath : undefined,
      });
      for (const statement of [readOriginSecret, ...(needs.statements ?? [])]) fn.function.addToRolePolicy(statement);
      for (const { finding, reason } of needs.wildcardResources ?? []) {
        Validations.of(fn.function.role!).acknowledge({ id: `AwsSolutions-IAM5[${finding}]`, reason });
      }
      functions.set(area, fn);
      // One invoke permission per function for this API (any of its routes), not one per route: with ~180
      // routes the per-route permissions alone would pass CloudFormation's 500 resources of a stack.
      integrations.set(area, new HttpLambdaIntegration(`${pascalCase(area)}Integration`, fn.release.alias, { scopePermissionToRoute: false }));
    }
    this.functions = functions;

    // The mail workers send through the bulk configuration set (apart from account mail), with the same settings.
    const mailWorker: MailWorkerProps = {
      config,
      alarmTopic: props.alarmTopic,
      table,
      siteUrl: props.siteUrl,
      mailFromAddress: config.mailFromAddress,
      mailIdentityArn: props.mailIdentity.emailIdentityArn,
      mailConfigurationSetName: props.mailBulkConfigurationSet.configurationSetName,
      mailConfigurationSetArn: this.configurationSetArn(props.mailBulkConfigurationSet),
    };
    this.jobAlerts = new JobAlertsWorker(this, 'JobAlerts', mailWorker);
    this.messageMails = new MessageMailsWorker(this, 'MessageMails', mailWorker);

    this.routes = new NestedStack(this, 'Routes');
    const httpRoutes: HttpRoute[] = [];
    for (const route of routeList) {
      const isPublic = route.access === 'public';
      const httpRoute = new HttpRoute(this.routes, `Route${pascalCase(route.name)}`, {
        httpApi,
        routeKey: HttpRouteKey.with(route.path, HttpMethod[route.method]),
        integration: integrations.get(route.area)!,
        authorizer: isPublic ? undefined : authorizer,
      });
      httpRoutes.push(httpRoute);
      if (isPublic) {
        Validations.of(httpRoute).acknowledge({
          id: 'AwsSolutions-APIG4',
          reason: `${routeKey(route)} is public in the route table (${route.summary}); its callers are not signed in.`,
        });
      }
    }

    // A known path asked with a method it does not have answers 405 with an Allow header, as the local
    // gateway does: an ANY route per path sends those requests to an area function, whose router knows
    // the whole table; API Gateway prefers a route's own method over ANY, so nothing else changes.
    for (const path of new Set(routeList.map((route) => route.path))) {
      const owner = routeList.find((route) => route.path === path)!;
      const pathId = path.split(/[^a-z0-9]+/i).filter(Boolean).map(pascalCase).join('');
      const anyRoute = new HttpRoute(this.routes, `OtherMethods${pathId}`, {
        httpApi,
        routeKey: HttpRouteKey.with(path, HttpMethod.ANY),
        integration: integrations.get(owner.area)!,
      });
      Validations.of(anyRoute).acknowledge({
        id: 'AwsSolutions-APIG4',
        reason: `ANY ${path} only answers 405 Method Not Allowed for the methods the route table does not give this path.`,
      });
    }

    this.throttleRoutes(httpRoutes);
    new CfnOutput(this, 'ApiUrl', { value: this.stage.url });
  }

  /** ROUTE_THROTTLES on the stage; the routes must exist before the stage names them. */
  private throttleRoutes(httpRoutes: HttpRoute[]): void {
    const stage = this.stage.node.defaultChild as CfnStage;
    stage.routeSettings = Object.fromEntries(
      routeList.flatMap((route) => {
        const throttle = ROUTE_THROTTLES[route.name];
        return throttle ? [[routeKey(route), { throttlingRateLimit: throttle.rateLimit, throttlingBurstLimit: throttle.burstLimit, detailedMetricsEnabled: true }]] : [];
      }),
    );
    for (const route of httpRoutes) stage.node.addDependency(route);
  }

  /**
   * Reading secrets at cold start (the SSM parameter names go in the environment, never the values):
   * GetParameter and GetParameters (the secrets adapter reads a function's secrets in one call) on
   * exactly those parameters. They are SecureStrings under the AWS managed key, whose key policy lets
   * SSM decrypt for any principal of the account, so no KMS grant is needed.
   */
  private secretParameters(secrets: Record<string, string>): Pick<AreaNeeds, 'environment' | 'statements'> {
    const parameterArn = (name: string) => this.formatArn({ service: 'ssm', resource: 'parameter', resourceName: name.replace(/^\//, '') });
    return {
      environment: secrets,
      statements: [new PolicyStatement({ actions: ['ssm:GetParameter', 'ssm:GetParameters'], resources: Object.values(secrets).map(parameterArn) })],
    };
  }

  private configurationSetArn(set: ConfigurationSet): string {
    return this.formatArn({ service: 'ses', resource: 'configuration-set', resourceName: set.configurationSetName });
  }

  private areaNeeds(area: Area, props: ApiStackProps): AreaNeeds {
    const { config, userPool } = props;
    // The accounts and admin areas' own sign-ins: password and 2-step checks, and setting 2-step up.
    const serverSignIn = { USER_POOL_SERVER_CLIENT_ID: props.serverClient.userPoolClientId };
    const stripeKey = { STRIPE_SECRET_KEY_PARAMETER: config.stripeSecretKeyParameter };
    // Accounts are created and changed by our API, never by the browser (DESIGN.md section 4).
    const manageUsers = new PolicyStatement({
      actions: [
        'cognito-idp:AdminCreateUser',
        'cognito-idp:AdminSetUserPassword',
        'cognito-idp:AdminAddUserToGroup',
        'cognito-idp:AdminUpdateUserAttributes',
        'cognito-idp:AdminDeleteUser',
      ],
      resources: [userPool.userPoolArn],
    });
    const avatarsBucket = mediaBucketName(Aws.ACCOUNT_ID, config.stage, 'avatars');
    const portfolioBucket = mediaBucketName(Aws.ACCOUNT_ID, config.stage, 'portfolio');
    const logosBucket = mediaBucketName(Aws.ACCOUNT_ID, config.stage, 'logos');
    // The accounts and admin areas mail people: links open the site; admins' sign-ins live in their own domain.
    const mailEnvironment = {
      SITE_URL: props.siteUrl,
      ADMIN_EMAIL_DOMAIN: config.adminEmailDomain,
      MAIL_FROM_ADDRESS: config.mailFromAddress,
      MAIL_CONFIGURATION_SET: props.mailConfigurationSet.configurationSetName,
      ...(config.adminNotifyAddresses ? { ADMIN_NOTIFY_ADDRESSES: config.adminNotifyAddresses } : {}),
    };
    // Invalidations of the web distribution alone (the action takes a distribution's ARN); the paths are the code's to choose.
    const purgePublicCopies: Pick<AreaNeeds, 'environment' | 'statements'> = {
      environment: { DISTRIBUTION_ID: props.distributionId },
      statements: [
        new PolicyStatement({
          actions: ['cloudfront:CreateInvalidation'],
          resources: [this.formatArn({ service: 'cloudfront', region: '', resource: 'distribution', resourceName: props.distributionId })],
        }),
      ],
    };
    const sendMail = new PolicyStatement({
      actions: ['ses:SendEmail'],
      resources: [props.mailIdentity.emailIdentityArn, this.configurationSetArn(props.mailConfigurationSet)],
      conditions: { StringEquals: { 'ses:FromAddress': config.mailFromAddress } },
    });
    switch (area) {
      case 'accounts': {
        const personFiles = combined(
          mediaFileAccess(config.stage, 'avatars', ['s3:DeleteObject']),
          mediaFileAccess(config.stage, 'portfolio', ['s3:DeleteObject']),
          mediaFileAccess(config.stage, 'logos', ['s3:DeleteObject']),
          messageImageAccess(config.stage, ['s3:DeleteObject']),
        );
        // Deleting an account cancels its membership at Stripe.
        const stripe = this.secretParameters(stripeKey);
        return {
          environment: {
            ...mailEnvironment,
            ...serverSignIn,
            MEDIA_BUCKET_AVATARS: avatarsBucket,
            MEDIA_BUCKET_PORTFOLIO: portfolioBucket,
            MEDIA_BUCKET_LOGOS: logosBucket,
            ...stripe.environment,
            ...purgePublicCopies.environment,
          },
          statements: [
            manageUsers,
            // The security tab: sign out everywhere, turn 2-step verification off. Setting it up
            // (AssociateSoftwareToken, VerifySoftwareToken) acts with the token of a sign-in with the
            // person's password through the server client, not this role.
            new PolicyStatement({
              actions: ['cognito-idp:AdminUserGlobalSignOut', 'cognito-idp:AdminSetUserMFAPreference'],
              resources: [userPool.userPoolArn],
            }),
            // Account deletion removes the person's pictures, portfolio files and a business's logo.
            ...personFiles.statements,
            ...stripe.statements!,
            sendMail,
            // An erasure purges the provider's cached page, or the job board that listed the client's jobs.
            ...purgePublicCopies.statements!,
          ],
          wildcardResources: personFiles.wildcardResources,
        };
      }
      case 'admin': {
        // The first-admin setup token, read from its SecureString at cold start (only the local and test stages go without).
        const setupToken = config.adminSetupTokenParameter ? this.secretParameters({ ADMIN_SETUP_TOKEN_PARAMETER: config.adminSetupTokenParameter }) : undefined;
        // Deleting a user is the same erasure as their own (files, Stripe); creating a business stores its logo.
        const files = combined(
          mediaFileAccess(config.stage, 'avatars', ['s3:DeleteObject']),
          mediaFileAccess(config.stage, 'portfolio', ['s3:DeleteObject']),
          mediaFileAccess(config.stage, 'logos', ['s3:GetObject', 's3:PutObject', 's3:DeleteObject']),
          messageImageAccess(config.stage, ['s3:DeleteObject']),
        );
        const stripe = this.secretParameters(stripeKey);
        return {
          environment: {
            ...mailEnvironment,
            ...serverSignIn,
            REQUIRE_ADMIN_MFA: String(config.requireAdminMfa),
            MEDIA_BUCKET_AVATARS: avatarsBucket,
            MEDIA_BUCKET_PORTFOLIO: portfolioBucket,
            MEDIA_BUCKET_LOGOS: logosBucket,
            ...stripe.environment,
            ...setupToken?.environment,
            ...purgePublicCopies.environment,
          },
          statements: [
            manageUsers,
            // Deactivation disables the sign-in and ends its sessions; a type change moves it between groups; the
            // admin 2-step rule reads the acting admin's MFA settings.
            new PolicyStatement({
              actions: ['cognito-idp:AdminDisableUser', 'cognito-idp:AdminEnableUser', 'cognito-idp:AdminUserGlobalSignOut', 'cognito-idp:AdminRemoveUserFromGroup', 'cognito-idp:AdminGetUser'],
              resources: [userPool.userPoolArn],
            }),
            ...files.statements,
            ...stripe.statements!,
            sendMail,
            ...(setupToken?.statements ?? []),
            // Moderations purge the cached public answers they change.
            ...purgePublicCopies.statements!,
          ],
          wildcardResources: files.wildcardResources,
          // Logos are checked and re-encoded with sharp, as profile pictures are.
          nativeModules: ['sharp'],
        };
      }
      case 'profiles':
        return {
          environment: { MEDIA_BUCKET_AVATARS: avatarsBucket, MEDIA_BUCKET_PORTFOLIO: portfolioBucket },
          // Presigned uploads are signed by this role, so it needs PutObject where the browser writes.
          ...combined(
            mediaFileAccess(config.stage, 'avatars', ['s3:GetObject', 's3:PutObject', 's3:DeleteObject']),
            mediaFileAccess(config.stage, 'portfolio', ['s3:GetObject', 's3:PutObject', 's3:DeleteObject']),
          ),
          // sharp's prebuilt libvips (TOOLCHAIN.md).
          nativeModules: ['sharp'],
        };
      case 'messages':
        return {
          environment: { MEDIA_BUCKET_PORTFOLIO: portfolioBucket },
          // Presigned uploads are signed by this role; checked images are written and read back by it.
          ...messageImageAccess(config.stage, ['s3:GetObject', 's3:PutObject', 's3:DeleteObject']),
          // Images are checked and re-encoded with sharp, as portfolio images are.
          nativeModules: ['sharp'],
        };
      case 'membership': {
        const stripe = this.secretParameters(stripeKey);
        // Stripe Checkout and the customer portal send the person back to the site.
        return { environment: { SITE_URL: props.siteUrl, ...stripe.environment }, statements: stripe.statements };
      }
      case 'stripeWebhook':
        return this.secretParameters({ ...stripeKey, STRIPE_WEBHOOK_SECRET_PARAMETER: config.stripeWebhookSecretParameter });
      default:
        return {};
    }
  }
}
