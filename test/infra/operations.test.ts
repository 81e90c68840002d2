import { Match } from 'aws-cdk-lib/assertions';
import { beforeAll, describe, expect, it } from 'vitest';
import { ORIGIN_VERIFY_HEADER } from '@solutionz/lambdas/http/origin-guard';
import { BUSINESS_METRICS } from '@solutionz/lambdas/business-metrics';
import { TABLE } from '@solutionz/lambdas/data/table-definition';
import { routeKey, routeList } from '@solutionz/shared';
import { AREA_FUNCTION_TIMEOUT } from '../../infra/src/area-function';
import { ciRoleName } from '../../infra/src/ci-stack';
import { COUNTED_COMMON_RULES, MANAGED_RULE_GROUPS, SENSITIVE_PATH_PREFIX, SENSITIVE_ROUTES, WAF_RATE_LIMITS } from '../../infra/src/edge-stack';
import { DURATION_ALARM_SHARE, LIVE_ALIAS } from '../../infra/src/lambda-release';
import { ALARM_THRESHOLDS } from '../../infra/src/observability-stack';
import { defaultSynthesis, PRODUCTION_CONTEXT, synthesisWith, SYNTH_TIMEOUT_MS, type Synthesis } from './synth';

/* eslint-disable @typescript-eslint/no-explicit-any -- CloudFormation JSON */
type Resource = { Type: string; Properties: Record<string, any>; DependsOn?: string[] };

let dev: Synthesis;
let prod: Synthesis;

beforeAll(() => {
  dev = defaultSynthesis();
  prod = synthesisWith(PRODUCTION_CONTEXT);
}, SYNTH_TIMEOUT_MS);

const resources = (synthesis: Synthesis, stack: keyof Synthesis['templates']): Record<string, Resource> =>
  synthesis.templates[stack]!.toJSON().Resources as Record<string, Resource>;
const ofType = (synthesis: Synthesis, stack: keyof Synthesis['templates'], type: string): [string, Resource][] =>
  Object.entries(resources(synthesis, stack)).filter(([, resource]) => resource.Type === type);
const alarmsOf = (synthesis: Synthesis, stack: keyof Synthesis['templates']): Record<string, any>[] =>
  ofType(synthesis, stack, 'AWS::CloudWatch::Alarm').map(([id, alarm]) => ({ id, ...alarm.Properties }));

/** Every app function: the API areas and the job alerts worker (Api stack), the page function (Web stack). */
function appFunctions(synthesis: Synthesis) {
  const { api, web } = synthesis.stacks;
  return [
    ...[...api.functions].map(([name, fn]) => ({
      name,
      stack: 'api' as const,
      fn: fn.function,
      release: fn.release,
      timeout: AREA_FUNCTION_TIMEOUT.toSeconds(),
      isApi: true,
    })),
    { name: 'jobAlerts', stack: 'api' as const, fn: api.jobAlerts.function, release: api.jobAlerts.release, timeout: 300, isApi: false },
    { name: 'messageMails', stack: 'api' as const, fn: api.messageMails.function, release: api.messageMails.release, timeout: 50, isApi: false },
    {
      name: 'credentialReminders',
      stack: 'api' as const,
      fn: api.credentialReminders.function,
      release: api.credentialReminders.release,
      timeout: 120,
      isApi: false,
    },
    { name: 'pages', stack: 'web' as const, fn: web.pages.function, release: web.pages.release, timeout: 10, isApi: false },
  ].map((entry) => ({ ...entry, id: synthesis.stacks[entry.stack].getLogicalId(entry.fn.node.defaultChild as never) }));
}

/** A WAF byte match on the URI path, applied as WAF applies it (lower-cased first). */
/** WAF's text transformations of a path, as its documentation describes them. */
const TRANSFORM: Record<string, (path: string) => string> = {
  URL_DECODE: (path) => decodeURIComponent(path),
  // Repeated slashes, `./` and `../` resolved (not above the start).
  NORMALIZE_PATH: (path) => {
    const segments: string[] = [];
    for (const segment of path.split('/').slice(1)) {
      if (segment === '..') segments.pop();
      else if (segment !== '.' && segment !== '') segments.push(segment);
    }
    return `/${segments.join('/')}${path.endsWith('/') && segments.length > 0 ? '/' : ''}`;
  },
  LOWERCASE: (path) => path.toLowerCase(),
};

/** Whether the tighter rule's statement matches a request's path, after its transformations in their order. */
function pathMatches(statement: any, path: string): boolean {
  const { RegexString, TextTransformations, FieldToMatch } = statement.RegexMatchStatement;
  expect(FieldToMatch).toEqual({ UriPath: {} });
  const transformed = [...TextTransformations]
    .sort((a: { Priority: number }, b: { Priority: number }) => a.Priority - b.Priority)
    .reduce((text: string, { Type }: { Type: string }) => TRANSFORM[Type]!(text), path);
  return new RegExp(RegexString).test(transformed);
}

describe('protection at the edge', () => {
  it('puts a CloudFront-scoped web ACL in its own us-east-1 stack in front of the distribution', () => {
    expect(dev.stacks.edge.region).toBe('us-east-1');
    expect(dev.stacks.web.region).toBe('eu-west-2');
    const [[aclId, acl]] = ofType(dev, 'edge', 'AWS::WAFv2::WebACL') as [[string, Resource]];
    expect(acl.Properties).toMatchObject({ Scope: 'CLOUDFRONT', DefaultAction: { Allow: {} } });
    const [[, distribution]] = ofType(dev, 'web', 'AWS::CloudFront::Distribution') as [[string, Resource]];
    // A cross-region reference: the Web stack reads the Edge stack's output in us-east-1.
    expect(distribution.Properties.DistributionConfig.WebACLId).toEqual({
      'Fn::GetStackOutput': { StackName: dev.stacks.edge.stackName, Region: 'us-east-1', OutputName: expect.stringContaining('WebAcl') },
    });
    expect(JSON.stringify(dev.templates.edge.toJSON().Outputs)).toContain(aclId);
  });

  it('blocks an address above its rate with 429, tighter on the account routes and the admin setup, and uses the AWS managed groups', () => {
    const [[, acl]] = ofType(dev, 'edge', 'AWS::WAFv2::WebACL') as [[string, Resource]];
    const rules = acl.Properties.Rules as any[];
    const byName = Object.fromEntries(rules.map((rule) => [rule.Name, rule]));
    expect(Object.keys(byName).sort()).toEqual(['RatePerIp', 'RatePerIpSensitive', ...MANAGED_RULE_GROUPS].sort());
    expect(new Set(rules.map((rule) => rule.Priority)).size).toBe(rules.length);
    for (const name of ['RatePerIp', 'RatePerIpSensitive']) {
      expect(byName[name].Action).toEqual({ Block: { CustomResponse: { ResponseCode: 429 } } });
      expect(byName[name].Statement.RateBasedStatement).toMatchObject({ AggregateKeyType: 'IP', EvaluationWindowSec: WAF_RATE_LIMITS.windowSeconds });
    }
    expect(byName.RatePerIp.Statement.RateBasedStatement.Limit).toBe(WAF_RATE_LIMITS.perIp);
    expect(byName.RatePerIpSensitive.Statement.RateBasedStatement.Limit).toBe(WAF_RATE_LIMITS.sensitivePerIp);
    expect(WAF_RATE_LIMITS.sensitivePerIp).toBeLessThan(WAF_RATE_LIMITS.perIp);
    // The tighter rule is evaluated first.
    expect(byName.RatePerIpSensitive.Priority).toBeLessThan(byName.RatePerIp.Priority);

    for (const group of MANAGED_RULE_GROUPS) {
      expect(byName[group].Statement.ManagedRuleGroupStatement).toMatchObject({ VendorName: 'AWS', Name: group });
      expect(byName[group].OverrideAction).toEqual({ None: {} });
    }
    expect(byName.AWSManagedRulesCommonRuleSet.Statement.ManagedRuleGroupStatement.RuleActionOverrides).toEqual(
      COUNTED_COMMON_RULES.map((name) => ({ Name: name, ActionToUse: { Count: {} } })),
    );
  });

  it('applies the tighter rate to every route under /api/accounts/, the admin setup, claims, the e-mail and password changes, deletion and 2-step sign-in, and to no other path', () => {
    const [[, acl]] = ofType(dev, 'edge', 'AWS::WAFv2::WebACL') as [[string, Resource]];
    const sensitive = (acl.Properties.Rules as any[]).find((rule) => rule.Name === 'RatePerIpSensitive');
    const statement = sensitive.Statement.RateBasedStatement.ScopeDownStatement;
    const concrete = (path: string) => path.replace(/\{[^{}]+\}/g, 'x');
    const sensitivePaths = new Set(routeList.filter((route) => (SENSITIVE_ROUTES as readonly string[]).includes(route.name)).map((route) => route.path));
    for (const route of routeList) {
      const expected = route.path.startsWith(SENSITIVE_PATH_PREFIX) || sensitivePaths.has(route.path);
      expect(pathMatches(statement, concrete(route.path)), routeKey(route)).toBe(expected);
    }
    expect(routeList.filter((route) => route.path.startsWith('/api/accounts/')).length).toBeGreaterThan(4);
    const covered = (name: string) => pathMatches(statement, concrete(routeList.find((route) => route.name === name)!.path));
    for (const name of [
      'signup',
      'requestPasswordReset',
      'confirmEmailChange',
      'adminSetup',
      'claimBusiness',
      'inspectClaimLink',
      'completeClaim',
      'cancelClaim',
      'requestEmailChange',
      'changePassword',
      'deleteAccount',
      'setupTotp',
      'enableTotp',
      'disableTotp',
    ]) {
      expect(covered(name), name).toBe(true);
    }
    for (const name of ['getMe', 'updateProfile', 'searchBusinesses', 'listCategories']) expect(covered(name), name).toBe(false);
  });

  it('decodes and normalises the path before the tighter rule matches it, so no spelling of a path slips past', () => {
    const [[, acl]] = ofType(dev, 'edge', 'AWS::WAFv2::WebACL') as [[string, Resource]];
    const statement = (acl.Properties.Rules as any[]).find((rule) => rule.Name === 'RatePerIpSensitive').Statement.RateBasedStatement.ScopeDownStatement;
    expect(statement.RegexMatchStatement.TextTransformations).toEqual([
      { Priority: 0, Type: 'URL_DECODE' },
      { Priority: 1, Type: 'NORMALIZE_PATH' },
      { Priority: 2, Type: 'LOWERCASE' },
    ]);
    for (const path of [
      '/API/Accounts/signup',
      '/api/%61ccounts/signup',
      '/api/accounts%2Fsignup',
      '//api//accounts/password-reset',
      '/api/./accounts/signup',
      '/api/me/profile/../password',
      '/api/me/%70assword',
      '/api/businesses/b1/claim',
      '/api/businesses/b1/claim/',
      '/api/Businesses/b1/CLAIM',
      '/api/business-claims/complete',
      '/api/me/mfa/totp/enable',
      '/api/me/deletion',
      '/api/me/email-change',
    ]) {
      expect(pathMatches(statement, path), path).toBe(true);
    }
    for (const path of [
      '/api/me',
      '/api/me/profile',
      '/api/businesses/b1',
      '/api/businesses/b1/claims',
      '/api/businesses/b1/x/claim',
      '/api/me/passwords',
      '/api/jobs',
    ]) {
      expect(pathMatches(statement, path), path).toBe(false);
    }
  });

  it('keeps the web ACL logs for three months, without the bearer tokens', () => {
    const [[, logging]] = ofType(dev, 'edge', 'AWS::WAFv2::LoggingConfiguration') as [[string, Resource]];
    expect(logging.Properties.RedactedFields).toEqual([{ SingleHeader: { Name: 'authorization' } }]);
    expect(JSON.stringify(logging.Properties.LogDestinationConfigs)).toContain('log-group:aws-waf-logs-solutionz-dev');
    dev.templates.edge.hasResource('AWS::Logs::LogGroup', {
      DeletionPolicy: 'Retain',
      Properties: { LogGroupName: 'aws-waf-logs-solutionz-dev', RetentionInDays: 90 },
    });
  });

  it('sends the origin secret from Secrets Manager to the API only, resolved at deploy time, never in the template', () => {
    const [[, distribution]] = ofType(dev, 'web', 'AWS::CloudFront::Distribution') as [[string, Resource]];
    const [[secretId]] = ofType(dev, 'web', 'AWS::SecretsManager::Secret') as [[string, Resource]];
    const origins = distribution.Properties.DistributionConfig.Origins as any[];
    const withHeader = origins.filter((origin) => origin.OriginCustomHeaders);
    expect(withHeader).toHaveLength(1);
    expect(JSON.stringify(withHeader[0].DomainName)).toContain('execute-api');
    expect(withHeader[0].OriginCustomHeaders).toEqual([
      { HeaderName: ORIGIN_VERIFY_HEADER, HeaderValue: { 'Fn::Join': ['', ['{{resolve:secretsmanager:', { Ref: secretId }, ':SecretString:::}}']] } },
    ]);
    // Every API behaviour (the cached routes' and /api/*) goes to that origin.
    const behaviors = (distribution.Properties.DistributionConfig.CacheBehaviors as any[]).filter((behavior) => behavior.PathPattern.startsWith('/api/'));
    expect(behaviors.length).toBeGreaterThan(1);
    for (const behavior of behaviors) expect(behavior.TargetOriginId).toBe(withHeader[0].Id);
  });

  it('rotates the origin secret every 30 days with a function that may change this distribution only', () => {
    const [[secretId]] = ofType(dev, 'web', 'AWS::SecretsManager::Secret') as [[string, Resource]];
    const [[, schedule]] = ofType(dev, 'web', 'AWS::SecretsManager::RotationSchedule') as [[string, Resource]];
    expect(schedule.Properties).toMatchObject({
      SecretId: { Ref: secretId },
      RotationRules: { ScheduleExpression: 'rate(30 days)' },
      RotateImmediatelyOnUpdate: false,
    });
    const rotationId = schedule.Properties.RotationLambdaARN['Fn::GetAtt'][0];
    const rotation = resources(dev, 'web')[rotationId]!;
    expect(rotation.Properties.Environment.Variables.DISTRIBUTION_ID).toEqual({ Ref: expect.stringContaining('Distribution') });
    const roleId = rotation.Properties.Role['Fn::GetAtt'][0];
    const statements = ofType(dev, 'web', 'AWS::IAM::Policy')
      .filter(([, policy]) => JSON.stringify(policy.Properties.Roles).includes(roleId))
      .flatMap(([, policy]) => policy.Properties.PolicyDocument.Statement as any[]);
    const cloudfront = statements.filter((statement) => JSON.stringify(statement.Action).includes('cloudfront:'));
    expect(cloudfront).toHaveLength(1);
    expect([cloudfront[0].Action].flat().sort()).toEqual(['cloudfront:GetDistributionConfig', 'cloudfront:UpdateDistribution']);
    expect(JSON.stringify(cloudfront[0].Resource)).toMatch(/:distribution\/.*Distribution/);
  });
});

describe('throttles and concurrency', () => {
  it('keeps room for the Stripe webhook and holds the job alerts worker to a rate in production, reserving nothing in dev', () => {
    const reserved = (synthesis: Synthesis) =>
      Object.fromEntries(
        appFunctions(synthesis).map(({ name, stack, id }) => [name, resources(synthesis, stack)[id]!.Properties.ReservedConcurrentExecutions]),
      );
    expect(reserved(prod)).toMatchObject({ stripeWebhook: 5, jobAlerts: 2 });
    expect(Object.values(reserved(prod)).filter((value) => value !== undefined)).toHaveLength(2);
    expect(Object.values(reserved(dev)).filter((value) => value !== undefined)).toEqual([]);
  });
});

describe('alarms', () => {
  it.each(['dev', 'prod'] as const)(
    '%s: gives every function alarms on errors, throttles and a duration near its timeout, each to the alarm topic',
    (stage) => {
      const synthesis = stage === 'dev' ? dev : prod;
      for (const { name, stack, id, timeout } of appFunctions(synthesis)) {
        const own = alarmsOf(synthesis, stack).filter((alarm) => alarm.Namespace === 'AWS/Lambda' && JSON.stringify(alarm.Dimensions).includes(id));
        const byMetric = Object.fromEntries(own.map((alarm) => [alarm.MetricName, alarm]));
        expect(Object.keys(byMetric).sort(), name).toEqual(['Duration', 'Errors', 'Throttles']);
        expect(byMetric.Errors).toMatchObject({ Threshold: 1, Statistic: 'Sum' });
        expect(byMetric.Throttles).toMatchObject({ Threshold: 1, Statistic: 'Sum' });
        expect(byMetric.Duration).toMatchObject({ Statistic: 'Maximum', Threshold: Math.round(timeout * 1000 * DURATION_ALARM_SHARE) });
        for (const alarm of own) expect(JSON.stringify(alarm.AlarmActions), `${name} ${alarm.MetricName}`).toContain('AlarmTopic');
      }
    },
  );

  it("counts each API area's unexpected 500s (the middleware's metric) against the area", () => {
    for (const { name, isApi } of appFunctions(dev).filter((entry) => entry.isApi)) {
      const serverErrors = alarmsOf(dev, 'api').filter(
        (alarm) => alarm.MetricName === 'ServerErrors' && JSON.stringify(alarm.Dimensions).includes(`"solutionz-${name}"`),
      );
      expect(serverErrors, name).toHaveLength(isApi ? 1 : 0);
      expect(serverErrors[0]).toMatchObject({ Namespace: 'Solutionz', Dimensions: expect.arrayContaining([{ Name: 'stage', Value: 'dev' }]) });
    }
  });

  it("alarms on the API's 5xx and 429 shares of its answers, once there are enough to judge", () => {
    const alarms = alarmsOf(dev, 'observability');
    const rate = (name: string) => alarms.find((alarm) => alarm.AlarmName === `solutionz-dev-${name}`)!;
    const fivexx = rate('api-5xx-rate');
    expect(fivexx.Threshold).toBe(ALARM_THRESHOLDS.api5xxPercent);
    const expression = fivexx.Metrics.find((metric: any) => metric.Expression);
    expect(expression.Expression).toBe(`IF(requests >= ${ALARM_THRESHOLDS.minRequests}, 100 * part / requests, 0)`);
    const used = Object.fromEntries(
      fivexx.Metrics.filter((metric: any) => metric.MetricStat).map((metric: any) => [metric.Id, metric.MetricStat.Metric.MetricName]),
    );
    expect(used).toEqual({ part: '5xx', requests: 'Count' });

    const fourTwentyNine = rate('api-429-rate');
    expect(fourTwentyNine.Threshold).toBe(ALARM_THRESHOLDS.api429Percent);
    const counted = fourTwentyNine.Metrics.find((metric: any) => metric.Id === 'part').MetricStat.Metric;
    expect(counted).toMatchObject({ Namespace: 'Solutionz', MetricName: 'ApiTooManyRequests', Dimensions: [{ Name: 'stage', Value: 'dev' }] });
    // The access log is where the 429s are counted from.
    const [[, filter]] = ofType(dev, 'api', 'AWS::Logs::MetricFilter') as [[string, Resource]];
    expect(filter.Properties).toMatchObject({
      FilterPattern: '{ $.status = 429 }',
      MetricTransformations: [expect.objectContaining({ MetricName: 'ApiTooManyRequests', MetricNamespace: 'Solutionz' })],
    });
  });

  it('alarms on throttled reads or writes of the table and of each of its indexes', () => {
    const throttles = alarmsOf(dev, 'observability').filter((alarm) => alarm.AlarmName.startsWith('solutionz-dev-dynamodb-throttles-'));
    expect(throttles.map((alarm) => alarm.AlarmName.replace('solutionz-dev-dynamodb-throttles-', '')).sort()).toEqual(
      ['table', ...TABLE.globalIndexes.map((index) => index.indexName)].sort(),
    );
    for (const alarm of throttles) {
      const names = alarm.Metrics.filter((metric: any) => metric.MetricStat)
        .map((metric: any) => metric.MetricStat.Metric.MetricName)
        .sort();
      expect(names).toEqual(['ReadThrottleEvents', 'WriteThrottleEvents']);
    }
    const gsi = throttles.find((alarm) => alarm.AlarmName.endsWith(TABLE.globalIndexes[0]!.indexName))!;
    expect(JSON.stringify(gsi.Metrics)).toContain('GlobalSecondaryIndexName');
  });

  it('alarms on the bounce and complaint rates of account mail and of bulk mail apart, from their configuration sets', () => {
    const sets = ofType(dev, 'mail', 'AWS::SES::ConfigurationSet')
      .map(([, set]) => set.Properties.Name as string)
      .sort();
    expect(sets).toEqual(['solutionz-dev', 'solutionz-dev-bulk']);
    for (const [, destination] of ofType(dev, 'mail', 'AWS::SES::ConfigurationSetEventDestination')) {
      expect(destination.Properties.EventDestination).toMatchObject({
        Enabled: true,
        MatchingEventTypes: expect.arrayContaining(['send', 'bounce', 'complaint']),
        CloudWatchDestination: {
          DimensionConfigurations: [expect.objectContaining({ DimensionName: 'ses:configuration-set', DimensionValueSource: 'messageTag' })],
        },
      });
    }
    const mailAlarms = alarmsOf(dev, 'observability').filter((alarm) => alarm.AlarmName.includes('-mail-'));
    expect(mailAlarms).toHaveLength(4);
    for (const alarm of mailAlarms) {
      const metrics = alarm.Metrics.filter((metric: any) => metric.MetricStat).map((metric: any) => metric.MetricStat.Metric);
      expect(metrics.map((metric: any) => metric.MetricName).sort()).toEqual([alarm.AlarmName.includes('bounce') ? 'Bounce' : 'Complaint', 'Send'].sort());
      expect(alarm.Threshold).toBe(alarm.AlarmName.includes('bounce') ? ALARM_THRESHOLDS.bouncePercent : ALARM_THRESHOLDS.complaintPercent);
    }
  });

  it("alarms on CloudFront's 5xx rate in us-east-1, where its metrics are, to a topic there", () => {
    expect(dev.stacks.edgeAlarms.region).toBe('us-east-1');
    const [alarm] = alarmsOf(dev, 'edgeAlarms');
    const rate = alarm!.Metrics.find((metric: any) => metric.Id === 'rate').MetricStat.Metric;
    expect(rate).toMatchObject({
      Namespace: 'AWS/CloudFront',
      MetricName: '5xxErrorRate',
      Dimensions: expect.arrayContaining([{ Name: 'Region', Value: 'Global' }]),
    });
    expect(JSON.stringify(rate.Dimensions)).toContain('Fn::GetStackOutput');
    expect(JSON.stringify(alarm!.AlarmActions)).toContain('EdgeAlarmTopic');
    prod.templates.edgeAlarms.hasResourceProperties('AWS::SNS::Subscription', { Protocol: 'email', Endpoint: 'ops@solutionz.example' });
  });

  it('has one composite "site unhealthy" alarm over the API errors, the site functions and the table', () => {
    const [[, composite]] = ofType(dev, 'observability', 'AWS::CloudWatch::CompositeAlarm') as [[string, Resource]];
    const rule = JSON.stringify(composite.Properties.AlarmRule);
    expect(rule).toContain('api5xxrate');
    expect(rule.match(/dynamodbthrottles/gi)).toHaveLength(1 + TABLE.globalIndexes.length);
    for (const area of new Set(routeList.map((route) => route.area))) {
      expect(rule, area).toMatch(new RegExp(`${area}FunctionReleaseerrors`, 'i'));
      expect(rule, area).toMatch(new RegExp(`${area}FunctionReleasethrottles`, 'i'));
    }
    expect(JSON.stringify(composite.Properties.AlarmActions)).toContain('AlarmTopic');
  });

  it('sends every alarm of the stage to the topic the alarm e-mail is subscribed to, and a production stage has the e-mail', () => {
    for (const stack of ['api', 'web', 'observability'] as const) {
      for (const alarm of alarmsOf(prod, stack)) expect(JSON.stringify(alarm.AlarmActions), alarm.AlarmName).toContain('AlarmTopic');
    }
    prod.templates.alarms.hasResourceProperties('AWS::SNS::Subscription', { Protocol: 'email', Endpoint: 'ops@solutionz.example' });
    dev.templates.alarms.resourceCountIs('AWS::SNS::Subscription', 0);
  });
});

describe('tracing and metrics', () => {
  it('traces every function of the app with X-Ray', () => {
    for (const { name, stack, id } of appFunctions(dev)) expect(resources(dev, stack)[id]!.Properties.TracingConfig, name).toEqual({ Mode: 'Active' });
  });

  it('has a dashboard with every route of the table, and one with the business figures', () => {
    const dashboards = Object.fromEntries(
      ofType(dev, 'observability', 'AWS::CloudWatch::Dashboard').map(([, dashboard]) => [
        dashboard.Properties.DashboardName,
        JSON.stringify(dashboard.Properties.DashboardBody),
      ]),
    );
    expect(Object.keys(dashboards).sort()).toEqual(['solutionz-dev', 'solutionz-dev-business', 'solutionz-dev-routes']);
    for (const route of routeList) {
      expect(dashboards['solutionz-dev-routes'], routeKey(route)).toContain(`\\"title\\":\\"${routeKey(route)}\\"`);
      expect(dashboards['solutionz-dev-routes']).toContain(`\\"Resource\\",\\"${route.path}\\"`);
    }
    for (const metric of Object.values(BUSINESS_METRICS)) expect(dashboards['solutionz-dev-business'], metric).toContain(`MetricName=\\\\\\"${metric}\\\\\\"`);
  });

  it('alarms when Stripe webhooks are refused or fail (a wrong signing secret stops every membership change)', () => {
    const alarm = alarmsOf(dev, 'observability').find((candidate) => candidate.MetricName === BUSINESS_METRICS.stripeWebhooksFailed)!;
    expect(alarm).toMatchObject({ Namespace: 'Solutionz', Threshold: ALARM_THRESHOLDS.stripeWebhooksFailed, Period: 900 });
    expect(alarm.Dimensions).toEqual(expect.arrayContaining([{ Name: 'service', Value: 'solutionz-stripeWebhook' }]));
  });
});

describe('safe releases', () => {
  it.each([
    ['dev', 'AllAtOnce'],
    ['prod', 'Canary10Percent5Minutes'],
  ] as const)('%s: releases every function through its live alias with CodeDeploy (%s), rolled back on its alarms', (stage, deploymentConfig) => {
    const synthesis = stage === 'dev' ? dev : prod;
    for (const { name, stack, release, isApi } of appFunctions(synthesis)) {
      const all = resources(synthesis, stack);
      const aliasId = synthesis.stacks[stack].getLogicalId(release.alias.node.defaultChild as never);
      const alias = all[aliasId]! as Resource & { UpdatePolicy?: any };
      expect(alias.Properties.Name, name).toBe(LIVE_ALIAS);
      const groupId = synthesis.stacks[stack].getLogicalId(release.deploymentGroup.node.defaultChild as never);
      expect(alias.UpdatePolicy.CodeDeployLambdaAliasUpdate.DeploymentGroupName).toEqual({ Ref: groupId });
      const group = all[groupId]!.Properties;
      expect(group.DeploymentConfigName).toEqual(expect.stringContaining(deploymentConfig));
      expect(group.AutoRollbackConfiguration).toEqual({ Enabled: true, Events: expect.arrayContaining(['DEPLOYMENT_FAILURE', 'DEPLOYMENT_STOP_ON_ALARM']) });
      const watched = (group.AlarmConfiguration.Alarms as { Name: { Ref: string } }[]).map((alarm) => all[alarm.Name.Ref]!.Properties.MetricName).sort();
      expect(watched, name).toEqual(isApi ? ['Duration', 'Errors', 'ServerErrors'] : ['Duration', 'Errors']);
    }
  });
});

describe('cost and deployment', () => {
  it('has a monthly cost budget from the stage settings, telling the alarm topic and the alarm e-mail at 80% spent and 100% forecast', () => {
    const [[, budget]] = ofType(prod, 'observability', 'AWS::Budgets::Budget') as [[string, Resource]];
    expect(budget.Properties.Budget).toMatchObject({ BudgetType: 'COST', TimeUnit: 'MONTHLY', BudgetLimit: { Amount: 150, Unit: 'USD' } });
    const notifications = budget.Properties.NotificationsWithSubscribers as any[];
    expect(notifications.map((each) => [each.Notification.NotificationType, each.Notification.Threshold])).toEqual([
      ['ACTUAL', 80],
      ['FORECASTED', 100],
    ]);
    for (const each of notifications) expect(each.Subscribers.map((subscriber: any) => subscriber.SubscriptionType).sort()).toEqual(['EMAIL', 'SNS']);
    prod.templates.alarms.hasResourceProperties('AWS::SNS::TopicPolicy', {
      PolicyDocument: { Statement: Match.arrayWith([Match.objectLike({ Principal: { Service: 'budgets.amazonaws.com' }, Action: 'sns:Publish' })]) },
    });
  });

  it("puts a stage in its settings' account and region", () => {
    for (const stack of [prod.stacks.api, prod.stacks.web, prod.stacks.data, prod.stacks.observability])
      expect(stack.env).toEqual({ account: '123456789012', region: 'eu-west-2' });
    expect(prod.stacks.edge.env).toEqual({ account: '123456789012', region: 'us-east-1' });
  });

  it('lets only the GitHub workflow of the stage, in its environment, assume the deploy role, which deploys through the CDK bootstrap roles', () => {
    expect(dev.templates.ci).toBeUndefined();
    const role = ofType(prod, 'ci', 'AWS::IAM::Role')[0]![1].Properties;
    expect(role.RoleName).toBe(ciRoleName('prod'));
    const [trust] = role.AssumeRolePolicyDocument.Statement;
    expect(trust).toMatchObject({
      Action: 'sts:AssumeRoleWithWebIdentity',
      Condition: {
        StringEquals: {
          'token.actions.githubusercontent.com:aud': 'sts.amazonaws.com',
          'token.actions.githubusercontent.com:sub': 'repo:solutionz/solutionz:environment:prod',
        },
      },
    });
    prod.templates.ci!.hasResourceProperties('AWS::IAM::OIDCProvider', {
      Url: 'https://token.actions.githubusercontent.com',
      ClientIdList: ['sts.amazonaws.com'],
    });
    const statements = ofType(prod, 'ci', 'AWS::IAM::Policy').flatMap(([, policy]) => policy.Properties.PolicyDocument.Statement as any[]);
    const assume = statements.find((statement) => statement.Action === 'sts:AssumeRole');
    expect(JSON.stringify(assume.Resource)).toContain('role/cdk-hnb659fds-*-123456789012-eu-west-2');
    expect(JSON.stringify(assume.Resource)).toContain('role/cdk-hnb659fds-*-123456789012-us-east-1');
    expect(
      statements.flatMap((statement) => [statement.Action].flat()).some((action: string) => /^(?:iam|s3|lambda:Update|cloudformation):/.test(action)),
    ).toBe(false);
  });
});
