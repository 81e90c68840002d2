import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Match } from 'aws-cdk-lib/assertions';
import { beforeAll, describe, expect, it } from 'vitest';
import { createTableInput } from '@solutionz/lambdas/data/create-table-input';
import { MEDIA_BUCKETS, mediaPathPattern, REFRESH_TOKEN_VALIDITY_DAYS, SELF_WRITABLE_USER_ATTRIBUTES, webConfigSchema } from '@solutionz/shared';
import { USER_GROUPS } from '../../infra/src/auth-stack';
import { POST_AUTHENTICATION_TABLE_ACTIONS } from '../../infra/src/post-authentication-trigger';
import { webClientIdParameterOf } from '../../infra/src/pre-token-generation-trigger';
import type { SolutionzStacks } from '../../infra/src/solutionz';
import {
  API_PATH_PATTERN,
  CACHED_API_ROUTES,
  isScriptAsset,
  SCRIPT_ASSET_PATTERNS,
  SECURITY_HEADERS,
  SPA_FALLBACK_CODE,
  UNCACHED_ERROR_STATUSES,
  VIEWER_IP_CODE,
  VIEWER_METHOD_HEADER,
} from '../../infra/src/edge-rules';
import { buildApp, defaultSynthesis, noWebBuild, synthesisWith, SYNTH_TIMEOUT_MS, type Synthesis } from './synth';

let stacks: SolutionzStacks;
let templates: Synthesis['templates'];
let outdir: string;

/** A file of a staged asset, found by the S3 key the template deploys it from. */
function stagedFile(objectKeys: readonly string[], name: string): string {
  for (const key of objectKeys) {
    const file = join(outdir, `asset.${key.replace(/\.zip$/, '')}`, name);
    if (existsSync(file)) return readFileSync(file, 'utf8');
  }
  throw new Error(`No staged asset holds ${name}`);
}

beforeAll(() => {
  const synthesis = defaultSynthesis();
  stacks = synthesis.stacks;
  templates = synthesis.templates;
  outdir = synthesis.app.outdir;
}, SYNTH_TIMEOUT_MS);

// CloudFront's managed policies, by their fixed ids.
const MANAGED_CACHING_DISABLED = '4135ea2d-6df8-44a3-9df3-4b5a84be39ad';
const MANAGED_CACHING_OPTIMIZED = '658327ea-f89d-4fab-a63d-7e88639e58f6';
const MANAGED_ALL_VIEWER_EXCEPT_HOST_HEADER = 'b689b0a8-53d0-40ab-baf2-68738e2966ac';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- CloudFormation JSON
function apiBehavior(config: any): any {
  return config.CacheBehaviors.find((behavior: { PathPattern: string }) => behavior.PathPattern === '/api/*');
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- CloudFormation JSON
function distributionConfig(): any {
  const distributions = Object.values(templates.web.findResources('AWS::CloudFront::Distribution'));
  expect(distributions).toHaveLength(1);
  return distributions[0]!.Properties.DistributionConfig;
}

/** Runs the CloudFront Function's source the way the edge does: handler(event) -> request. */
function rewrite(uri: string): string {
  const handler = new Function(`${SPA_FALLBACK_CODE}; return handler;`)() as (event: unknown) => { uri: string };
  return handler({ request: { uri, headers: {} } }).uri;
}

type EdgeHeaders = Record<string, { value: string; multiValue?: { value: string }[] }>;

/** Runs the API behaviour's function on a `method` request from `viewerIp` carrying `headers`; returns the headers sent on. */
function viewerRequest(viewerIp: string, headers: EdgeHeaders, method = 'POST'): EdgeHeaders {
  const handler = new Function(`${VIEWER_IP_CODE}; return handler;`)() as (event: unknown) => { headers: EdgeHeaders };
  return handler({ viewer: { ip: viewerIp }, request: { method, uri: '/api/auth/signup', headers } }).headers;
}

describe('data', () => {
  it('keeps one on-demand table with the key shape and GSIs the local stack creates, TTL, point-in-time recovery and deletion protection', () => {
    const local = createTableInput('local');
    templates.data.resourceCountIs('AWS::DynamoDB::Table', 1);
    templates.data.hasResource('AWS::DynamoDB::Table', {
      DeletionPolicy: 'Retain',
      UpdateReplacePolicy: 'Retain',
      Properties: {
        BillingMode: local.BillingMode,
        KeySchema: local.KeySchema,
        AttributeDefinitions: Match.arrayEquals(local.AttributeDefinitions!),
        TimeToLiveSpecification: { AttributeName: 'expiresAt', Enabled: true },
        PointInTimeRecoverySpecification: { PointInTimeRecoveryEnabled: true },
        DeletionProtectionEnabled: true,
        GlobalSecondaryIndexes: local.GlobalSecondaryIndexes,
      },
    });
  });

  it('blocks public access, refuses plain HTTP and retains every bucket of the app', () => {
    const bucketStacks = [templates.data, templates.web];
    let buckets = 0;
    for (const template of bucketStacks) {
      const found = template.findResources('AWS::S3::Bucket');
      buckets += Object.keys(found).length;
      for (const [id, bucket] of Object.entries(found)) {
        expect(bucket.DeletionPolicy, id).toBe('Retain');
        expect(bucket.Properties.PublicAccessBlockConfiguration, id).toEqual({
          BlockPublicAcls: true,
          BlockPublicPolicy: true,
          IgnorePublicAcls: true,
          RestrictPublicBuckets: true,
        });
        expect(bucket.Properties.BucketEncryption, id).toBeDefined();
        template.hasResourceProperties('AWS::S3::BucketPolicy', {
          Bucket: { Ref: id },
          PolicyDocument: {
            Statement: Match.arrayWith([Match.objectLike({ Effect: 'Deny', Condition: { Bool: { 'aws:SecureTransport': 'false' } } })]),
          },
        });
      }
    }
    // avatars, portfolio, logos, their access logs; the site and its logs
    expect(buckets).toBe(6);
  });

  it('versions the media buckets, logs their access and lets the site upload with presigned POST only', () => {
    for (const bucket of Object.values(stacks.data.mediaBuckets)) {
      const id = stacks.data.getLogicalId(bucket.node.defaultChild as never);
      const props = templates.data.toJSON().Resources[id].Properties;
      expect(props.VersioningConfiguration).toEqual({ Status: 'Enabled' });
      expect(props.LoggingConfiguration.DestinationBucketName).toBeDefined();
      expect(props.CorsConfiguration.CorsRules).toEqual([expect.objectContaining({ AllowedMethods: ['POST'] })]);
      const origins = JSON.stringify(props.CorsConfiguration.CorsRules[0].AllowedOrigins);
      expect(origins).toContain('https://');
      expect(origins).toContain('Distribution');
    }
  });

  it("lets the distribution, and nothing else, read what each media bucket serves; uploads lapse after a day, and every deleted object's old versions too", () => {
    const policies = Object.values(templates.data.findResources('AWS::S3::BucketPolicy'));
    for (const name of MEDIA_BUCKETS) {
      const bucket = stacks.data.mediaBuckets[name];
      const id = stacks.data.getLogicalId(bucket.node.defaultChild as never);
      const props = templates.data.toJSON().Resources[id].Properties;
      expect(props.BucketName).toEqual({ 'Fn::Join': ['', [`solutionz-dev-${name}-`, { Ref: 'AWS::AccountId' }]] });
      expect(props.LifecycleConfiguration.Rules).toEqual(
        expect.arrayContaining([
          expect.objectContaining({ Prefix: 'uploads/', ExpirationInDays: 1, NoncurrentVersionExpiration: { NoncurrentDays: 1 }, Status: 'Enabled' }),
        ]),
      );
      // Every object of the bucket (avatars, published media, logos, message images under private/): a deleted one's
      // old versions go within a day, not only the uploads'.
      const rules = props.LifecycleConfiguration.Rules as { Prefix?: string; Status: string; NoncurrentVersionExpiration?: { NoncurrentDays: number } }[];
      expect(rules.find((rule) => rule.Prefix === undefined)).toMatchObject({
        Status: 'Enabled',
        NoncurrentVersionExpiration: { NoncurrentDays: 1 },
        ExpiredObjectDeleteMarker: true,
      });
      for (const rule of rules) expect(rule.NoncurrentVersionExpiration?.NoncurrentDays ?? 1, name).toBeLessThanOrEqual(1);
      const statements = policies
        .filter((policy) => JSON.stringify(policy.Properties.Bucket) === JSON.stringify({ Ref: id }))
        .flatMap((policy) => policy.Properties.PolicyDocument.Statement as Record<string, unknown>[]);
      const allows = statements.filter((statement) => statement.Effect === 'Allow');
      expect(allows).toHaveLength(1);
      expect(allows[0]).toMatchObject({ Principal: { Service: 'cloudfront.amazonaws.com' }, Action: 's3:GetObject' });
      expect(JSON.stringify(allows[0]!.Resource)).toContain(`/media/${name}/*`);
      const sourceArn = JSON.stringify((allows[0]!.Condition as { StringEquals: Record<string, unknown> }).StringEquals['AWS:SourceArn']);
      expect(sourceArn).toContain('Distribution');
    }
  });

  it('restricts uploads to the site origin when the deployment has a domain', () => {
    const withDomain = synthesisWith({
      domainName: 'www.solutionz.example',
      certificateArn: 'arn:aws:acm:us-east-1:123456789012:certificate/00000000-0000-0000-0000-000000000000',
    });
    withDomain.templates.data.hasResourceProperties('AWS::S3::Bucket', {
      CorsConfiguration: { CorsRules: [Match.objectLike({ AllowedOrigins: ['https://www.solutionz.example'] })] },
    });
  });
});

/** An app client of the user pool by its name's start (`solutionz-web-`, `solutionz-server-`): its logical id and properties. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- CloudFormation JSON
function appClient(namePrefix: string): { id: string; props: any } {
  const found = Object.entries(templates.auth.findResources('AWS::Cognito::UserPoolClient')).filter(([, client]) =>
    String(client.Properties.ClientName).startsWith(namePrefix),
  );
  expect(found).toHaveLength(1);
  return { id: found[0]![0], props: found[0]![1].Properties };
}

describe('auth', () => {
  it('has a pool without self sign-up, signing in by e-mail, with the three account groups', () => {
    templates.auth.hasResource('AWS::Cognito::UserPool', {
      DeletionPolicy: 'Retain',
      Properties: {
        AdminCreateUserConfig: { AllowAdminCreateUserOnly: true },
        UsernameAttributes: ['email'],
        Policies: { PasswordPolicy: Match.objectLike({ MinimumLength: 8 }) },
        DeletionProtection: 'ACTIVE',
      },
    });
    const groups = Object.values(templates.auth.findResources('AWS::Cognito::UserPoolGroup')).map((group) => group.Properties.GroupName as string);
    expect(groups.sort()).toEqual([...USER_GROUPS].sort());
  });

  it('lets each user turn on 2-step verification with an authenticator app, never by SMS', () => {
    templates.auth.hasResourceProperties('AWS::Cognito::UserPool', { MfaConfiguration: 'OPTIONAL', EnabledMfas: ['SOFTWARE_TOKEN_MFA'] });
  });

  it('has a public web client for SRP sign-in with refresh token rotation and no hosted UI', () => {
    expect(Object.keys(templates.auth.findResources('AWS::Cognito::UserPoolClient'))).toHaveLength(2);
    const client = appClient('solutionz-web-').props;
    expect(client.GenerateSecret).toBe(false);
    expect(client.ExplicitAuthFlows).toEqual(['ALLOW_USER_SRP_AUTH']);
    expect(client.PreventUserExistenceErrors).toBe('ENABLED');
    expect(client.RefreshTokenRotation).toMatchObject({ Feature: 'ENABLED' });
    expect(client.AllowedOAuthFlows).toBeUndefined();
    expect(client.CallbackURLs).toBeUndefined();
  });

  it('has a server client for the API’s own password sign-ins, whose id only the accounts and admin functions get: never the web', () => {
    const server = appClient('solutionz-server-');
    expect(server.props).toMatchObject({ GenerateSecret: false, EnableTokenRevocation: true, PreventUserExistenceErrors: 'ENABLED', AccessTokenValidity: 5 });
    expect([...server.props.ExplicitAuthFlows].sort()).toEqual(['ALLOW_REFRESH_TOKEN_AUTH', 'ALLOW_USER_PASSWORD_AUTH']);
    expect(server.props.AllowedOAuthFlows).toBeUndefined();
    // Not in the web stack at all (its config.json names the web client), nor in any function but the two that sign in with it.
    expect(JSON.stringify(templates.web.toJSON())).not.toContain(server.id);
    const withServerClient = Object.values(templates.api.findResources('AWS::Lambda::Function'))
      .filter((fn) => JSON.stringify(fn.Properties.Environment?.Variables?.USER_POOL_SERVER_CLIENT_ID ?? '').includes(server.id))
      .map((fn) => fn.Properties.FunctionName as string);
    expect(withServerClient.sort()).toEqual([`solutionz-${stacks.config.stage}-accounts`, `solutionz-${stacks.config.stage}-admin`]);
  });

  it('takes the self-service scope out of the web client’s access tokens: a version 2.0 pre token generation trigger, told the web client by a parameter', () => {
    const functionId = templates.auth.getResourceId('AWS::Lambda::Function', {
      Properties: Match.objectLike({
        Environment: Match.objectLike({ Variables: Match.objectLike({ WEB_CLIENT_ID_PARAMETER: webClientIdParameterOf(stacks.config.stage) }) }),
      }),
    });
    templates.auth.hasResourceProperties('AWS::Cognito::UserPool', {
      LambdaConfig: Match.objectLike({ PreTokenGenerationConfig: { LambdaArn: { 'Fn::GetAtt': [functionId, 'Arn'] }, LambdaVersion: 'V2_0' } }),
    });
    templates.auth.hasResourceProperties('AWS::Lambda::Permission', {
      FunctionName: { 'Fn::GetAtt': [functionId, 'Arn'] },
      Principal: 'cognito-idp.amazonaws.com',
    });
    // The parameter holds the web client's id, and the trigger may read that parameter alone.
    templates.auth.hasResourceProperties('AWS::SSM::Parameter', {
      Name: webClientIdParameterOf(stacks.config.stage),
      Type: 'String',
      Value: { Ref: appClient('solutionz-web-').id },
    });
    const roleId = (templates.auth.toJSON().Resources[functionId].Properties.Role as { 'Fn::GetAtt': string[] })['Fn::GetAtt'][0];
    const statements = Object.values(templates.auth.findResources('AWS::IAM::Policy'))
      .filter((policy) => JSON.stringify(policy.Properties.Roles) === JSON.stringify([{ Ref: roleId }]))
      .flatMap((policy) => policy.Properties.PolicyDocument.Statement as { Action: string | string[]; Resource: unknown }[]);
    const read = statements.find((statement) => [statement.Action].flat().includes('ssm:GetParameters'))!;
    expect(JSON.stringify(read.Resource)).toContain(`:parameter${webClientIdParameterOf(stacks.config.stage)}`);
    expect(statements.flatMap((statement) => [statement.Action].flat()).filter((action) => !action.startsWith('logs:') && !action.startsWith('xray:'))).toEqual(
      ['ssm:GetParameters'],
    );
  });

  it('records every sign-in as a session: the post-authentication trigger is attached, writes only the stage’s table, and needs nothing from another stack', () => {
    const functionId = templates.auth.getResourceId('AWS::Lambda::Function', {
      Properties: Match.objectLike({
        Handler: 'index.handler',
        Environment: Match.objectLike({ Variables: Match.objectLike({ TABLE_NAME: `solutionz-${stacks.config.stage}` }) }),
      }),
    });
    templates.auth.hasResourceProperties('AWS::Cognito::UserPool', { LambdaConfig: { PostAuthentication: { 'Fn::GetAtt': [functionId, 'Arn'] } } });
    templates.auth.hasResourceProperties('AWS::Lambda::Permission', {
      FunctionName: { 'Fn::GetAtt': [functionId, 'Arn'] },
      Principal: 'cognito-idp.amazonaws.com',
    });
    const statements = Object.values(templates.auth.findResources('AWS::IAM::Policy')).flatMap(
      (policy) => policy.Properties.PolicyDocument.Statement as { Action: string | string[]; Resource: unknown }[],
    );
    const tableGrant = statements.find((statement) => [statement.Action].flat().includes('dynamodb:PutItem'))!;
    expect([tableGrant.Action].flat().sort()).toEqual([...POST_AUTHENTICATION_TABLE_ACTIONS].sort());
    expect(JSON.stringify(tableGrant.Resource)).toContain(`:table/solutionz-${stacks.config.stage}`);
    expect(JSON.stringify(templates.auth.toJSON())).not.toContain('Fn::ImportValue');
    // Sessions last as long as the refresh token the web client gives.
    const client = appClient('solutionz-web-').props;
    expect(client).toMatchObject({ RefreshTokenValidity: REFRESH_TOKEN_VALIDITY_DAYS * 24 * 60, TokenValidityUnits: { RefreshToken: 'minutes' } });
  });

  it('lets people write with their own token only the attributes the API does not own: never the sign-in e-mail', () => {
    for (const client of [appClient('solutionz-web-').props, appClient('solutionz-server-').props]) {
      // Cognito lets a client without a list write every standard attribute, so the list must be there and short.
      expect([...client.WriteAttributes].sort()).toEqual([...SELF_WRITABLE_USER_ATTRIBUTES].sort());
      for (const owned of ['email', 'email_verified', 'phone_number', 'name', 'given_name', 'family_name']) expect(client.WriteAttributes).not.toContain(owned);
    }
  });
});

describe('web', () => {
  it('reads the site bucket and the media buckets through origin access control only', () => {
    const config = distributionConfig();
    const s3Origins = config.Origins.filter((origin: { S3OriginConfig?: unknown }) => origin.S3OriginConfig);
    expect(s3Origins).toHaveLength(1 + MEDIA_BUCKETS.length);
    for (const origin of s3Origins) {
      expect(origin.OriginAccessControlId).toBeDefined();
      expect(origin.S3OriginConfig.OriginAccessIdentity).toBe('');
    }
  });

  it.each(MEDIA_BUCKETS)('serves /media/%s/* from that bucket, read-only, cached, with the security headers', (name) => {
    const config = distributionConfig();
    const behavior = config.CacheBehaviors.find((candidate: { PathPattern: string }) => candidate.PathPattern === mediaPathPattern(name));
    expect(behavior).toMatchObject({
      AllowedMethods: ['GET', 'HEAD'],
      CachePolicyId: MANAGED_CACHING_OPTIMIZED,
      ViewerProtocolPolicy: 'redirect-to-https',
      ResponseHeadersPolicyId: { Ref: expect.any(String) },
    });
    expect(behavior.FunctionAssociations).toBeUndefined();
    const origin = config.Origins.find((candidate: { Id: string }) => candidate.Id === behavior.TargetOriginId);
    // The bucket of that name in the Data stack: the same name, with the deploying account.
    expect(JSON.stringify(origin.DomainName)).toContain(`solutionz-dev-${name}-`);
    expect(JSON.stringify(origin.DomainName)).toContain('AWS::AccountId');
    const bucket = Object.values(templates.data.findResources('AWS::S3::Bucket')).find((candidate) =>
      JSON.stringify(candidate.Properties.BucketName ?? '').includes(`solutionz-dev-${name}-`),
    );
    expect(bucket).toBeDefined();
  });

  it('sends /api/* uncached to the HTTP API with every viewer header but Host, for every method', () => {
    const config = distributionConfig();
    const api = apiBehavior(config);
    expect(api.AllowedMethods).toEqual(expect.arrayContaining(['GET', 'POST', 'PUT', 'PATCH', 'DELETE']));
    expect(api.CachePolicyId).toBe(MANAGED_CACHING_DISABLED);
    expect(api.OriginRequestPolicyId).toBe(MANAGED_ALL_VIEWER_EXCEPT_HOST_HEADER);
    expect(api.ViewerProtocolPolicy).toBe('https-only');
    const apiOrigin = config.Origins.find((origin: { Id: string }) => origin.Id === api.TargetOriginId);
    expect(JSON.stringify(apiOrigin.DomainName)).toContain('execute-api');
    expect(apiOrigin.CustomOriginConfig).toMatchObject({ OriginProtocolPolicy: 'https-only', OriginSSLProtocols: ['TLSv1.2'] });
  });

  it('never keeps an error answer, on the API paths or anywhere, and never replaces one with a page', () => {
    const errors = distributionConfig().CustomErrorResponses as {
      ErrorCode: number;
      ErrorCachingMinTTL: number;
      ResponseCode?: unknown;
      ResponsePagePath?: unknown;
    }[];
    // Every error status CloudFront would otherwise keep for 10 s, whatever the API's no-store says.
    expect(errors.map(({ ErrorCode }) => ErrorCode).sort()).toEqual([400, 403, 404, 405, 414, 500, 501, 502, 503, 504]);
    expect([...UNCACHED_ERROR_STATUSES].sort()).toEqual(errors.map(({ ErrorCode }) => ErrorCode).sort());
    for (const error of errors) {
      expect(error.ErrorCachingMinTTL, String(error.ErrorCode)).toBe(0);
      // No error-page fallback: it would turn the API's 403/404 into the app shell.
      expect(error.ResponsePagePath, String(error.ErrorCode)).toBeUndefined();
      expect(error.ResponseCode, String(error.ErrorCode)).toBeUndefined();
    }
  });

  it("never answers a GET on an API path with a HEAD's kept answer, nor a HEAD with a GET's", () => {
    const config = distributionConfig();
    const policies = templates.web.findResources('AWS::CloudFront::CachePolicy');
    const cached = config.CacheBehaviors.filter((behavior: { PathPattern: string }) =>
      CACHED_API_ROUTES.some(({ pathPattern }) => pathPattern === behavior.PathPattern),
    );
    expect(cached.length).toBe(CACHED_API_ROUTES.length);
    for (const behavior of cached) {
      // CloudFront caches the answers to GET and HEAD, under one key unless the key tells them apart.
      expect(behavior.CachedMethods, behavior.PathPattern).toEqual(['GET', 'HEAD']);
      const key = policies[behavior.CachePolicyId.Ref]!.Properties.CachePolicyConfig.ParametersInCacheKeyAndForwardedToOrigin;
      expect(key.HeadersConfig.Headers, behavior.PathPattern).toContain(VIEWER_METHOD_HEADER);
      // The behaviour's function sets that header from the request's own method.
      expect(behavior.FunctionAssociations).toEqual(apiBehavior(config).FunctionAssociations);
    }
    // The uncached /api/* keeps nothing at all.
    expect(apiBehavior(config).PathPattern).toBe(API_PATH_PATTERN);
    expect(apiBehavior(config).CachePolicyId).toBe(MANAGED_CACHING_DISABLED);
    expect(viewerRequest('203.0.113.7', {}, 'HEAD')[VIEWER_METHOD_HEADER]).toEqual({ value: 'HEAD' });
    expect(viewerRequest('203.0.113.7', { [VIEWER_METHOD_HEADER]: { value: 'GET' } }, 'HEAD')[VIEWER_METHOD_HEADER]).toEqual({ value: 'HEAD' });
    expect(viewerRequest('203.0.113.7', {}, 'GET')[VIEWER_METHOD_HEADER]).toEqual({ value: 'GET' });
  });

  it('answers client-side routes with the app shell but leaves files and the API alone', () => {
    templates.web.hasResourceProperties('AWS::CloudFront::Distribution', {
      DistributionConfig: Match.objectLike({
        DefaultCacheBehavior: Match.objectLike({
          FunctionAssociations: [Match.objectLike({ EventType: 'viewer-request' })],
        }),
      }),
    });
    templates.web.hasResourceProperties('AWS::CloudFront::Function', { FunctionCode: SPA_FALLBACK_CODE });
    // The home page is prerendered by the web build: its own file, with its content in the HTML.
    expect(rewrite('/')).toBe('/home.html');
    expect(rewrite('/signup')).toBe('/signup.html');
    expect(rewrite('/post-job')).toBe('/index.html');
    expect(rewrite('/categories/plumbing')).toBe('/index.html');
    expect(rewrite('/assets/index-abc.js')).toBe('/assets/index-abc.js');
    expect(rewrite('/config.json')).toBe('/config.json');
    expect(rewrite('/api/health')).toBe('/api/health');
  });

  it('tells the API the viewer address on every /api/* request, replacing one the client sent', () => {
    const api = apiBehavior(distributionConfig());
    expect(api.FunctionAssociations).toHaveLength(1);
    expect(api.FunctionAssociations[0].EventType).toBe('viewer-request');
    const functions = templates.web.findResources('AWS::CloudFront::Function');
    const associated = functions[api.FunctionAssociations[0].FunctionARN['Fn::GetAtt'][0]]!;
    expect(associated.Properties).toMatchObject({ FunctionCode: VIEWER_IP_CODE, FunctionConfig: { Runtime: 'cloudfront-js-2.0' } });

    expect(viewerRequest('203.0.113.7', { 'content-type': { value: 'application/json' } })).toEqual({
      'content-type': { value: 'application/json' },
      'x-viewer-ip': { value: '203.0.113.7' },
      [VIEWER_METHOD_HEADER]: { value: 'POST' },
    });
    const spoofed = viewerRequest('2001:db8::7', {
      'x-viewer-ip': { value: '198.51.100.1', multiValue: [{ value: '198.51.100.1' }, { value: '198.51.100.2' }] },
      'x-forwarded-for': { value: '198.51.100.1' },
    });
    expect(spoofed['x-viewer-ip']).toEqual({ value: '2001:db8::7' });
  });

  it('adds the security headers to every response', () => {
    templates.web.hasResourceProperties('AWS::CloudFront::ResponseHeadersPolicy', {
      ResponseHeadersPolicyConfig: Match.objectLike({
        SecurityHeadersConfig: Match.objectLike({
          StrictTransportSecurity: Match.objectLike({ IncludeSubdomains: true }),
          ContentTypeOptions: { Override: true },
          FrameOptions: { FrameOption: 'DENY', Override: true },
          ReferrerPolicy: { ReferrerPolicy: 'strict-origin-when-cross-origin', Override: true },
          ContentSecurityPolicy: Match.objectLike({ Override: true }),
        }),
      }),
    });
    const policies = templates.web.findResources('AWS::CloudFront::ResponseHeadersPolicy');
    const [policyId, policy] = Object.entries(policies).find(
      ([, resource]) => resource.Properties.ResponseHeadersPolicyConfig.SecurityHeadersConfig.ContentSecurityPolicy,
    )!;
    const csp = JSON.stringify(policy.Properties.ResponseHeadersPolicyConfig.SecurityHeadersConfig.ContentSecurityPolicy);
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("style-src 'self' 'unsafe-inline'");
    expect(csp).toContain('https://cognito-idp.');
    expect(csp).toContain("frame-ancestors 'none'");
    // The local edge (scripts/local/edge.ts) sends these same values, from the same rules.
    const { SecurityHeadersConfig: security, CustomHeadersConfig: custom } = policy.Properties.ResponseHeadersPolicyConfig;
    expect(security.StrictTransportSecurity.AccessControlMaxAgeSec).toBe(SECURITY_HEADERS.strictTransportSecurityDays * 86_400);
    expect(security.FrameOptions.FrameOption).toBe(SECURITY_HEADERS.frameOptions);
    expect(security.ReferrerPolicy.ReferrerPolicy).toBe(SECURITY_HEADERS.referrerPolicy);
    expect(custom.Items).toEqual([{ Header: 'Permissions-Policy', Value: SECURITY_HEADERS.permissionsPolicy, Override: true }]);
    // Every answer says whether CloudFront cached it (Server-Timing's cdn-cache-hit or cdn-cache-miss, as the local edge
    // does): the app reads a page's to know whether it was rendered for this visit.
    expect(policy.Properties.ResponseHeadersPolicyConfig.ServerTimingHeadersConfig).toEqual({ Enabled: true, SamplingRate: 100 });
    const config = distributionConfig();
    for (const behavior of [config.DefaultCacheBehavior, ...config.CacheBehaviors]) {
      if (!(SCRIPT_ASSET_PATTERNS as readonly string[]).includes(behavior.PathPattern))
        expect(behavior.ResponseHeadersPolicyId, behavior.PathPattern).toEqual({ Ref: policyId });
    }
  });

  it("gives the build's scripts and style sheets only the headers that act on them, from the site bucket, kept a year", () => {
    const config = distributionConfig();
    const policies = templates.web.findResources('AWS::CloudFront::ResponseHeadersPolicy');
    for (const pattern of SCRIPT_ASSET_PATTERNS) {
      const behavior = config.CacheBehaviors.find((candidate: { PathPattern: string }) => candidate.PathPattern === pattern);
      expect(behavior, pattern).toMatchObject({ TargetOriginId: config.DefaultCacheBehavior.TargetOriginId, ViewerProtocolPolicy: 'redirect-to-https' });
      expect(behavior.CachePolicyId).toEqual(config.DefaultCacheBehavior.CachePolicyId);
      const policy = policies[behavior.ResponseHeadersPolicyId.Ref]!.Properties.ResponseHeadersPolicyConfig;
      expect(Object.keys(policy.SecurityHeadersConfig).sort()).toEqual(['ContentTypeOptions', 'StrictTransportSecurity']);
      expect(policy.SecurityHeadersConfig.StrictTransportSecurity.AccessControlMaxAgeSec).toBe(SECURITY_HEADERS.strictTransportSecurityDays * 86_400);
      expect(policy.CustomHeadersConfig).toBeUndefined();
    }
    // An image is not a script: an SVG opened on its own is a document, and keeps the policy.
    expect(isScriptAsset('/assets/logo-abc.svg')).toBe(false);
    expect(isScriptAsset('/assets/index-abc.js')).toBe(true);
  });

  it('logs CloudFront requests to a bucket', () => {
    templates.web.hasResourceProperties('AWS::CloudFront::Distribution', {
      DistributionConfig: Match.objectLike({ Logging: Match.objectLike({ Prefix: 'cloudfront/' }) }),
    });
  });

  it('deploys the built site and a config.json the web accepts, naming this pool and client', () => {
    const deployments = Object.values(templates.web.findResources('Custom::CDKBucketDeployment'));
    expect(deployments).toHaveLength(2);
    const entry = deployments.find((deployment) => deployment.Properties.DistributionPaths)!;
    // Provider pages, the categories page and the search pages, whatever their query (the page function), name the
    // release's files; the home, sign-up, businesses and accessibility pages are prerendered. `/directory*` covers the provider pages too.
    expect(entry.Properties.DistributionPaths).toEqual([
      '/index.html',
      '/home.html',
      '/signup.html',
      '/business.html',
      '/accessibility.html',
      '/config.json',
      '/categories',
      '/directory*',
      '/job-directory*',
    ]);

    const configJson = stagedFile(entry.Properties.SourceObjectKeys as string[], 'config.json');
    const markers = Object.assign({}, ...(entry.Properties.SourceMarkers as Record<string, unknown>[]));
    const resolved = configJson.replace(/<<marker:0xbaba:\d+>>/g, (marker) => JSON.stringify(markers[marker]).replace(/"/g, "'"));
    const config = webConfigSchema.parse(JSON.parse(resolved));
    expect(config).toMatchObject({ stage: 'dev', apiBase: '/api', auth: { authFlowType: 'USER_SRP_AUTH' } });
    expect(config.auth.userPoolId).toContain('UserPool');
    expect(config.auth.userPoolClientId).toContain('UserPoolWebClient');
    expect(config.auth.userPoolEndpoint).toBeUndefined();
  });

  it('deploys only config.json while there is no web build, so synth works before a build', () => {
    const unbuilt = synthesisWith({ webDistPath: noWebBuild() });
    const deployments = unbuilt.templates.web.findResources('Custom::CDKBucketDeployment');
    expect(Object.keys(deployments)).toHaveLength(1);
    expect(Object.values(deployments)[0]!.Properties.SourceObjectKeys).toHaveLength(1);
  });

  it('refuses a web build without its prerendered pages or its server renderer, which the edge and the page function need', () => {
    const oldBuild = mkdtempSync(join(tmpdir(), 'solutionz-web-dist-old-'));
    try {
      writeFileSync(join(oldBuild, 'index.html'), '<!doctype html><div id="root"></div>');
      writeFileSync(join(oldBuild, 'home.html'), '<!doctype html><div id="root"><h1>Home</h1></div>');
      expect(() => buildApp({ webDistPath: oldBuild })).toThrow(
        `The web build in ${oldBuild} lacks its prerendered signup.html and its prerendered business.html and its prerendered accessibility.html and its server renderer (${oldBuild}-renderer): build it again (npm run build:web).`,
      );
      for (const file of ['signup.html', 'business.html', 'accessibility.html'])
        writeFileSync(join(oldBuild, file), '<!doctype html><div id="root"><h1>A page</h1></div>');
      expect(() => buildApp({ webDistPath: oldBuild })).toThrow(
        `The web build in ${oldBuild} lacks its server renderer (${oldBuild}-renderer): build it again (npm run build:web).`,
      );
    } finally {
      rmSync(oldBuild, { recursive: true, force: true });
    }
  });
});
