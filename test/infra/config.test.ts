import { App } from 'aws-cdk-lib';
import { describe, expect, it } from 'vitest';
import { readDeploymentConfig } from '../../infra/src/config';
import { cdkOutdir } from './synth';

const read = (context: Record<string, unknown>) => readDeploymentConfig(new App({ context, outdir: cdkOutdir() }).node);

describe('deployment context', () => {
  it('has defaults that synthesize without any context', () => {
    expect(read({})).toMatchObject({
      stage: 'dev',
      mailFromDomain: 'mail.solutionz.example',
      mailFromAddress: 'no-reply@mail.solutionz.example',
      adminEmailDomain: 'admin.solutionz.internal',
      cognitoPlus: false,
      apiThrottle: { rateLimit: 50, burstLimit: 100 },
      stripeSecretKeyParameter: '/solutionz/dev/stripe/secret-key',
      stripeWebhookSecretParameter: '/solutionz/dev/stripe/webhook-secret',
    });
  });

  it('names the Stripe parameters after the stage unless they are named', () => {
    expect(read({ stage: 'prod' })).toMatchObject({
      stripeSecretKeyParameter: '/solutionz/prod/stripe/secret-key',
      stripeWebhookSecretParameter: '/solutionz/prod/stripe/webhook-secret',
    });
    expect(read({ stripeSecretKeyParameter: 'stripe-secret-key' })).toMatchObject({ stripeSecretKeyParameter: 'stripe-secret-key' });
  });

  it('sends mail from the site domain when one is given', () => {
    const config = read({ domainName: 'solutionz.example', certificateArn: 'arn:aws:acm:us-east-1:1:certificate/x' });
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
    expect(() => read(context)).toThrow(message);
  });
});
