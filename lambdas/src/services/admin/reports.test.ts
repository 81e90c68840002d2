import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  ADMIN_CONSOLE_MESSAGES,
  ADMIN_REPORT_MESSAGES,
  MESSAGE_REPORT_LIMITS,
  MESSAGE_REPORT_MESSAGES,
  MESSAGING_MESSAGES,
  type AdminReason,
} from '@solutionz/shared';
import { ConflictError, ForbiddenError, NotFoundError, RateLimitedError } from '../../errors';
import { adminTestDeps } from '../../testing/admin-deps';
import { useTestTable } from '../../testing/dynamodb-table';
import { useTestMediaBucket } from '../../testing/media-bucket';
import { messagesTestDeps } from '../../testing/messages-deps';
import { profileOnlyPerson, type ProfileOnlyPerson } from '../../testing/profile-only-person';
import { useTestStripe } from '../../testing/stripe';
import { createTestAccount, type TestAccount } from '../../testing/test-account';
import { useTestUserPool } from '../../testing/user-pool';
import { getConversation, sendMessage, startConversation, type MessagesDeps } from '../messages/conversations';
import { reportConversation, type ReportDeps } from '../messages/report';
import { listAudit } from './audit';
import { dashboard } from './dashboard';
import type { AdminConsoleDeps } from './deps';
import { listReports, resolveReport } from './reports';
import { allowMessaging, deleteUser, getUser, listUsers } from './users';

const table = useTestTable();
const pool = useTestUserPool();
const media = useTestMediaBucket();
const stripe = useTestStripe();

const SPAM: AdminReason = { code: 'spam', note: 'Sent the same advert to many clients' };

/** One clock for the whole file: every test shares the table, the queue and its counter. */
let context: ReturnType<typeof adminTestDeps>;
let adminDeps: AdminConsoleDeps;
let messagesDeps: MessagesDeps & ReportDeps;
const clock = () => context.deps.clock();

beforeAll(() => {
  context = adminTestDeps(table, pool, media, stripe);
  adminDeps = context.deps;
  messagesDeps = messagesTestDeps(table.repositories, clock);
});

/** A person with a profile only (no sign-in): enough to write, report and be reported. */
const person = (accountType: 'client' | 'provider') => profileOnlyPerson(table, accountType);

/** A person with a sign-in as well (deactivation disables it). */
async function signedUp(accountType: 'client' | 'provider'): Promise<TestAccount & { name: string }> {
  const account = await createTestAccount(context.deps, accountType, { email: `${randomUUID()}@example.co.uk` }, clock());
  return { ...account, name: accountType === 'provider' ? 'Patel Electrical' : 'Cara Client' };
}

let admins = 0;
const anAdmin = () => createTestAccount(context.deps, 'admin', { email: `moderator${++admins}@admin.solutionz.test` }, clock());

const write = (text: string) => ({ messageId: randomUUID(), text });

/** A conversation the client started with the provider, `count` messages in turn, a minute apart. */
async function conversation(client: Pick<ProfileOnlyPerson, 'caller'>, provider: Pick<ProfileOnlyPerson, 'caller'>, count = 2): Promise<string> {
  const first = await startConversation(messagesDeps, client.caller, { providerId: provider.caller.userId, ...write('Message 1') });
  for (let n = 2; n <= count; n++) {
    context.advance(60);
    await sendMessage(messagesDeps, (n % 2 ? client : provider).caller, first.conversationId, write(`Message ${n}`));
  }
  context.advance(60);
  return first.conversationId;
}

const openCount = async () => (await table.repositories.admin.stats(clock())).openReports;

describe('reporting a conversation', { timeout: 60_000 }, () => {
  it('keeps the last 20 messages as they were, with names and roles, in the queue for the admins; only a participant may report', async () => {
    const [client, provider, stranger, boss] = await Promise.all([person('client'), person('provider'), person('client'), anAdmin()]);
    const conversationId = await conversation(client, provider, 25);
    const before = await openCount();

    // Someone outside the conversation is told it does not exist; an admin is no participant either.
    await expect(reportConversation(messagesDeps, stranger.caller, conversationId, { reason: 'spam', note: '' })).rejects.toThrow(NotFoundError);
    await expect(reportConversation(messagesDeps, boss.caller, conversationId, { reason: 'spam', note: '' })).rejects.toThrow(ForbiddenError);

    const made = await reportConversation(messagesDeps, client.caller, conversationId, {
      reason: 'offPlatformPayment',
      note: 'Asked me to pay cash up front.',
    });
    expect(made.status).toBe('open');
    expect(await openCount()).toBe(before + 1);

    const page = await listReports(adminDeps, boss.caller, {});
    const report = page.reports.find((entry) => entry.reportId === made.reportId)!;
    expect(report).toMatchObject({
      conversationId,
      reason: 'offPlatformPayment',
      note: 'Asked me to pay cash up front.',
      reporter: { userId: client.userId, name: client.name, role: 'client', deleted: false },
      reported: { userId: provider.userId, name: provider.name, role: 'provider', deleted: false, isActive: true, messagingBlocked: false },
    });
    expect(report.messages).toHaveLength(MESSAGE_REPORT_LIMITS.snapshotMessages);
    // Oldest first: messages 6 to 25 of 25.
    expect(report.messages.map((message) => message.text)).toEqual(Array.from({ length: 20 }, (_, n) => `Message ${n + 6}`));
    expect(report.messages[0]).toMatchObject({ senderName: provider.name, senderRole: 'provider', fromReporter: false });
    expect(report.messages[1]).toMatchObject({ senderName: client.name, senderRole: 'client', fromReporter: true });
    expect(page.openCount).toBe(await openCount());
    // No e-mail address anywhere in what the admin gets.
    expect(JSON.stringify(page)).not.toContain('@');
    // Reading the snapshots is on the audit trail, naming the reports shown.
    expect((await listAudit(adminDeps, boss.caller, { targetId: 'reports' }, 10)).entries[0]).toMatchObject({
      action: 'report.view',
      actor: { id: boss.userId },
      target: { kind: 'list', id: 'reports' },
      after: { reportIds: page.reports.map((entry) => entry.reportId) },
    });

    // Messages written after the report, and the erasure of the reported account, leave the snapshot as it was.
    await sendMessage(messagesDeps, client.caller, conversationId, write('Written after the report'));
    await deleteUser(adminDeps, boss.caller, provider.userId, { reason: SPAM });
    const after = (await listReports(adminDeps, boss.caller, {})).reports.find((entry) => entry.reportId === made.reportId)!;
    expect(after.messages).toEqual(report.messages);
    expect(after.reported).toMatchObject({ name: MESSAGING_MESSAGES.deletedUser, deleted: true });
  });

  it('takes one open report per person and conversation, also when sent many times at once; the other side may report too', async () => {
    const [client, provider] = await Promise.all([person('client'), person('provider')]);
    const conversationId = await conversation(client, provider);
    const before = await openCount();

    const attempts = await Promise.allSettled(
      Array.from({ length: 5 }, () => reportConversation(messagesDeps, client.caller, conversationId, { reason: 'harassment', note: '' })),
    );
    expect(attempts.filter((attempt) => attempt.status === 'fulfilled')).toHaveLength(1);
    for (const attempt of attempts.filter((attempt) => attempt.status === 'rejected')) {
      expect(attempt.reason).toBeInstanceOf(ConflictError);
      expect((attempt.reason as Error).message).toBe(MESSAGE_REPORT_MESSAGES.alreadyReported);
    }
    await expect(reportConversation(messagesDeps, client.caller, conversationId, { reason: 'spam', note: '' })).rejects.toThrow(
      MESSAGE_REPORT_MESSAGES.alreadyReported,
    );
    await reportConversation(messagesDeps, provider.caller, conversationId, { reason: 'harassment', note: '' });
    expect(await openCount()).toBe(before + 2);
  });

  it('lists a person’s reports in their data export; erasing them leaves the report, snapshot whole, with nothing leading back to them', async () => {
    const [client, provider, boss] = await Promise.all([person('client'), person('provider'), anAdmin()]);
    const conversationId = await conversation(client, provider);
    const { reportId } = await reportConversation(messagesDeps, client.caller, conversationId, { reason: 'scam', note: 'Asked for my bank details' });
    const profile = (await table.repositories.accounts.getProfile(client.userId))!;
    const subject = { userId: client.userId, email: profile.email, profile };
    const section = adminDeps.personalData.sections.find((found) => found.name === 'messageReports')!;
    expect(await section.collect(subject)).toEqual([
      { reportedAt: clock().toISOString(), conversationId, reason: 'scam', note: 'Asked for my bank details', status: 'open' },
    ]);

    await adminDeps.personalData.erasers.find((found) => found.name === 'message reports')!.erase(subject);
    expect(await section.collect(subject)).toEqual([]);
    const kept = (await listReports(adminDeps, boss.caller, {})).reports.find((entry) => entry.reportId === reportId)!;
    expect(kept.reporter).toMatchObject({ userId: 'deleted-user', name: MESSAGING_MESSAGES.deletedUser, deleted: true });
    expect(kept.messages).toHaveLength(2);
  });

  it(`caps one person at ${MESSAGE_REPORT_LIMITS.perReporterPerDay} reports a day`, async () => {
    const client = await person('client');
    const providers = await Promise.all(Array.from({ length: MESSAGE_REPORT_LIMITS.perReporterPerDay + 1 }, () => person('provider')));
    const conversations = await Promise.all(
      providers.map((provider) => startConversation(messagesDeps, client.caller, { providerId: provider.userId, ...write('Hello') })),
    );
    for (const { conversationId } of conversations.slice(0, -1))
      await reportConversation(messagesDeps, client.caller, conversationId, { reason: 'spam', note: '' });
    const refused = reportConversation(messagesDeps, client.caller, conversations.at(-1)!.conversationId, { reason: 'spam', note: '' });
    await expect(refused).rejects.toThrow(RateLimitedError);
    await expect(refused).rejects.toThrow(MESSAGE_REPORT_MESSAGES.dailyCap);
  });
});

describe('the admins handle a report', { timeout: 60_000 }, () => {
  it('dismissed with a note, it leaves the queue once, audited, and a second admin is told it was handled', async () => {
    const [client, provider, boss, other] = await Promise.all([person('client'), person('provider'), anAdmin(), anAdmin()]);
    const conversationId = await conversation(client, provider);
    const { reportId } = await reportConversation(messagesDeps, client.caller, conversationId, { reason: 'inappropriate', note: '' });
    const before = await openCount();

    // Two admins at once: one dismisses it, the other is told it was handled.
    const attempts = await Promise.allSettled([
      resolveReport(adminDeps, boss.caller, reportId, { action: 'dismiss', note: 'Ordinary disagreement about the price' }),
      resolveReport(adminDeps, other.caller, reportId, { action: 'dismiss', note: '' }),
    ]);
    expect(attempts.filter((attempt) => attempt.status === 'fulfilled')).toHaveLength(1);
    const refused = attempts.find((attempt) => attempt.status === 'rejected') as PromiseRejectedResult;
    expect(refused.reason).toBeInstanceOf(ConflictError);
    expect((refused.reason as Error).message).toBe(ADMIN_REPORT_MESSAGES.alreadyHandled);

    expect(await openCount()).toBe(before - 1);
    expect((await dashboard(adminDeps, boss.caller)).stats.openReports).toBe(before - 1);
    expect((await listReports(adminDeps, boss.caller, {})).reports.map((entry) => entry.reportId)).not.toContain(reportId);
    const audit = await listAudit(adminDeps, boss.caller, { targetId: reportId }, 10);
    expect(audit.entries).toHaveLength(1);
    expect(audit.entries[0]).toMatchObject({
      action: 'report.dismiss',
      target: { kind: 'report', id: reportId },
      before: { status: 'open' },
      after: { status: 'dismissed', reportedId: provider.userId },
    });

    // Once handled, the person may report the conversation again.
    await reportConversation(messagesDeps, client.caller, conversationId, { reason: 'inappropriate', note: 'It happened again' });
    await expect(resolveReport(adminDeps, boss.caller, 'no-such-report', { action: 'dismiss', note: '' })).rejects.toThrow(NotFoundError);
  });

  it('stops the reported person messaging: their next message is refused, they are told why, audited with the reason', async () => {
    const [client, boss] = await Promise.all([person('client'), anAdmin()]);
    const provider = await signedUp('provider');
    const conversationId = await conversation(client, { caller: provider.caller });
    const { reportId } = await reportConversation(messagesDeps, client.caller, conversationId, { reason: 'scam', note: '' });

    expect(await resolveReport(adminDeps, boss.caller, reportId, { action: 'blockMessaging', note: '', reason: SPAM })).toEqual({
      reportId,
      status: 'actioned',
      action: 'blockMessaging',
    });
    await expect(sendMessage(messagesDeps, provider.caller, conversationId, write('Pay me in cash'))).rejects.toThrow(MESSAGE_REPORT_MESSAGES.messagingBlocked);
    // The reporter still writes (to support, say, or to close the job).
    await sendMessage(messagesDeps, client.caller, conversationId, write('Noted.'));
    const mail = (await context.sentMail()).find((sent) => sent.destination.to?.includes(provider.email))!;
    expect(mail.subject).toBe('You can no longer send messages on Solutionz');
    expect(mail.body.text).toContain(`Reason: Spam or advertising - ${SPAM.note}`);
    const [entry] = (await listAudit(adminDeps, boss.caller, { targetId: reportId }, 10)).entries;
    expect(entry).toMatchObject({ action: 'report.blockMessaging', reason: { code: 'spam', note: SPAM.note }, after: { status: 'actioned' } });
  });

  it('lets an admin lift the stop: the users screen shows it until then, the thread offers the box again, audited and mailed, once', async () => {
    const [client, boss] = await Promise.all([person('client'), anAdmin()]);
    const provider = await signedUp('provider');
    const conversationId = await conversation(client, { caller: provider.caller });
    const { reportId } = await reportConversation(messagesDeps, client.caller, conversationId, { reason: 'harassment', note: '' });
    const stoppedAt = clock().toISOString();
    await resolveReport(adminDeps, boss.caller, reportId, { action: 'blockMessaging', note: '', reason: SPAM });

    // Where the admin looks at the person: since when, and which report (with its reason on the detail).
    expect((await getUser(adminDeps, boss.caller, provider.userId)).messagingBan).toEqual({ since: stoppedAt, reportId, reportReason: 'harassment' });
    const listed = await listUsers(adminDeps, boss.caller, { q: provider.email, type: 'all' });
    expect(listed.users.find((user) => user.userId === provider.userId)?.messagingBan).toEqual({ since: stoppedAt, reportId });
    // The stopped person's thread offers no box, and says why; the reporter's still does.
    expect((await getConversation(messagesDeps, provider.caller, conversationId, {})).conversation).toMatchObject({ messagingStopped: true, canSend: false });
    expect((await getConversation(messagesDeps, client.caller, conversationId, {})).conversation).toMatchObject({ messagingStopped: false, canSend: true });

    context.advance(3600);
    expect(await allowMessaging(adminDeps, boss.caller, provider.userId)).toEqual({ userId: provider.userId, messagingBan: null });
    expect((await getUser(adminDeps, boss.caller, provider.userId)).messagingBan).toBeNull();
    expect((await getConversation(messagesDeps, provider.caller, conversationId, {})).conversation).toMatchObject({ messagingStopped: false, canSend: true });
    await sendMessage(messagesDeps, provider.caller, conversationId, write('Sorry about earlier.'));
    // The changes about the person (besides the two reads of their record, audited as such).
    const changes = async () =>
      (await listAudit(adminDeps, boss.caller, { targetId: provider.userId }, 10)).entries.filter((audited) => audited.action !== 'user.view');
    const [entry, ...others] = await changes();
    expect(others).toEqual([]);
    expect(entry).toMatchObject({
      action: 'user.allowMessaging',
      target: { kind: 'user', id: provider.userId },
      before: { messagingStopped: true, since: stoppedAt, reportId },
      after: { messagingStopped: false },
    });
    const mails = (await context.sentMail()).filter((sent) => sent.destination.to?.includes(provider.email));
    expect(mails.map((mail) => mail.subject)).toEqual(['You can no longer send messages on Solutionz', 'You can send messages on Solutionz again']);

    // Asked again (or for someone never stopped): refused, nothing recorded.
    const again = allowMessaging(adminDeps, boss.caller, provider.userId);
    await expect(again).rejects.toThrow(ConflictError);
    await expect(again).rejects.toThrow(ADMIN_CONSOLE_MESSAGES.users.messagingNotStopped);
    await expect(allowMessaging(adminDeps, boss.caller, client.userId)).rejects.toThrow(ADMIN_CONSOLE_MESSAGES.users.messagingNotStopped);
    await expect(allowMessaging(adminDeps, boss.caller, randomUUID())).rejects.toThrow(NotFoundError);
    expect(await changes()).toHaveLength(1);
  });

  it('lifts a stop once when two admins ask at the same moment', async () => {
    const [client, provider, boss, other] = await Promise.all([person('client'), person('provider'), anAdmin(), anAdmin()]);
    const conversationId = await conversation(client, provider);
    const { reportId } = await reportConversation(messagesDeps, client.caller, conversationId, { reason: 'spam', note: '' });
    await resolveReport(adminDeps, boss.caller, reportId, { action: 'blockMessaging', note: '', reason: SPAM });

    const attempts = await Promise.allSettled([
      allowMessaging(adminDeps, boss.caller, provider.userId),
      allowMessaging(adminDeps, other.caller, provider.userId),
    ]);
    expect(attempts.filter((attempt) => attempt.status === 'fulfilled')).toHaveLength(1);
    expect((attempts.find((attempt) => attempt.status === 'rejected') as PromiseRejectedResult).reason).toBeInstanceOf(ConflictError);
    expect((await listAudit(adminDeps, boss.caller, { targetId: provider.userId }, 10)).entries.map((entry) => entry.action)).toEqual(['user.allowMessaging']);
  });

  it('deactivates the reported account through the users screen’s own deactivation, with both audit entries', async () => {
    const [client, boss] = await Promise.all([person('client'), anAdmin()]);
    const provider = await signedUp('provider');
    const conversationId = await conversation(client, { caller: provider.caller });
    const { reportId } = await reportConversation(messagesDeps, client.caller, conversationId, { reason: 'harassment', note: '' });

    await resolveReport(adminDeps, boss.caller, reportId, { action: 'deactivate', note: '', reason: SPAM });
    expect((await getUser(adminDeps, boss.caller, provider.userId)).isActive).toBe(false);
    expect((await pool.user(provider.email))!.enabled).toBe(false);
    // The deactivation, then the admin's read of the record.
    expect((await listAudit(adminDeps, boss.caller, { targetId: provider.userId }, 10)).entries.map((entry) => entry.action)).toEqual([
      'user.view',
      'user.deactivate',
    ]);
    expect((await listAudit(adminDeps, boss.caller, { targetId: reportId }, 10)).entries.map((entry) => entry.action)).toEqual(['report.deactivate']);
    await expect(resolveReport(adminDeps, boss.caller, reportId, { action: 'dismiss', note: '' })).rejects.toThrow(ConflictError);
  });
});
