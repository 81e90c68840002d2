import { existsSync } from 'node:fs';
import { CfnOutput, NestedStack, Stack, Validations, type StackProps } from 'aws-cdk-lib';
import { AccessLogFormat } from 'aws-cdk-lib/aws-apigateway';
import { type CfnStage, HttpMethod, HttpRoute, HttpRouteKey, HttpStage, LogGroupLogDestination, type HttpApi } from 'aws-cdk-lib/aws-apigatewayv2';
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
import { routeKey, routeList, type Area } from '@solutionz/shared';
import { areaNeeds, METRICS_NAMESPACE } from '@solutionz/lambdas/deploy-contract';
import { AreaFunction, areaEntry } from './area-function';
import { areaGrants, configurationSetArn } from './area-grants';
import type { DeploymentConfig } from './config';
import { JobAlertsWorker } from './job-alerts-worker';
import type { MailWorkerProps } from './mail-worker';
import { MessageMailsWorker } from './message-mails-worker';
import { CredentialRemindersWorker } from './credential-reminders-worker';
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

function pascalCase(name: string): string {
  return name[0]!.toUpperCase() + name.slice(1);
}

/**
 * The HTTP API's routes, built from the shared route table and nothing else (docs/architecture.md#one-route-table):
 * one route per entry, the JWT authorizer on every route that is not public, one Lambda per area.
 */
export class ApiStack extends Stack {
  readonly stage: HttpStage;
  readonly functions: ReadonlyMap<Area, AreaFunction>;
  readonly jobAlerts: JobAlertsWorker;
  readonly messageMails: MessageMailsWorker;
  readonly credentialReminders: CredentialRemindersWorker;
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
      const needs = areaNeeds(area);
      const grants = areaGrants(this, area, props);
      // The stage's number for an area that keeps concurrency of its own (stages.ts reservedConcurrency).
      const reserved = needs.reservedConcurrency ? (config.reservedConcurrency as Partial<Record<Area, number>>)[area] : undefined;
      const fn = new AreaFunction(this, `${pascalCase(area)}Function`, {
        area,
        config,
        table,
        tableAccess: needs.table,
        alarmTopic: props.alarmTopic,
        ...(reserved !== undefined ? { reservedConcurrency: reserved } : {}),
        environment: { ...environment, ...grants.environment },
        nativeModules: grants.nativeModules,
        postcodeDataPath: needs.geocoding ? config.postcodeDataPath : undefined,
      });
      for (const statement of [readOriginSecret, ...grants.statements]) fn.function.addToRolePolicy(statement);
      for (const { finding, reason } of grants.wildcardResources) {
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
      mailConfigurationSetArn: configurationSetArn(this, props.mailBulkConfigurationSet),
    };
    this.jobAlerts = new JobAlertsWorker(this, 'JobAlerts', mailWorker);
    this.messageMails = new MessageMailsWorker(this, 'MessageMails', mailWorker);
    this.credentialReminders = new CredentialRemindersWorker(this, 'CredentialReminders', mailWorker);

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
      const pathId = path
        .split(/[^a-z0-9]+/i)
        .filter(Boolean)
        .map(pascalCase)
        .join('');
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
        return throttle
          ? [[routeKey(route), { throttlingRateLimit: throttle.rateLimit, throttlingBurstLimit: throttle.burstLimit, detailedMetricsEnabled: true }]]
          : [];
      }),
    );
    for (const route of httpRoutes) stage.node.addDependency(route);
  }
}
