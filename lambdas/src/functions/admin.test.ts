import {
  AdminSetUserMFAPreferenceCommand,
  AssociateSoftwareTokenCommand,
  InitiateAuthCommand,
  SetUserMFAPreferenceCommand,
  VerifySoftwareTokenCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import { GetParametersCommand, SSMClient } from '@aws-sdk/client-ssm';
import { mockClient, type AwsClientStub } from 'aws-sdk-client-mock';
import { generateSync } from 'otplib';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ADMIN_CONSOLE_MESSAGES, ADMIN_MESSAGES, ADMIN_SETUP_TOKEN_HEADER } from '@solutionz/shared';
import type { ApiHandler } from '../http/types';
import { apiEvent, captureLogs, lambdaContext } from '../testing/api-event';
import { useTestTable } from '../testing/dynamodb-table';
import { stubLambdaEnv } from '../testing/lambda-env';
import { createTestAccount } from '../testing/test-account';
import { useTestUserPool } from '../testing/user-pool';

const table = useTestTable();
const pool = useTestUserPool();
const PARAMETER = '/solutionz/prod/admin-setup-token';
const TOKEN = 'a-long-random-setup-token';

describe('admin function: the first-admin setup token in the cloud', () => {
  let logs: ReturnType<typeof captureLogs>;
  let handler: ApiHandler;
  let ssm: AwsClientStub<SSMClient>;

  beforeEach(async () => {
    logs = captureLogs();
    // SSM has no local stand-in: its answer is the one part given here, as a SecureString read with decryption.
    ssm = mockClient(SSMClient);
    ssm
      .on(GetParametersCommand, { Names: [PARAMETER], WithDecryption: true })
      .resolves({ Parameters: [{ Name: PARAMETER, Value: TOKEN, Type: 'SecureString' }] });
    stubLambdaEnv(table, pool, {
      STAGE: 'prod',
      ADMIN_EMAIL_DOMAIN: 'admin.solutionz.test',
      ADMIN_SETUP_TOKEN_PARAMETER: PARAMETER,
      // What the rest of the admin console needs at cold start (mail, the buckets erasure reaches, Stripe).
      SITE_URL: 'https://solutionz.test',
      MAIL_FROM_ADDRESS: 'no-reply@solutionz.test',
      MEDIA_BUCKET_AVATARS: 'avatars',
      MEDIA_BUCKET_PORTFOLIO: 'portfolio',
      MEDIA_BUCKET_LOGOS: 'logos',
      STRIPE_SECRET_KEY: 'sk_test_unused',
    });
    vi.resetModules();
    ({ handler } = await import('./admin'));
  });
  afterEach(() => {
    logs.restore();
    vi.unstubAllEnvs();
    ssm.restore();
  });

  const setup = (token?: string) =>
    handler(
      apiEvent('POST', '/api/admin/setup', {
        body: JSON.stringify({ username: 'head.office', password: 'Admin-pass-1' }),
        ...(token ? { headers: { [ADMIN_SETUP_TOKEN_HEADER]: token } } : {}),
      }),
      lambdaContext,
    );

  it('reads the token from its SecureString once, at cold start, and sets up only with it', async () => {
    expect(process.env.ADMIN_SETUP_TOKEN).toBeUndefined();
    const missing = await setup();
    expect(missing.statusCode).toBe(401);
    expect(JSON.parse(missing.body!).error.message).toBe(ADMIN_MESSAGES.setupTokenInvalid);
    expect((await setup('a-guess')).statusCode).toBe(403);
    expect(await pool.emails()).toEqual([]);

    expect((await setup(TOKEN)).statusCode).toBe(201);
    expect(await pool.emails()).toEqual(['head.office@admin.solutionz.test']);
    expect(ssm.commandCalls(GetParametersCommand)).toHaveLength(1);
    // The admin function's first calls after a cold start (its first DynamoDB, Cognito and mail requests) took
    // 21 s on a busy two-core machine, past the project's fifteen.
  }, 45_000);
});

describe('admin function: the admin 2-step rule', () => {
  let logs: ReturnType<typeof captureLogs>;
  let handler: ApiHandler;

  beforeEach(async () => {
    logs = captureLogs();
    stubLambdaEnv(table, pool, {
      ADMIN_EMAIL_DOMAIN: 'admin.solutionz.test',
      REQUIRE_ADMIN_MFA: 'true',
      SITE_URL: 'https://solutionz.test',
      MAIL_FROM_ADDRESS: 'no-reply@solutionz.test',
      MEDIA_BUCKET_AVATARS: 'avatars',
      MEDIA_BUCKET_PORTFOLIO: 'portfolio',
      MEDIA_BUCKET_LOGOS: 'logos',
      STRIPE_SECRET_KEY: 'sk_test_unused',
    });
    vi.resetModules();
    ({ handler } = await import('./admin'));
  });
  afterEach(() => {
    logs.restore();
    vi.unstubAllEnvs();
  });

  it('asks Cognito before every admin route, the overview included: 2-step turned off there is refused though the profile says on', async () => {
    const { identity, client: cognito } = pool.identity();
    const boss = await createTestAccount({ identity, accounts: table.repositories.accounts }, 'admin', { email: 'head.office@admin.solutionz.test' });
    const claims = { sub: boss.userId, 'cognito:groups': '[admin]', iat: String(Math.floor(Date.now() / 1000)) };
    const statuses = async () =>
      Promise.all(
        ['/api/admin/overview', '/api/admin/dashboard'].map(async (path) => (await handler(apiEvent('GET', path, { claims }), lambdaContext)).statusCode),
      );

    const refused = await handler(apiEvent('GET', '/api/admin/overview', { claims }), lambdaContext);
    expect(refused.statusCode).toBe(403);
    expect(JSON.parse(refused.body!).error).toEqual({ code: 'ADMIN_MFA_REQUIRED', message: ADMIN_CONSOLE_MESSAGES.mfaRequired });

    // On as the security tab turns it on (through the server's app client), in Cognito and in the profile's copy.
    const { AuthenticationResult } = await cognito.send(
      new InitiateAuthCommand({
        AuthFlow: 'USER_PASSWORD_AUTH',
        ClientId: pool.serverClientId,
        AuthParameters: { USERNAME: boss.email, PASSWORD: boss.password },
      }),
    );
    const AccessToken = AuthenticationResult!.AccessToken!;
    const { SecretCode } = await cognito.send(new AssociateSoftwareTokenCommand({ AccessToken }));
    await cognito.send(new VerifySoftwareTokenCommand({ AccessToken, UserCode: generateSync({ secret: SecretCode! }) }));
    await cognito.send(new SetUserMFAPreferenceCommand({ AccessToken, SoftwareTokenMfaSettings: { Enabled: true, PreferredMfa: true } }));
    await table.repositories.accounts.setMfaEnabled(boss.userId, true, new Date().toISOString());
    expect(await statuses()).toEqual([200, 200]);

    // Off directly at Cognito: the profile still says on, and the admin routes refuse all the same.
    await cognito.send(
      new AdminSetUserMFAPreferenceCommand({
        UserPoolId: pool.userPoolId,
        Username: boss.userId,
        SoftwareTokenMfaSettings: { Enabled: false, PreferredMfa: false },
      }),
    );
    expect((await table.repositories.accounts.getProfile(boss.userId))?.mfaEnabled).toBe(true);
    expect(await statuses()).toEqual([403, 403]);
  }, 45_000);
});
