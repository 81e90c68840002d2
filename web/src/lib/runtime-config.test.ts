import { MESSAGE_POLL_MS, webConfigSchema } from '@solutionz/shared';
import { describe, expect, it, vi } from 'vitest';
import { webConfigProblem } from './runtime-config';

const config = {
  stage: 'test',
  apiBase: '/api',
  auth: { region: 'eu-west-2', userPoolId: 'eu-west-2_x', userPoolClientId: 'client', authFlowType: 'USER_SRP_AUTH' },
};

describe('the runtime config read without zod', () => {
  it.each([
    ['the least', config],
    [
      'every part',
      {
        ...config,
        auth: { ...config.auth, userPoolEndpoint: 'http://127.0.0.1:9229', authFlowType: 'USER_PASSWORD_AUTH' },
        adminEmailDomain: 'admin.test',
        messagePollMs: 1_000,
      },
    ],
    ['the shortest message poll', { ...config, messagePollMs: MESSAGE_POLL_MS.min }],
    ['the longest message poll', { ...config, messagePollMs: MESSAGE_POLL_MS.max }],
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
    ['a message poll shorter than the least', { ...config, messagePollMs: MESSAGE_POLL_MS.min - 1 }, 'messagePollMs'],
    ['a message poll of a fraction of a millisecond', { ...config, messagePollMs: 1_000.5 }, 'messagePollMs'],
    ['a message poll longer than the most', { ...config, messagePollMs: MESSAGE_POLL_MS.max + 1 }, 'messagePollMs'],
    ['a message poll written as text', { ...config, messagePollMs: '1000' }, 'messagePollMs'],
  ])('refuses %s, as the schema does, naming what is wrong', (_name, value, wrong) => {
    expect(webConfigSchema.safeParse(value).success).toBe(false);
    expect(webConfigProblem(value)).toBe(`missing or invalid ${wrong}`);
  });
});

describe('the message poll interval', () => {
  /** runtime-config.ts as a fresh page load has it, reading `served` as its /config.json. */
  async function freshPage(served: object) {
    vi.resetModules();
    vi.stubGlobal('fetch', async () => new Response(JSON.stringify(served), { status: 200, headers: { 'content-type': 'application/json' } }));
    return import('./runtime-config');
  }

  it('is ten seconds for a stage that sets none, also before its config is in', async () => {
    const page = await freshPage(config);
    expect(page.messagePollMs()).toBe(10_000);
    await page.loadRuntimeConfig();
    expect(page.messagePollMs()).toBe(MESSAGE_POLL_MS.default);
    expect(MESSAGE_POLL_MS.default).toBe(10_000);
  });

  it("is the stage's own once its config is in", async () => {
    const page = await freshPage({ ...config, messagePollMs: 1_000 });
    await page.loadRuntimeConfig();
    expect(page.messagePollMs()).toBe(1_000);
  });
});
