import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { routeList, type Area } from '@solutionz/shared';
import { ORIGIN_VERIFY_HEADER } from '@solutionz/lambdas/http/origin-guard';
import type { ApiHandler } from '@solutionz/lambdas/http/types';
import { apiEvent, lambdaContext, TEST_ORIGIN_SECRET } from '@solutionz/lambdas/testing/api-event';
import { AREA_NEEDS, areaNeeds } from '@solutionz/lambdas/deploy-contract';
import { TABLE_DATA_ACTIONS, TABLE_READ_ACTIONS } from '../../infra/src/area-function';
import type { SolutionzStacks } from '../../infra/src/solutionz';
import { defaultSynthesis, synthesisWith, SYNTH_TIMEOUT_MS, TEST_SETUP_TOKEN_PARAMETER, type Synthesis } from './synth';

type Resource = { Type: string; Properties: Record<string, unknown> };
type Statement = { Action: string | string[]; Resource: unknown; Condition?: unknown };

function functionsOf(synthesis: Synthesis) {
  const template = synthesis.templates.api.toJSON();
  const resources = template.Resources as Record<string, Resource>;
  const idOf = (stacks: SolutionzStacks, area: Area) => stacks.api.getLogicalId(stacks.api.functions.get(area)!.function.node.defaultChild as never);
  return {
    template,
    /** The staged code of the area's function, by the S3 key the template deploys it from. */
    assetDir(area: Area): string {
      const code = resources[idOf(synthesis.stacks, area)]!.Properties.Code as { S3Key: string };
      return join(synthesis.app.outdir, `asset.${code.S3Key.replace(/\.zip$/, '')}`);
    },
    architecture(area: Area): unknown {
      return resources[idOf(synthesis.stacks, area)]!.Properties.Architectures;
    },
    environment(area: Area): Record<string, unknown> {
      const fn = resources[idOf(synthesis.stacks, area)]!;
      return (fn.Properties.Environment as { Variables: Record<string, unknown> }).Variables;
    },
    statements(area: Area): Statement[] {
      const roleId = (resources[idOf(synthesis.stacks, area)]!.Properties.Role as { 'Fn::GetAtt': string[] })['Fn::GetAtt'][0];
      return Object.values(resources)
        .filter((resource) => resource.Type === 'AWS::IAM::Policy')
        .filter((policy) => JSON.stringify(policy.Properties.Roles) === JSON.stringify([{ Ref: roleId }]))
        .flatMap((policy) => (policy.Properties.PolicyDocument as { Statement: Statement[] }).Statement);
    },
  };
}

const actionsOf = (statements: Statement[]) => statements.flatMap((statement) => [statement.Action].flat());
const areas = [...new Set(routeList.map((route) => route.area))];

let functions: ReturnType<typeof functionsOf>;
beforeAll(() => {
  functions = functionsOf(defaultSynthesis());
}, SYNTH_TIMEOUT_MS);

/** Areas whose functions carry packages with native code, installed by npm rather than bundled. */
const NATIVE_MODULES: Partial<Record<Area, string[]>> = { profiles: ['sharp'], admin: ['sharp'], messages: ['sharp'] };

describe('Lambda code', () => {
  it.each(areas)('%s is bundled by esbuild into one ES module with its source map (and the geo tables where it places locations)', (area) => {
    const bundle = ['index.mjs', 'index.mjs.map'];
    const installed = NATIVE_MODULES[area] ? ['node_modules', 'package-lock.json', 'package.json'] : [];
    expect(readdirSync(functions.assetDir(area)).sort()).toEqual([...(areaNeeds(area).geocoding ? ['geo'] : []), ...bundle, ...installed].sort());
  });

  it('installs sharp with the linux-x64 libvips build for the x86_64 functions that re-encode pictures, whatever machine synthesizes; the rest run on arm64', () => {
    for (const area of ['profiles', 'admin'] as const) {
      const modules = join(functions.assetDir(area), 'node_modules');
      expect(readdirSync(modules), area).toEqual(expect.arrayContaining(['sharp', '@img']));
      // npm installs the optional packages of the platform it is told, not the machine's (a Mac, an arm64 laptop).
      expect(
        readdirSync(join(modules, '@img'))
          .filter((name) => name.startsWith('sharp-'))
          .sort(),
        area,
      ).toEqual(['sharp-libvips-linux-x64', 'sharp-linux-x64']);
    }
    for (const area of areas) expect(functions.architecture(area), area).toEqual([NATIVE_MODULES[area] ? 'x86_64' : 'arm64']);
  });

  it.each(areas)('%s loads as the Lambda runtime loads it, its installed packages included', async (area) => {
    // Values of the right shape; the module reads its configuration at load time, as on a cold start.
    const environment = {
      STAGE: 'dev',
      TABLE_NAME: 'solutionz-dev',
      AWS_REGION: 'eu-west-2',
      // Lambda's Node is newer than this machine's, and the SDK then has no warning to print.
      AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true',
      USER_POOL_ID: 'eu-west-2_abc',
      USER_POOL_CLIENT_ID: 'client',
      USER_POOL_SERVER_CLIENT_ID: 'server-client',
      SITE_URL: 'https://solutionz.example',
      MAIL_FROM_ADDRESS: 'no-reply@solutionz.example',
      ADMIN_EMAIL_DOMAIN: 'admin.solutionz.internal',
      MEDIA_BUCKET_AVATARS: 'solutionz-dev-avatars-123456789012',
      MEDIA_BUCKET_PORTFOLIO: 'solutionz-dev-portfolio-123456789012',
      MEDIA_BUCKET_LOGOS: 'solutionz-dev-logos-123456789012',
      STRIPE_SECRET_KEY_PARAMETER: '/solutionz/dev/stripe/secret-key',
      STRIPE_WEBHOOK_SECRET_PARAMETER: '/solutionz/dev/stripe/webhook-secret',
      ORIGIN_SECRET_ARN: 'arn:aws:secretsmanager:eu-west-2:123456789012:secret:solutionz-dev-origin-AbCdEf',
    };
    for (const [name, value] of Object.entries(environment)) vi.stubEnv(name, value);
    try {
      const loaded = (await import(pathToFileURL(join(functions.assetDir(area), 'index.mjs')).href)) as { handler?: unknown };
      expect(typeof loaded.handler).toBe('function');
    } finally {
      vi.unstubAllEnvs();
    }
  });

  it("refuses, as bundled for Lambda, a request that did not come through CloudFront's origin header", async () => {
    // The health check's bundle, loaded afresh with the secret given by value (no Secrets Manager here).
    const environment = {
      STAGE: 'dev',
      TABLE_NAME: 'solutionz-dev',
      AWS_REGION: 'eu-west-2',
      USER_POOL_ID: 'eu-west-2_abc',
      USER_POOL_CLIENT_ID: 'client',
      ORIGIN_SECRET: TEST_ORIGIN_SECRET,
      LOG_LEVEL: 'SILENT',
      POWERTOOLS_METRICS_DISABLED: 'true',
    };
    for (const [name, value] of Object.entries(environment)) vi.stubEnv(name, value);
    try {
      const { handler } = (await import(`${pathToFileURL(join(functions.assetDir('system'), 'index.mjs')).href}?origin-check`)) as { handler: ApiHandler };
      const through = apiEvent('GET', '/api/health');
      expect((await handler(through, lambdaContext)).statusCode).toBe(200);
      const { [ORIGIN_VERIFY_HEADER]: _secret, ...direct } = through.headers;
      expect((await handler({ ...through, headers: direct }, lambdaContext)).statusCode).toBe(403);
      expect((await handler({ ...through, headers: { ...direct, [ORIGIN_VERIFY_HEADER]: 'guessed' } }, lambdaContext)).statusCode).toBe(403);
    } finally {
      vi.unstubAllEnvs();
    }
  });
});

describe('Lambda permissions', () => {
  it.each(areas)('%s may do with the table what its routes need (read-only areas only read), but never scan it', (area) => {
    const tableActions = actionsOf(functions.statements(area)).filter((action) => action.startsWith('dynamodb:'));
    const expected = { readWrite: TABLE_DATA_ACTIONS, read: TABLE_READ_ACTIONS, none: [] }[areaNeeds(area).table];
    expect(tableActions.sort()).toEqual([...expected].sort());
    expect(tableActions.filter((action) => action.startsWith('dynamodb:Scan') || action === 'dynamodb:*')).toEqual([]);
    expect(actionsOf(functions.statements(area)).some((action) => action.includes('*'))).toBe(false);
  });

  it('gives read-only grants to the areas whose routes only read, and the health check no table at all', () => {
    for (const area of areas) {
      const writes = routeList.some((route) => route.area === area && route.method !== 'GET');
      if (!writes) expect(areaNeeds(area).table, area).not.toBe('readWrite');
    }
    expect(AREA_NEEDS).toMatchObject({ system: { table: 'none' }, categories: { table: 'read' } });
  });

  it('lets every area read the origin secret, and only that secret', () => {
    for (const area of areas) {
      const reads = functions.statements(area).filter((statement) => actionsOf([statement]).some((action) => action.startsWith('secretsmanager:')));
      expect(reads, area).toHaveLength(1);
      expect(actionsOf(reads)).toEqual(['secretsmanager:GetSecretValue']);
      expect(JSON.stringify(reads[0]!.Resource)).toContain('OriginSecret');
      expect(JSON.stringify(functions.environment(area).ORIGIN_SECRET_ARN)).toContain('OriginSecret');
    }
  });

  it('lets only the accounts and admin areas manage Cognito users and send mail, and only admin disable users and read MFA settings (the admin 2-step rule)', () => {
    for (const area of areas) {
      const actions = actionsOf(functions.statements(area));
      expect(actions.includes('cognito-idp:AdminCreateUser'), area).toBe(area === 'accounts' || area === 'admin');
      expect(actions.includes('ses:SendEmail'), area).toBe(area === 'accounts' || area === 'admin');
      for (const action of [
        'cognito-idp:AdminDisableUser',
        'cognito-idp:AdminEnableUser',
        'cognito-idp:AdminRemoveUserFromGroup',
        'cognito-idp:AdminGetUser',
      ]) {
        expect(actions.includes(action), `${area} ${action}`).toBe(area === 'admin');
      }
    }
  });

  it('lets profiles read, write and delete the avatar and portfolio files, admin the logos, and both account areas delete all three (erasure)', () => {
    const erase = ['s3:DeleteObject'];
    const readWrite = ['s3:DeleteObject', 's3:GetObject', 's3:PutObject'];
    const expected: Partial<Record<Area, Record<string, string[]>>> = {
      profiles: { avatars: readWrite, portfolio: readWrite },
      accounts: { avatars: erase, portfolio: erase, logos: erase },
      admin: { avatars: erase, portfolio: erase, logos: readWrite },
    };
    const objectKeys = (statement: Statement) => [statement.Resource].flat().map((resource) => JSON.stringify(resource));
    for (const area of areas) {
      const statements = functions
        .statements(area)
        .filter((statement) => actionsOf([statement]).some((action) => action.startsWith('s3:')))
        // Listing of message images' and evidence documents' own prefixes of the portfolio bucket: the next tests.
        .filter((statement) => !/messages\/|credentials\//.test(JSON.stringify(statement.Condition ?? {})));
      const buckets = expected[area] ?? {};
      const granted: Record<string, string[]> = {};
      for (const statement of statements.filter((candidate) => !actionsOf([candidate]).includes('s3:ListBucket'))) {
        // Message images' and evidence documents' own prefixes of the portfolio bucket: the next tests.
        for (const key of objectKeys(statement).filter((candidate) => !candidate.includes('messages/') && !candidate.includes('credentials/'))) {
          const bucket = Object.keys(buckets).find((name) => key.includes(`solutionz-dev-${name}-`));
          expect(bucket, `${area} ${key}`).toBeDefined();
          // Only the bucket's two prefixes, never the whole bucket.
          expect(key.includes(`/uploads/${bucket}/*`) || key.includes(`/media/${bucket}/*`), `${area} ${key}`).toBe(true);
          granted[bucket!] = [...new Set([...(granted[bucket!] ?? []), ...actionsOf([statement])])].sort();
        }
      }
      expect(granted, area).toEqual(buckets);
      for (const bucket of Object.keys(buckets)) {
        const listing = statements.find(
          (statement) => actionsOf([statement]).includes('s3:ListBucket') && objectKeys(statement).some((key) => key.includes(`solutionz-dev-${bucket}-`)),
        )!;
        expect(listing.Condition, `${area} ${bucket}`).toEqual({ StringLike: { 's3:prefix': [`uploads/${bucket}/*`, `media/${bucket}/*`] } });
      }
    }
  });

  it('lets messages read, write and delete message images, and both account areas delete them (erasure), only under their prefixes of the portfolio bucket', () => {
    const expected: Partial<Record<Area, string[]>> = {
      messages: ['s3:DeleteObject', 's3:GetObject', 's3:PutObject'],
      accounts: ['s3:DeleteObject'],
      admin: ['s3:DeleteObject'],
    };
    const objectKeys = (statement: Statement) => [statement.Resource].flat().map((resource) => JSON.stringify(resource));
    for (const area of areas) {
      // CDK merges statements of the same actions: the grant is read per resource.
      const statements = functions.statements(area).filter((statement) => !actionsOf([statement]).includes('s3:ListBucket'));
      const keys = statements.flatMap((statement) =>
        objectKeys(statement)
          .filter((key) => key.includes('messages/'))
          .map((key) => ({ key, actions: actionsOf([statement]) })),
      );
      expect([...new Set(keys.flatMap((grant) => grant.actions))].sort(), area).toEqual(expected[area] ?? []);
      for (const { key } of keys) {
        expect(key.includes('solutionz-dev-portfolio-') && (key.includes('/uploads/messages/*') || key.includes('/private/messages/*')), `${area} ${key}`).toBe(
          true,
        );
      }
      if (expected[area]) {
        const listing = functions
          .statements(area)
          .find((statement) => actionsOf([statement]).includes('s3:ListBucket') && JSON.stringify(statement.Condition ?? {}).includes('messages/'));
        expect(listing?.Condition, area).toEqual({ StringLike: { 's3:prefix': ['uploads/messages/*', 'private/messages/*'] } });
      }
    }
  });

  it('lets profiles read, write and delete evidence documents, admin read and delete them, and accounts delete them, only under their prefixes', () => {
    const expected: Partial<Record<Area, string[]>> = {
      profiles: ['s3:DeleteObject', 's3:GetObject', 's3:PutObject'],
      accounts: ['s3:DeleteObject'],
      admin: ['s3:DeleteObject', 's3:GetObject'],
    };
    const objectKeys = (statement: Statement) => [statement.Resource].flat().map((resource) => JSON.stringify(resource));
    for (const area of areas) {
      const statements = functions.statements(area).filter((statement) => !actionsOf([statement]).includes('s3:ListBucket'));
      const keys = statements.flatMap((statement) =>
        objectKeys(statement)
          .filter((key) => key.includes('credentials/'))
          .map((key) => ({ key, actions: actionsOf([statement]) })),
      );
      expect([...new Set(keys.flatMap((grant) => grant.actions))].sort(), area).toEqual(expected[area] ?? []);
      for (const { key } of keys) {
        const underPrefix = key.includes('/uploads/credentials/*') || key.includes('/private/credentials/*');
        expect(key.includes('solutionz-dev-portfolio-') && underPrefix, `${area} ${key}`).toBe(true);
      }
    }
  });

  it('lets only accounts and admin (deactivation) sign users out everywhere, and only accounts turn their 2-step verification off', () => {
    for (const area of areas) {
      const actions = actionsOf(functions.statements(area));
      expect(actions.includes('cognito-idp:AdminUserGlobalSignOut'), area).toBe(area === 'accounts' || area === 'admin');
      expect(actions.includes('cognito-idp:AdminSetUserMFAPreference'), area).toBe(area === 'accounts');
    }
    expect(actionsOf(functions.statements('accounts'))).toEqual(
      expect.arrayContaining(['cognito-idp:AdminUpdateUserAttributes', 'cognito-idp:AdminDeleteUser']),
    );
  });

  it('lets membership, the Stripe webhook, accounts and admin (deletion cancels the membership; admin also the setup token) read exactly the secrets they use', () => {
    const parameterReads = (synthesis: ReturnType<typeof functionsOf>, area: Area) =>
      synthesis
        .statements(area)
        .filter((statement) => actionsOf([statement]).some((action) => action.startsWith('ssm:') || action.startsWith('kms:')))
        .map((statement) => ({ actions: actionsOf([statement]), resources: [statement.Resource].flat().map((resource) => JSON.stringify(resource)) }));
    const secretKey = expect.stringContaining(':parameter/solutionz/dev/stripe/secret-key"');
    const webhookSecret = expect.stringContaining(':parameter/solutionz/dev/stripe/webhook-secret"');
    const expected: Partial<Record<Area, unknown[]>> = {
      membership: [{ actions: ['ssm:GetParameter', 'ssm:GetParameters'], resources: [secretKey] }],
      accounts: [{ actions: ['ssm:GetParameter', 'ssm:GetParameters'], resources: [secretKey] }],
      stripeWebhook: [{ actions: ['ssm:GetParameter', 'ssm:GetParameters'], resources: [secretKey, webhookSecret] }],
      // CDK merges the two grants (the setup token, Stripe's key) into one statement.
      admin: [
        { actions: ['ssm:GetParameter', 'ssm:GetParameters'], resources: [expect.stringContaining(`:parameter${TEST_SETUP_TOKEN_PARAMETER}"`), secretKey] },
      ],
    };
    for (const area of areas) expect(parameterReads(functions, area), area).toEqual(expected[area] ?? []);

    const renamed = functionsOf(synthesisWith({ stripeSecretKeyParameter: '/shop/stripe/key', stripeWebhookSecretParameter: '/shop/stripe/whsec' }));
    expect(parameterReads(renamed, 'stripeWebhook')).toEqual([
      {
        actions: ['ssm:GetParameter', 'ssm:GetParameters'],
        resources: [expect.stringContaining(':parameter/shop/stripe/key"'), expect.stringContaining(':parameter/shop/stripe/whsec"')],
      },
    ]);
    expect(renamed.environment('stripeWebhook')).toEqual(
      expect.objectContaining({ STRIPE_SECRET_KEY_PARAMETER: '/shop/stripe/key', STRIPE_WEBHOOK_SECRET_PARAMETER: '/shop/stripe/whsec' }),
    );
  });

  it('lets only accounts (erasure) and admin (moderation) purge cached answers, and only from the web distribution', () => {
    for (const area of areas) {
      const purges = functions.statements(area).filter((statement) => actionsOf([statement]).some((action) => action.startsWith('cloudfront:')));
      if (area !== 'accounts' && area !== 'admin') {
        expect(purges, area).toEqual([]);
        expect(functions.environment(area), area).not.toHaveProperty('DISTRIBUTION_ID');
        continue;
      }
      expect(actionsOf(purges), area).toEqual(['cloudfront:CreateInvalidation']);
      const resource = JSON.stringify(purges[0]!.Resource);
      expect(resource, area).toContain(':distribution/');
      expect(resource, area).not.toContain('*');
      // The same distribution the function is told (a reference to the Web stack's, resolved at deploy time).
      const distribution = JSON.stringify(functions.environment(area).DISTRIBUTION_ID);
      expect(distribution, area).toContain('Distribution');
      expect(resource, area).toContain(distribution);
    }
  });

  it('lets accounts and admin send mail only from the configured sender', () => {
    for (const area of ['accounts', 'admin'] as const) {
      const send = functions.statements(area).find((statement) => statement.Action === 'ses:SendEmail')!;
      expect(send.Condition, area).toEqual({ StringEquals: { 'ses:FromAddress': 'no-reply@mail.solutionz.example' } });
    }
  });
});

describe('Lambda environment', () => {
  it('points the accounts area at the site for mail links and at the SES sender', () => {
    const environment = functions.environment('accounts');
    const siteUrl = JSON.stringify(environment.SITE_URL);
    expect(siteUrl).toContain('https://');
    expect(siteUrl).toContain('Distribution');
    expect(environment.MAIL_FROM_ADDRESS).toBe('no-reply@mail.solutionz.example');
    expect(environment.ADMIN_EMAIL_DOMAIN).toBe('admin.solutionz.internal');
    expect(JSON.stringify(environment.MAIL_CONFIGURATION_SET)).toContain('ConfigurationSet');
  });

  it('uses the custom domain for mail links when there is one', () => {
    const withDomain = functionsOf(
      synthesisWith({
        domainName: 'www.solutionz.example',
        certificateArn: 'arn:aws:acm:us-east-1:123456789012:certificate/00000000-0000-0000-0000-000000000000',
      }),
    );
    expect(withDomain.environment('accounts')).toMatchObject({
      SITE_URL: 'https://www.solutionz.example',
      MAIL_FROM_ADDRESS: 'no-reply@www.solutionz.example',
    });
  });

  it('names the first-admin setup token to the admin function, which reads it at run time: the token is in no template', () => {
    expect(functions.environment('admin')).toMatchObject({
      ADMIN_EMAIL_DOMAIN: 'admin.solutionz.internal',
      ADMIN_SETUP_TOKEN_PARAMETER: TEST_SETUP_TOKEN_PARAMETER,
    });
    expect(functions.environment('admin')).not.toHaveProperty('ADMIN_SETUP_TOKEN');
    // No value resolved at deploy time either (an SSM parameter type would put it in the function's configuration).
    expect(JSON.stringify(functions.template.Parameters ?? {})).not.toContain('admin-setup-token');

    const test = functionsOf(synthesisWith({ stage: 'test', adminSetupTokenParameter: '' }));
    expect(test.environment('admin')).not.toHaveProperty('ADMIN_SETUP_TOKEN_PARAMETER');
    // What it reads is Stripe's key only (an admin's deletion of a member cancels the membership).
    expect(
      test
        .statements('admin')
        .filter((statement) => actionsOf([statement]).some((action) => action.startsWith('ssm:')))
        .map((statement) => JSON.stringify(statement.Resource)),
    ).toEqual([expect.stringContaining(':parameter/solutionz/test/stripe/secret-key"')]);
  });

  it('requires 2-step verification of admins outside the local and test stages, unless the stage says otherwise', () => {
    expect(functions.environment('admin')).toMatchObject({ REQUIRE_ADMIN_MFA: 'true' });
    expect(functionsOf(synthesisWith({ stage: 'test', adminSetupTokenParameter: '' })).environment('admin')).toMatchObject({ REQUIRE_ADMIN_MFA: 'false' });
  });

  it('names the Stripe parameters to the functions that read them, and points Checkout back at the site', () => {
    expect(functions.environment('membership')).toMatchObject({ STRIPE_SECRET_KEY_PARAMETER: '/solutionz/dev/stripe/secret-key' });
    expect(JSON.stringify(functions.environment('membership').SITE_URL)).toContain('Distribution');
    expect(functions.environment('stripeWebhook')).toMatchObject({
      STRIPE_SECRET_KEY_PARAMETER: '/solutionz/dev/stripe/secret-key',
      STRIPE_WEBHOOK_SECRET_PARAMETER: '/solutionz/dev/stripe/webhook-secret',
    });
    expect(functions.environment('accounts')).toMatchObject({ STRIPE_SECRET_KEY_PARAMETER: '/solutionz/dev/stripe/secret-key' });
    for (const area of areas) {
      const environment = JSON.stringify(functions.environment(area));
      // The secrets themselves never go into a template, only the names of the parameters holding them.
      expect(environment, area).not.toMatch(/sk_(test|live)_|whsec_/);
    }
  });

  it('gives no area the variables of another', () => {
    for (const area of areas) {
      const names = Object.keys(functions.environment(area));
      const accountAreas = area === 'accounts' || area === 'admin';
      expect(names.includes('SITE_URL'), area).toBe(accountAreas || area === 'membership');
      expect(names.includes('STRIPE_SECRET_KEY_PARAMETER'), area).toBe(accountAreas || area === 'membership' || area === 'stripeWebhook');
      expect(names.includes('STRIPE_WEBHOOK_SECRET_PARAMETER'), area).toBe(area === 'stripeWebhook');
      expect(names.includes('ADMIN_EMAIL_DOMAIN'), area).toBe(accountAreas);
      expect(names.includes('MEDIA_BUCKET_AVATARS'), area).toBe(area === 'profiles' || accountAreas);
      expect(names.includes('MEDIA_BUCKET_PORTFOLIO'), area).toBe(area === 'profiles' || area === 'messages' || accountAreas);
      expect(names.includes('MEDIA_BUCKET_LOGOS'), area).toBe(accountAreas);
      expect(names.includes('REQUIRE_ADMIN_MFA'), area).toBe(area === 'admin');
    }
  });
});
