import { MESSAGE_MAIL_LIMITS, MESSAGE_MAILS_MESSAGES, MESSAGING_MESSAGES, type UnsubscribeMailKind } from '@solutionz/shared';
import type { Mailer } from '../../adapters/ses-mailer';
import type { AccountRepository, ProfileRecord } from '../../data/account-repository';
import type { MailDue, MessageMailsRepository } from '../../data/message-mails-repository';
import type { MessagesRepository } from '../../data/messages-repository';
import type { RateLimitRepository } from '../../data/rate-limit-repository';
import { messageMail } from '../accounts/mails';
import { CREDENTIAL_REMINDERS_SETTING } from '../credentials/reminders';
import { sendClaimed } from '../mail-delivery';
import { turnOffByToken, type MailSetting, type UnsubscribeTokenField } from '../mail-unsubscribe';

/**
 * E-mail for unread messages (docs/product/notifications.md#message-e-mails). A message sent notes a mail due for its recipient and
 * conversation ten minutes on (`scheduleMessageMail`); a worker run every minute or two
 * (`sendDueMessageMails`: an EventBridge rule in the cloud, a timer in the local stack) takes what is due
 * and, for each, drops it when the person has read the conversation since or turned message e-mails off,
 * waits for the delay or the quiet hour when either is not over, and otherwise sends one mail under an
 * hourly claim per person and conversation, so two workers never both send.
 */

const DELAY_MS = MESSAGE_MAIL_LIMITS.delayMinutes * 60_000;
const QUIET_MS = MESSAGE_MAIL_LIMITS.quietMinutes * 60_000;
/** A failed mail is tried again this much later. */
const RETRY_MS = 5 * 60_000;
/** Unread messages one mail looks at: the first is quoted, the rest counted. */
const LOOK_AT = 20;

export interface MessageMailDeps {
  readonly mails: MessageMailsRepository;
  readonly messages: Pick<MessagesRepository, 'getMember'>;
  readonly accounts: Pick<AccountRepository, 'getProfile' | 'setNotificationSettings'>;
  readonly rateLimits: Pick<RateLimitRepository, 'takeQuota'>;
  readonly mailer: Mailer;
  readonly clock: () => Date;
  /** Waits before the next try of a failed send (`attempt` counts from 1). */
  readonly pause: (attempt: number) => Promise<void>;
  readonly config: { readonly siteUrl: string };
  /** Told of a due mail whose state could not be read or written (it is left for the next run). */
  readonly report?: (item: MailDue, error: unknown) => void;
}

type Outcome = 'sent' | 'dropped' | 'waiting' | 'failed';
export type MessageMailSummary = Record<Outcome, number>;

/** Message e-mails are on unless turned off. */
const MESSAGE_MAILS_SETTING: MailSetting = {
  invalidMessage: MESSAGE_MAILS_MESSAGES.unsubscribeInvalid,
  isOn: (profile) => profile.messageMails?.enabled !== false,
  off: () => ({ messageMails: { enabled: false } }),
};

/** What a message notes for its recipient: a mail due once the delay is over (one per conversation however many messages). */
export function scheduleMessageMail(
  mails: Pick<MessageMailsRepository, 'schedule'>,
  recipientId: string,
  conversationId: string,
  sentAt: string,
): Promise<void> {
  return mails.schedule(recipientId, conversationId, new Date(Date.parse(sentAt) + DELAY_MS).toISOString());
}

const wantsMail = (profile: ProfileRecord | undefined): profile is ProfileRecord =>
  !!profile && profile.isActive && (profile.accountType === 'client' || profile.accountType === 'provider') && profile.messageMails?.enabled !== false;

function nameOf(profile: ProfileRecord | undefined): string {
  if (!profile) return MESSAGING_MESSAGES.deletedUser;
  const fullName = `${profile.firstName} ${profile.lastName}`.trim();
  return (profile.accountType === 'provider' ? profile.businessName?.trim() || fullName : fullName) || MESSAGING_MESSAGES.deletedUser;
}

function firstLinesOf(text: string): string {
  const lines = text.split('\n').slice(0, 4).join('\n');
  return lines.length > MESSAGE_MAIL_LIMITS.quoteChars ? `${lines.slice(0, MESSAGE_MAIL_LIMITS.quoteChars - 1)}…` : lines;
}

async function handleOne(deps: MessageMailDeps, item: MailDue, now: Date): Promise<Outcome> {
  const { recipientId, conversationId } = item;
  const drop = async () => ((await deps.mails.drop(item)) ? 'dropped' : 'waiting');
  const postpone = async (at: number) => {
    await deps.mails.postpone(item, new Date(at).toISOString());
    return 'waiting' as const;
  };

  const recipient = await deps.accounts.getProfile(recipientId, { consistent: true });
  if (!wantsMail(recipient)) return drop();
  const side = await deps.messages.getMember(recipientId, conversationId);
  if (!side || side.unread === 0) return drop();
  const last = await deps.mails.lastMail(recipientId, conversationId);
  // Read since, or mailed about already: only messages after both are news.
  const since = [side.lastReadAt ?? '', last?.status === 'sent' ? (last.through ?? '') : ''].sort().at(-1)!;
  const unread = (await deps.mails.messagesAfter(conversationId, since, LOOK_AT)).filter((sent) => sent.senderId !== recipientId);
  const first = unread[0];
  if (!first) return drop();
  const dueAt = Date.parse(first.sentAt) + DELAY_MS;
  if (now.getTime() < dueAt) return postpone(dueAt);
  if (last && last.status !== 'failed' && now.getTime() < last.claimedAt + QUIET_MS) return postpone(last.claimedAt + QUIET_MS);

  const outcome = await sendClaimed(deps, {
    claim: () => deps.mails.claim(recipientId, conversationId, now),
    compose: async () => {
      // The day's mails used up: withheld, they read it on the site.
      if (!(await deps.rateLimits.takeQuota('message-mail', recipientId, MESSAGE_MAIL_LIMITS.perRecipientPerDay, 86_400, now)).taken) return undefined;
      const sender = await deps.accounts.getProfile(first.senderId);
      const token = await deps.mails.unsubscribeToken(recipientId, now);
      return messageMail(
        recipient.email,
        deps.config.siteUrl,
        { conversationId, senderName: nameOf(sender), firstLines: firstLinesOf(first.text), more: unread.length - 1 },
        token,
      );
    },
    attempts: MESSAGE_MAIL_LIMITS.sendAttempts,
    // Everything up to the conversation's last activity is covered: a later message waits for the quiet hour.
    sent: (claimId) => deps.mails.markSent(recipientId, conversationId, claimId, [side.lastActivityAt, unread.at(-1)!.sentAt].sort().at(-1)!),
    failed: (claimId) => deps.mails.markFailed(recipientId, conversationId, claimId),
  });
  switch (outcome) {
    // Another worker is sending it (or just did): the next run looks again.
    case 'skipped':
      return 'waiting';
    case 'withheld':
      return drop();
    case 'failed':
      await postpone(now.getTime() + RETRY_MS);
      return 'failed';
    case 'sent':
      await deps.mails.drop(item);
      return 'sent';
  }
}

/**
 * One run of the message mails worker: the due mails (at most MESSAGE_MAIL_LIMITS.perRun, the rest the
 * next run), each sent, dropped or postponed. A mail whose state cannot be read or written is left for
 * the next run; the run fails only when nothing could be read at all.
 */
export async function sendDueMessageMails(deps: MessageMailDeps): Promise<MessageMailSummary & { errors: number }> {
  const now = deps.clock();
  const summary = { sent: 0, dropped: 0, waiting: 0, failed: 0, errors: 0 };
  const due = await deps.mails.due(now, MESSAGE_MAIL_LIMITS.perRun);
  for (const item of due) {
    try {
      summary[await handleOne(deps, item, now)] += 1;
    } catch (error) {
      summary.errors += 1;
      deps.report?.(item, error);
    }
  }
  return summary;
}

/** What the message mails token's link turns off, by its `mail`. */
const UNSUBSCRIBE_SETTINGS: Record<UnsubscribeMailKind, MailSetting> = {
  messages: MESSAGE_MAILS_SETTING,
  'credential-reminders': CREDENTIAL_REMINDERS_SETTING,
};

/**
 * POST /api/message-mails/unsubscribe (and its one-click twin): the mail's link turns the person's message
 * e-mails off, signed out; with `mail`, the other mail that carries the same token (credential expiry
 * reminders). Again is the same answer.
 */
export const unsubscribeMessageMails = (
  deps: Pick<MessageMailDeps, 'mails' | 'accounts' | 'clock'>,
  token: string,
  tokenField: UnsubscribeTokenField = 'body.token',
  mail: UnsubscribeMailKind = 'messages',
) => turnOffByToken(deps, deps.mails.ownerOfUnsubscribeToken(token), tokenField, UNSUBSCRIBE_SETTINGS[mail]);
