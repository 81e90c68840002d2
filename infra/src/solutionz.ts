import { Tags, Validations, type App, type Environment } from 'aws-cdk-lib';
import { AwsSolutionsChecks, ServerlessChecks } from 'cdk-nag';
import { routeList } from '@solutionz/shared';
import { AlarmTopicStack } from './alarm-topic-stack';
import { ApiStack } from './api-stack';
import { AuthStack } from './auth-stack';
import { CiStack } from './ci-stack';
import { readDeploymentConfig, type DeploymentConfig } from './config';
import { DataStack } from './data-stack';
import { EdgeAlarmsStack } from './edge-alarms-stack';
import { EDGE_REGION, EdgeStack } from './edge-stack';
import type { LambdaRelease } from './lambda-release';
import { MailStack } from './mail-stack';
import { ObservabilityStack } from './observability-stack';
import { WebStack } from './web-stack';

export interface SolutionzStacks {
  readonly config: DeploymentConfig;
  readonly alarms: AlarmTopicStack;
  readonly auth: AuthStack;
  readonly data: DataStack;
  readonly api: ApiStack;
  readonly edge: EdgeStack;
  readonly web: WebStack;
  readonly mail: MailStack;
  readonly observability: ObservabilityStack;
  readonly edgeAlarms: EdgeAlarmsStack;
  /** Only for a stage with a GitHub repository (infra/stages.ts githubRepository). */
  readonly ci?: CiStack;
}

/**
 * The stacks (docs/architecture.md#cloud) in the stage's account and region (infra/stages.ts; the account
 * of the deploying credentials when the stage names none), with the web ACL and the CloudFront alarm
 * in us-east-1, checked by cdk-nag's AwsSolutions and Serverless packs at synthesis: any
 * unacknowledged finding fails it.
 */
export function createSolutionz(app: App): SolutionzStacks {
  const config = readDeploymentConfig(app.node);
  const prefix = `Solutionz-${config.stage}`;
  const account = config.account ?? process.env.CDK_DEFAULT_ACCOUNT;
  const env: Environment = { account, region: config.region };
  const edgeEnv: Environment = { account, region: EDGE_REGION };

  const alarms = new AlarmTopicStack(app, `${prefix}-Alarms`, { env, config, description: 'Solutionz: the topic every alarm tells' });
  const auth = new AuthStack(app, `${prefix}-Auth`, { env, config, description: 'Solutionz: Cognito user pool and groups' });
  const mail = new MailStack(app, `${prefix}-Mail`, { env, config, description: 'Solutionz: SES identity and configuration sets' });
  const edge = new EdgeStack(app, `${prefix}-Edge`, {
    env: edgeEnv,
    crossRegionReferences: true,
    config,
    description: 'Solutionz: the CloudFront web ACL (us-east-1)',
  });
  const web = new WebStack(app, `${prefix}-Web`, {
    env,
    crossRegionReferences: true,
    config,
    description: 'Solutionz: CloudFront in front of the site bucket and the HTTP API',
    userPool: auth.userPool,
    userPoolClient: auth.userPoolClient,
    alarmTopic: alarms.topic,
    webAclArn: edge.webAcl.attrArn,
  });
  const data = new DataStack(app, `${prefix}-Data`, {
    env,
    config,
    description: 'Solutionz: DynamoDB table and media buckets',
    siteUrl: web.siteUrl,
    distribution: web.distribution,
  });
  const api = new ApiStack(app, `${prefix}-Api`, {
    env,
    config,
    description: 'Solutionz: HTTP API routes, JWT authorizer and Lambda functions from the shared route table',
    httpApi: web.httpApi,
    siteUrl: web.siteUrl,
    table: data.table,
    userPool: auth.userPool,
    userPoolClient: auth.userPoolClient,
    serverClient: auth.serverClient,
    mailIdentity: mail.identity,
    mailConfigurationSet: mail.configurationSet,
    mailBulkConfigurationSet: mail.bulkConfigurationSet,
    alarmTopic: alarms.topic,
    originSecret: web.originSecret,
    distributionId: web.distribution.distributionId,
  });
  const releases = new Map<string, LambdaRelease>([
    ...[...api.functions].map(([area, fn]) => [area, fn.release] as const),
    ['pages', web.pages.release] as const,
    ['jobAlerts', api.jobAlerts.release] as const,
    ['messageMails', api.messageMails.release] as const,
    ['credentialReminders', api.credentialReminders.release] as const,
  ]);
  const observability = new ObservabilityStack(app, `${prefix}-Observability`, {
    env,
    config,
    description: 'Solutionz: alarms, dashboards and the cost budget',
    alarmTopic: alarms.topic,
    httpApi: web.httpApi,
    releases,
    apiAreas: new Set(routeList.map((route) => route.area)),
    table: data.table,
    jobAlerts: api.jobAlerts.function,
    jobAlertsFailedRecords: api.jobAlerts.failedRecords,
    mailConfigurationSets: [mail.configurationSet, mail.bulkConfigurationSet],
  });
  const edgeAlarms = new EdgeAlarmsStack(app, `${prefix}-EdgeAlarms`, {
    env: edgeEnv,
    crossRegionReferences: true,
    config,
    description: "Solutionz: the CloudFront distribution's 5xx alarm (us-east-1, where its metrics are)",
    distributionId: web.distribution.distributionId,
  });
  const { githubRepository } = config;
  const ci = githubRepository
    ? new CiStack(app, `${prefix}-Ci`, { env, config: { ...config, githubRepository }, description: 'Solutionz: the role GitHub Actions deploys with (OIDC)' })
    : undefined;

  Tags.of(app).add('project', 'solutionz');
  Tags.of(app).add('stage', config.stage);
  Validations.of(app).addPlugins(new AwsSolutionsChecks(app), new ServerlessChecks(app));

  return { config, alarms, auth, data, api, edge, web, mail, observability, edgeAlarms, ...(ci ? { ci } : {}) };
}
