import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { apiErrorBodySchema, CLAIM_MESSAGES, type BusinessSearchResponse } from '@solutionz/shared';
import { createClaimRepository } from '@solutionz/lambdas/data/claim-repository';
import { createTestAccount, documents, signInTokens, stack, type TestAccount } from '../support/local-stack';

/**
 * Business claiming through the web origin and the local gateway: the claim form mails a link and opens
 * nothing; the link's page reads it without changing anything; only the press of its button finishes the
 * claim; and confirming an e-mail address never moves a business.
 */

const claims = createClaimRepository(documents, stack.tableName);
const uniqueEmail = (label: string) => `${label}-${randomUUID().slice(0, 8)}@example.co.uk`;
const fromIp = () => `198.51.100.${Math.floor(Math.random() * 250) + 1}`;
const webOrigin = stack.apiBaseUrl.replace(/\/api$/, '');

async function call(method: string, path: string, options: { body?: unknown; token?: string } = {}) {
  const response = await fetch(`${stack.apiBaseUrl}${path}`, {
    method,
    headers: { 'content-type': 'application/json', 'x-forwarded-for': fromIp(), ...(options.token ? { authorization: `Bearer ${options.token}` } : {}) },
    ...(options.body === undefined ? {} : { body: JSON.stringify(options.body) }),
  });
  const text = await response.text();
  return { status: response.status, body: (text ? JSON.parse(text) : undefined) as unknown };
}

const errorOf = (body: unknown) => apiErrorBodySchema.parse(body).error;

let admin: TestAccount;
beforeAll(async () => {
  admin = await createTestAccount('admin');
}, 30_000);

/** A business an admin lists through the create-provider route, with the address it recorded; answers its id. */
async function listedBusiness(businessEmail: string): Promise<{ businessId: string; businessName: string }> {
  const word = `Zq${randomUUID().replace(/-/g, '').slice(0, 8)}`;
  const businessName = `${word} Roofing`;
  const { accessToken } = await signInTokens(admin.email, admin.password);
  const created = await call('POST', '/admin/providers', {
    token: accessToken,
    body: { firstName: 'Dale', lastName: 'Hughes', location: 'Leeds', businessName, businessEmail },
  });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  const found = (await call('GET', `/businesses/search?q=${word}`)).body as BusinessSearchResponse;
  const business = found.businesses.find((candidate) => candidate.businessName === businessName);
  if (!business) throw new Error(`The business search did not find ${businessName}`);
  return { businessId: business.id, businessName };
}

interface InboxMail {
  readonly destination: { readonly to: readonly string[] };
  readonly body: { readonly text: string };
}

/** The link to `page` in the newest mail to `to`, polled from the local SES inbox. */
async function linkFromInbox(to: string, page: string): Promise<URL> {
  for (let attempt = 0; attempt < 40; attempt++) {
    const response = await fetch(`${stack.sesUrl}/store?since=${Math.floor(Date.now() / 1000) - 600}`);
    const { emails } = (await response.json()) as { emails: InboxMail[] };
    const links = emails
      .filter((mail) => mail.destination.to.includes(to))
      .flatMap((mail) => mail.body.text.match(/https?:\/\/\S+/g) ?? [])
      .map((link) => new URL(link))
      .filter((url) => url.pathname === page);
    if (links.length) return links.at(-1)!;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`No mail with a ${page} link reached ${to}`);
}

describe('claiming a business through its mailed link', () => {
  it('the form opens nothing; opening the link (GET) changes nothing; the button sets the password and the business moves', async () => {
    const office = uniqueEmail('office');
    const { businessId, businessName } = await listedBusiness(office);

    const requested = await call('POST', `/businesses/${businessId}/claim`, { body: { fullName: 'Dale Owen Hughes', email: office.toUpperCase() } });
    expect(requested).toEqual({ status: 202, body: { businessId, businessName, email: office } });
    expect(await claims.get(businessId)).toBeUndefined();
    await expect(signInTokens(office, 'Correct-horse-1')).rejects.toThrow();

    const link = await linkFromInbox(office, '/claim-business/complete');
    const token = link.searchParams.get('token')!;
    // The page the mail opens, as a mail scanner would fetch it, and the page's own read of the link.
    const page = await fetch(`${webOrigin}${link.pathname}${link.search}`);
    expect(page.status).toBe(200);
    const cancelPage = await fetch(`${webOrigin}/claim-business/cancel${link.search}`);
    expect(cancelPage.status).toBe(200);
    expect(await call('POST', '/business-claims/inspect', { body: { token } })).toEqual({
      status: 200,
      body: { businessId, businessName, email: office, accountExists: false },
    });
    expect(await claims.get(businessId)).toBeUndefined();

    const completed = await call('POST', '/business-claims/complete', { body: { token, password: 'Chosen-horse-7', confirmPassword: 'Chosen-horse-7' } });
    expect(completed).toEqual({ status: 201, body: { businessId, businessName, email: office, state: 'verified' } });
    const { accessToken } = await signInTokens(office, 'Chosen-horse-7');
    const me = await call('GET', '/me', { token: accessToken });
    expect(me.body).toMatchObject({ email: office, accountType: 'provider', emailConfirmed: true, businessName });
    expect(await claims.get(businessId)).toMatchObject({ state: 'verified' });

    const again = await call('POST', '/business-claims/complete', { body: { token, password: 'Other-horse-8', confirmPassword: 'Other-horse-8' } });
    expect(again.status).toBe(400);
    expect(errorOf(again.body).message).toBe(CLAIM_MESSAGES.linkInvalid);
  });

  it("'this wasn't me' spends the link: the claim can no longer be finished and no account exists", async () => {
    const office = uniqueEmail('office');
    const { businessId } = await listedBusiness(office);
    await call('POST', `/businesses/${businessId}/claim`, { body: { fullName: 'Mallory Taker', email: office } });
    const token = (await linkFromInbox(office, '/claim-business/cancel')).searchParams.get('token')!;

    expect((await call('POST', '/business-claims/cancel', { body: { token } })).status).toBe(200);
    const refused = await call('POST', '/business-claims/complete', { body: { token, password: 'Chosen-horse-7', confirmPassword: 'Chosen-horse-7' } });
    expect(refused.status).toBe(400);
    expect(errorOf(refused.body).message).toBe(CLAIM_MESSAGES.linkInvalid);
    await expect(signInTokens(office, 'Chosen-horse-7')).rejects.toThrow();
    expect(await claims.get(businessId)).toBeUndefined();
  });

  it('confirming an e-mail address moves no business, even the address the admin recorded: the claim waits for an admin', async () => {
    const office = uniqueEmail('office');
    const { businessId, businessName } = await listedBusiness(office);
    // A provider who signed up with the business's address and holds a claim under review.
    const signup = await call('POST', '/accounts/signup', {
      body: {
        accountType: 'provider',
        fullName: 'Dale Hughes',
        email: office,
        location: 'Leeds',
        password: 'Correct-horse-1',
        confirmPassword: 'Correct-horse-1',
        phone: '+44 113 496 0000',
        businessName: `${businessName} Two`,
        categories: ['Construction/Trade > Roofer'],
      },
    });
    expect(signup.status, JSON.stringify(signup.body)).toBe(201);
    const { userId } = signup.body as { userId: string };
    expect(
      await claims.open({
        businessId,
        claimId: randomUUID(),
        businessName,
        claimantUserId: userId,
        claimantEmail: office,
        state: 'pending',
        createdAt: new Date().toISOString(),
      }),
    ).toBe(true);

    const token = (await linkFromInbox(office, '/confirm-email')).searchParams.get('token')!;
    expect((await call('POST', '/accounts/confirm-email', { body: { token } })).status).toBe(200);
    expect(await claims.get(businessId)).toMatchObject({ state: 'pending', claimantUserId: userId });
    expect((await call('GET', `/businesses/${businessId}/claim`)).body).toMatchObject({ claimable: true });
  });
});
