import { randomUUID } from 'node:crypto';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { PROVIDER_UPDATES_MESSAGES, PROVIDER_UPDATES_ONE_CLICK_PATH, PROVIDER_UPDATES_UNSUBSCRIBE_PATH } from '@solutionz/shared';
import { describe, expect, it } from 'vitest';
import { documentClient } from '../../adapters/dynamodb';
import type { Mailer } from '../../adapters/ses-mailer';
import { newsItem, type ProviderNews } from '../../data/provider-updates';
import { createTableStore } from '../../data/table-store';
import { ValidationError } from '../../errors';
import { TEST_CREDENTIALS, TEST_REGION, useTestTable } from '../../testing/dynamodb-table';
import { profileOnlyPerson } from '../../testing/profile-only-person';
import { testMailer, type SentMail } from '../../testing/ses-inbox';
import { processProviderNews, unsubscribeProviderUpdates, type ProviderUpdateDeps } from './provider-updates';

const table = useTestTable();
const documents = documentClient(new DynamoDBClient({ region: TEST_REGION, endpoint: table.endpoint, credentials: TEST_CREDENTIALS }));
const { providerNews } = createTableStore(documents, table.tableName).entities;
const inbox = testMailer();

const NOW = new Date('2026-11-26T12:00:00Z');
const SITE = 'https://solutionz.test';
const DAY_MS = 24 * 60 * 60 * 1000;

function deps(overrides: Partial<ProviderUpdateDeps> = {}): ProviderUpdateDeps {
  return {
    updates: table.repositories.providerUpdates,
    accounts: table.repositories.accounts,
    mailer: inbox.mailer,
    clock: () => NOW,
    pause: async () => {},
    config: { siteUrl: SITE },
    ...overrides,
  };
}

const person = (accountType: 'client' | 'provider', profile: Record<string, unknown> = {}) =>
  profileOnlyPerson(table, accountType, { createdAt: NOW, profile });

/** A member for another month, and so listed in the directory unless `profile` says otherwise. */
const MEMBERSHIP = { subscriptionTier: 'monthly', subscriptionEnd: new Date(NOW.getTime() + 30 * 24 * 3_600_000).toISOString() };
const listedProvider = (profile: Record<string, unknown> = {}) => person('provider', { ...MEMBERSHIP, ...profile });

/** A client who saved the provider, with Provider Updates on unless told otherwise. */
async function saver(providerId: string, enabled = true) {
  const client = await person('client', { providerUpdates: { enabled } });
  await table.repositories.saved.save(client.userId, providerId, NOW);
  return client;
}

const news = (providerId: string, kind: ProviderNews['kind'] = 'portfolio', at = NOW): ProviderNews => ({ providerId, kind, at: at.toISOString() });
const mailsTo = async (email: string) => (await inbox.sent()).filter((mail) => mail.destination.to.includes(email));
const textLinks = (mail: SentMail) => (mail.body.text ?? '').match(/https?:\/\/\S+/g)?.map((text) => new URL(text)) ?? [];

describe('Provider Updates', () => {
  it('mails the clients who saved the provider and want updates, once a week per provider, with the profile and a one-click unsubscribe', async () => {
    const provider = await listedProvider();
    const [wanting, notWanting] = await Promise.all([saver(provider.userId), saver(provider.userId, false)]);
    const stranger = await person('client', { providerUpdates: { enabled: true } });

    expect(await processProviderNews(deps(), news(provider.userId))).toEqual({ matched: 1, sent: 1, skipped: 0, failed: 0 });
    const [mail] = await mailsTo(wanting.email);
    expect(mail?.subject).toMatch(/^Pennine Plumbing \w+ has added new work$/);
    const links = textLinks(mail!);
    expect(links.map((url) => url.pathname)).toEqual([`/directory/${provider.userId}`, PROVIDER_UPDATES_UNSUBSCRIBE_PATH]);
    const token = links[1]!.searchParams.get('token')!;
    expect(mail?.headers).toEqual(
      expect.arrayContaining([
        { name: 'List-Unsubscribe', value: `<${SITE}${PROVIDER_UPDATES_ONE_CLICK_PATH}?token=${encodeURIComponent(token)}>` },
        { name: 'List-Unsubscribe-Post', value: 'List-Unsubscribe=One-Click' },
      ]),
    );
    expect(await mailsTo(notWanting.email)).toEqual([]);
    expect(await mailsTo(stranger.email)).toEqual([]);

    // The same week: new services are not mailed again; eight days on they are.
    expect(await processProviderNews(deps(), news(provider.userId, 'services'))).toMatchObject({ matched: 1, sent: 0, skipped: 1 });
    const later = new Date(NOW.getTime() + 8 * DAY_MS);
    expect(await processProviderNews(deps({ clock: () => later }), news(provider.userId, 'services', later))).toMatchObject({ sent: 1 });
    expect((await mailsTo(wanting.email)).map((each) => each.subject)).toEqual([
      expect.stringMatching(/has added new work$/),
      expect.stringMatching(/has updated their services$/),
    ]);
  });

  it('sends one mail when the same news is delivered twice at once', async () => {
    const provider = await listedProvider();
    const client = await saver(provider.userId);
    const results = await Promise.all([processProviderNews(deps(), news(provider.userId)), processProviderNews(deps(), news(provider.userId))]);
    expect(results.map((result) => result.sent).sort()).toEqual([0, 1]);
    expect(await mailsTo(client.email)).toHaveLength(1);
  });

  it('mails nobody about a hidden or deactivated provider, nor about news older than a day', async () => {
    const hidden = await listedProvider({ isVisible: false });
    const deactivated = await listedProvider({ isActive: false });
    const quiet = await listedProvider();
    const clients = await Promise.all([saver(hidden.userId), saver(deactivated.userId), saver(quiet.userId)]);
    expect(await processProviderNews(deps(), news(hidden.userId))).toMatchObject({ matched: 0, sent: 0 });
    expect(await processProviderNews(deps(), news(deactivated.userId))).toMatchObject({ matched: 0, sent: 0 });
    expect(await processProviderNews(deps(), news(quiet.userId, 'portfolio', new Date(NOW.getTime() - 25 * 3_600_000)))).toMatchObject({ matched: 0, sent: 0 });
    for (const client of clients) expect(await mailsTo(client.email)).toEqual([]);
  });

  it('mails nobody about a provider the directory does not list: a lapsed membership, or none', async () => {
    const lapsed = await listedProvider({ subscriptionEnd: new Date(NOW.getTime() - 3_600_000).toISOString() });
    const neverMember = await person('provider');
    const clients = await Promise.all([saver(lapsed.userId), saver(neverMember.userId)]);
    expect(await processProviderNews(deps(), news(lapsed.userId, 'services'))).toMatchObject({ matched: 0, sent: 0 });
    expect(await processProviderNews(deps(), news(neverMember.userId))).toMatchObject({ matched: 0, sent: 0 });
    for (const client of clients) expect(await mailsTo(client.email)).toEqual([]);
  });

  it('lets the next news try again after a mail failed every try', async () => {
    const provider = await listedProvider();
    const client = await saver(provider.userId);
    const failing: Mailer = { send: async () => Promise.reject(new Error('SES is unreachable')) };
    expect(await processProviderNews(deps({ mailer: failing }), news(provider.userId))).toMatchObject({ matched: 1, sent: 0, failed: 1 });
    expect(await processProviderNews(deps(), news(provider.userId, 'services'))).toMatchObject({ sent: 1 });
    expect(await mailsTo(client.email)).toHaveLength(1);
  });

  it("turns the client's updates off from the mail's token, signed out, and again is the same answer; a wrong token is refused", async () => {
    const provider = await listedProvider();
    const client = await saver(provider.userId);
    await processProviderNews(deps(), news(provider.userId));
    const token = textLinks((await mailsTo(client.email))[0]!)[1]!.searchParams.get('token')!;

    await expect(unsubscribeProviderUpdates(deps(), `${client.userId}.wrong`)).rejects.toMatchObject({
      constructor: ValidationError,
      message: PROVIDER_UPDATES_MESSAGES.unsubscribeInvalid,
      fields: { 'body.token': PROVIDER_UPDATES_MESSAGES.unsubscribeInvalid },
    });
    expect(await unsubscribeProviderUpdates(deps(), token)).toEqual({ unsubscribed: true });
    expect(await unsubscribeProviderUpdates(deps(), token, 'query.token')).toEqual({ unsubscribed: true });
    expect((await table.repositories.accounts.getProfile(client.userId))?.providerUpdates).toEqual({ enabled: false });
    const later = new Date(NOW.getTime() + 8 * DAY_MS);
    expect(await processProviderNews(deps({ clock: () => later }), news(provider.userId, 'services', later))).toMatchObject({ matched: 0 });
  });

  it("leaves no trace of an erased client (token, claims) nor of an erased provider's news", async () => {
    const provider = await listedProvider();
    const client = await saver(provider.userId);
    await table.repositories.accounts.editProfile({
      userId: provider.userId,
      set: { skills: ['Boilers'] },
      remove: [],
      updatedAt: NOW.toISOString(),
      servicesChanged: true,
    });
    expect(await processProviderNews(deps(), news(provider.userId))).toMatchObject({ sent: 1 });
    const updatesItems = async (id: string) =>
      (await table.itemsMentioning(id)).filter(
        (item) => /^(?:PROVIDER_NEWS|PROVIDER_UPDATE)/.test(`${item.SK as string}`) || `${item.PK as string}`.startsWith('PROVIDER_NEWS#'),
      );
    expect(await updatesItems(client.userId)).toHaveLength(2);
    await table.repositories.providerUpdates.forget(client.userId);
    expect(await updatesItems(client.userId)).toEqual([]);
    expect(await updatesItems(provider.userId)).toHaveLength(1);
    await table.repositories.providerUpdates.forget(provider.userId);
    expect(await updatesItems(provider.userId)).toEqual([]);
  });

  it('is told of new portfolio work and changed services in the same transaction, and of nothing else', async () => {
    const provider = await listedProvider();
    const at = NOW.toISOString();
    const newsOf = async () => (await providerNews.query.byProvider({ providerId: provider.userId }).go()).data.map(({ kind }) => kind).sort();

    await table.repositories.accounts.editProfile({ userId: provider.userId, set: { bio: 'Thirty years of boilers.' }, remove: [], updatedAt: at });
    expect(await newsOf()).toEqual([]);
    await table.repositories.accounts.editProfile({ userId: provider.userId, set: { skills: ['Boilers'] }, remove: [], updatedAt: at, servicesChanged: true });
    expect(await newsOf()).toEqual(['services']);
    const item = { userId: provider.userId, itemId: randomUUID(), title: 'New bathroom', position: 1, media: [], createdAt: at };
    expect(await table.repositories.portfolio.add(item, 10)).toBe('added');
    expect(await newsOf()).toEqual(['portfolio', 'services']);
    expect(newsItem(provider.userId, 'portfolio', at)).toMatchObject({ day: '2026-11-26', expiresAt: Math.ceil((NOW.getTime() + 2 * DAY_MS) / 1000) });
  });
});
