import { randomUUID } from 'node:crypto';
import { MESSAGE_LIMITS, MESSAGING_MESSAGES as M } from '@solutionz/shared';
import { describe, expect, it } from 'vitest';
import { documentClient } from '../../adapters/dynamodb';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import type { JobRecord } from '../../data/jobs-repository';
import { createTableStore } from '../../data/table-store';
import { ConflictError, ForbiddenError, NotFoundError, RateLimitedError } from '../../errors';
import { TEST_CREDENTIALS, TEST_REGION, useTestTable } from '../../testing/dynamodb-table';
import { messagesTestDeps } from '../../testing/messages-deps';
import { profileOnlyPerson } from '../../testing/profile-only-person';
import {
  getConversation,
  getUnreadMessages,
  listConversations,
  markConversationRead,
  sendMessage,
  setConversationBlocked,
  startConversation,
  type MessagesDeps,
} from './conversations';

const table = useTestTable();
const documents = documentClient(new DynamoDBClient({ region: TEST_REGION, endpoint: table.endpoint, credentials: TEST_CREDENTIALS }));
const { profile: profiles } = createTableStore(documents, table.tableName).entities;

const NOW = new Date('2026-11-26T12:00:00Z');
const WEEKS_AGO = new Date('2026-10-01T12:00:00Z');
const minutes = (n: number) => new Date(NOW.getTime() + n * 60_000);

/** Jobs stand in: the jobs repository has its own tests; here only "who posted it, who revealed it" matters. */
function jobsOf(jobs: readonly (Pick<JobRecord, 'jobId' | 'ownerId' | 'title'> & { revealedBy?: string[] })[]): MessagesDeps['jobs'] {
  return {
    get: async (jobId) => jobs.find((job) => job.jobId === jobId) as JobRecord | undefined,
    hasRevealed: async (jobId, providerId) => jobs.find((job) => job.jobId === jobId)?.revealedBy?.includes(providerId) ?? false,
  };
}

function deps(overrides: Partial<MessagesDeps> & { now?: Date } = {}): MessagesDeps {
  const { now = NOW, ...rest } = overrides;
  return { ...messagesTestDeps(table.repositories, () => now), ...rest };
}

const person = (accountType: 'client' | 'provider', options: { subscribed?: boolean; createdAt?: Date } = {}) =>
  profileOnlyPerson(table, accountType, { ...options, createdAt: options.createdAt ?? WEEKS_AGO });

const write = (text: string) => ({ messageId: randomUUID(), text });

describe('conversations', () => {
  it('a client writes to a provider: one conversation, the provider sees it unread with the client’s name, reads it, and the client sees "seen"', async () => {
    const [client, provider] = await Promise.all([person('client'), person('provider')]);
    const sent = await startConversation(deps(), client.caller, { providerId: provider.caller.userId, ...write('Hello, can you fix a leaking tap?') });
    expect(sent.message).toMatchObject({ mine: true, seen: false, text: 'Hello, can you fix a leaking tap?' });

    const inbox = await listConversations(deps(), provider.caller, {});
    expect(inbox.unreadTotal).toBe(1);
    expect(inbox.conversations).toEqual([
      expect.objectContaining({
        conversationId: sent.conversationId,
        lastLine: 'Hello, can you fix a leaking tap?',
        lastFromMe: false,
        unread: 1,
        other: expect.objectContaining({ name: client.name, deleted: false }),
      }),
    ]);
    // No e-mail address anywhere in what the other side gets.
    expect(JSON.stringify(inbox)).not.toContain('@example.co.uk');
    expect((await listConversations(deps(), client.caller, {})).conversations[0]).toMatchObject({
      unread: 0,
      lastFromMe: true,
      other: { name: provider.name },
    });

    expect((await getConversation(deps(), client.caller, sent.conversationId, {})).messages[0]).toMatchObject({ mine: true, seen: false });
    expect(await markConversationRead(deps({ now: minutes(1) }), provider.caller, sent.conversationId)).toEqual({ unreadTotal: 0 });
    expect((await getConversation(deps(), client.caller, sent.conversationId, {})).messages[0]).toMatchObject({ mine: true, seen: true });

    // The provider answers without a membership; the client's badge counts it.
    await sendMessage(deps({ now: minutes(2) }), provider.caller, sent.conversationId, write('Yes, Tuesday morning?'));
    expect(await getUnreadMessages(deps(), client.caller)).toEqual({ unreadTotal: 1 });
    const thread = await getConversation(deps(), client.caller, sent.conversationId, {});
    expect(thread.messages.map((message) => [message.text, message.mine])).toEqual([
      ['Yes, Tuesday morning?', false],
      ['Hello, can you fix a leaking tap?', true],
    ]);
    expect(thread.conversation).toMatchObject({ canSend: true, blockedByMe: false, blockedByThem: false, other: { name: provider.name } });
  });

  it('writing again starts no second conversation, and a send retried with the same id is stored once', async () => {
    const [client, provider] = await Promise.all([person('client'), person('provider')]);
    const first = await startConversation(deps(), client.caller, { providerId: provider.caller.userId, ...write('First') });
    const again = await startConversation(deps({ now: minutes(1) }), client.caller, { providerId: provider.caller.userId, ...write('Second') });
    expect(again.conversationId).toBe(first.conversationId);

    const retried = write('Sent twice by a flaky network');
    const [one, two] = await Promise.all([
      sendMessage(deps({ now: minutes(2) }), client.caller, first.conversationId, retried),
      sendMessage(deps({ now: minutes(3) }), client.caller, first.conversationId, retried),
    ]);
    expect(one.message.messageId).toBe(two.message.messageId);
    const thread = await getConversation(deps(), provider.caller, first.conversationId, {});
    expect(thread.messages.map((message) => message.text)).toEqual(['Sent twice by a flaky network', 'Second', 'First']);
    expect(await getUnreadMessages(deps(), provider.caller)).toEqual({ unreadTotal: 3 });
    expect((await listConversations(deps(), provider.caller, {})).conversations).toHaveLength(1);
  });

  it('only the two people read or write it: anyone else is told it does not exist', async () => {
    const [client, provider, stranger] = await Promise.all([person('client'), person('provider'), person('client')]);
    const { conversationId } = await startConversation(deps(), client.caller, { providerId: provider.caller.userId, ...write('Private') });
    await expect(getConversation(deps(), stranger.caller, conversationId, {})).rejects.toThrow(new NotFoundError(M.notFound));
    await expect(sendMessage(deps(), stranger.caller, conversationId, write('Let me in'))).rejects.toThrow(new NotFoundError(M.notFound));
    await expect(markConversationRead(deps(), stranger.caller, conversationId)).rejects.toThrow(new NotFoundError(M.notFound));
    await expect(setConversationBlocked(deps(), stranger.caller, conversationId, true)).rejects.toThrow(new NotFoundError(M.notFound));
    expect(await listConversations(deps(), stranger.caller, {})).toEqual({ conversations: [], unreadTotal: 0 });
  });

  it('a provider starts one from a job they revealed, with a membership; without either they are told why', async () => {
    const [client, member, nonMember] = await Promise.all([person('client'), person('provider', { subscribed: true }), person('provider')]);
    const jobs = jobsOf([
      { jobId: 'job-revealed', ownerId: client.caller.userId, title: 'Fix the fence', revealedBy: [member.caller.userId, nonMember.caller.userId] },
      { jobId: 'job-hidden', ownerId: client.caller.userId, title: 'Paint the hall' },
    ]);
    await expect(startConversation(deps({ jobs }), member.caller, { jobId: 'job-hidden', ...write('Hi') })).rejects.toThrow(
      new ForbiddenError(M.jobNotRevealed),
    );
    await expect(startConversation(deps({ jobs }), member.caller, { providerId: client.caller.userId, ...write('Hi') })).rejects.toThrow(
      new ForbiddenError(M.providerNeedsJob),
    );
    await expect(startConversation(deps({ jobs }), nonMember.caller, { jobId: 'job-revealed', ...write('Hi') })).rejects.toThrow(
      new ForbiddenError(M.membershipRequired),
    );

    const sent = await startConversation(deps({ jobs }), member.caller, { jobId: 'job-revealed', ...write('I can do the fence on Friday.') });
    const inbox = await listConversations(deps(), client.caller, {});
    expect(inbox.conversations[0]).toMatchObject({
      conversationId: sent.conversationId,
      job: { jobId: 'job-revealed', title: 'Fix the fence' },
      unread: 1,
      other: { name: member.name },
    });
    // A client writes to providers only.
    await expect(startConversation(deps(), client.caller, { providerId: randomUUID(), ...write('Hi') })).rejects.toThrow(
      new NotFoundError(M.recipientUnavailable),
    );
  });

  it('answers a client’s id as an id of nobody, so the answer tells no one whose an id is', async () => {
    const [client, otherClient] = await Promise.all([person('client'), person('client')]);
    const answer = (providerId: string) =>
      startConversation(deps(), client.caller, { providerId, ...write('Hi') }).catch((error: { name: string; statusCode: number; message: string }) => ({
        name: error.name,
        statusCode: error.statusCode,
        message: error.message,
      }));
    const toClient = await answer(otherClient.caller.userId);
    expect(toClient).toEqual({ name: NotFoundError.name, statusCode: 404, message: M.recipientUnavailable });
    expect(await answer(randomUUID())).toEqual(toClient);
    expect(await listConversations(deps(), otherClient.caller, {})).toEqual({ conversations: [], unreadTotal: 0 });
  });

  it('a client and a provider writing first at the same moment meet in one conversation', async () => {
    const [client, member] = await Promise.all([person('client'), person('provider', { subscribed: true })]);
    const jobs = jobsOf([{ jobId: 'job-race', ownerId: client.caller.userId, title: 'Boiler service', revealedBy: [member.caller.userId] }]);
    const [fromClient, fromProvider] = await Promise.all([
      startConversation(deps({ jobs }), client.caller, { providerId: member.caller.userId, ...write('From the client') }),
      startConversation(deps({ jobs }), member.caller, { jobId: 'job-race', ...write('From the provider') }),
    ]);
    expect(fromClient.conversationId).toBe(fromProvider.conversationId);
    const thread = await getConversation(deps(), client.caller, fromClient.conversationId, {});
    expect(thread.messages.map((message) => message.text).sort()).toEqual(['From the client', 'From the provider']);
    expect(await getUnreadMessages(deps(), client.caller)).toEqual({ unreadTotal: 1 });
    expect(await getUnreadMessages(deps(), member.caller)).toEqual({ unreadTotal: 1 });
  });

  it('a block stops messages both ways and leaves the conversation readable; unblocking lets them through again', async () => {
    const [client, provider] = await Promise.all([person('client'), person('provider')]);
    const { conversationId } = await startConversation(deps(), client.caller, { providerId: provider.caller.userId, ...write('Before the block') });
    expect(await setConversationBlocked(deps(), client.caller, conversationId, true)).toEqual({ conversationId, blockedByMe: true });

    await expect(sendMessage(deps(), provider.caller, conversationId, write('Are you there?'))).rejects.toThrow(new ForbiddenError(M.blockedByThem));
    await expect(sendMessage(deps(), client.caller, conversationId, write('Oops'))).rejects.toThrow(new ConflictError(M.blockedByYou));
    const seenByProvider = await getConversation(deps(), provider.caller, conversationId, {});
    expect(seenByProvider.conversation).toMatchObject({ canSend: false, blockedByThem: true, blockedByMe: false });
    expect(seenByProvider.messages.map((message) => message.text)).toEqual(['Before the block']);

    await setConversationBlocked(deps(), client.caller, conversationId, false);
    await sendMessage(deps({ now: minutes(1) }), provider.caller, conversationId, write('After the block'));
    expect((await getConversation(deps(), client.caller, conversationId, {})).messages[0]?.text).toBe('After the block');
  });

  it('an account younger than a week starts a few conversations a day; any sender is held to a rate', async () => {
    const young = await person('client', { createdAt: new Date(NOW.getTime() - 2 * 86_400_000) });
    const providers = await Promise.all(Array.from({ length: MESSAGE_LIMITS.newConversationsPerDayYoung + 1 }, () => person('provider')));
    for (const provider of providers.slice(0, -1)) await startConversation(deps(), young.caller, { providerId: provider.caller.userId, ...write('Hello') });
    await expect(startConversation(deps(), young.caller, { providerId: providers.at(-1)!.caller.userId, ...write('Hello') })).rejects.toMatchObject({
      name: RateLimitedError.name,
      message: M.dailyNewConversationsYoung,
    });
    // Writing again into a conversation already open is not a new one.
    await startConversation(deps(), young.caller, { providerId: providers[0]!.caller.userId, ...write('Me again') });

    const [client, provider] = await Promise.all([person('client'), person('provider')]);
    const { conversationId } = await startConversation(deps(), client.caller, { providerId: provider.caller.userId, ...write('1') });
    for (let n = 2; n <= MESSAGE_LIMITS.sendPerWindow; n++) await sendMessage(deps(), client.caller, conversationId, write(String(n)));
    await expect(sendMessage(deps(), client.caller, conversationId, write('one too many'))).rejects.toMatchObject({
      name: RateLimitedError.name,
      message: M.rateLimited,
    });
    // The rate is the sender's: the provider still answers.
    await sendMessage(deps(), provider.caller, conversationId, write('Slow down, I am here'));
  });

  it('any account starts a limited number of conversations a day, also when they are asked for at once, and more the next day', async () => {
    const client = await person('client');
    const providers = await Promise.all(Array.from({ length: MESSAGE_LIMITS.newConversationsPerDay + 3 }, () => person('provider')));
    const answers = await Promise.allSettled(
      providers.map((provider) => startConversation(deps(), client.caller, { providerId: provider.caller.userId, ...write('Hello') })),
    );
    const refused = answers.filter((answer) => answer.status === 'rejected');
    expect(answers.length - refused.length).toBe(MESSAGE_LIMITS.newConversationsPerDay);
    expect(refused.map((answer) => (answer as PromiseRejectedResult).reason)).toEqual(
      Array(3).fill(expect.objectContaining({ name: RateLimitedError.name, statusCode: 429, message: M.dailyNewConversations })),
    );
    expect((await listConversations(deps(), client.caller, {})).conversations).toHaveLength(MESSAGE_LIMITS.newConversationsPerDay);
    const waiting = answers.findIndex((answer) => answer.status === 'rejected');
    await startConversation(deps({ now: new Date(NOW.getTime() + 86_400_000) }), client.caller, {
      providerId: providers[waiting]!.caller.userId,
      ...write('Hello again'),
    });
  });

  it('pages the inbox by latest activity and a thread newest first, each message once', async () => {
    const client = await person('client');
    const providers = await Promise.all(Array.from({ length: MESSAGE_LIMITS.inboxPageSize + 3 }, () => person('provider')));
    // One an hour from the day before: more than a day's new conversations, in order.
    for (const [n, provider] of providers.entries()) {
      await startConversation(deps({ now: new Date(NOW.getTime() - 86_400_000 + n * 3_600_000) }), client.caller, {
        providerId: provider.caller.userId,
        ...write(`to ${n}`),
      });
    }
    // The oldest conversation comes back to the top when it gets a message.
    const oldest = (await listConversations(deps(), providers[0]!.caller, {})).conversations[0]!;
    await sendMessage(deps({ now: minutes(100) }), providers[0]!.caller, oldest.conversationId, write('Back on top'));

    const first = await listConversations(deps(), client.caller, {});
    expect(first.conversations).toHaveLength(MESSAGE_LIMITS.inboxPageSize);
    expect(first.conversations[0]).toMatchObject({ conversationId: oldest.conversationId, lastLine: 'Back on top', unread: 1 });
    const second = await listConversations(deps(), client.caller, { cursor: first.nextCursor });
    expect(second.nextCursor).toBeUndefined();
    const lines = [...first.conversations, ...second.conversations].map((conversation) => conversation.lastLine);
    expect(lines).toEqual(['Back on top', ...Array.from({ length: providers.length - 1 }, (_, n) => `to ${providers.length - 1 - n}`)]);

    const { conversationId } = oldest;
    const extra = MESSAGE_LIMITS.threadPageSize + 2;
    for (let n = 0; n < extra; n++) await sendMessage(deps({ now: minutes(200 + n) }), client.caller, conversationId, write(`m${n}`));
    const page1 = await getConversation(deps(), client.caller, conversationId, {});
    const page2 = await getConversation(deps(), client.caller, conversationId, { cursor: page1.nextCursor });
    expect(page1.messages).toHaveLength(MESSAGE_LIMITS.threadPageSize);
    expect(page2.nextCursor).toBeUndefined();
    const texts = [...page1.messages, ...page2.messages].map((message) => message.text);
    expect(texts).toEqual([...Array.from({ length: extra }, (_, n) => `m${extra - 1 - n}`), 'Back on top', 'to 0']);
  });

  it('an erased person: the other side keeps the conversation under "Deleted user", and no message reaches them', async () => {
    const [client, provider] = await Promise.all([person('client'), person('provider')]);
    const { conversationId } = await startConversation(deps(), client.caller, { providerId: provider.caller.userId, ...write('Hello') });
    await sendMessage(deps({ now: minutes(1) }), provider.caller, conversationId, write('Hi Cara'));
    // What the erasure does here (the privacy registry's eraser, then the profile).
    await table.repositories.messages.forget(provider.caller.userId);
    await profiles.delete({ userId: provider.caller.userId }).go();

    const thread = await getConversation(deps(), client.caller, conversationId, {});
    expect(thread.conversation.other).toEqual({ userId: provider.caller.userId, name: M.deletedUser, avatarUrl: null, accountType: null, deleted: true });
    expect(thread.conversation.canSend).toBe(false);
    expect(thread.messages.map((message) => message.text)).toEqual(['Hi Cara', 'Hello']);
    await expect(sendMessage(deps({ now: minutes(2) }), client.caller, conversationId, write('Are you there?'))).rejects.toThrow(
      new ConflictError(M.recipientUnavailable),
    );
    expect(await table.repositories.messages.everything(provider.caller.userId)).toEqual([]);
    // The client's export has the whole conversation.
    const [exported] = await table.repositories.messages.everything(client.caller.userId);
    expect(exported?.messages.map((message) => [message.text, message.senderId === client.caller.userId])).toEqual([
      ['Hello', true],
      ['Hi Cara', false],
    ]);
  });
});
