import { CognitoIdentityProviderClient } from '@aws-sdk/client-cognito-identity-provider';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { buildPath, routeList, type Area, type RouteName, type Routes } from '@solutionz/shared';
import { documentClient } from '@solutionz/lambdas/adapters/dynamodb';
import { areaEntryFile } from '@solutionz/lambdas/area-entries';
import type { ApiHandler } from '@solutionz/lambdas/http/types';
import { apiEvent, captureLogs, lambdaContext } from '@solutionz/lambdas/testing/api-event';
import { TEST_CREDENTIALS, TEST_REGION, useTestTable } from '@solutionz/lambdas/testing/dynamodb-table';
import { stubLambdaEnv } from '@solutionz/lambdas/testing/lambda-env';
import { TEST_POSTCODE_DATA_DIR, testGeocoder } from '@solutionz/lambdas/testing/geocoder';
import { useTestUserPool } from '@solutionz/lambdas/testing/user-pool';
import { localEndpoint } from '@solutionz/lambdas/testing/local-endpoint';
import { loadDemoAccounts } from './demo-accounts';
import { demoProviders, demoUsers } from './demo-data';
import { demoDirectoryProviders, demoTowns, writeDemoDirectory } from './demo-directory';
import { loadDemoJobs } from './demo-jobs';
import { ALL_JOBS_SCOPE } from '@solutionz/lambdas/data/job-board';
import { seedDemoCategories } from './table';

/**
 * No public answer carries anyone's e-mail (docs/product/privacy.md#what-is-never-public). Every public route of the route
 * table is called, the way a stranger would call it, on the demo data `npm start` loads (logins,
 * directory, jobs, feedback), and any `@` in an answer fails the test unless it sits in text the
 * person wrote to be published, or is the address the caller themselves just sent.
 */

const table = useTestTable();
const pool = useTestUserPool();
const NOW = new Date();
const ADMIN_EMAIL_DOMAIN = 'admin.solutionz.test';

/** Free text people write to publish (a bio, a review, a job's description): an address there is theirs to give. */
const PUBLISHED_TEXT = new Set(['bio', 'bioPreview', 'skills', 'socialLinks', 'title', 'description', 'text']);

type PublicRouteName = { [K in RouteName]: Routes[K]['access'] extends 'public' ? K : never }[RouteName];

interface Call {
  readonly params?: Record<string, string>;
  readonly query?: Record<string, string>;
  readonly body?: unknown;
  /** Fields that echo the address the caller sent in this very request. */
  readonly ownAddress?: readonly string[];
}

interface Demo {
  readonly listedProviderIds: readonly string[];
  readonly jobIds: readonly string[];
  readonly someAddress: string;
}

/** What a stranger sends to each public route, over the demo data; several calls where one would see little. */
const calls: Record<PublicRouteName, (demo: Demo) => Call[]> = {
  health: () => [{}],
  listCategories: () => [{}],
  signup: () => [
    {
      body: {
        accountType: 'client',
        fullName: 'Walter Walker',
        email: 'walter.walker@example.co.uk',
        location: 'Leeds',
        password: 'Correct-horse-1',
        confirmPassword: 'Correct-horse-1',
      },
      ownAddress: ['email'],
    },
  ],
  confirmEmail: () => [{ body: { token: 'not-a-real-token' } }],
  resendConfirmation: (demo) => [{ body: { email: demo.someAddress } }],
  requestPasswordReset: (demo) => [{ body: { email: demo.someAddress } }],
  confirmPasswordReset: () => [{ body: { token: 'not-a-real-token', password: 'Correct-horse-2' } }],
  searchBusinesses: () => ['br', 'so', 'el', 'pl', 're', 'ca', 'lo'].map((q) => ({ query: { q } })),
  searchLocations: () => [{ query: { q: 'Leeds' } }, { query: { q: 'SW1A' } }],
  confirmEmailChange: () => [{ body: { token: 'not-a-real-token' } }],
  // The demo admin exists, so this is refused as it would be on the site; a successful setup names the caller's own sign-in.
  adminSetup: () => [{ body: { username: 'walker', password: 'Admin-pass-1' }, ownAddress: ['email'] }],
  stripeWebhook: () => [{ body: { id: 'evt_walk', type: 'customer.subscription.deleted' } }],
  searchProviders: (): Call[] => [
    { query: { limit: '50' } },
    ...['London', 'Leeds', 'Glasgow', 'Cardiff', 'Bristol'].map((location) => ({ query: { location, radius: '25', limit: '50' } })),
    { query: { service: 'plumber', limit: '50' } },
  ],
  getProvider: (demo) => demo.listedProviderIds.map((providerId) => ({ params: { providerId } })),
  getProviderPortfolio: (demo) => demo.listedProviderIds.map((providerId) => ({ params: { providerId } })),
  listProviderFeedback: (demo) => demo.listedProviderIds.map((providerId) => ({ params: { providerId }, query: { limit: '50' } })),
  listJobs: () => Array.from({ length: 13 }, (_, page) => ({ query: { page: String(page + 1) } })),
  getJob: (demo) => demo.jobIds.map((jobId) => ({ params: { jobId } })),
  unsubscribeJobAlerts: () => [{ body: { token: 'not-a-real-token' } }],
  oneClickUnsubscribeJobAlerts: () => [{ query: { token: 'not-a-real-token' } }],
  unsubscribeProviderUpdates: () => [{ body: { token: 'not-a-real-token' } }],
  oneClickUnsubscribeProviderUpdates: () => [{ query: { token: 'not-a-real-token' } }],
  unsubscribeMessageMails: () => [{ body: { token: 'not-a-real-token' } }],
  oneClickUnsubscribeMessageMails: () => [{ query: { token: 'not-a-real-token' } }],
  getClaimable: () => [{ params: { businessId: 'no-such-business' } }],
  claimBusiness: () => [{ params: { businessId: 'no-such-business' }, body: { fullName: 'Walter Walker', email: 'walter.claims@example.co.uk' } }],
  inspectClaimLink: () => [{ body: { token: 'not-a-real-token' } }],
  completeClaim: () => [{ body: { token: 'not-a-real-token', password: 'Correct-horse-1', confirmPassword: 'Correct-horse-1' } }],
  cancelClaim: () => [{ body: { token: 'not-a-real-token' } }],
  getTransparency: () => [{}],
  getCredentialOptions: () => [{}],
  getProviderCredentials: (demo) => demo.listedProviderIds.map((providerId) => ({ params: { providerId } })),
};

/** Every string of the answer with an `@`, by its path (`providers.3.bio`). */
function addressesIn(value: unknown, path: readonly string[] = []): { path: readonly string[]; text: string }[] {
  if (typeof value === 'string') return value.includes('@') ? [{ path, text: value }] : [];
  if (Array.isArray(value)) return value.flatMap((item, index) => addressesIn(item, [...path, String(index)]));
  if (value && typeof value === 'object') return Object.entries(value).flatMap(([key, item]) => addressesIn(item, [...path, key]));
  return [];
}

async function loadDemoData(): Promise<Demo> {
  const documents = documentClient(new DynamoDBClient({ region: TEST_REGION, endpoint: table.endpoint, credentials: TEST_CREDENTIALS }));
  const cognito = new CognitoIdentityProviderClient({ region: TEST_REGION, endpoint: localEndpoint('cognitoEndpoint'), credentials: TEST_CREDENTIALS });
  const users = demoUsers(ADMIN_EMAIL_DOMAIN);
  const towns = await demoTowns(testGeocoder(), TEST_POSTCODE_DATA_DIR);
  // A fifth of the generated directory, spread over its towns, plans and standings: the same kinds of answers at a fifth of the load.
  const providers = demoDirectoryProviders(towns, NOW).filter((_, index) => index % 5 === 0);
  const [, userIds] = await Promise.all([
    seedDemoCategories(documents, table.tableName),
    loadDemoAccounts({
      cognito,
      userPoolId: pool.userPoolId,
      documents,
      tableName: table.tableName,
      users: [...users, ...demoProviders()],
      withProfiles: true,
    }),
    writeDemoDirectory(documents, table.tableName, providers, NOW),
  ]);
  await loadDemoJobs(documents, table.tableName, { towns, providers }, users, userIds, NOW);
  const listed = providers.filter(
    (provider) =>
      provider.isVisible && provider.membership.tier !== 'none' && (!provider.membership.end || Date.parse(provider.membership.end) > NOW.getTime()),
  );
  const jobs = await table.repositories.jobs.boardNewest(ALL_JOBS_SCOPE, undefined, 1000);
  return { listedProviderIds: listed.map((provider) => provider.userId), jobIds: jobs.map((job) => job.id), someAddress: providers[0]!.email };
}

/** Each area's Lambda handler, loaded as a cold start would with the environment of the local stack. */
async function loadHandlers(): Promise<Partial<Record<Area, ApiHandler>>> {
  stubLambdaEnv(table, pool, {
    SITE_URL: 'https://solutionz.test',
    MAIL_FROM_ADDRESS: 'no-reply@solutionz.test',
    ADMIN_EMAIL_DOMAIN,
    MEDIA_BUCKET_AVATARS: 'walk-avatars',
    MEDIA_BUCKET_PORTFOLIO: 'walk-portfolio',
    MEDIA_BUCKET_LOGOS: 'walk-logos',
    STRIPE_SECRET_KEY: 'sk_test_walk',
    STRIPE_WEBHOOK_SECRET: 'whsec_walk',
    POSTCODE_DATA_DIR: TEST_POSTCODE_DATA_DIR,
  });
  vi.resetModules();
  const areas = [...new Set(routeList.filter((route) => route.access === 'public').map((route) => route.area))];
  const loaded = await Promise.all(
    areas.map(async (area) => [area, ((await import(`../../lambdas/src/functions/${areaEntryFile(area)}`)) as { handler: ApiHandler }).handler] as const),
  );
  return Object.fromEntries(loaded);
}

afterEach(() => {
  vi.unstubAllEnvs();
});

describe('public answers', () => {
  it('names a call for every public route of the table, and no other', () => {
    expect(Object.keys(calls).sort()).toEqual(
      routeList
        .filter((route) => route.access === 'public')
        .map((route) => route.name)
        .sort(),
    );
  });

  it("carry no e-mail address on the demo data, outside text its author published and the caller's own address", { timeout: 180_000 }, async () => {
    const logs = captureLogs();
    try {
      const demo = await loadDemoData();
      const handlers = await loadHandlers();
      const found: string[] = [];
      let answers = 0;
      for (const route of routeList.filter((candidate) => candidate.access === 'public')) {
        const routeCalls = calls[route.name as PublicRouteName](demo);
        for (const call of routeCalls) {
          const path = buildPath(route.path, call.params);
          const result = await handlers[route.area]!(
            apiEvent(route.method, path, {
              ...(call.query ? { query: call.query } : {}),
              ...(call.body !== undefined ? { body: JSON.stringify(call.body) } : {}),
            }),
            lambdaContext,
          );
          expect(result.statusCode, `${route.method} ${path}: ${result.body}`).toBeLessThan(500);
          answers++;
          for (const { path: at, text } of addressesIn(JSON.parse(result.body ?? 'null'))) {
            const published = at.some((key) => PUBLISHED_TEXT.has(key));
            const echoed = call.ownAddress?.includes(at.join('.'));
            if (!published && !echoed) found.push(`${route.method} ${path} ${at.join('.')}: ${text}`);
          }
        }
      }
      expect(answers).toBeGreaterThan(200);
      expect(found).toEqual([]);
    } finally {
      logs.restore();
    }
  });
});
