import { describe, expect, it } from 'vitest';
import { apiErrorBodySchema, myProviderPageSchema, PROVIDER_PROFILE_MESSAGES, providerProfileSchema } from '@solutionz/shared';
import { createAccountRepository } from '@solutionz/lambdas/data/account-repository';
import { createTableStore } from '@solutionz/lambdas/data/table-store';
import { createDirectoryRepository } from '@solutionz/lambdas/data/directory-repository';
import { readHead } from '@solutionz/lambdas/testing/html-head';
import { createTestAccount, documents, signInTokens, stack, type TestAccount } from '../support/local-stack';
import { subscribeAccount } from '../support/membership';

/**
 * The provider's public page through the running stack: the API's public read and the owner's, and the
 * HTML that crawlers and link previews get from the local edge (the CloudFront stand-in) for
 * /directory/{id}, the sitemap and robots.txt.
 */

const web = new URL(stack.apiBaseUrl).origin;
const accounts = createAccountRepository(documents, stack.tableName);
const profiles = createTableStore(documents, stack.tableName).entities.profile;
const directory = createDirectoryRepository(documents, stack.tableName);

/** A provider who filled in a bio and a website on the profile tab, then bought a membership. */
async function member(): Promise<TestAccount> {
  const account = await createTestAccount('provider', { location: 'Leeds' });
  const { accessToken } = await signInTokens(account.email, account.password);
  const edit = await fetch(`${stack.apiBaseUrl}/me/profile`, {
    method: 'PATCH',
    headers: { authorization: `Bearer ${accessToken}`, 'content-type': 'application/json' },
    body: JSON.stringify({
      bio: 'Boilers, bathrooms and emergency call-outs across West Yorkshire.',
      socialLinks: { website: 'pennine-plumbing.example', linkedin: '' },
    }),
  });
  expect(edit.status).toBe(200);
  await subscribeAccount(account, 'monthly');
  return account;
}

/** Hidden by an administrator (set in the table directly, without the admin route's reason and mail), and out of the directory. */
async function hide(account: TestAccount) {
  await profiles.patch({ userId: account.userId }).set({ isVisible: false }).go();
  await directory.syncListing(account.userId, new Date());
}

const getProvider = (id: string) => fetch(`${stack.apiBaseUrl}/providers/${encodeURIComponent(id)}`);

async function myPage(account: TestAccount) {
  const { accessToken } = await signInTokens(account.email, account.password);
  return fetch(`${stack.apiBaseUrl}/me/provider-page`, { headers: { authorization: `Bearer ${accessToken}` } });
}

describe('GET /api/providers/{providerId}', () => {
  it("answers a listed provider's public page and nothing private from their profile", async () => {
    const provider = await member();
    const response = await getProvider(provider.userId);
    expect(response.status).toBe(200);
    const text = await response.text();
    const page = providerProfileSchema.parse(JSON.parse(text));
    expect(page).toMatchObject({
      id: provider.userId,
      businessName: provider.businessName,
      displayName: provider.businessName,
      firstName: 'Priya',
      lastName: 'Patel',
      socialLinks: { website: 'https://pennine-plumbing.example' },
      rating: { average: null, count: 0 },
      contact: { phone: expect.any(String) },
    });

    const stored = (await accounts.getProfile(provider.userId, { consistent: true }))!;
    expect(stored.stripeCustomerId).toBeTruthy();
    expect(stored.stripeSubscriptionId).toBeTruthy();
    for (const secret of [stored.email, stored.stripeCustomerId!, stored.stripeSubscriptionId!]) expect(text).not.toContain(secret);
    expect(text).not.toMatch(/"(email|isVisible|isActive|mfaEnabled|subscription\w*|stripe\w*)"/i);
  });

  it('answers 404 with the page wording for a provider who is not listed, and for an unknown id', async () => {
    const withoutMembership = await createTestAccount('provider');
    const hidden = await member();
    await hide(hidden);
    for (const id of [withoutMembership.userId, hidden.userId, 'no-such-provider']) {
      const response = await getProvider(id);
      expect(response.status, id).toBe(404);
      expect(apiErrorBodySchema.parse(await response.json()).error.message).toBe(PROVIDER_PROFILE_MESSAGES.notAvailable.text);
    }
  });
});

describe('GET /api/me/provider-page', () => {
  it('shows the owner their page whether or not it is listed, and why not', async () => {
    const listed = await member();
    const listedPage = myProviderPageSchema.parse(await (await myPage(listed)).json());
    expect(listedPage).toMatchObject({ id: listed.userId, listed: true, unlistedReasons: [] });

    const unlisted = await createTestAccount('provider');
    const response = await myPage(unlisted);
    expect(response.status).toBe(200);
    const page = myProviderPageSchema.parse(await response.json());
    expect(page).toMatchObject({ id: unlisted.userId, displayName: unlisted.businessName, listed: false, unlistedReasons: ['noMembership'] });
    expect(JSON.stringify(page)).not.toContain(unlisted.email);
  });

  it('is for providers only', async () => {
    const client = await createTestAccount('client');
    const response = await myPage(client);
    expect(response.status).toBe(403);
    expect(apiErrorBodySchema.parse(await response.json()).error.message).toBe(PROVIDER_PROFILE_MESSAGES.onlyProviders);
  });
});

describe('pages for crawlers and link previews, through the local edge', () => {
  it("gives a listed provider's page its title, description, link-preview tags, canonical address and LocalBusiness JSON-LD", async () => {
    const provider = await member();
    // Two ratings, as the feedback a provider receives leaves them on the profile.
    await profiles.patch({ userId: provider.userId }).set({ ratingCount: 2, ratingTotal: 9 }).go();

    const response = await fetch(`${web}/directory/${provider.userId}?action=contact`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^text\/html/);
    const html = await response.text();
    const head = readHead(html);
    const url = `${web}/directory/${provider.userId}`;
    expect(head.title).toBe(`${provider.businessName} | Solutionz`);
    expect(head.meta('description')).toBe('Boilers, bathrooms and emergency call-outs across West Yorkshire.');
    expect(head.meta('robots')).toBeUndefined();
    expect(head.canonical).toBe(url);
    expect(head.meta('og:type')).toBe('profile');
    expect(head.meta('og:title')).toBe(`${provider.businessName} | Solutionz`);
    expect(head.meta('og:url')).toBe(url);
    expect(head.meta('og:image')).toBe(`${web}/share-image.png`);
    expect(head.meta('twitter:card')).toBeDefined();
    expect(head.jsonLd).toEqual([
      expect.objectContaining({
        '@context': 'https://schema.org',
        '@type': 'LocalBusiness',
        name: provider.businessName,
        url,
        address: expect.objectContaining({ '@type': 'PostalAddress', addressLocality: expect.stringMatching(/Leeds/) }),
        aggregateRating: expect.objectContaining({ '@type': 'AggregateRating', ratingValue: 4.5, reviewCount: 2 }),
      }),
    ]);
    // Still the app: the built entry script is there for browsers.
    expect(head.scripts.some((src) => src?.startsWith('/assets/'))).toBe(true);
    const shareImage = await fetch(`${web}/share-image.png`);
    expect(shareImage.status).toBe(200);
    expect(shareImage.headers.get('content-type')).toBe('image/png');
  });

  it('marks a hidden provider and an unknown id noindex, naming no one', async () => {
    const provider = await member();
    await hide(provider);
    for (const id of [provider.userId, 'no-such-provider']) {
      const head = readHead(await (await fetch(`${web}/directory/${id}`)).text());
      expect(head.meta('robots'), id).toBe('noindex');
      expect(head.title).toBe(PROVIDER_PROFILE_MESSAGES.notFoundTitle);
      expect(head.canonical).toBeUndefined();
      expect(head.jsonLd).toEqual([]);
      expect(JSON.stringify(head)).not.toContain(provider.businessName!);
    }
  });

  it("keeps a provider's page and a search that lists them at the edge a while, and drops both the moment an administrator hides them", async () => {
    const provider = await member();
    const admin = await createTestAccount('admin');
    const page = () => fetch(`${web}/directory/${provider.userId}`);
    // A server-rendered directory search for the word only their business name has: the markup lists them.
    const search = () => fetch(`${web}/directory?${new URLSearchParams({ service: provider.businessName!.split(' ').at(-1)! })}`);
    const renderedRoot = (html: string) => html.slice(html.indexOf('<div id="root"'), html.indexOf('<script type="application/json"'));
    const first = await page();
    expect(first.headers.get('x-cache')).toBe('Miss from local edge');
    expect(readHead(await first.text()).title).toBe(`${provider.businessName} | Solutionz`);
    const cached = await page();
    expect(cached.headers.get('x-cache')).toBe('Hit from local edge');
    expect(readHead(await cached.text()).title).toBe(`${provider.businessName} | Solutionz`);
    expect((await getProvider(provider.userId)).status).toBe(200);
    expect(renderedRoot(await (await search()).text())).toContain(provider.businessName);
    expect((await search()).headers.get('x-cache')).toBe('Hit from local edge');

    const { accessToken } = await signInTokens(admin.email, admin.password);
    const hidden = await fetch(`${stack.apiBaseUrl}/admin/users/${provider.userId}/visible`, {
      method: 'PUT',
      headers: { authorization: `Bearer ${accessToken}`, 'content-type': 'application/json' },
      body: JSON.stringify({ visible: false, reason: { code: 'spam', note: '' } }),
    });
    expect(hidden.status).toBe(200);

    // The next visitor, a crawler or a link preview, meets the hidden page, not the cached response.
    const after = await page();
    expect(after.headers.get('x-cache')).toBe('Miss from local edge');
    const head = readHead(await after.text());
    expect(head.meta('robots')).toBe('noindex');
    expect(JSON.stringify(head)).not.toContain(provider.businessName!);
    expect((await getProvider(provider.userId)).status).toBe(404);
    const searchAfter = await search();
    expect(searchAfter.headers.get('x-cache')).toBe('Miss from local edge');
    expect(renderedRoot(await searchAfter.text())).not.toContain(provider.businessName);
    // A membership bought through the local Stripe, an admin's first call (a cold function that loads sharp): on a busy machine, more than the default.
  }, 60_000);

  it('lists a listed provider in /sitemap.xml and not an unlisted one, and robots.txt points to it', async () => {
    const listed = await member();
    const unlisted = await createTestAccount('provider');
    const sitemap = await fetch(`${web}/sitemap.xml`);
    expect(sitemap.status).toBe(200);
    expect(sitemap.headers.get('content-type')).toMatch(/^application\/xml/);
    const xml = await sitemap.text();
    expect(xml).toContain(`<loc>${web}/directory/${listed.userId}</loc>`);
    expect(xml).not.toContain(unlisted.userId);
    expect(xml).toContain(`<loc>${web}/categories/plumber</loc>`);

    const robots = await fetch(`${web}/robots.txt`);
    expect(robots.status).toBe(200);
    expect(await robots.text()).toBe(`User-agent: *\nAllow: /\n\nSitemap: ${web}/sitemap.xml\n`);
  });
});
