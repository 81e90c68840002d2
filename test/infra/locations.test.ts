import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { App } from 'aws-cdk-lib';
import { beforeAll, describe, expect, it } from 'vitest';
import { createOfflineGeocoder } from '@solutionz/lambdas/geo/offline-geocoder';
import { POSTCODE_TABLE_FILES } from '@solutionz/lambdas/geo/postcode-tables';
import { TOWN_TABLE_FILE } from '@solutionz/lambdas/geo/towns';
import { routeList, type Area } from '@solutionz/shared';
import { areaNeeds } from '@solutionz/lambdas/deploy-contract';
import { FUNCTION_GEO_PATH } from '../../infra/src/area-function';
import { VIEWER_METHOD_HEADER } from '../../infra/src/edge-rules';
import { CONTEXT_DEFAULTS, REPO_ROOT } from '../../infra/src/config';
import { createSolutionz } from '../../infra/src/solutionz';
import { buildApp, cdkOutdir, defaultSynthesis, SYNTH_TIMEOUT_MS, TEST_SETUP_TOKEN_PARAMETER, type Synthesis } from './synth';

type Resource = { Type: string; Properties: Record<string, unknown> };

let synthesis: Synthesis;
beforeAll(() => {
  synthesis = defaultSynthesis();
}, SYNTH_TIMEOUT_MS);

function functionOf(area: Area): Resource {
  const { api } = synthesis.stacks;
  const id = api.getLogicalId(api.functions.get(area)!.function.node.defaultChild as never);
  return (synthesis.templates.api.toJSON().Resources as Record<string, Resource>)[id]!;
}

/** The folder the area's code was staged in, from the S3 key the template deploys it from. */
function assetDir(area: Area): string {
  const code = functionOf(area).Properties.Code as { S3Key: string };
  return join(synthesis.app.outdir, `asset.${code.S3Key.replace(/\.zip$/, '')}`);
}

const environment = (area: Area) => (functionOf(area).Properties.Environment as { Variables: Record<string, unknown> }).Variables;
const deployedAreas = [...new Set(routeList.map((route) => route.area))];
const referenceData = join(REPO_ROOT, CONTEXT_DEFAULTS.postcodeDataPath);

describe('the functions that place locations', () => {
  const geocoding = deployedAreas.filter((area) => areaNeeds(area).geocoding);

  it('are the accounts, profiles, directory and jobs areas', () => {
    expect(geocoding.sort()).toEqual(['accounts', 'directory', 'jobs', 'profiles']);
  });

  it.each(geocoding)('%s carries the postcode tables as they are beside the project, and the UK town table', (area) => {
    const geo = join(assetDir(area), 'geo');
    for (const file of POSTCODE_TABLE_FILES) expect(readFileSync(join(geo, file), 'utf8'), file).toBe(readFileSync(join(referenceData, file), 'utf8'));
    expect((JSON.parse(readFileSync(join(geo, TOWN_TABLE_FILE), 'utf8')) as unknown[]).length).toBeGreaterThan(4000);
    expect(environment(area)).toMatchObject({ POSTCODE_DATA_DIR: FUNCTION_GEO_PATH, TOWN_TABLE_FILE: `${FUNCTION_GEO_PATH}/${TOWN_TABLE_FILE}` });
  });

  it('place postcodes and towns from what their bundle carries alone', async () => {
    const geo = join(assetDir('directory'), 'geo');
    const geocoder = createOfflineGeocoder({ postcodeDataDir: geo, townTableFile: join(geo, TOWN_TABLE_FILE) });
    expect((await geocoder.search('sw1a1aa')).best).toMatchObject({ name: 'SW1A 1AA', precision: 'sector' });
    expect((await geocoder.search('st albans')).best).toMatchObject({ name: 'St Albans, Hertfordshire', precision: 'town' });
  });

  it('are the only ones that carry them', () => {
    for (const area of deployedAreas.filter((other) => !areaNeeds(other).geocoding)) {
      expect(environment(area), area).not.toHaveProperty('POSTCODE_DATA_DIR');
    }
  });
});

describe('synthesis without the postcode tables', () => {
  const missing = join(REPO_ROOT, 'no-such-postcode-data');

  it('stops with the message the launcher prints when it bundles the functions', () => {
    const bundling = () =>
      createSolutionz(new App({ outdir: cdkOutdir(), context: { postcodeDataPath: missing, adminSetupTokenParameter: TEST_SETUP_TOKEN_PARAMETER } }));
    expect(bundling).toThrow(`The UK postcode tables (uk-outcodes.json, uk-postcode-sectors.json) are not in ${missing} (CDK context "postcodeDataPath")`);
    expect(bundling).toThrow('`npm run data:postcodes -- <NSPL csv or zip>` builds them');
  });

  it('goes ahead when nothing is bundled (cdk list, cdk destroy, assertion tests)', () => {
    expect(buildApp({ postcodeDataPath: missing }).stacks.config.postcodeDataPath).toBe(missing);
  });
});

describe('CloudFront in front of the place search and the public answers', () => {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- CloudFormation JSON
  const distribution = (): any => Object.values(synthesis.templates.web.findResources('AWS::CloudFront::Distribution'))[0]!.Properties.DistributionConfig;

  it('keeps answers to GET /api/locations for as long as the API says, one per query string, before /api/* sends the rest uncached', () => {
    const behaviors = distribution().CacheBehaviors as { PathPattern: string; CachePolicyId: { Ref: string }; ViewerProtocolPolicy: string }[];
    const patterns = behaviors.map((behavior) => behavior.PathPattern);
    expect(patterns.indexOf('/api/locations')).toBeGreaterThanOrEqual(0);
    expect(patterns.indexOf('/api/locations')).toBeLessThan(patterns.indexOf('/api/*'));

    const locations = behaviors.find((behavior) => behavior.PathPattern === '/api/locations')!;
    expect(locations.ViewerProtocolPolicy).toBe('https-only');
    const policy = synthesis.templates.web.findResources('AWS::CloudFront::CachePolicy')[locations.CachePolicyId.Ref]!;
    expect(policy.Properties.CachePolicyConfig).toMatchObject({
      DefaultTTL: 0,
      MinTTL: 0,
      MaxTTL: 86_400,
      ParametersInCacheKeyAndForwardedToOrigin: {
        QueryStringsConfig: { QueryStringBehavior: 'all' },
        // A signed-in request never meets the anonymous copy, nor a GET a HEAD's.
        HeadersConfig: { HeaderBehavior: 'whitelist', Headers: ['Authorization', VIEWER_METHOD_HEADER] },
        CookiesConfig: { CookieBehavior: 'none' },
        EnableAcceptEncodingGzip: true,
        EnableAcceptEncodingBrotli: true,
      },
    });
  });

  it('keeps the public answers that are the same for every visitor (one per query, Authorization and method), forwarding the rest as /api/* does', () => {
    const behaviors = distribution().CacheBehaviors as {
      PathPattern: string;
      CachePolicyId: { Ref: string };
      OriginRequestPolicyId?: string;
      FunctionAssociations?: unknown[];
    }[];
    const patterns = behaviors.map((behavior) => behavior.PathPattern);
    const api = behaviors.find((behavior) => behavior.PathPattern === '/api/*')!;
    for (const pattern of ['/api/categories', '/api/jobs', '/api/providers', '/api/providers/*']) {
      expect(patterns.indexOf(pattern), pattern).toBeGreaterThanOrEqual(0);
      expect(patterns.indexOf(pattern), pattern).toBeLessThan(patterns.indexOf('/api/*'));
      const behavior = behaviors.find((candidate) => candidate.PathPattern === pattern)!;
      expect(behavior.CachePolicyId).toEqual(behaviors.find((candidate) => candidate.PathPattern === '/api/locations')!.CachePolicyId);
      // Other methods on the same path (posting a job) reach the API with every header and the viewer's address.
      expect(behavior.OriginRequestPolicyId).toEqual(api.OriginRequestPolicyId);
      expect(behavior.FunctionAssociations).toEqual(api.FunctionAssociations);
    }
    expect(patterns).not.toContain('/api/me/*');
    // A deleted job disappears at once.
    expect(patterns).not.toContain('/api/jobs/*');
    // A provider's profile, portfolio and feedback share one behaviour: `*` takes the slashes of the longer paths too.
    expect(patterns.filter((pattern) => pattern.startsWith('/api/providers/'))).toEqual(['/api/providers/*']);
  });
});
