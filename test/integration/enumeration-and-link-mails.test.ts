import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { ACCOUNT_MESSAGES, apiErrorBodySchema, MAIL_RATE_LIMIT, MESSAGING_MESSAGES, SECURITY_MESSAGES } from '@solutionz/shared';
import { createTableStore } from '@solutionz/lambdas/data/table-store';
import { createTestAccount, documents, signInTokens, stack } from '../support/local-stack';

/**
 * What a route's answers let a caller learn about other people (which addresses have accounts, whose an id
 * is, which businesses exist behind a hidden provider), and the caps that keep someone else from using up a
 * person's link mails: through the web origin and the local gateway, with the client address each request
 * comes from (the edge takes it from X-Forwarded-For, as CloudFront's viewer address).
 */

interface InboxMail {
  readonly subject: string;
  readonly destination: { readonly to: readonly string[] };
  readonly body: { readonly text: string };
}

/** A client address of its own for each call that does not name one: the per-address caps of one test never touch another. */
const anyIp = () => `203.0.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250) + 1}`;

async function call(method: string, path: string, options: { body?: unknown; token?: string; ip?: string } = {}) {
  const response = await fetch(`${stack.apiBaseUrl}${path}`, {
    method,
    headers: {
      'content-type': 'application/json',
      'x-forwarded-for': options.ip ?? anyIp(),
      ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
    },
    ...(options.body === undefined ? {} : { body: JSON.stringify(options.body) }),
  });
  const text = await response.text();
  return { status: response.status, body: (text ? JSON.parse(text) : undefined) as unknown };
}

const errorOf = (body: unknown) => apiErrorBodySchema.parse(body).error;
const uniqueEmail = (label: string) => `${label}-${randomUUID().slice(0, 8)}@example.co.uk`;
const tokenOf = async (account: { email: string; password: string }) => (await signInTokens(account.email, account.password)).accessToken;

async function mailsTo(to: string): Promise<InboxMail[]> {
  const response = await fetch(`${stack.sesUrl}/store?since=${Math.floor(Date.now() / 1000) - 600}`);
  const { emails } = (await response.json()) as { emails: InboxMail[] };
  return emails.filter((mail) => mail.destination.to.includes(to));
}

/** The mails to `to`, once `count` of them arrived. */
async function untilMails(to: string, count: number): Promise<InboxMail[]> {
  await expect.poll(async () => (await mailsTo(to)).length, { timeout: 10_000 }).toBe(count);
  return mailsTo(to);
}

const profiles = createTableStore(documents, stack.tableName).entities.profile;

describe('POST /api/me/email-change', () => {
  it('answers an address with an account as a free one; that address is told someone tried, and gets no link', async () => {
    const [mover, otherMover, owner] = await Promise.all([createTestAccount('client'), createTestAccount('client'), createTestAccount('provider')]);
    const free = uniqueEmail('free');
    const toFree = await call('POST', '/me/email-change', { token: await tokenOf(mover), body: { newEmail: free, currentPassword: mover.password } });
    const toTaken = await call('POST', '/me/email-change', {
      token: await tokenOf(otherMover),
      body: { newEmail: owner.email, currentPassword: otherMover.password },
    });
    expect(toFree).toEqual({ status: 202, body: { sentTo: free, message: SECURITY_MESSAGES.emailChangeSent(free) } });
    expect(toTaken).toEqual({ status: 202, body: { sentTo: owner.email, message: SECURITY_MESSAGES.emailChangeSent(owner.email) } });

    const [linkMail] = await untilMails(free, 1);
    expect(linkMail!.body.text).toContain('/confirm-email-change?token=');
    const [tried] = await untilMails(owner.email, 1);
    expect(tried!.subject).toBe('Someone tried to move an account to your Solutionz email address');
    expect(tried!.body.text).not.toContain('/confirm-email-change');
    // Each mover's own inbox reads alike.
    const [[alert], [otherAlert]] = await Promise.all([untilMails(mover.email, 1), untilMails(otherMover.email, 1)]);
    expect(otherAlert!.body.text.replace(owner.email, free)).toBe(alert!.body.text);
  });

  it('refuses a request past the day’s cap alike, whether or not the address has an account', async () => {
    const [mover, owner] = await Promise.all([createTestAccount('client'), createTestAccount('client')]);
    const token = await tokenOf(mover);
    // The wrong password is checked first and takes no request of the day.
    const wrong = await call('POST', '/me/email-change', { token, body: { newEmail: owner.email, currentPassword: 'Not-the-password-1' } });
    expect(wrong.status).toBe(400);
    const first = await call('POST', '/me/email-change', { token, body: { newEmail: uniqueEmail('free'), currentPassword: mover.password } });
    expect(first.status).toBe(202);
    // Within the countdown: refused before the address is looked at, the same for a taken and a free one.
    const [taken, free] = await Promise.all(
      [owner.email, uniqueEmail('free')].map((newEmail) => call('POST', '/me/email-change', { token, body: { newEmail, currentPassword: mover.password } })),
    );
    const seen = (answer: { status: number; body: unknown }) => ({
      status: answer.status,
      code: errorOf(answer.body).code,
      message: errorOf(answer.body).message,
    });
    expect(seen(taken!)).toEqual({ status: 429, code: 'RATE_LIMITED', message: expect.any(String) });
    expect(seen(free!)).toEqual(seen(taken!));
    expect(await mailsTo(owner.email)).toEqual([]);
  });
});

describe('POST /api/conversations', () => {
  it('answers a client’s id as an id of nobody: the same status and message', async () => {
    const [client, otherClient] = await Promise.all([createTestAccount('client'), createTestAccount('client')]);
    const token = await tokenOf(client);
    const write = (providerId: string) => call('POST', '/conversations', { token, body: { providerId, messageId: randomUUID(), text: 'Hello' } });
    const toClient = await write(otherClient.userId);
    const toNobody = await write(randomUUID());
    expect(toClient).toEqual({ status: 404, body: { error: { code: 'NOT_FOUND', message: MESSAGING_MESSAGES.recipientUnavailable } } });
    expect(toNobody).toEqual(toClient);
  });
});

describe('the password reset mails of one address', () => {
  it('stop a stranger asking from several places at their share, and still reach the owner asking from where they use the account', async () => {
    const owner = await createTestAccount('client');
    const home = anyIp();
    // The owner uses the account from home (the web reads /api/me at every sign-in and page load).
    expect((await call('GET', '/me', { token: await tokenOf(owner), ip: home })).status).toBe(200);

    // Someone else asks for the owner's resets, each time from another place.
    for (let n = 0; n < MAIL_RATE_LIMIT.perAddressFromStrangers; n++) {
      expect((await call('POST', '/accounts/password-reset', { body: { email: owner.email } })).status).toBe(202);
    }
    const refused = await call('POST', '/accounts/password-reset', { body: { email: owner.email } });
    expect(refused.status).toBe(429);
    expect(errorOf(refused.body)).toMatchObject({ category: 'RATE_LIMIT' });
    await untilMails(owner.email, MAIL_RATE_LIMIT.perAddressFromStrangers);

    expect(await call('POST', '/accounts/password-reset', { ip: home, body: { email: owner.email } })).toEqual({
      status: 202,
      body: { message: ACCOUNT_MESSAGES.resetRequested },
    });
    const mails = await untilMails(owner.email, MAIL_RATE_LIMIT.perAddressFromStrangers + 1);
    expect(mails.every((mail) => mail.body.text.includes('/reset-password?mode=reset&token='))).toBe(true);
  });
});

describe('GET /api/businesses/search', () => {
  it('leaves out the businesses of providers an admin hid or deactivated', async () => {
    const word = `Zq${randomUUID().replace(/-/g, '').slice(0, 8)}`;
    const [, hidden, deactivated] = await Promise.all(
      ['Plumbing', 'Roofing', 'Glazing'].map((trade) => createTestAccount('provider', { businessName: `${word} ${trade}` })),
    );
    const names = async () =>
      ((await call('GET', `/businesses/search?q=${word}`)).body as { businesses: { businessName: string }[] }).businesses.map(
        (business) => business.businessName,
      );
    expect(await names()).toEqual([`${word} Glazing`, `${word} Plumbing`, `${word} Roofing`]);

    await profiles.patch({ userId: hidden!.userId }).set({ isVisible: false }).go();
    await profiles.patch({ userId: deactivated!.userId }).set({ isActive: false }).go();
    expect(await names()).toEqual([`${word} Plumbing`]);
  });
});
