import { describe, expect, it } from 'vitest';
import { loadAccountsConfig, loadAdminConfig, loadAvatarsConfig } from './area-config';

describe('area configuration', () => {
  it('reads the accounts variables, dropping a trailing slash from the site URL', () => {
    expect(
      loadAccountsConfig({
        SITE_URL: 'https://solutionz.co.uk/',
        MAIL_FROM_ADDRESS: 'no-reply@solutionz.co.uk',
        MAIL_CONFIGURATION_SET: '',
        ADMIN_EMAIL_DOMAIN: 'Admin.Solutionz.co.uk',
      }),
    ).toEqual({
      siteUrl: 'https://solutionz.co.uk',
      mailFromAddress: 'no-reply@solutionz.co.uk',
      mailConfigurationSet: undefined,
      adminEmailDomain: 'admin.solutionz.co.uk',
    });
  });

  it('names every missing or invalid variable at once', () => {
    expect(() => loadAccountsConfig({ MAIL_FROM_ADDRESS: 'not-an-address' })).toThrow(/ADMIN_EMAIL_DOMAIN is not set.*SITE_URL is not set.*MAIL_FROM_ADDRESS:/);
    expect(() => loadAdminConfig({ ADMIN_EMAIL_DOMAIN: 'localhost' })).toThrow(/ADMIN_EMAIL_DOMAIN: must be a domain name/);
  });

  it('treats an empty setup token as no token', () => {
    expect(loadAdminConfig({ ADMIN_EMAIL_DOMAIN: 'Admin.Solutionz.co.uk', ADMIN_SETUP_TOKEN: ' ' })).toEqual({ adminEmailDomain: 'admin.solutionz.co.uk', adminSetupToken: undefined });
  });

  it('reads the avatars bucket, and whether S3 is a local stand-in', () => {
    expect(loadAvatarsConfig({ MEDIA_BUCKET_AVATARS: 'solutionz-prod-avatars' })).toEqual({ bucket: 'solutionz-prod-avatars', localS3: false });
    expect(loadAvatarsConfig({ MEDIA_BUCKET_AVATARS: 'solutionz-local-avatars', AWS_ENDPOINT_URL_S3: 'http://localhost:4569' })).toEqual({
      bucket: 'solutionz-local-avatars',
      localS3: true,
    });
    expect(() => loadAvatarsConfig({})).toThrow(/MEDIA_BUCKET_AVATARS is not set/);
  });
});
