import { webConfigSchema } from '@solutionz/shared';
import { describe, expect, it } from 'vitest';
import { webConfigProblem } from './runtime-config';

const config = {
  stage: 'test',
  apiBase: '/api',
  auth: { region: 'eu-west-2', userPoolId: 'eu-west-2_x', userPoolClientId: 'client', authFlowType: 'USER_SRP_AUTH' },
};

describe('the runtime config read without zod', () => {
  it.each([
    ['the least', config],
    ['every part', { ...config, auth: { ...config.auth, userPoolEndpoint: 'http://127.0.0.1:9229', authFlowType: 'USER_PASSWORD_AUTH' }, adminEmailDomain: 'admin.test' }],
  ])('takes %s, as the schema does', (_name, value) => {
    expect(webConfigSchema.safeParse(value).success).toBe(true);
    expect(webConfigProblem(value)).toBeUndefined();
  });

  it.each([
    ['no file', null, 'stage, apiBase, auth.region, auth.userPoolId, auth.userPoolClientId, auth.authFlowType'],
    ['an empty stage', { ...config, stage: '' }, 'stage'],
    ['no API base', { ...config, apiBase: undefined }, 'apiBase'],
    ['no auth', { ...config, auth: undefined }, 'auth.region, auth.userPoolId, auth.userPoolClientId, auth.authFlowType'],
    ['a user pool id that is no text', { ...config, auth: { ...config.auth, userPoolId: 7 } }, 'auth.userPoolId'],
    ['an unknown sign-in flow', { ...config, auth: { ...config.auth, authFlowType: 'CUSTOM_AUTH' } }, 'auth.authFlowType'],
    ['an empty admin domain', { ...config, adminEmailDomain: '' }, 'adminEmailDomain'],
  ])('refuses %s, as the schema does, naming what is wrong', (_name, value, wrong) => {
    expect(webConfigSchema.safeParse(value).success).toBe(false);
    expect(webConfigProblem(value)).toBe(`missing or invalid ${wrong}`);
  });
});
