import { Tags, Validations, type App } from 'aws-cdk-lib';
import { AwsSolutionsChecks } from 'cdk-nag';
import { ApiStack } from './api-stack';
import { AuthStack } from './auth-stack';
import { readDeploymentConfig, type DeploymentConfig } from './config';
import { DataStack } from './data-stack';
import { MailStack } from './mail-stack';
import { ObservabilityStack } from './observability-stack';
import { WebStack } from './web-stack';

export interface SolutionzStacks {
  readonly config: DeploymentConfig;
  readonly auth: AuthStack;
  readonly data: DataStack;
  readonly api: ApiStack;
  readonly web: WebStack;
  readonly mail: MailStack;
  readonly observability: ObservabilityStack;
}

/**
 * The stacks of DESIGN.md section 12, env-agnostic (account and region come from the deploying
 * credentials), checked by cdk-nag AwsSolutions at synthesis: any unacknowledged finding fails it.
 */
export function createSolutionz(app: App): SolutionzStacks {
  const config = readDeploymentConfig(app.node);
  const prefix = `Solutionz-${config.stage}`;

  const auth = new AuthStack(app, `${prefix}-Auth`, { config, description: 'Solutionz: Cognito user pool and groups' });
  const mail = new MailStack(app, `${prefix}-Mail`, { config, description: 'Solutionz: SES identity and configuration set' });
  const web = new WebStack(app, `${prefix}-Web`, {
    config,
    description: 'Solutionz: CloudFront in front of the site bucket and the HTTP API',
    userPool: auth.userPool,
    userPoolClient: auth.userPoolClient,
  });
  const data = new DataStack(app, `${prefix}-Data`, {
    config,
    description: 'Solutionz: DynamoDB table and media buckets',
    siteUrl: web.siteUrl,
    distribution: web.distribution,
  });
  const api = new ApiStack(app, `${prefix}-Api`, {
    config,
    description: 'Solutionz: HTTP API routes, JWT authorizer and Lambda functions from the shared route table',
    httpApi: web.httpApi,
    siteUrl: web.siteUrl,
    table: data.table,
    userPool: auth.userPool,
    userPoolClient: auth.userPoolClient,
    mailIdentity: mail.identity,
    mailConfigurationSet: mail.configurationSet,
  });
  const observability = new ObservabilityStack(app, `${prefix}-Observability`, {
    config,
    description: 'Solutionz: dashboard and alarms',
    httpApi: web.httpApi,
    functions: new Map([
      ...[...api.functions].map(([area, fn]) => [area, fn.function] as const),
      ['pages', web.pages.function] as const,
      ['jobAlerts', api.jobAlerts.function] as const,
    ]),
    table: data.table,
    jobAlertsFailedRecords: api.jobAlerts.failedRecords,
  });

  Tags.of(app).add('project', 'solutionz');
  Tags.of(app).add('stage', config.stage);
  Validations.of(app).addPlugins(new AwsSolutionsChecks(app));

  return { config, auth, data, api, web, mail, observability };
}
