import { randomUUID } from 'node:crypto';
import { providerSearchQuerySchema, responseTimeText, type ResponseTime } from '@solutionz/shared';
import { describe, expect, it } from 'vitest';
import type { AuthorizedCaller } from '../../auth/caller';
import type { MessageRecord } from '../../data/messages-repository';
import { fakeGeocoder } from '../../testing/fake-geocoder';
import { messagesTestDeps } from '../../testing/messages-deps';
import { profileOnlyPerson } from '../../testing/profile-only-person';
import { useTestTable } from '../../testing/dynamodb-table';
import { getProviderProfile } from '../directory/provider-profile';
import { searchProviders } from '../directory/search';
import { sendMessage, setConversationBlocked, startConversation, type MessagesDeps } from './conversations';
import { reportConversation, type ReportDeps } from './report';

const table = useTestTable();

const T0 = new Date('2026-11-01T09:00:00Z');
const at = (hours: number) => new Date(T0.getTime() + hours * 3_600_000);
const HOUR = 3600;

const deps = (now: Date): MessagesDeps & ReportDeps => messagesTestDeps(table.repositories, () => now);

async function person(accountType: 'client' | 'provider'): Promise<AuthorizedCaller> {
  const isProvider = accountType === 'provider';
  const { userId, caller } = await profileOnlyPerson(table, accountType, {
    createdAt: new Date('2026-01-01T00:00:00Z'),
    subscribed: isProvider,
    profile: isProvider ? { lat: 54.0, lng: -2.0, placeName: 'Dales' } : {},
  });
  if (isProvider) {
    await table.repositories.membership.writeSubscription(
      userId,
      `cus_${userId}`,
      { tier: 'yearly', end: '2027-12-01T00:00:00.000Z', cancelAtPeriodEnd: false, paymentFailed: false, subscriptionId: `sub_${userId}`, status: 'active' },
      T0,
    );
    await table.repositories.directory.syncListing(userId, T0);
  }
  return caller;
}

/** Every message of a conversation, oldest first, straight from the thread. */
async function allMessages(conversationId: string): Promise<MessageRecord[]> {
  const found: MessageRecord[] = [];
  let cursor: string | undefined;
  do {
    const page = await table.repositories.messages.thread(conversationId, cursor, 50);
    found.push(...page.items);
    cursor = page.nextCursor;
  } while (cursor);
  return found.sort((a, b) => a.sentAt.localeCompare(b.sentAt));
}

/**
 * The figure worked out by brute force from the raw messages: for each conversation the client started in
 * the 90 days before `now`, the wait from its first message to the provider's first; unanswered and 48 hours
 * old counts as never answered; unanswered and younger is left out.
 */
async function bruteForce(conversationIds: readonly string[], clientIds: ReadonlySet<string>, now: Date): Promise<ResponseTime> {
  const waits: number[] = [];
  for (const id of conversationIds) {
    const messages = await allMessages(id);
    const first = messages[0]!;
    if (!clientIds.has(first.senderId)) continue;
    const started = Date.parse(first.sentAt);
    if (started < now.getTime() - 90 * 86_400_000) continue;
    const reply = messages.find((message) => !clientIds.has(message.senderId) && message.sentAt <= now.toISOString());
    if (reply) waits.push((Date.parse(reply.sentAt) - started) / 1000);
    else if (now.getTime() - started >= 48 * HOUR * 1000) waits.push(Number.POSITIVE_INFINITY);
  }
  if (waits.length < 3) return null;
  waits.sort((a, b) => a - b);
  const m = Math.floor(waits.length / 2);
  const median = waits.length % 2 ? waits[m]! : (waits[m - 1]! + waits[m]!) / 2;
  return {
    conversations: waits.length,
    medianSeconds: Number.isFinite(median) ? Math.round(median) : null,
    repliedWithin48hPercent: Math.round((100 * waits.filter((wait) => wait <= 48 * HOUR).length) / waits.length),
  };
}

const write = (text: string) => ({ messageId: randomUUID(), text });

describe('response times', () => {
  it('are "New on Solutionz" until three client conversations count, then the median and 48-hour share of the raw timestamps', async () => {
    const provider = await person('provider');
    const providerId = provider.userId;
    const pageAt = async (now: Date) => (await getProviderProfile({ profiles: table.repositories.accounts, clock: () => now }, providerId)).responseTime;
    const cardAt = async (now: Date) =>
      (
        await searchProviders(
          { directory: table.repositories.directory, geocoder: fakeGeocoder(), clock: () => now },
          providerSearchQuerySchema.parse({ lat: 54, lng: -2, radius: '5' }),
        )
      ).providers.find((card) => card.id === providerId)?.responseTime;

    // [hours after T0 the client writes, hours after that the provider first replies (undefined: never), a second reply later]
    const plan: [number, number | undefined][] = [
      [0, 0.1], // 6 minutes
      [1, 3], // 3 hours
      [2, undefined], // never
      [5, 30], // 30 hours
      [6, 60], // 60 hours: answered, but not within 48
      [200, 2], // 2 hours, nine days in
      [-95 * 24, 1], // outside the 90 days at the end
    ];
    const clients = await Promise.all(plan.map(() => person('client')));
    const clientIds = new Set(clients.map((client) => client.userId));
    const conversationIds: string[] = [];

    expect(await pageAt(at(0))).toBeNull();
    for (const [n, [start, wait]] of plan.entries()) {
      const { conversationId } = await startConversation(deps(at(start)), clients[n]!, { providerId, ...write('Could you quote for new doors?') });
      conversationIds.push(conversationId);
      // The client writing again before any reply changes nothing: the wait runs from the first message.
      await sendMessage(deps(at(start + 0.05)), clients[n]!, conversationId, write('Any news?'));
      if (wait !== undefined) {
        await sendMessage(deps(at(start + wait)), provider, conversationId, write('Yes, I can.'));
        await sendMessage(deps(at(start + wait + 1)), provider, conversationId, write('Tuesday?'));
      }
    }
    // A conversation the provider started counts for nothing: nobody waited on them.
    const extra = await person('client');
    await table.repositories.messages.start(
      { conversationId: `provider-started-${extra.userId}`, clientId: extra.userId, providerId, startedBy: providerId, createdAt: at(3).toISOString() },
      {
        conversationId: `provider-started-${extra.userId}`,
        messageId: randomUUID(),
        senderId: providerId,
        text: 'About your job',
        sentAt: at(3).toISOString(),
      },
    );

    for (const now of [at(1.5), at(40), at(50), at(70), at(250), at(24 * 93)]) {
      const expected = await bruteForce(conversationIds, clientIds, now);
      expect(await pageAt(now), `at ${now.toISOString()}`).toEqual(expected);
      expect(await cardAt(now), `card at ${now.toISOString()}`).toEqual(expected);
    }
    // At 250 hours: 6 min, 3 h, 30 h, 60 h, 2 h, never (the 95-day-old one is out): median 16.5 hours, 4 of 6 within 48 hours.
    expect(await pageAt(at(250))).toEqual({ conversations: 6, medianSeconds: 16.5 * HOUR, repliedWithin48hPercent: 67 });
    expect(responseTimeText(await pageAt(at(250)))).toEqual({ headline: 'Usually replies within 17 hours', rate: 'Replies to 67% of clients within 48 hours' });
    expect(await pageAt(at(1.5))).toBeNull();
  }, 60_000);

  it('leaves out the conversations the provider blocked (while blocked) or reported (for good)', async () => {
    const provider = await person('provider');
    const providerId = provider.userId;
    const figureAt = async (now: Date) => (await getProviderProfile({ profiles: table.repositories.accounts, clock: () => now }, providerId)).responseTime;
    // Three answered within the hour, and two nobody answered: a harasser's and a spammer's.
    const clients = await Promise.all(Array.from({ length: 5 }, () => person('client')));
    const conversations: string[] = [];
    for (const [n, client] of clients.entries()) {
      const { conversationId } = await startConversation(deps(at(n)), client, { providerId, ...write('Hello') });
      conversations.push(conversationId);
      if (n < 3) await sendMessage(deps(at(n + 0.5)), provider, conversationId, write('Hi, how can I help?'));
    }
    const later = at(100);
    expect(await figureAt(later)).toEqual({ conversations: 5, medianSeconds: 0.5 * HOUR, repliedWithin48hPercent: 60 });

    await setConversationBlocked(deps(later), provider, conversations[3]!, true);
    await reportConversation(deps(later), provider, conversations[4]!, { reason: 'spam', note: '' });
    expect(await figureAt(later)).toEqual({ conversations: 3, medianSeconds: 0.5 * HOUR, repliedWithin48hPercent: 100 });

    // Lifting the block counts that one again; the report stays, whatever block comes and goes.
    await setConversationBlocked(deps(later), provider, conversations[3]!, false);
    await setConversationBlocked(deps(later), provider, conversations[4]!, true);
    await setConversationBlocked(deps(later), provider, conversations[4]!, false);
    expect(await figureAt(later)).toEqual({ conversations: 4, medianSeconds: 0.5 * HOUR, repliedWithin48hPercent: 75 });
    // A client's block or report changes nothing of the provider's figure.
    await setConversationBlocked(deps(later), clients[0]!, conversations[0]!, true);
    await reportConversation(deps(later), clients[1]!, conversations[1]!, { reason: 'spam', note: '' });
    expect(await figureAt(later)).toEqual({ conversations: 4, medianSeconds: 0.5 * HOUR, repliedWithin48hPercent: 75 });
  });

  it('counts concurrent first replies once', async () => {
    const provider = await person('provider');
    const clients = await Promise.all([person('client'), person('client'), person('client')]);
    for (const [n, client] of clients.entries()) {
      const { conversationId } = await startConversation(deps(at(n)), client, { providerId: provider.userId, ...write('Hello') });
      await Promise.all([
        sendMessage(deps(at(n + 1)), provider, conversationId, write('First')),
        sendMessage(deps(at(n + 2)), provider, conversationId, write('Also first')),
        sendMessage(deps(at(n + 3)), provider, conversationId, write('And this')),
      ]);
    }
    const profile = await table.repositories.accounts.getProfile(provider.userId, { consistent: true });
    expect(profile?.responseLog).toHaveLength(3);
    const page = await getProviderProfile({ profiles: table.repositories.accounts, clock: () => at(10) }, provider.userId);
    expect(page.responseTime?.conversations).toBe(3);
    // Whichever reply won, the wait is one of the three sent, and counted once per conversation.
    expect([1, 2, 3].map((hours) => hours * HOUR)).toContain(page.responseTime?.medianSeconds);
    expect(JSON.stringify(page)).not.toContain('responseLog');
  });
});
