import { App } from 'aws-cdk-lib';
import { describe, expect, it } from 'vitest';
import { readDeploymentConfig } from '../../infra/src/config';
import { cdkOutdir } from './synth';

const read = (context: Record<string, unknown>) => readDeploymentConfig(new App({ context, outdir: cdkOutdir() }).node);
/** A stage that faces the public needs the setup token's parameter; most cases here are about something else. */
const readGuarded = (context: Record<string, unknown>) => read({ adminSetupTokenParameter: '/solutionz/x/admin-setup-token', ...context });

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
    for (const stage of ['dev', 'prod', 'staging']) {
      expect(() => read({ stage })).toThrow(/adminSetupTokenParameter" is required for stage/);
      expect(() => read({ stage })).toThrow(/aws ssm put-parameter --type SecureString/);
    }
    expect(() => read({})).toThrow(/stage "dev"/);
    for (const stage of ['local', 'test']) expect(read({ stage }).adminSetupTokenParameter).toBeUndefined();
    expect(() => read({ adminSetupTokenParameter: 'setup token' })).toThrow(/adminSetupTokenParameter/);
  });

  it('names the Stripe parameters after the stage unless they are named', () => {
    expect(readGuarded({ stage: 'prod' })).toMatchObject({
      stripeSecretKeyParameter: '/solutionz/prod/stripe/secret-key',
      stripeWebhookSecretParameter: '/solutionz/prod/stripe/webhook-secret',
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
