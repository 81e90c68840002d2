import { beforeAll, describe, expect, it } from 'vitest';
import { routeKey, routeList } from '@solutionz/shared';
import { ROUTE_THROTTLES } from '../../infra/src/route-throttles';
import type { SolutionzStacks } from '../../infra/src/solutionz';
import { defaultSynthesis, SYNTH_TIMEOUT_MS } from './synth';

type Resources = Record<string, { Type: string; Properties: Record<string, unknown> }>;

let stacks: SolutionzStacks;
let api: Resources;
/** The routes, their integrations and the invoke permissions: a nested stack of the api stack. */
let routes: Resources;
let templatesApi: () => unknown;
/** The HTTP API resource, and the authorizer CDK attaches to it, live with the distribution. */
let web: Resources;

beforeAll(() => {
  const synthesis = defaultSynthesis();
  stacks = synthesis.stacks;
  const templates = synthesis.templates;
  api = templates.api.toJSON().Resources as Resources;
  routes = templates.apiRoutes.toJSON().Resources as Resources;
  templatesApi = () => templates.api.toJSON();
  web = templates.web.toJSON().Resources as Resources;
}, SYNTH_TIMEOUT_MS);

function resourcesOfType(type: string, resources: Resources = routes): [string, Record<string, unknown>][] {
  return Object.entries(resources)
    .filter(([, resource]) => resource.Type === type)
    .map(([id, resource]) => [id, resource.Properties]);
}

function authorizers(): [string, Record<string, unknown>][] {
  return [...resourcesOfType('AWS::ApiGatewayV2::Authorizer'), ...resourcesOfType('AWS::ApiGatewayV2::Authorizer', web)];
}

function routeByKey(key: string): Record<string, unknown> | undefined {
  return resourcesOfType('AWS::ApiGatewayV2::Route').find(([, props]) => props.RouteKey === key)?.[1];
}

describe('HTTP API routes', () => {
  it('has exactly the routes of the shared route table, plus ANY per path for the 405 answer, and no $default catch-all', () => {
    expect(resourcesOfType('AWS::ApiGatewayV2::Route', web)).toEqual([]);
    const deployed = resourcesOfType('AWS::ApiGatewayV2::Route')
      .map(([, props]) => props.RouteKey)
      .sort();
    const paths = [...new Set(routeList.map((route) => route.path))];
    expect(deployed).toEqual([...routeList.map(routeKey), ...paths.map((path) => `ANY ${path}`)].sort());
  });

  it('lets API Gateway invoke each area function through one permission for this API, so the stack stays far below 500 resources', () => {
    const areas = new Set(routeList.map((route) => route.area));
    const apiPermissions = resourcesOfType('AWS::Lambda::Permission').filter(([, props]) => JSON.stringify(props.SourceArn).includes('execute-api'));
    expect(apiPermissions).toHaveLength(areas.size);
    for (const [, props] of apiPermissions) expect(JSON.stringify(props.SourceArn)).toMatch(/\/\*\/\*\/\*"/);
    // CloudFormation refuses a stack of more than 500 resources: the routes grow with the route table.
    expect(Object.keys(api).length).toBeLessThan(400);
    expect(Object.keys(routes).length).toBeLessThan(400);
  });

  it('sends the other methods of a path, unauthorized, to a function that serves that path', () => {
    for (const path of new Set(routeList.map((route) => route.path))) {
      const anyRoute = routeByKey(`ANY ${path}`);
      expect(anyRoute, path).toBeDefined();
      expect(anyRoute!.AuthorizationType ?? 'NONE').toBe('NONE');
      const owner = routeList.find((route) => route.path === path)!;
      expect(anyRoute!.Target).toEqual(routeByKey(routeKey(owner))!.Target);
    }
  });

  it('has one JWT authorizer, issued by the user pool for the web client, if any route needs a signed-in caller', () => {
    const found = authorizers();
    const needsAuthorizer = routeList.some((route) => route.access !== 'public');
    expect(found).toHaveLength(needsAuthorizer ? 1 : 0);
    if (!needsAuthorizer) return;
    const [, authorizer] = found[0]!;
    expect(authorizer.AuthorizerType).toBe('JWT');
    expect(authorizer.IdentitySource).toEqual(['$request.header.Authorization']);
    const jwt = JSON.stringify(authorizer.JwtConfiguration);
    expect(jwt).toMatch(/https:\/\/cognito-idp\..*UserPool/);
    expect(jwt).toContain('UserPoolWebClient');
  });

  it.each(routeList.map((route) => [routeKey(route), route.access] as const))(
    '%s (%s) carries the JWT authorizer exactly when it is not public',
    (key, access) => {
      const route = routeByKey(key);
      expect(route).toBeDefined();
      if (access === 'public') {
        expect(route!.AuthorizationType).toBe('NONE');
        expect(route!.AuthorizerId).toBeUndefined();
      } else {
        const [authorizerId] = authorizers()[0]!;
        expect(route!.AuthorizationType).toBe('JWT');
        expect(JSON.stringify(route!.AuthorizerId)).toContain(authorizerId);
      }
    },
  );

  it.each(routeList.map((route) => [routeKey(route), route.area] as const))(
    '%s is served by the live alias of the %s Lambda (the version CodeDeploy lets through)',
    (key, area) => {
      const target = JSON.stringify(routeByKey(key)!.Target);
      const integrationId = /"Ref":"([^"]+)"/.exec(target)?.[1];
      const integration = routes[integrationId!]!.Properties;
      expect(integration.IntegrationType).toBe('AWS_PROXY');
      expect(integration.PayloadFormatVersion).toBe('2.0');
      const alias = stacks.api.functions.get(area)!.release.alias;
      const aliasId = stacks.api.getLogicalId(alias.node.defaultChild as never);
      // The nested stack gets the alias's ARN from the api stack as a parameter.
      const parameter = (integration.IntegrationUri as { Ref: string }).Ref;
      const routesResource = api[stacks.api.getLogicalId(stacks.api.routes.nestedStackResource as never)]!.Properties as {
        Parameters: Record<string, unknown>;
      };
      expect(routesResource.Parameters[parameter]).toEqual({ Ref: aliasId });
      expect(api[aliasId]!.Properties).toMatchObject({ Name: 'live' });
    },
  );

  // Which architecture each runs on is the functions test's (test/infra/functions.test.ts).
  it('has one Node.js function per area, with the agreed environment', () => {
    const areas = new Set(routeList.map((route) => route.area));
    // The stack's other functions are the job alerts worker, fed by the table stream (job-alerts.test.ts), and the
    // message mails and credential reminders workers, run by schedules (message-mails.test.ts).
    const workers = [stacks.api.jobAlerts.function, stacks.api.messageMails.function, stacks.api.credentialReminders.function].map((fn) =>
      stacks.api.getLogicalId(fn.node.defaultChild as never),
    );
    const functions = resourcesOfType('AWS::Lambda::Function', api).filter(([id]) => !workers.includes(id));
    expect(functions).toHaveLength(areas.size);
    for (const [, props] of functions) {
      expect(props.Runtime).toMatch(/^nodejs2\d\.x$/);
      expect(props.Handler).toBe('index.handler');
      const variables = (props.Environment as { Variables: Record<string, unknown> }).Variables;
      expect(Object.keys(variables)).toEqual(
        expect.arrayContaining(['STAGE', 'TABLE_NAME', 'USER_POOL_ID', 'USER_POOL_CLIENT_ID', 'LOG_LEVEL', 'POWERTOOLS_SERVICE_NAME']),
      );
      // Lambda sets AWS_REGION itself and refuses functions that define it.
      expect(variables).not.toHaveProperty('AWS_REGION');
    }
  });

  it('logs every request and throttles the stage', () => {
    const stages = resourcesOfType('AWS::ApiGatewayV2::Stage', api);
    expect(stages).toHaveLength(1);
    const [, stage] = stages[0]!;
    expect(stage.StageName).toBe('$default');
    expect(JSON.stringify(stage.AccessLogSettings)).toContain('$context.requestId');
    expect(stage.DefaultRouteSettings).toMatchObject({ ThrottlingRateLimit: 50, ThrottlingBurstLimit: 100, DetailedMetricsEnabled: true });
  });

  it('throttles the sensitive routes below the stage, each by its own key, once the routes exist', () => {
    const [stageId, stage] = resourcesOfType('AWS::ApiGatewayV2::Stage', api)[0]!;
    const byKey = new Map(routeList.map((route) => [routeKey(route), route.name]));
    const settings = stage.RouteSettings as Record<string, { throttlingRateLimit: number; throttlingBurstLimit: number }>;
    const throttled = Object.keys(settings).map((key) => byKey.get(key));
    expect(throttled.sort()).toEqual(Object.keys(ROUTE_THROTTLES).sort());
    for (const name of [
      'signup',
      'requestPasswordReset',
      'confirmPasswordReset',
      'resendConfirmation',
      'adminSetup',
      'createFeedback',
      'stripeWebhook',
    ] as const) {
      const route = routeList.find((candidate) => candidate.name === name)!;
      expect(settings[routeKey(route)], name).toMatchObject({ throttlingRateLimit: expect.any(Number), throttlingBurstLimit: expect.any(Number) });
      expect(settings[routeKey(route)]!.throttlingRateLimit, name).toBeLessThan(50);
    }
    // Claiming a business (each claim mails an address) and changing the e-mail address are held as sign-up is.
    const signup = settings[routeKey(routeList.find((candidate) => candidate.name === 'signup')!)];
    const claimAndEmailChange = [
      'claimBusiness',
      'inspectClaimLink',
      'completeClaim',
      'completeClaimSignedIn',
      'cancelClaim',
      'requestEmailChange',
      'confirmEmailChange',
    ] as const;
    for (const name of claimAndEmailChange) {
      const route = routeList.find((candidate) => candidate.name === name)!;
      expect(settings[routeKey(route)], name).toEqual(signup);
    }
    expect(settings['POST /api/businesses/{businessId}/claim']).toEqual(signup);
    expect(settings['POST /api/me/email-change']).toEqual(signup);
    // The claim page's read of the business is not held back.
    expect(settings['GET /api/businesses/{businessId}/claim']).toBeUndefined();
    // CloudFormation refuses route settings for a route it has not made yet: the stage waits for the routes' nested stack.
    const dependsOn = (templatesApi() as { Resources: Record<string, { DependsOn?: string[] }> }).Resources[stageId]!.DependsOn ?? [];
    expect(dependsOn).toContain(stacks.api.getLogicalId(stacks.api.routes.nestedStackResource as never));
    const routeKeys = resourcesOfType('AWS::ApiGatewayV2::Route').map(([, props]) => props.RouteKey);
    for (const key of Object.keys(settings)) expect(routeKeys).toContain(key);
  });
});
