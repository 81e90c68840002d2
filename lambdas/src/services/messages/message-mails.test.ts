import { randomUUID } from 'node:crypto';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { MESSAGE_MAILS_MESSAGES, MESSAGE_MAILS_ONE_CLICK_PATH, MESSAGE_MAILS_UNSUBSCRIBE_PATH } from '@solutionz/shared';
import { describe, expect, it } from 'vitest';
import { documentClient } from '../../adapters/dynamodb';
import { createTableStore } from '../../data/table-store';
import { ValidationError } from '../../errors';
import { TEST_CREDENTIALS, TEST_REGION, useTestTable } from '../../testing/dynamodb-table';
import { messagesTestDeps } from '../../testing/messages-deps';
import { profileOnlyPerson, type ProfileOnlyPerson } from '../../testing/profile-only-person';
import { testMailer, type SentMail } from '../../testing/ses-inbox';
import { markConversationRead, sendMessage, startConversation, type MessagesDeps } from './conversations';
import { sendDueMessageMails, unsubscribeMessageMails, type MessageMailDeps } from './message-mails';

/**
 * E-mail for unread messages against DynamoDB Local and the local SES, with the clock injected: nothing
 * before ten minutes, one mail per conversation (not per message), none again within the hour, none once
 * read or turned off, and the mail's link turns them off signed out.
 */

const table = useTestTable();
const documents = documentClient(new DynamoDBClient({ region: TEST_REGION, endpoint: table.endpoint, credentials: TEST_CREDENTIALS }));
const { messageMailDue } = createTableStore(documents, table.tableName).entities;
const inbox = testMailer();

const NOW = new Date('2026-11-26T12:00:00Z');
const SITE = 'https://solutionz.test';
const at = (minutes: number) => new Date(NOW.getTime() + minutes * 60_000);

const conversationDeps = (now: Date): MessagesDeps => messagesTestDeps(table.repositories, () => now);

function mailDeps(now: Date, overrides: Partial<MessageMailDeps> = {}): MessageMailDeps {
  return {
    mails: table.repositories.messageMails,
    messages: table.repositories.messages,
    accounts: table.repositories.accounts,
    rateLimits: table.repositories.rateLimits,
    mailer: inbox.mailer,
    clock: () => now,
    pause: async () => {},
    config: { siteUrl: SITE },
    report: (_item, error) => {
      throw error;
    },
    ...overrides,
  };
}

/** One run of the worker at `minutes` past NOW. */
const runAt = (minutes: number) => sendDueMessageMails(mailDeps(at(minutes)));

type Person = Pick<ProfileOnlyPerson, 'caller' | 'email'>;

const person = (accountType: 'client' | 'provider', profile: Record<string, unknown> = {}) => profileOnlyPerson(table, accountType, { profile });

/** A client and a provider, the client having written `texts` to the provider a minute apart from `minutes` past NOW. */
async function clientWrites(texts: readonly string[], provider?: Person, minutes = 0) {
  const client = await person('client');
  const to = provider ?? (await person('provider'));
  const { conversationId } = await startConversation(conversationDeps(at(minutes)), client.caller, {
    providerId: to.caller.userId,
    messageId: randomUUID(),
    text: texts[0]!,
  });
  for (const [n, text] of texts.slice(1).entries())
    await sendMessage(conversationDeps(at(minutes + n + 1)), client.caller, conversationId, { messageId: randomUUID(), text });
  return { client, provider: to, conversationId };
}

const mailsTo = async (email: string) => (await inbox.sent()).filter((mail) => mail.destination.to.includes(email));
const textLinks = (mail: SentMail) => (mail.body.text ?? '').match(/https?:\/\/\S+/g)?.map((text) => new URL(text)) ?? [];

describe('message mails', () => {
  it('one mail after ten minutes unread, not one per message, with the conversation link and a one-click off link', async () => {
    const { provider, conversationId } = await clientWrites([
      'Hello, can you fix a leaking tap?\nIt drips all night.',
      'It is in the kitchen.',
      'Any day next week suits me.',
    ]);

    await runAt(9);
    expect(await mailsTo(provider.email)).toEqual([]);

    await runAt(11);
    const mails = await mailsTo(provider.email);
    expect(mails.map((mail) => mail.subject)).toEqual(['New message from Cara Jones']);
    const [mail] = mails;
    expect(mail!.body.text).toContain('> Hello, can you fix a leaking tap?\n> It drips all night.');
    expect(mail!.body.text).toContain('and 2 more messages');
    const links = textLinks(mail!);
    expect(links.map((url) => `${url.origin}${url.pathname}`)).toEqual([`${SITE}/messages/${conversationId}`, `${SITE}${MESSAGE_MAILS_UNSUBSCRIBE_PATH}`]);
    const token = links[1]!.searchParams.get('token')!;
    expect(mail!.headers).toEqual(
      expect.arrayContaining([
        { name: 'List-Unsubscribe', value: `<${SITE}${MESSAGE_MAILS_ONE_CLICK_PATH}?token=${encodeURIComponent(token)}>` },
        { name: 'List-Unsubscribe-Post', value: 'List-Unsubscribe=One-Click' },
      ]),
    );
    // The due item is gone: later runs send nothing more.
    await runAt(12);
    await runAt(90);
    expect(await mailsTo(provider.email)).toHaveLength(1);
    expect((await messageMailDue.query.byRecipient({ recipientId: provider.caller.userId }).go()).data).toEqual([]);
  });

  it('a message after the mail waits for the hour to pass, then goes in a second mail if still unread', async () => {
    const { client, provider, conversationId } = await clientWrites(['Are you free on Monday?']);
    await runAt(10);
    expect(await mailsTo(provider.email)).toHaveLength(1);

    await sendMessage(conversationDeps(at(20)), client.caller, conversationId, { messageId: randomUUID(), text: 'Or Tuesday?' });
    await runAt(31);
    await runAt(59);
    expect(await mailsTo(provider.email)).toHaveLength(1);
    await runAt(71);
    const mails = await mailsTo(provider.email);
    expect(mails).toHaveLength(2);
    // It quotes what is new since the first mail.
    expect(mails[1]!.body.text).toContain('> Or Tuesday?');
  });

  it('no mail when the recipient read the conversation in time, nor when they turned message e-mails off', async () => {
    const read = await clientWrites(['Could you quote for a new boiler?']);
    await markConversationRead(conversationDeps(at(5)), read.provider.caller, read.conversationId);
    const off = await clientWrites(['Could you quote for a new boiler?'], await person('provider', { messageMails: { enabled: false } }));

    await runAt(11);
    expect(await mailsTo(read.provider.email)).toEqual([]);
    expect(await mailsTo(off.provider.email)).toEqual([]);

    // A later message is mailed ten minutes after it, not after the one that was read.
    await sendMessage(conversationDeps(at(30)), read.client.caller, read.conversationId, { messageId: randomUUID(), text: 'Also a radiator.' });
    await runAt(39);
    expect(await mailsTo(read.provider.email)).toEqual([]);
    await runAt(40);
    expect((await mailsTo(read.provider.email)).map((mail) => mail.body.text)).toEqual([expect.stringContaining('> Also a radiator.')]);
  });

  it('two workers at once send one mail', async () => {
    const { provider } = await clientWrites(['Is Friday possible?']);
    await Promise.all([runAt(15), runAt(15), runAt(15)]);
    expect(await mailsTo(provider.email)).toHaveLength(1);
  });

  it('the link in the mail turns message e-mails off signed out; a wrong token is refused', async () => {
    const { provider, client } = await clientWrites(['Hello there']);
    await runAt(11);
    const [mail] = await mailsTo(provider.email);
    const token = textLinks(mail!)[1]!.searchParams.get('token')!;

    const deps = { mails: table.repositories.messageMails, accounts: table.repositories.accounts, clock: () => at(12) };
    expect(await unsubscribeMessageMails(deps, token)).toEqual({ unsubscribed: true });
    expect(await unsubscribeMessageMails(deps, token, 'query.token')).toEqual({ unsubscribed: true });
    expect((await table.repositories.accounts.getProfile(provider.caller.userId, { consistent: true }))?.messageMails).toEqual({ enabled: false });
    const refused = await unsubscribeMessageMails(deps, `${provider.caller.userId}.not-the-secret`).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(ValidationError);
    expect((refused as ValidationError).message).toBe(MESSAGE_MAILS_MESSAGES.unsubscribeInvalid);

    // Off now: a new message two hours on mails nothing.
    await sendMessage(
      conversationDeps(at(120)),
      client.caller,
      (await table.repositories.messages.inbox(client.caller.userId, undefined, 1)).items[0]!.conversationId,
      { messageId: randomUUID(), text: 'Still there?' },
    );
    await runAt(140);
    expect(await mailsTo(provider.email)).toHaveLength(1);
  });
});
