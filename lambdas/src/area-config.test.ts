import { describe, expect, it } from 'vitest';
import { loadAccountsConfig, loadAdminConfig, loadAvatarsConfig, loadPortfolioConfig, loadPublicCacheConfig, loadStripeConfig } from './area-config';

describe('area configuration', () => {
  it('reads the accounts variables, dropping a trailing slash from the site URL', () => {
    expect(
      loadAccountsConfig({
        SITE_URL: 'https://solutionz.co.uk/',
        MAIL_FROM_ADDRESS: 'no-reply@solutionz.co.uk',
        MAIL_CONFIGURATION_SET: '',
        ADMIN_EMAIL_DOMAIN: 'Admin.Solutionz.co.uk',
        USER_POOL_SERVER_CLIENT_ID: 'server-client',
      }),
    ).toEqual({
      siteUrl: 'https://solutionz.co.uk',
      mailFromAddress: 'no-reply@solutionz.co.uk',
      mailConfigurationSet: undefined,
      adminEmailDomain: 'admin.solutionz.co.uk',
      adminNotifyAddresses: [],
      serverClientId: 'server-client',
    });
  });

  it('names every missing or invalid variable at once', () => {
    expect(() => loadAccountsConfig({ MAIL_FROM_ADDRESS: 'not-an-address' })).toThrow(
      /ADMIN_EMAIL_DOMAIN is not set.*USER_POOL_SERVER_CLIENT_ID is not set.*SITE_URL is not set.*MAIL_FROM_ADDRESS:/,
    );
    expect(() => loadAdminConfig({ ADMIN_EMAIL_DOMAIN: 'localhost' })).toThrow(/ADMIN_EMAIL_DOMAIN: must be a domain name/);
  });

  it('treats an empty setup token as no token', () => {
    expect(loadAdminConfig({ ADMIN_EMAIL_DOMAIN: 'Admin.Solutionz.co.uk', ADMIN_SETUP_TOKEN: ' ' })).toEqual({
      adminEmailDomain: 'admin.solutionz.co.uk',
      requireAdminMfa: false,
    });
  });

  it('requires 2-step verification of admins only when the stage says so', () => {
    expect(loadAdminConfig({ ADMIN_EMAIL_DOMAIN: 'admin.solutionz.co.uk', REQUIRE_ADMIN_MFA: 'true' }).requireAdminMfa).toBe(true);
    expect(() => loadAdminConfig({ ADMIN_EMAIL_DOMAIN: 'admin.solutionz.co.uk', REQUIRE_ADMIN_MFA: 'yes' })).toThrow('REQUIRE_ADMIN_MFA');
  });

  it('reads the setup token as a value locally or as the name of its SSM SecureString in the cloud', () => {
    expect(loadAdminConfig({ ADMIN_EMAIL_DOMAIN: 'admin.solutionz.co.uk', ADMIN_SETUP_TOKEN: 'local-token' }).adminSetupToken).toEqual({
      value: 'local-token',
    });
    expect(
      loadAdminConfig({ ADMIN_EMAIL_DOMAIN: 'admin.solutionz.co.uk', ADMIN_SETUP_TOKEN_PARAMETER: '/solutionz/prod/admin-setup-token' }).adminSetupToken,
    ).toEqual({
      parameter: '/solutionz/prod/admin-setup-token',
    });
  });

  it('names the distribution whose cached answers moderations purge, and none where nothing keeps them', () => {
    expect(loadPublicCacheConfig({ DISTRIBUTION_ID: 'E2ABCDEF123456' })).toEqual({ distributionId: 'E2ABCDEF123456' });
    expect(loadPublicCacheConfig({ DISTRIBUTION_ID: ' ' })).toEqual({});
    expect(loadPublicCacheConfig({})).toEqual({});
  });

  it('reads the avatars bucket, and whether S3 is a local stand-in', () => {
    expect(loadAvatarsConfig({ MEDIA_BUCKET_AVATARS: 'solutionz-prod-avatars' })).toEqual({ bucket: 'solutionz-prod-avatars', localS3: false });
    expect(loadAvatarsConfig({ MEDIA_BUCKET_AVATARS: 'solutionz-local-avatars', AWS_ENDPOINT_URL_S3: 'http://localhost:4569' })).toEqual({
      bucket: 'solutionz-local-avatars',
      localS3: true,
    });
    expect(() => loadAvatarsConfig({})).toThrow(/MEDIA_BUCKET_AVATARS is not set/);
  });

  it('reads the portfolio bucket', () => {
    expect(loadPortfolioConfig({ MEDIA_BUCKET_PORTFOLIO: 'solutionz-prod-portfolio' })).toEqual({ bucket: 'solutionz-prod-portfolio', localS3: false });
    expect(() => loadPortfolioConfig({ MEDIA_BUCKET_AVATARS: 'solutionz-prod-avatars' })).toThrow(/MEDIA_BUCKET_PORTFOLIO is not set/);
  });

  it('reads the Stripe key as a value locally or as an SSM parameter name in the cloud, and the webhook needs its secret', () => {
    expect(loadStripeConfig({ STRIPE_SECRET_KEY: 'sk_test_1', STRIPE_API_URL: 'http://127.0.0.1:12111' })).toEqual({
      secretKey: { value: 'sk_test_1' },
      apiUrl: 'http://127.0.0.1:12111',
    });
    expect(
      loadStripeConfig(
        { STRIPE_SECRET_KEY_PARAMETER: '/solutionz/prod/stripe/secret-key', STRIPE_WEBHOOK_SECRET_PARAMETER: '/solutionz/prod/stripe/webhook-secret' },
        { webhook: true },
      ),
    ).toEqual({
      secretKey: { parameter: '/solutionz/prod/stripe/secret-key' },
      webhookSecret: { parameter: '/solutionz/prod/stripe/webhook-secret' },
    });
    expect(() => loadStripeConfig({})).toThrow(/STRIPE_SECRET_KEY is not set/);
    expect(() => loadStripeConfig({ STRIPE_SECRET_KEY: 'sk_test_1' }, { webhook: true })).toThrow(/STRIPE_WEBHOOK_SECRET is not set/);
  });
});
