import { existsSync } from 'node:fs';
import { CfnOutput, Stack, Validations, type StackProps } from 'aws-cdk-lib';
import { AccessLogFormat } from 'aws-cdk-lib/aws-apigateway';
import {
  HttpApi,
  HttpMethod,
  HttpRoute,
  HttpRouteKey,
  HttpStage,
  LogGroupLogDestination,
} from 'aws-cdk-lib/aws-apigatewayv2';
import { HttpUserPoolAuthorizer } from 'aws-cdk-lib/aws-apigatewayv2-authorizers';
import { HttpLambdaIntegration } from 'aws-cdk-lib/aws-apigatewayv2-integrations';
import type { UserPool, UserPoolClient } from 'aws-cdk-lib/aws-cognito';
import type { ITable } from 'aws-cdk-lib/aws-dynamodb';
import { LogGroup, RetentionDays } from 'aws-cdk-lib/aws-logs';
import type { Construct } from 'constructs';
import { routeKey, routeList, type Area } from '@solutionz/shared';
import { AreaFunction, areaEntry } from './area-function';
import type { DeploymentConfig } from './config';

export interface ApiStackProps extends StackProps {
  readonly config: DeploymentConfig;
  readonly table: ITable;
  readonly userPool: UserPool;
  readonly userPoolClient: UserPoolClient;
}

function pascalCase(name: string): string {
  return name[0]!.toUpperCase() + name.slice(1);
}

/**
 * The HTTP API, built from the shared route table and nothing else (DESIGN.md section 2): one route
 * per entry, the JWT authorizer on every route that is not public, one Lambda per area.
 */
export class ApiStack extends Stack {
  readonly httpApi: HttpApi;
  readonly stage: HttpStage;
  readonly functions: ReadonlyMap<Area, AreaFunction>;

  constructor(scope: Construct, id: string, props: ApiStackProps) {
    super(scope, id, props);
    const { config, table, userPool, userPoolClient } = props;

    this.httpApi = new HttpApi(this, 'HttpApi', {
      apiName: `solutionz-${config.stage}`,
      // The browser reaches the API through CloudFront on the site's own origin, so no CORS.
      createDefaultStage: false,
    });

    const accessLogs = new LogGroup(this, 'AccessLogs', { retention: RetentionDays.THREE_MONTHS });
    this.stage = new HttpStage(this, 'DefaultStage', {
      httpApi: this.httpApi,
      stageName: '$default',
      autoDeploy: true,
      throttle: config.apiThrottle,
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
    };

    const functions = new Map<Area, AreaFunction>();
    const integrations = new Map<Area, HttpLambdaIntegration>();
    for (const area of new Set(routeList.map((route) => route.area))) {
      if (!existsSync(areaEntry(area))) {
        const served = routeList.filter((route) => route.area === area).map(routeKey);
        throw new Error(`The route table gives area "${area}" (${served.join(', ')}) but ${areaEntry(area)} does not exist`);
      }
      const fn = new AreaFunction(this, `${pascalCase(area)}Function`, { area, stage: config.stage, table, environment });
      functions.set(area, fn);
      integrations.set(area, new HttpLambdaIntegration(`${pascalCase(area)}Integration`, fn.function));
    }
    this.functions = functions;

    for (const route of routeList) {
      const isPublic = route.access === 'public';
      const httpRoute = new HttpRoute(this, `Route${pascalCase(route.name)}`, {
        httpApi: this.httpApi,
        routeKey: HttpRouteKey.with(route.path, HttpMethod[route.method]),
        integration: integrations.get(route.area)!,
        authorizer: isPublic ? undefined : authorizer,
      });
      if (isPublic) {
        Validations.of(httpRoute).acknowledge({
          id: 'AwsSolutions-APIG4',
          reason: `${routeKey(route)} is public in the route table (${route.summary}); callers are not signed in.`,
        });
      }
    }

    new CfnOutput(this, 'ApiUrl', { value: this.stage.url });
  }

  /** The API's host name, for CloudFront's `/api/*` origin. */
  get apiDomainName(): string {
    return `${this.httpApi.apiId}.execute-api.${this.region}.${this.urlSuffix}`;
  }
}
