import { GetAccountSettingsCommand, LambdaClient } from '@aws-sdk/client-lambda';
import { GetAccountCommand, GetEmailIdentityCommand, NotFoundException, SESv2Client } from '@aws-sdk/client-sesv2';
import { GetParameterCommand, GetParametersCommand, ParameterNotFound, SSMClient } from '@aws-sdk/client-ssm';
import { GetCallerIdentityCommand, STSClient } from '@aws-sdk/client-sts';
import { App } from 'aws-cdk-lib';
import { BUNDLING_STACKS } from 'aws-cdk-lib/cx-api';
import { mockClient } from 'aws-sdk-client-mock';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { readDeploymentConfig, type DeploymentConfig } from '../../infra/src/config';
import { bootstrapVersionParameter, hasErrors, preflight, type CheckResult } from './preflight';

/*
 * No AWS account is reachable from here: each client is mocked, answering as AWS does for an account in
 * the state the test describes (the SDK's own exception classes, the fields the real answers carry).
 */

const emptyDir = mkdtempSync(join(tmpdir(), 'solutionz-preflight-'));
afterAll(() => rmSync(emptyDir, { recursive: true, force: true }));

function configFor(context: Record<string, string> = {}): DeploymentConfig {
  return readDeploymentConfig(
    new App({
      outdir: mkdtempSync(join(emptyDir, 'cdk-')),
      context: { [BUNDLING_STACKS]: [], adminSetupTokenParameter: '/solutionz/dev/admin-setup-token', ...context },
    }).node,
  );
}

const PROD = {
  stage: 'prod',
  account: '123456789012',
  domainName: 'www.solutionz.example',
  certificateArn: 'arn:aws:acm:us-east-1:123456789012:certificate/x',
  alarmEmail: 'ops@solutionz.example',
  adminSetupTokenParameter: '/solutionz/prod/admin-setup-token',
};

const clients = {
  sts: new STSClient({ region: 'eu-west-2' }),
  ses: new SESv2Client({ region: 'eu-west-2' }),
  lambda: new LambdaClient({ region: 'eu-west-2' }),
  londonSsm: new SSMClient({ region: 'eu-west-2' }),
  virginiaSsm: new SSMClient({ region: 'us-east-1' }),
  ssm: (region: string) => (region === 'us-east-1' ? clients.virginiaSsm : clients.londonSsm),
};
const sts = mockClient(clients.sts);
const london = mockClient(clients.londonSsm);
const virginia = mockClient(clients.virginiaSsm);
const ses = mockClient(clients.ses);
const lambda = mockClient(clients.lambda);

const parameterMissing = () => new ParameterNotFound({ message: 'Parameter not found', $metadata: {} });

/** An account ready for the production stage: every check passes. */
function readyAccount(): void {
  sts.on(GetCallerIdentityCommand).resolves({ Account: '123456789012', Arn: 'arn:aws:sts::123456789012:assumed-role/solutionz-prod-github-deploy/ci' });
  london.on(GetParametersCommand).resolves({
    Parameters: [
      { Name: '/solutionz/prod/stripe/secret-key', Type: 'SecureString' },
      { Name: '/solutionz/prod/stripe/webhook-secret', Type: 'SecureString' },
      { Name: '/solutionz/prod/admin-setup-token', Type: 'SecureString' },
    ],
    InvalidParameters: [],
  });
  for (const ssm of [london, virginia])
    ssm.on(GetParameterCommand, { Name: bootstrapVersionParameter }).resolves({ Parameter: { Name: bootstrapVersionParameter, Value: '29' } });
  ses.on(GetAccountCommand).resolves({ ProductionAccessEnabled: true, SendingEnabled: true, SendQuota: { MaxSendRate: 14 } });
  ses.on(GetEmailIdentityCommand).resolves({ VerifiedForSendingStatus: true });
  lambda.on(GetAccountSettingsCommand).resolves({ AccountLimit: { ConcurrentExecutions: 1000 } });
}

const failures = (results: CheckResult[]) => results.filter((result) => result.level === 'error').map((result) => `${result.check}: ${result.message}`);
const warnings = (results: CheckResult[]) => results.filter((result) => result.level === 'warning').map((result) => `${result.check}: ${result.message}`);

describe('deploy preflight', () => {
  beforeEach(() => {
    for (const mock of [sts, london, virginia, ses, lambda]) mock.reset();
    readyAccount();
  });

  it('passes an account that has everything the production stage needs', async () => {
    const results = await preflight(clients, configFor(PROD));
    expect(failures(results)).toEqual([]);
    expect(warnings(results)).toEqual([]);
    expect(results.map((result) => result.check)).toEqual(
      expect.arrayContaining(['credentials', 'postcode tables', 'SSM parameters', 'SES', 'CDK bootstrap', 'Lambda concurrency']),
    );
    expect(hasErrors(results)).toBe(false);
    // Both regions' bootstraps were asked about.
    expect(london.commandCalls(GetParameterCommand)).toHaveLength(1);
    expect(virginia.commandCalls(GetParameterCommand)).toHaveLength(1);
  });

  it('names each missing parameter with the command that creates it, and refuses a Stripe secret stored as a plain String', async () => {
    london.on(GetParametersCommand).resolves({
      Parameters: [{ Name: '/solutionz/prod/stripe/secret-key', Type: 'String' }],
      InvalidParameters: ['/solutionz/prod/stripe/webhook-secret', '/solutionz/prod/admin-setup-token'],
    });
    const results = await preflight(clients, configFor(PROD));
    expect(failures(results)).toEqual([
      'SSM parameters: /solutionz/prod/stripe/secret-key is a String, so its secret is stored unencrypted: delete it and create it again with --type SecureString.',
      expect.stringContaining(
        "/solutionz/prod/stripe/webhook-secret (the Stripe webhook endpoint's signing secret (whsec_...)) does not exist in eu-west-2: aws ssm put-parameter --region eu-west-2 --type SecureString --name /solutionz/prod/stripe/webhook-secret",
      ),
      expect.stringContaining('/solutionz/prod/admin-setup-token (the first-admin setup token'),
    ]);
    expect(hasErrors(results)).toBe(true);
  });

  it('warns that SES is still in the sandbox and that the sender domain is not verified, without stopping the deploy', async () => {
    ses.on(GetAccountCommand).resolves({ ProductionAccessEnabled: false, SendingEnabled: true });
    ses.on(GetEmailIdentityCommand).rejects(new NotFoundException({ message: 'Email identity www.solutionz.example does not exist.', $metadata: {} }));
    const results = await preflight(clients, configFor(PROD));
    expect(warnings(results)).toEqual([
      expect.stringMatching(/^SES: SES in eu-west-2 is in the sandbox: mail reaches only verified addresses.*Request production access/),
      expect.stringMatching(/^SES: www\.solutionz\.example is not an SES identity yet: the Mail stack creates it; then add its DKIM CNAME records/),
    ]);
    expect(hasErrors(results)).toBe(false);
  });

  it('stops when sending is paused for the account', async () => {
    ses.on(GetAccountCommand).resolves({ ProductionAccessEnabled: true, SendingEnabled: false });
    expect(failures(await preflight(clients, configFor(PROD)))).toEqual([expect.stringContaining('Sending is paused for this account in eu-west-2')]);
  });

  it('asks for the bootstrap of each region that lacks one, us-east-1 included, with its command', async () => {
    virginia.on(GetParameterCommand).rejects(parameterMissing());
    london.on(GetParameterCommand).resolves({ Parameter: { Value: '4' } });
    expect(failures(await preflight(clients, configFor(PROD)))).toEqual([
      'CDK bootstrap: eu-west-2 is bootstrapped at version 4, older than 6: npx cdk bootstrap aws://123456789012/eu-west-2',
      'CDK bootstrap: us-east-1 is not bootstrapped (the web ACL and the CloudFront alarm live there): npx cdk bootstrap aws://123456789012/us-east-1',
    ]);
  });

  it('refuses credentials of another account than the stage names', async () => {
    sts.on(GetCallerIdentityCommand).resolves({ Account: '999999999999', Arn: 'arn:aws:iam::999999999999:user/me' });
    expect(failures(await preflight(clients, configFor(PROD)))).toEqual([
      'credentials: These credentials are for account 999999999999, but stage "prod" lives in 123456789012 (infra/stages.ts): switch profile or role.',
    ]);
  });

  it("stops when the account's Lambda concurrency leaves no room for what the stage reserves (a new account's quota of 10)", async () => {
    lambda.on(GetAccountSettingsCommand).resolves({ AccountLimit: { ConcurrentExecutions: 10 } });
    expect(failures(await preflight(clients, configFor(PROD)))).toEqual([
      expect.stringContaining("The account's Lambda concurrency in eu-west-2 is 10; the stage reserves 7"),
    ]);
    // A stage that reserves nothing deploys into such an account.
    const dev = failures(await preflight(clients, configFor({ stage: 'dev' })));
    expect(dev.filter((failure) => failure.startsWith('Lambda concurrency'))).toEqual([]);
  });

  it('stops without the postcode tables the functions carry', async () => {
    const results = await preflight(clients, configFor({ ...PROD, postcodeDataPath: emptyDir }));
    expect(failures(results)).toEqual([expect.stringContaining('The UK postcode tables (uk-outcodes.json, uk-postcode-sectors.json) are not in')]);
  });

  it('reports a service it could not ask as a failure of that check alone', async () => {
    lambda
      .on(GetAccountSettingsCommand)
      .rejects(Object.assign(new Error('User is not authorized to perform: lambda:GetAccountSettings'), { name: 'AccessDeniedException' }));
    const results = await preflight(clients, configFor(PROD));
    expect(failures(results)).toEqual([
      'Lambda concurrency: Could not check: AccessDeniedException: User is not authorized to perform: lambda:GetAccountSettings',
    ]);
    expect(results.filter((result) => result.level === 'ok').length).toBeGreaterThan(4);
  });
});
