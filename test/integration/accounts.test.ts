import { randomBytes, randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { InitiateAuthCommand, ListUsersCommand } from '@aws-sdk/client-cognito-identity-provider';
import {
  ACCOUNT_MESSAGES,
  ADMIN_MESSAGES,
  ADMIN_SETUP_TOKEN_HEADER,
  apiErrorBodySchema,
  EMAIL_FAILURE_MESSAGES,
  MAIL_RATE_LIMIT,
  meResponseSchema,
  signupResponseSchema,
} from '@solutionz/shared';
import { createAccountRepository } from '@solutionz/lambdas/data/account-repository';
import { createLinkTokenRepository } from '@solutionz/lambdas/data/link-token-repository';
import { createTableStore } from '@solutionz/lambdas/data/table-store';
import { hashToken } from '@solutionz/lambdas/services/accounts/tokens';
import { cognito, documents, stack } from '../support/local-stack';

/**
 * Accounts through the web origin and the local gateway, against the emulators: sign-up rules, the
 * confirmation and reset links as they arrive in the local inbox, single-use tokens, concurrency.
 */

// Each test signs up from its own address so the per-IP sign-up limit of one test never touches another.
const fromIp = () => `198.51.100.${Math.floor(Math.random() * 250) + 1}`;

async function call(method: string, path: string, options: { body?: unknown; token?: string; ip?: string; headers?: Record<string, string> } = {}) {
  const response = await fetch(`${stack.apiBaseUrl}${path}`, {
    method,
    headers: {
      'content-type': 'application/json',
      'x-forwarded-for': options.ip ?? fromIp(),
      ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
      ...options.headers,
    },
    ...(options.body === undefined ? {} : { body: JSON.stringify(options.body) }),
  });
  const text = await response.text();
  return { status: response.status, body: (text ? JSON.parse(text) : undefined) as unknown };
}

const errorOf = (body: unknown) => apiErrorBodySchema.parse(body).error;
const uniqueEmail = (label: string) => `${label}-${randomUUID().slice(0, 8)}@example.co.uk`;

function client(overrides: Record<string, unknown> = {}) {
  return {
    accountType: 'client',
    fullName: 'Chloe Anne Client',
    email: uniqueEmail('client'),
    location: 'Leeds',
    password: 'Correct-horse-1',
    confirmPassword: 'Correct-horse-1',
    ...overrides,
  };
}

function provider(overrides: Record<string, unknown> = {}) {
  return {
    ...client(),
    accountType: 'provider',
    email: uniqueEmail('provider'),
    phone: '+44 20 7946-0958',
    businessName: `Pennine Plumbing ${randomUUID().slice(0, 6)}`,
    categories: ['Construction/Trade > Plumber'],
    ...overrides,
  };
}

interface InboxMail {
  destination: { to: string[] };
  subject: string;
  body: { text: string };
}

/** The newest mail to `to` whose text has a link to `page`, polled from the local SES inbox. */
async function linkFromInbox(to: string, page: '/confirm-email' | '/reset-password'): Promise<{ url: URL; token: string }> {
  for (let attempt = 0; attempt < 20; attempt++) {
    const response = await fetch(`${stack.sesUrl}/store?since=${Math.floor(Date.now() / 1000) - 600}`);
    const { emails } = (await response.json()) as { emails: InboxMail[] };
    const mail = emails
      .filter((m) => m.destination.to.includes(to))
      .reverse()
      .find((m) => m.body.text.includes(page));
    const link = mail?.body.text.match(/https?:\/\/\S+/)?.[0];
    if (link) {
      const url = new URL(link);
      return { url, token: url.searchParams.get('token')! };
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`No mail with a ${page} link reached ${to}`);
}

async function mailCount(to: string): Promise<number> {
  const response = await fetch(`${stack.sesUrl}/store?since=${Math.floor(Date.now() / 1000) - 600}`);
  const { emails } = (await response.json()) as { emails: InboxMail[] };
  return emails.filter((m) => m.destination.to.includes(to)).length;
}

async function signIn(email: string, password: string): Promise<string> {
  const result = await cognito.send(
    new InitiateAuthCommand({ AuthFlow: 'USER_PASSWORD_AUTH', ClientId: stack.userPoolClientId, AuthParameters: { USERNAME: email, PASSWORD: password } }),
  );
  return result.AuthenticationResult!.AccessToken!;
}

async function poolUsersWithEmail(email: string): Promise<number> {
  const { Users } = await cognito.send(new ListUsersCommand({ UserPoolId: stack.userPoolId, Filter: `email = "${email}"` }));
  return (Users ?? []).filter((user) => user.Attributes?.some((a) => a.Name === 'email' && a.Value === email)).length;
}

describe('sign-up validation: every rule of the sign-up form answers 400 with its message', () => {
  it.each([
    ['fullName', client({ fullName: '   ' }), ACCOUNT_MESSAGES.fullNameRequired],
    ['email', client({ email: '' }), ACCOUNT_MESSAGES.emailRequired],
    ['email', client({ email: 'chloe@example' }), ACCOUNT_MESSAGES.emailInvalid],
    ['location', client({ location: '' }), ACCOUNT_MESSAGES.locationRequired],
    ['phone', provider({ phone: '' }), ACCOUNT_MESSAGES.phoneRequired],
    ['phone', provider({ phone: '12345' }), ACCOUNT_MESSAGES.phoneInvalid],
    ['categories', provider({ categories: [] }), ACCOUNT_MESSAGES.categoriesRequired],
    ['password', client({ password: '', confirmPassword: '' }), ACCOUNT_MESSAGES.passwordRequired],
    ['password', client({ password: 'Short-1', confirmPassword: 'Short-1' }), 'Password must be at least 8 characters'],
    ['confirmPassword', client({ confirmPassword: 'Something-else-1' }), ACCOUNT_MESSAGES.passwordsDoNotMatch],
  ])('%s: %s', async (field, body, message) => {
    const { status, body: answer } = await call('POST', '/accounts/signup', { body });
    expect(status).toBe(400);
    expect(errorOf(answer).fields?.[`body.${field}`]).toBe(message);
  });

  it('refuses an address in the internal admin domain, where admin usernames live', async () => {
    const config = (await (await fetch(new URL('/config.json', stack.apiBaseUrl))).json()) as { adminEmailDomain: string };
    const body = client({ email: `boss-${randomUUID().slice(0, 6)}@${config.adminEmailDomain}` });
    const { status, body: answer } = await call('POST', '/accounts/signup', { body });
    expect(status).toBe(400);
    expect(errorOf(answer).fields?.['body.email']).toBe(ACCOUNT_MESSAGES.emailReserved);
    expect(await poolUsersWithEmail(body.email as string)).toBe(0);
  });

  it.each([
    ['fullName', provider({ fullName: `Chloe ${'C'.repeat(51)}` }), ACCOUNT_MESSAGES.fullNameTooLong],
    ['location', provider({ location: `Leeds ${'x'.repeat(100)}` }), 'Must be at most 100 characters'],
    ['businessName', provider({ businessName: 'B'.repeat(101) }), 'Must be at most 100 characters'],
    ['categories', provider({ categories: Array.from({ length: 21 }, (_, i) => `Other: trade ${i}`) }), 'At most 20 categories'],
  ])("holds %s to the profile editor's limit and stores nothing", async (field, body, message) => {
    const { status, body: answer } = await call('POST', '/accounts/signup', { body });
    expect(status).toBe(400);
    expect(errorOf(answer).fields?.[`body.${field}`]).toBe(message);
    expect(await poolUsersWithEmail(body.email as string)).toBe(0);
    expect(await createAccountRepository(documents, stack.tableName).findUserIdByEmail(body.email as string)).toBeUndefined();
  });

  it('creates nothing for a refused sign-up', async () => {
    const body = client({ confirmPassword: 'Something-else-1' });
    await call('POST', '/accounts/signup', { body });
    expect(await poolUsersWithEmail(body.email as string)).toBe(0);
  });
});

describe('sign-up, confirmation and the signed-in profile', () => {
  it('signs a provider up, mails a single-use link that confirms the address, and shows it on /api/me', async () => {
    const body = provider({ email: uniqueEmail('Mixed.Case').replace('mixed', 'Mixed') });
    const email = (body.email as string).toLowerCase();
    const created = await call('POST', '/accounts/signup', { body });
    expect(created.status).toBe(201);
    expect(signupResponseSchema.parse(created.body)).toMatchObject({ email, accountType: 'provider', confirmationEmail: { sent: true } });

    const token = await signIn(email, body.password as string);
    const before = meResponseSchema.parse((await call('GET', '/me', { token })).body);
    expect(before).toMatchObject({
      firstName: 'Chloe',
      lastName: 'Anne Client',
      accountType: 'provider',
      businessName: body.businessName,
      categories: body.categories,
      emailConfirmed: false,
      subscription: { isSubscribed: false, tier: 'none' },
    });

    const link = await linkFromInbox(email, '/confirm-email');
    expect(link.url.pathname).toBe('/confirm-email');
    const confirmed = await call('POST', '/accounts/confirm-email', { body: { token: link.token } });
    expect(confirmed).toEqual({ status: 200, body: { email, accountType: 'provider' } });

    const after = meResponseSchema.parse((await call('GET', '/me', { token })).body);
    expect(after.emailConfirmed).toBe(true);

    const again = await call('POST', '/accounts/confirm-email', { body: { token: link.token } });
    expect(again.status).toBe(400);
    expect(errorOf(again.body)).toEqual({ code: 'TOKEN_INVALID', message: ACCOUNT_MESSAGES.confirmationLinkInvalid });
  });

  it('refuses an expired confirmation token', async () => {
    const body = client();
    const created = signupResponseSchema.parse((await call('POST', '/accounts/signup', { body })).body);
    const raw = randomBytes(32).toString('base64url');
    await createLinkTokenRepository(documents, stack.tableName).putToken({
      tokenHash: hashToken(raw),
      purpose: 'confirm-email',
      userId: created.userId,
      email: created.email,
      expiresAt: Math.floor(Date.now() / 1000) - 60,
      createdAt: new Date(Date.now() - 25 * 3600_000).toISOString(),
    });
    const answer = await call('POST', '/accounts/confirm-email', { body: { token: raw } });
    expect(answer.status).toBe(400);
    expect(errorOf(answer.body).message).toBe(ACCOUNT_MESSAGES.confirmationLinkInvalid);
  });

  it('refuses a second account for a registered address, whatever its case', async () => {
    const body = client();
    expect((await call('POST', '/accounts/signup', { body })).status).toBe(201);
    const second = await call('POST', '/accounts/signup', { body: { ...body, email: (body.email as string).toUpperCase() } });
    expect(second.status).toBe(409);
    expect(errorOf(second.body).message).toBe(ACCOUNT_MESSAGES.alreadyRegistered);
  });

  it('leaves exactly one account when five sign-ups of one address race', async () => {
    const body = client();
    const answers = await Promise.all(Array.from({ length: 5 }, () => call('POST', '/accounts/signup', { body })));
    expect(answers.map((a) => a.status).sort()).toEqual([201, 409, 409, 409, 409]);
    expect(await poolUsersWithEmail(body.email as string)).toBe(1);
    expect(await mailCount(body.email as string)).toBe(1);
  });

  it("limits sign-up attempts per source address with the product's message and a retry time", async () => {
    const ip = fromIp().replace('198.51.100', '203.0.113');
    const answers = [];
    for (let i = 0; i < 31; i++) answers.push(await call('POST', '/accounts/signup', { body: client(), ip }));
    const limited = answers.at(-1)!;
    expect(answers.slice(0, 30).every((a) => a.status === 201)).toBe(true);
    expect(limited.status).toBe(429);
    expect(errorOf(limited.body)).toMatchObject({ message: ACCOUNT_MESSAGES.signupRateLimited, retryAfterSeconds: expect.any(Number) });
  }, 60_000);
});

describe('resending the confirmation', () => {
  it('sends a new working link, then refuses another within the 60 s countdown', async () => {
    const body = client();
    await call('POST', '/accounts/signup', { body });
    const first = await linkFromInbox(body.email as string, '/confirm-email');
    // The countdown runs per address and client address: the person asks again from the same browser.
    const ip = fromIp();

    const resent = await call('POST', '/accounts/resend-confirmation', { body: { email: body.email }, ip });
    expect(resent.status).toBe(202);
    await expect.poll(() => mailCount(body.email as string)).toBe(2);
    const second = await linkFromInbox(body.email as string, '/confirm-email');
    expect(second.token).not.toBe(first.token);

    const limited = await call('POST', '/accounts/resend-confirmation', { body: { email: body.email }, ip });
    expect(limited.status).toBe(429);
    expect(errorOf(limited.body)).toMatchObject({ category: 'RATE_LIMIT', retryAfterSeconds: expect.any(Number) });
    expect((await call('POST', '/accounts/confirm-email', { body: { token: second.token } })).status).toBe(200);
  });

  it('answers the same for an address without an account and sends nothing', async () => {
    const email = uniqueEmail('nobody');
    const answer = await call('POST', '/accounts/resend-confirmation', { body: { email } });
    expect(answer.status).toBe(202);
    expect(await mailCount(email)).toBe(0);
  });
});

describe('link mail limits', () => {
  it("refuses the 31st link mail a day asked for from one client address with 429, Retry-After and the product's wording, whoever the address is", async () => {
    const ip = `100.${Math.floor(Math.random() * 64) + 64}.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250) + 1}`;
    for (let n = 0; n < MAIL_RATE_LIMIT.perClientIp; n++) {
      expect((await call('POST', '/accounts/password-reset', { body: { email: uniqueEmail('stranger') }, ip })).status).toBe(202);
    }
    const body = client();
    await call('POST', '/accounts/signup', { body });
    const refusals = await Promise.all(
      [body.email as string, uniqueEmail('nobody')].map((email) =>
        fetch(`${stack.apiBaseUrl}/accounts/password-reset`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'x-forwarded-for': ip },
          body: JSON.stringify({ email }),
        }),
      ),
    );
    const answers = await Promise.all(
      refusals.map(async (response) => ({ status: response.status, retryAfter: response.headers.get('retry-after'), body: await response.json() })),
    );
    // The same answer for both, but for the seconds left, which may tick between the two.
    const [known, unknown] = answers.map(({ body: answer, ...rest }) => ({
      ...rest,
      retryAfter: undefined,
      error: { ...errorOf(answer), retryAfterSeconds: undefined },
    }));
    expect(known).toEqual(unknown);
    expect(Math.abs(Number(answers[0]!.retryAfter) - Number(answers[1]!.retryAfter))).toBeLessThanOrEqual(1);
    expect(answers[0]!.status).toBe(429);
    expect(errorOf(answers[0]!.body)).toMatchObject({ code: 'RATE_LIMITED', category: 'RATE_LIMIT', message: EMAIL_FAILURE_MESSAGES.RATE_LIMIT.description });
    expect(Number(answers[0]!.retryAfter)).toBe(errorOf(answers[0]!.body).retryAfterSeconds);
    // Another client address is not held back by this one.
    expect((await call('POST', '/accounts/password-reset', { body: { email: uniqueEmail('stranger') } })).status).toBe(202);
  });
});

describe('password reset', () => {
  it('mails a link that sets the new password once; the old password stops working', async () => {
    const body = client();
    const email = body.email as string;
    await call('POST', '/accounts/signup', { body });

    const requested = await call('POST', '/accounts/password-reset', { body: { email } });
    const unknown = await call('POST', '/accounts/password-reset', { body: { email: uniqueEmail('nobody') } });
    expect(requested).toEqual({ status: 202, body: { message: ACCOUNT_MESSAGES.resetRequested } });
    expect(unknown).toEqual(requested);

    const link = await linkFromInbox(email, '/reset-password');
    expect(link.url.searchParams.get('mode')).toBe('reset');
    const short = await call('POST', '/accounts/password-reset/confirm', { body: { token: link.token, password: 'Short-1' } });
    expect(errorOf(short.body).fields?.['body.password']).toBe('Password must be at least 8 characters');

    const reset = await call('POST', '/accounts/password-reset/confirm', { body: { token: link.token, password: 'New-password-2' } });
    expect(reset.status).toBe(200);
    await expect(signIn(email, 'New-password-2')).resolves.toEqual(expect.any(String));
    await expect(signIn(email, body.password as string)).rejects.toThrow();

    const reused = await call('POST', '/accounts/password-reset/confirm', { body: { token: link.token, password: 'Third-password-3' } });
    expect(reused.status).toBe(400);
    expect(errorOf(reused.body).message).toBe(ACCOUNT_MESSAGES.resetLinkInvalid);
  });
});

describe('business-name search', () => {
  it('finds a provider business from two letters of any word of its name, at most five', async () => {
    const marker = `zq${randomUUID().replace(/\D/g, '').slice(0, 6)}`;
    for (let i = 0; i < 6; i++) await call('POST', '/accounts/signup', { body: provider({ businessName: `${marker} Electrical ${i}` }) });
    const { status, body } = await call('GET', `/businesses/search?q=${marker}`);
    expect(status).toBe(200);
    expect((body as { businesses: unknown[] }).businesses).toHaveLength(5);
    const byLaterWord = await call('GET', `/businesses/search?q=${encodeURIComponent(`${marker} electrical 3`)}`);
    expect((byLaterWord.body as { businesses: { businessName: string }[] }).businesses.map((b) => b.businessName)).toEqual([`${marker} Electrical 3`]);
    expect((await call('GET', '/businesses/search?q=z')).status).toBe(400);
  });

  it("answers business names and whether each can be claimed only: never the owner's sign-in address", async () => {
    const body = provider({ businessName: `Quillfeather Roofing ${randomUUID().slice(0, 6)}` });
    await call('POST', '/accounts/signup', { body });
    const { body: answer } = await call('GET', '/businesses/search?q=quillfeather');
    const businesses = (answer as { businesses: Record<string, unknown>[] }).businesses;
    expect(businesses.map((business) => business.businessName)).toContain(body.businessName);
    expect(JSON.stringify(answer)).not.toContain('@');
    // Whether it can be claimed comes from the server; the address the admin recorded never does.
    for (const business of businesses) expect(Object.keys(business).sort()).toEqual(['businessName', 'claimable', 'id']);
  });
});

describe('admin entry', () => {
  // The demo admin holds the one-time setup on this throw-away stack; it is freed so setup itself can
  // be tested here, and freed again afterwards for the browser tests, which create the first admin too.
  const freeAdminSetup = () => createTableStore(documents, stack.tableName).entities.adminSetup.delete({}).go();
  beforeAll(freeAdminSetup);
  afterAll(freeAdminSetup);

  it('creates the first admin once, also when requests race, and the admin reaches admin routes', async () => {
    const username = `Root${randomUUID().slice(0, 6)}`;
    const attempts = await Promise.all(
      [username, `${username}b`, `${username}c`].map((name) => call('POST', '/admin/setup', { body: { username: ` ${name} `, password: 'Admin-pass-1' } })),
    );
    expect(attempts.map((a) => a.status).sort()).toEqual([201, 409, 409]);
    for (const refused of attempts.filter((a) => a.status === 409)) expect(errorOf(refused.body).message).toBe(ADMIN_MESSAGES.alreadyExists);

    const winner = attempts.find((a) => a.status === 201)!.body as { email: string };
    expect(winner.email).toMatch(/^root[0-9a-f]{6}[bc]?@/);
    const token = await signIn(winner.email, 'Admin-pass-1');
    const overview = await call('GET', '/admin/overview', { token });
    expect(overview.status).toBe(200);
    expect(overview.body).toMatchObject({ adminSetup: { completed: true } });
    expect(meResponseSchema.parse((await call('GET', '/me', { token })).body)).toMatchObject({ accountType: 'admin', emailConfirmed: true });
  });

  it("gives the product's messages for missing fields and a short password", async () => {
    const missing = await call('POST', '/admin/setup', { body: { username: '', password: '' } });
    expect(missing.status).toBe(400);
    expect(Object.values(errorOf(missing.body).fields ?? {})).toContain(ADMIN_MESSAGES.fieldsRequired);
    const short = await call('POST', '/admin/setup', { body: { username: 'someone', password: 'short' } });
    expect(errorOf(short.body).fields?.['body.password']).toBe(ADMIN_MESSAGES.passwordTooShort);
  });

  it('refuses admin routes to non-admins with 403 and to anonymous callers with 401', async () => {
    const body = client();
    await call('POST', '/accounts/signup', { body });
    const token = await signIn(body.email as string, body.password as string);
    expect((await call('GET', '/admin/overview', { token })).status).toBe(403);
    expect((await call('GET', '/admin/overview')).status).toBe(401);
    expect((await call('GET', '/me')).status).toBe(401);
  });

  it('ignores the setup-token header when no setup token is configured', async () => {
    const answer = await call('POST', '/admin/setup', {
      body: { username: 'late', password: 'Admin-pass-1' },
      headers: { [ADMIN_SETUP_TOKEN_HEADER]: 'anything' },
    });
    expect(answer.status).toBe(409);
  });
});
