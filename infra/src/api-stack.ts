import { existsSync } from 'node:fs';
import { CfnOutput, Stack, Validations, type StackProps } from 'aws-cdk-lib';
import { AccessLogFormat } from 'aws-cdk-lib/aws-apigateway';
import {
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
import { LogGroup, RetentionDays } from 'aws-cdk-lib/aws-logs';
import type { ConfigurationSet, EmailIdentity } from 'aws-cdk-lib/aws-ses';
import { StringParameter } from 'aws-cdk-lib/aws-ssm';
import type { Construct } from 'constructs';
import { routeKey, routeList, type Area } from '@solutionz/shared';
import { AreaFunction, areaEntry } from './area-function';
import type { DeploymentConfig } from './config';

export interface ApiStackProps extends StackProps {
  readonly config: DeploymentConfig;
  /** Created with the distribution (Web stack); this stack gives it its stage and routes. */
  readonly httpApi: HttpApi;
  /** The site's origin, for links in mails. */
  readonly siteUrl: string;
  readonly table: ITable;
  readonly userPool: UserPool;
  readonly userPoolClient: UserPoolClient;
  readonly mailIdentity: EmailIdentity;
  readonly mailConfigurationSet: ConfigurationSet;
}

/** What an area needs beyond the table: its own variables (lambdas/src/area-config.ts) and grants. */
interface AreaNeeds {
  readonly environment?: Record<string, string>;
  readonly statements?: PolicyStatement[];
}

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

  constructor(scope: Construct, id: string, props: ApiStackProps) {
    super(scope, id, props);
    const { config, httpApi, table, userPool, userPoolClient } = props;

    const accessLogs = new LogGroup(this, 'AccessLogs', { retention: RetentionDays.THREE_MONTHS });
    this.stage = new HttpStage(this, 'DefaultStage', {
      httpApi,
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
      const needs = this.areaNeeds(area, props);
      const fn = new AreaFunction(this, `${pascalCase(area)}Function`, {
        area,
        stage: config.stage,
        table,
        environment: { ...environment, ...needs.environment },
      });
      for (const statement of needs.statements ?? []) fn.function.addToRolePolicy(statement);
      functions.set(area, fn);
      integrations.set(area, new HttpLambdaIntegration(`${pascalCase(area)}Integration`, fn.function));
    }
    this.functions = functions;

    for (const route of routeList) {
      const isPublic = route.access === 'public';
      const httpRoute = new HttpRoute(this, `Route${pascalCase(route.name)}`, {
        httpApi,
        routeKey: HttpRouteKey.with(route.path, HttpMethod[route.method]),
        integration: integrations.get(route.area)!,
        authorizer: isPublic ? undefined : authorizer,
      });
      if (isPublic) {
        Validations.of(httpRoute).acknowledge({
          id: 'AwsSolutions-APIG4',
          reason: `${routeKey(route)} is public in the route table (${route.summary}); its callers are not signed in.`,
        });
      }
    }

    new CfnOutput(this, 'ApiUrl', { value: this.stage.url });
  }

  private areaNeeds(area: Area, props: ApiStackProps): AreaNeeds {
    const { config, userPool } = props;
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
    switch (area) {
      case 'accounts':
        return {
          environment: {
            SITE_URL: props.siteUrl,
            ADMIN_EMAIL_DOMAIN: config.adminEmailDomain,
            MAIL_FROM_ADDRESS: config.mailFromAddress,
            MAIL_CONFIGURATION_SET: props.mailConfigurationSet.configurationSetName,
          },
          statements: [
            manageUsers,
            new PolicyStatement({
              actions: ['ses:SendEmail'],
              resources: [
                props.mailIdentity.emailIdentityArn,
                this.formatArn({
                  service: 'ses',
                  resource: 'configuration-set',
                  resourceName: props.mailConfigurationSet.configurationSetName,
                }),
              ],
              conditions: { StringEquals: { 'ses:FromAddress': config.mailFromAddress } },
            }),
          ],
        };
      case 'admin':
        return {
          environment: {
            ADMIN_EMAIL_DOMAIN: config.adminEmailDomain,
            // Resolved at deploy time from an SSM String parameter the operator creates beforehand.
            ...(config.adminSetupTokenParameter
              ? { ADMIN_SETUP_TOKEN: StringParameter.valueForStringParameter(this, config.adminSetupTokenParameter) }
              : {}),
          },
          statements: [manageUsers],
        };
      default:
        return {};
    }
  }
}
