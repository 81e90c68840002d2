import { App } from 'aws-cdk-lib';
import { describe, expect, it } from 'vitest';
import { readDeploymentConfig } from '../../infra/src/config';
import { STAGES, type StageSettingsInput } from '../../infra/stages';
import { cdkOutdir, PRODUCTION_CONTEXT } from './synth';

const read = (context: Record<string, unknown>, stages?: Record<string, StageSettingsInput>) =>
  readDeploymentConfig(new App({ context, outdir: cdkOutdir() }).node, stages);
/** A stage that faces the public needs the setup token's parameter; most cases here are about something else. */
const readGuarded = (context: Record<string, unknown>, stages?: Record<string, StageSettingsInput>) =>
  read({ adminSetupTokenParameter: '/solutionz/x/admin-setup-token', ...context }, stages);

describe('deployment context', () => {
  it('has defaults that synthesize with no context but the setup token parameter', () => {
    expect(read({ adminSetupTokenParameter: '/solutionz/dev/admin-setup-token' })).toMatchObject({
      stage: 'dev',
      mailFromDomain: 'mail.solutionz.example',
      mailFromAddress: 'no-reply@mail.solutionz.example',
      adminEmailDomain: 'admin.solutionz.internal',
      cognitoPlus: false,
      apiThrottle: { rateLimit: 50, burstLimit: 100 },
      stripeSecretKeyParameter: '/solutionz/dev/stripe/secret-key',
      stripeWebhookSecretParameter: '/solutionz/dev/stripe/webhook-secret',
      adminSetupTokenParameter: '/solutionz/dev/admin-setup-token',
    });
  });

  it('refuses a deployment without a setup token for any stage but local and test, saying how to make one', () => {
    for (const stage of ['dev', 'staging', 'alice']) {
      expect(() => read({ stage })).toThrow(/adminSetupTokenParameter" is required for stage/);
      expect(() => read({ stage })).toThrow(/aws ssm put-parameter --type SecureString/);
    }
    expect(() => read({})).toThrow(/stage "dev"/);
    for (const stage of ['local', 'test']) expect(read({ stage }).adminSetupTokenParameter).toBeUndefined();
    expect(() => read({ adminSetupTokenParameter: 'setup token' })).toThrow(/adminSetupTokenParameter/);
  });

  it('names the Stripe parameters after the stage unless they are named', () => {
    expect(readGuarded({ stage: 'staging' })).toMatchObject({
      stripeSecretKeyParameter: '/solutionz/staging/stripe/secret-key',
      stripeWebhookSecretParameter: '/solutionz/staging/stripe/webhook-secret',
    });
    expect(readGuarded({ stripeSecretKeyParameter: 'stripe-secret-key' })).toMatchObject({ stripeSecretKeyParameter: 'stripe-secret-key' });
  });

  it('sends mail from the site domain when one is given', () => {
    const config = readGuarded({ domainName: 'solutionz.example', certificateArn: 'arn:aws:acm:us-east-1:1:certificate/x' });
    expect(config.mailFromAddress).toBe('no-reply@solutionz.example');
  });

  it.each([
    [{ domainName: 'solutionz.example' }, /go together/],
    [{ certificateArn: 'arn:aws:acm:us-east-1:1:certificate/x' }, /go together/],
    [{ stage: 'Prod!' }, /stage/],
    [{ mailFromAddress: 'me@elsewhere.example' }, /mailFromDomain/],
    [{ apiRateLimit: '-1' }, /apiRateLimit/],
    [{ stripeSecretKeyParameter: 'stripe/secret key' }, /stripeSecretKeyParameter/],
    [{ stripeWebhookSecretParameter: 'solutionz/webhook' }, /stripeWebhookSecretParameter/],
  ])('refuses %j', (context, message) => {
    expect(() => readGuarded(context)).toThrow(message);
  });
});

describe('per-stage settings (infra/stages.ts)', () => {
  it('refuses a production stage that would drop its domain, leave admin setup unguarded or alarms unheard, naming each', () => {
    expect(() => read({ stage: 'prod' })).toThrow(
      /Stage "prod" is a production stage and refuses to synthesize without: domainName and certificateArn .*; adminSetupTokenParameter .*; alarmEmail /,
    );
    const { domainName: _d, certificateArn: _c, ...withoutDomain } = PRODUCTION_CONTEXT;
    expect(() => read(withoutDomain)).toThrow(/without: domainName and certificateArn \(without them the site is served from a \*\.cloudfront\.net name/);
    const { adminSetupTokenParameter: _t, ...unguarded } = PRODUCTION_CONTEXT;
    expect(() => read(unguarded)).toThrow(
      /without: adminSetupTokenParameter \(without it whoever first calls POST \/api\/admin\/setup becomes the administrator\)\./,
    );
    const { alarmEmail: _e, ...unheard } = PRODUCTION_CONTEXT;
    expect(() => read(unheard)).toThrow(/without: alarmEmail \(without it the alarms and the budget reach nobody\)\./);
  });

  it('reads a production stage with everything set, from the file and the command line alike', () => {
    expect(read(PRODUCTION_CONTEXT)).toMatchObject({
      stage: 'prod',
      production: true,
      account: '123456789012',
      region: 'eu-west-2',
      releases: 'canary',
      domainName: 'www.solutionz.example',
    });
    const filled: Record<string, StageSettingsInput> = {
      live: {
        production: true,
        account: '210987654321',
        region: 'eu-west-1',
        domainName: 'solutionz.example',
        certificateArn: 'arn:aws:acm:us-east-1:1:certificate/x',
        adminSetupTokenParameter: '/solutionz/live/admin-setup-token',
        alarmEmail: 'ops@solutionz.example',
      },
    };
    expect(read({ stage: 'live' }, filled)).toMatchObject({
      account: '210987654321',
      region: 'eu-west-1',
      mailFromAddress: 'no-reply@solutionz.example',
      alarmEmail: 'ops@solutionz.example',
    });
    // The command line wins over the file, so CI fills in what is not committed.
    expect(read({ stage: 'live', alarmEmail: 'pager@solutionz.example' }, filled).alarmEmail).toBe('pager@solutionz.example');
  });

  it('gives a stage the file does not list the defaults of one that is not production, and the listed ones theirs', () => {
    expect(readGuarded({ stage: 'alice' })).toMatchObject({
      production: false,
      region: 'eu-west-2',
      releases: 'allAtOnce',
      budgetMonthlyUsd: 50,
      reservedConcurrency: { stripeWebhook: 0, jobAlerts: 0 },
    });
    expect(readGuarded({})).toMatchObject({ stage: 'dev', production: false, budgetMonthlyUsd: STAGES.dev!.budgetMonthlyUsd });
    expect(STAGES.prod).toMatchObject({ production: true, releases: 'canary' });
  });

  it.each([
    [{ account: '1234' }, /account: must be a 12-digit AWS account id/],
    [{ region: 'London' }, /region: must be an AWS region/],
    [{ releases: 'sometimes' }, /releases/],
    [{ alarmEmail: 'not-an-address' }, /alarmEmail/],
    [{ budgetMonthlyUsd: '-5' }, /budgetMonthlyUsd/],
    [{ githubRepository: 'just-a-name' }, /githubRepository: must be owner\/name/],
  ])('refuses the setting %j, naming it', (context, message) => {
    expect(() => read(context)).toThrow(message);
  });
});
