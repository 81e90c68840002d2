import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { BUNDLED_RENDERER_DIR } from '@solutionz/lambdas/adapters/app-renderer';
import { PAGE_READ_PARTITIONS } from '@solutionz/lambdas/data/page-reads';
import { matchesKeyPattern } from '@solutionz/lambdas/testing/table-reads';
import { RENDERER_ENTRY_FILE } from '@solutionz/shared';
import { GEO_DATA_ENVIRONMENT } from '../../infra/src/area-function';
import { isPagePath, PAGE_PATH_PATTERNS, PAGE_QUERY_STRINGS, VIEWER_HOST_CODE } from '../../infra/src/edge-rules';
import { PAGE_FUNCTION_TABLE_ACTIONS } from '../../infra/src/page-function';
import { defaultSynthesis, synthesisWith, SYNTH_TIMEOUT_MS, type Synthesis } from './synth';

/**
 * The page function behind CloudFront: /directory/*, /categories, the search pages (/directory, /job-directory),
 * /sitemap.xml and /robots.txt come from a Lambda function URL that only the distribution may call, which reads the
 * site bucket's index.html and the table; everything else stays as it was.
 */

type Resource = { Type: string; Properties: Record<string, unknown> };
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- CloudFormation JSON
type Json = any;

let synthesis: Synthesis;
let web: Record<string, Resource>;

beforeAll(() => {
  synthesis = defaultSynthesis();
  web = synthesis.templates.web.toJSON().Resources as Record<string, Resource>;
}, SYNTH_TIMEOUT_MS);

const ofType = (resources: Record<string, Resource>, type: string) => Object.entries(resources).filter(([, resource]) => resource.Type === type);
const logicalId = (s: Synthesis) => s.stacks.web.getLogicalId(s.stacks.web.pages.function.node.defaultChild as never);

function distributionConfig(): Json {
  const [[, distribution]] = ofType(web, 'AWS::CloudFront::Distribution') as [[string, Resource]];
  return distribution.Properties.DistributionConfig;
}

function pageBehaviors(): Json[] {
  return distributionConfig().CacheBehaviors.filter((behavior: { PathPattern: string }) =>
    (PAGE_PATH_PATTERNS as readonly string[]).includes(behavior.PathPattern),
  );
}

/** Runs the page behaviours' CloudFront Function as the runtime would: handler(event) -> request. */
function viewerHost(headers: Record<string, { value: string }>): Record<string, { value: string }> {
  const handler = new Function(`${VIEWER_HOST_CODE}; return handler;`)() as (event: unknown) => { headers: Record<string, { value: string }> };
  return handler({ request: { method: 'GET', uri: '/directory/p1', headers } }).headers;
}

describe('the page behaviours', () => {
  it('send /directory/*, /sitemap.xml and /robots.txt, GET and HEAD only, to the page function URL through origin access control', () => {
    const config = distributionConfig();
    const behaviors = pageBehaviors();
    expect(behaviors.map((behavior) => behavior.PathPattern).sort()).toEqual([...PAGE_PATH_PATTERNS].sort());
    const origins = new Set(behaviors.map((behavior) => behavior.TargetOriginId));
    expect(origins.size).toBe(1);
    const origin = config.Origins.find((candidate: { Id: string }) => candidate.Id === [...origins][0]);
    const [[urlId]] = ofType(web, 'AWS::Lambda::Url') as [[string, Resource]];
    expect(JSON.stringify(origin.DomainName)).toContain(urlId);
    expect(origin.OriginAccessControlId).toBeDefined();
    expect(origin.CustomOriginConfig).toMatchObject({ OriginProtocolPolicy: 'https-only' });
    const [[, oac]] = ofType(web, 'AWS::CloudFront::OriginAccessControl').filter(([id]) => JSON.stringify(origin.OriginAccessControlId).includes(id)) as [
      [string, Resource],
    ];
    expect(oac.Properties.OriginAccessControlConfig).toMatchObject({
      OriginAccessControlOriginType: 'lambda',
      SigningBehavior: 'always',
      SigningProtocol: 'sigv4',
    });
    for (const behavior of behaviors) {
      expect(behavior).toMatchObject({
        AllowedMethods: ['GET', 'HEAD'],
        ViewerProtocolPolicy: 'redirect-to-https',
        ResponseHeadersPolicyId: { Ref: expect.any(String) },
      });
    }
  });

  /** The cache policy of a behaviour, as its CloudFormation config. */
  function cachePolicyOf(behavior: Json): Json {
    const [[, policy]] = ofType(web, 'AWS::CloudFront::CachePolicy').filter(([id]) => JSON.stringify(behavior.CachePolicyId).includes(id)) as [
      [string, Resource],
    ];
    return (policy.Properties as Json).CachePolicyConfig;
  }

  it('keep answers as long as the function says, one copy per site host and none per query string, compressed', () => {
    const behaviors = pageBehaviors().filter((behavior) => !Object.hasOwn(PAGE_QUERY_STRINGS, behavior.PathPattern));
    expect(behaviors.map((behavior) => behavior.PathPattern)).toEqual(expect.arrayContaining(['/directory/*', '/categories', '/sitemap.xml']));
    expect(new Set(behaviors.map((behavior) => JSON.stringify(behavior.CachePolicyId))).size).toBe(1);
    const config = cachePolicyOf(behaviors[0]);
    expect(config).toMatchObject({ MinTTL: 0, DefaultTTL: 0 });
    expect(config.ParametersInCacheKeyAndForwardedToOrigin).toMatchObject({
      EnableAcceptEncodingGzip: true,
      EnableAcceptEncodingBrotli: true,
      QueryStringsConfig: { QueryStringBehavior: 'none' },
      CookiesConfig: { CookieBehavior: 'none' },
      HeadersConfig: { HeaderBehavior: 'whitelist', Headers: ['x-viewer-host'] },
    });
  });

  it('keep a search page once per value of the query strings its screen reads, and no others (utm_* split nothing)', () => {
    const searches = pageBehaviors().filter((behavior) => Object.hasOwn(PAGE_QUERY_STRINGS, behavior.PathPattern));
    expect(searches.map((behavior) => behavior.PathPattern).sort()).toEqual(['/directory', '/job-directory']);
    for (const behavior of searches) {
      const config = cachePolicyOf(behavior);
      expect(config).toMatchObject({ MinTTL: 0, DefaultTTL: 0 });
      const key = config.ParametersInCacheKeyAndForwardedToOrigin;
      expect(key, behavior.PathPattern).toMatchObject({
        EnableAcceptEncodingGzip: true,
        EnableAcceptEncodingBrotli: true,
        QueryStringsConfig: { QueryStringBehavior: 'whitelist' },
        CookiesConfig: { CookieBehavior: 'none' },
        HeadersConfig: { HeaderBehavior: 'whitelist', Headers: ['x-viewer-host'] },
      });
      expect([...key.QueryStringsConfig.QueryStrings].sort(), behavior.PathPattern).toEqual([...PAGE_QUERY_STRINGS[behavior.PathPattern]!].sort());
    }
    expect(
      cachePolicyOf(searches.find((behavior) => behavior.PathPattern === '/directory')).ParametersInCacheKeyAndForwardedToOrigin.QueryStringsConfig
        .QueryStrings,
    ).toEqual(expect.arrayContaining(['service', 'location', 'category', 'radius']));
    expect(JSON.stringify(searches.map(cachePolicyOf))).not.toContain('utm_');
  });

  it('tell the function the host the viewer asked for, replacing a forged one', () => {
    for (const behavior of pageBehaviors()) {
      expect(behavior.FunctionAssociations).toHaveLength(1);
      expect(behavior.FunctionAssociations[0].EventType).toBe('viewer-request');
      const associated = web[behavior.FunctionAssociations[0].FunctionARN['Fn::GetAtt'][0]]!;
      expect(associated.Properties).toMatchObject({ FunctionCode: VIEWER_HOST_CODE, FunctionConfig: { Runtime: 'cloudfront-js-2.0' } });
    }
    expect(viewerHost({ host: { value: 'solutionz.co.uk' } })).toEqual({ host: { value: 'solutionz.co.uk' }, 'x-viewer-host': { value: 'solutionz.co.uk' } });
    expect(viewerHost({ host: { value: 'solutionz.co.uk' }, 'x-viewer-host': { value: 'evil.example' } })['x-viewer-host']).toEqual({
      value: 'solutionz.co.uk',
    });
    expect(viewerHost({ 'x-viewer-host': { value: 'evil.example' } })).toEqual({});
  });

  it('match paths as CloudFront matches their patterns, leaving the rest to the app shell and the API', () => {
    for (const path of ['/directory/abc-123', '/directory/a/b', '/categories', '/directory', '/job-directory', '/sitemap.xml', '/robots.txt'])
      expect(isPagePath(path), path).toBe(true);
    for (const path of [
      '/job-directory/x',
      '/directory-x',
      '/categories/plumbing',
      '/categoriesx',
      '/directoryx/1',
      '/Directory/abc',
      '/sitemap.xml.gz',
      '/robots.txt/x',
      '/api/providers/abc',
      '/',
    ])
      expect(isPagePath(path), path).toBe(false);
    const patterns = distributionConfig().CacheBehaviors.map((behavior: { PathPattern: string }) => behavior.PathPattern);
    expect(patterns).toContain('/api/*');
    expect(patterns).not.toContain('*');
  });

  it("let a deployment refresh the server-rendered pages along with index.html, a search page's cached responses whatever their query", () => {
    const deployments = ofType(web, 'Custom::CDKBucketDeployment').map(([, deployment]) => deployment.Properties);
    const paths = deployments.find((deployment) => deployment.DistributionPaths)!.DistributionPaths;
    expect(paths).toEqual(expect.arrayContaining(['/categories', '/directory*', '/job-directory*']));
    // `/directory*` covers the provider pages too: no path twice.
    expect(paths).not.toContain('/directory/*');
  });
});

describe('the page function', () => {
  it('answers only through the URL of its live alias, with IAM auth that only this distribution passes', () => {
    const [[, url]] = ofType(web, 'AWS::Lambda::Url') as [[string, Resource]];
    expect(url.Properties).toMatchObject({ AuthType: 'AWS_IAM', Qualifier: 'live', TargetFunctionArn: { 'Fn::GetAtt': [logicalId(synthesis), 'Arn'] } });
    const permissions = ofType(web, 'AWS::Lambda::Permission')
      .map(([, permission]) => permission.Properties as Json)
      .filter((permission) => JSON.stringify(permission.FunctionName).includes('Pages'));
    // InvokeFunctionUrl, and InvokeFunction only by way of the URL: both for CloudFront, from this distribution.
    expect(permissions.map((permission) => permission.Action).sort()).toEqual(['lambda:InvokeFunction', 'lambda:InvokeFunctionUrl']);
    for (const permission of permissions) {
      expect(permission.Principal).toBe('cloudfront.amazonaws.com');
      expect(JSON.stringify(permission.SourceArn)).toMatch(/:distribution\/.*Distribution/);
      if (permission.Action === 'lambda:InvokeFunction') expect(permission.InvokedViaFunctionUrl).toBe(true);
    }
  });

  it('reads the table of the Data stack by name, only the partitions it reads from, and the site bucket index.html, and nothing else', () => {
    const fn = web[logicalId(synthesis)]!.Properties as Json;
    const data = synthesis.templates.data.toJSON().Resources as Record<string, Resource>;
    const [[, table]] = ofType(data, 'AWS::DynamoDB::Table') as [[string, Resource]];
    expect(table.Properties.TableName).toBe('solutionz-dev');
    expect(fn.Environment.Variables).toMatchObject({
      TABLE_NAME: table.Properties.TableName,
      SITE_BUCKET: { Ref: expect.stringContaining('SiteBucket') },
      STAGE: 'dev',
      ...GEO_DATA_ENVIRONMENT,
    });
    expect(fn.Environment.Variables.SITE_URL).toBeUndefined();
    expect(fn.Architectures).toEqual(['arm64']);

    const roleId = fn.Role['Fn::GetAtt'][0];
    const statements = ofType(web, 'AWS::IAM::Policy')
      .filter(([, policy]) => JSON.stringify(policy.Properties.Roles) === JSON.stringify([{ Ref: roleId }]))
      .flatMap(([, policy]) => (policy.Properties.PolicyDocument as Json).Statement);
    const actions = statements.flatMap((statement: Json) => [statement.Action].flat());
    expect(actions.sort()).toEqual(
      [...PAGE_FUNCTION_TABLE_ACTIONS, 's3:GetObject', 'logs:CreateLogStream', 'logs:PutLogEvents', 'xray:PutTraceSegments', 'xray:PutTelemetryRecords'].sort(),
    );
    const tableGrant = statements.find((statement: Json) => [statement.Action].flat().includes('dynamodb:Query'));
    expect(JSON.stringify(tableGrant.Resource)).toContain(`:table/${table.Properties.TableName}`);
    // Only the partitions it reads from (a profile, listings, the directory's and job board's indexes and counts,
    // categories, jobs), for every key of every request: no token, session, message or claim.
    expect(tableGrant.Condition).toEqual({ 'ForAllValues:StringLike': { 'dynamodb:LeadingKeys': [...PAGE_READ_PARTITIONS] } });
    const outside = [
      'TOKEN#t1',
      'EMAIL#ada@example.test',
      'RATE#signup#203.0.113.7',
      'CONVERSATION#c1',
      'BUSINESS#b1',
      'AUDIT',
      'ADMIN_SETUP',
      'SESSIONS_BY_EXPIRY',
      'STRIPE_EVENT#e1',
      'MESSAGE_REPORT#r1',
      'JOB_ALERT#j1',
      'PROVIDER_NEWS#p1',
    ];
    for (const partition of outside) {
      expect(matchesKeyPattern(partition, PAGE_READ_PARTITIONS), partition).toBe(false);
    }
    const siteGrant = statements.find((statement: Json) => statement.Action === 's3:GetObject');
    expect(JSON.stringify(siteGrant.Resource)).toMatch(/SiteBucket.*\/index\.html/);
  });

  it('uses the custom domain for absolute addresses when the deployment has one', () => {
    const withDomain = synthesisWith({ domainName: 'solutionz.co.uk', certificateArn: 'arn:aws:acm:us-east-1:123456789012:certificate/abc' });
    const resources = withDomain.templates.web.toJSON().Resources as Record<string, Resource>;
    expect((resources[logicalId(withDomain)]!.Properties as Json).Environment.Variables.SITE_URL).toBe('https://solutionz.co.uk');
  });

  it("is bundled into one ES module with its source map, the web build's server renderer and the geo tables beside it", () => {
    const code = (web[logicalId(synthesis)]!.Properties as Json).Code as { S3Key: string };
    const dir = join(synthesis.app.outdir, `asset.${code.S3Key.replace(/\.zip$/, '')}`);
    expect(existsSync(dir)).toBe(true);
    expect(readdirSync(dir).sort()).toEqual([BUNDLED_RENDERER_DIR, 'geo', 'index.mjs', 'index.mjs.map']);
    expect(readdirSync(join(dir, 'geo')).length).toBeGreaterThan(0);
    expect(readdirSync(join(dir, BUNDLED_RENDERER_DIR))).toEqual([RENDERER_ENTRY_FILE]);
  });

  it('is watched for errors like the API functions', () => {
    const alarms = Object.values(synthesis.templates.web.findResources('AWS::CloudWatch::Alarm'));
    const watched = alarms.filter(
      (alarm) => alarm.Properties.MetricName === 'Errors' && JSON.stringify(alarm.Properties.Dimensions).includes(logicalId(synthesis)),
    );
    expect(watched).toHaveLength(1);
  });
});
