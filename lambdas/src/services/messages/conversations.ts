import {
  DIRECTORY_MESSAGES,
  MESSAGE_LIMITS,
  MESSAGE_REPORT_MESSAGES,
  MESSAGING_MESSAGES as M,
  type ConversationPerson,
  type ConversationSummary,
  type ConversationThread,
  type Inbox,
  type SendMessageInput,
  type SentMessage,
  type StartConversationInput,
} from '@solutionz/shared';
import type { AuthorizedCaller } from '../../auth/caller';
import type { AccountRepository, ProfileRecord } from '../../data/account-repository';
import type { JobsRepository } from '../../data/jobs-repository';
import {
  conversationIdOf,
  type ConversationMemberRecord,
  type ConversationRecord,
  type MessageRecord,
  type MessagesRepository,
} from '../../data/messages-repository';
import type { RateLimitRepository } from '../../data/rate-limit-repository';
import { ConflictError, ForbiddenError, NotFoundError, RateLimitedError, ValidationError } from '../../errors';
import { readWithCursor } from '../page-cursor';
import { DAY_MS } from '../../data/provider-updates';
import { noteResponseTime, noteTurnedAway, type ResponseTimesDeps } from './response-times';
import type { MessageMailsRepository } from '../../data/message-mails-repository';
import { scheduleMessageMail } from './message-mails';
import type { MessageReportsRepository } from '../../data/message-reports-repository';

/** Everything the conversation services use, passed in so tests can swap any part. */
export interface MessagesDeps {
  readonly messages: MessagesRepository;
  readonly accounts: Pick<AccountRepository, 'getProfile' | 'getProfiles'>;
  readonly jobs: Pick<JobsRepository, 'get' | 'hasRevealed'>;
  readonly rateLimits: Pick<RateLimitRepository, 'takeQuota'>;
  /** The e-mail a recipient gets when they do not read a message in time (message-mails.ts). */
  readonly messageMails: Pick<MessageMailsRepository, 'schedule'>;
  readonly clock: () => Date;
  /** The provider's measured response time, kept with the messages (response-times.ts). */
  readonly responseTimes: ResponseTimesDeps['responseTimes'];
  readonly directory: ResponseTimesDeps['directory'];
  /** Whether an admin stopped the sender messaging after a report (report.ts). */
  readonly reports: Pick<MessageReportsRepository, 'messagingBlocked'>;
}

/** A stored message notes a mail due for its recipient (also when a retried send finds it stored: the note may have been lost). */
function noteMailDue(
  deps: MessagesDeps,
  conversation: Pick<ConversationRecord, 'conversationId' | 'clientId' | 'providerId'>,
  sent: MessageRecord,
): Promise<void> {
  const recipientId = sent.senderId === conversation.clientId ? conversation.providerId : conversation.clientId;
  return scheduleMessageMail(deps.messageMails, recipientId, conversation.conversationId, sent.sentAt);
}

/** Who a person is to the other side of a conversation: never their e-mail. */
export function personOf(userId: string, profile: ProfileRecord | undefined): ConversationPerson {
  if (!profile) return { userId, name: M.deletedUser, avatarUrl: null, accountType: null, deleted: true };
  const fullName = `${profile.firstName} ${profile.lastName}`.trim();
  const name = profile.accountType === 'provider' ? profile.businessName || fullName : fullName;
  return {
    userId,
    name: name || M.deletedUser,
    avatarUrl: profile.avatarKey ? `/${profile.avatarKey}` : null,
    accountType: profile.accountType === 'admin' ? null : profile.accountType,
    deleted: false,
  };
}

function summaryOf(side: ConversationMemberRecord, other: ProfileRecord | undefined): ConversationSummary {
  return {
    conversationId: side.conversationId,
    other: personOf(side.otherUserId, other),
    job: side.jobId ? { jobId: side.jobId, title: side.jobTitle ?? '' } : null,
    lastLine: side.lastLine,
    lastFromMe: side.lastSenderId === side.userId,
    lastActivityAt: side.lastActivityAt,
    unread: side.unread,
  };
}

export function onlyParticipants(caller: AuthorizedCaller): 'client' | 'provider' {
  if (caller.accountType !== 'client' && caller.accountType !== 'provider') throw new ForbiddenError(M.notParticipant);
  return caller.accountType;
}

/** A person an admin stopped messaging after a report sends nothing more (they still read their conversations). */
export async function notStoppedFromMessaging(deps: Pick<MessagesDeps, 'reports'>, caller: AuthorizedCaller): Promise<void> {
  if (await deps.reports.messagingBlocked(caller.userId)) throw new ForbiddenError(MESSAGE_REPORT_MESSAGES.messagingBlocked);
}

/** While either side blocks the other, nothing goes into the conversation from `side`: said as a send is told. */
export function notBlocked(conversation: ConversationRecord, side: 'client' | 'provider'): void {
  if (side === 'client' ? conversation.blockedByClient : conversation.blockedByProvider) throw new ConflictError(M.blockedByYou);
  if (side === 'client' ? conversation.blockedByProvider : conversation.blockedByClient) throw new ForbiddenError(M.blockedByThem);
}

/** A person who can be written to now: an active client or provider with an account of their own. */
function reachable(profile: ProfileRecord | undefined, accountType: 'client' | 'provider'): profile is ProfileRecord {
  return !!profile && profile.accountType === accountType && profile.isActive && !profile.unclaimed && (accountType === 'client' || profile.isVisible);
}

async function takeSendQuota(deps: MessagesDeps, userId: string, now: Date): Promise<void> {
  const quota = await deps.rateLimits.takeQuota('message-send', userId, MESSAGE_LIMITS.sendPerWindow, MESSAGE_LIMITS.sendWindowSeconds, now);
  if (!quota.taken) throw new RateLimitedError(M.rateLimited, quota.retryAfterSeconds);
}

/**
 * Every account starts a limited number of conversations a day, an account younger than a week fewer (a
 * throwaway account's spam): one counter per account and day, taken by a conditional write, so requests at
 * the same moment cannot pass it. Writing into a conversation already open is not a new one.
 */
async function takeNewConversationQuota(deps: MessagesDeps, caller: AuthorizedCaller, now: Date): Promise<void> {
  const profile = await deps.accounts.getProfile(caller.userId);
  const age = profile ? now.getTime() - Date.parse(profile.createdAt) : 0;
  const young = age < MESSAGE_LIMITS.youngAccountDays * DAY_MS;
  const limit = young ? MESSAGE_LIMITS.newConversationsPerDayYoung : MESSAGE_LIMITS.newConversationsPerDay;
  const quota = await deps.rateLimits.takeQuota('conversation-new', caller.userId, limit, DAY_MS / 1000, now);
  if (!quota.taken) throw new RateLimitedError(young ? M.dailyNewConversationsYoung : M.dailyNewConversations, quota.retryAfterSeconds);
}

/** `senderErased`: the sender's account is gone, and their images with it (the text stays with the other side). */
const toMessage = (sent: MessageRecord, callerId: string, otherReadAt: string | undefined, senderErased = false) => ({
  messageId: sent.messageId,
  senderId: sent.senderId,
  mine: sent.senderId === callerId,
  text: sent.text,
  imageIds: senderErased ? [] : [...(sent.imageIds ?? [])],
  sentAt: sent.sentAt,
  seen: sent.senderId === callerId && otherReadAt !== undefined && otherReadAt >= sent.sentAt,
});

/** Which side of the conversation the caller is on; a conversation not theirs reads as not found. */
export function sideOf(
  conversation: ConversationRecord | undefined,
  caller: AuthorizedCaller,
): { conversation: ConversationRecord; side: 'client' | 'provider'; otherId: string } {
  if (conversation?.clientId === caller.userId) return { conversation, side: 'client', otherId: conversation.providerId };
  if (conversation?.providerId === caller.userId) return { conversation, side: 'provider', otherId: conversation.clientId };
  throw new NotFoundError(M.notFound);
}

/** A message as sent: its images (uploaded to the conversation first) are optional. */
type Outgoing = Pick<SendMessageInput, 'messageId'> & { readonly text: string; readonly imageIds?: readonly string[] };

async function deliver(
  deps: MessagesDeps,
  caller: AuthorizedCaller,
  conversation: ConversationRecord,
  input: Outgoing,
  now: Date,
  attempt = 1,
): Promise<SentMessage> {
  const { side } = sideOf(conversation, caller);
  notBlocked(conversation, side);
  const sent: MessageRecord = {
    conversationId: conversation.conversationId,
    messageId: input.messageId,
    senderId: caller.userId,
    text: input.text,
    ...(input.imageIds?.length ? { imageIds: input.imageIds } : {}),
    sentAt: now.toISOString(),
  };
  const outcome = await deps.messages.send(conversation, sent);
  if (outcome === 'sent') {
    await noteResponseTime(deps, conversation, sent, false);
    await noteMailDue(deps, conversation, sent);
    return { conversationId: conversation.conversationId, message: toMessage(sent, caller.userId, undefined) };
  }
  if (outcome === 'duplicate') {
    const stored = await deps.messages.getMessage(conversation.conversationId, input.messageId);
    if (stored && stored.senderId === caller.userId) {
      // A retry after a lost answer: what the first attempt may not have noted is noted now (once: the facts are conditional).
      await noteResponseTime(deps, conversation, stored, stored.sentAt === conversation.createdAt);
      await noteMailDue(deps, conversation, stored);
      return { conversationId: conversation.conversationId, message: toMessage(stored, caller.userId, undefined) };
    }
    throw new ConflictError(M.notFound);
  }
  if (outcome === 'recipientGone') throw new ConflictError(M.recipientUnavailable);
  if (outcome === 'imageUnavailable') throw new ConflictError(M.imageUnavailable);
  // Blocked between the read and the write: read again to say by whom (unblocked meanwhile: try again).
  if (attempt >= 3) throw new ForbiddenError(M.blockedByThem);
  return deliver(deps, caller, sideOf(await deps.messages.getConversation(conversation.conversationId), caller).conversation, input, now, attempt + 1);
}

/**
 * A client writes to a provider (optionally about one of their own jobs), or a provider with a membership
 * to the poster of a job they revealed: into the pair's one conversation, created with this first message.
 */
export async function startConversation(deps: MessagesDeps, caller: AuthorizedCaller, input: StartConversationInput): Promise<SentMessage> {
  const role = onlyParticipants(caller);
  await notStoppedFromMessaging(deps, caller);
  const now = deps.clock();
  let clientId: string;
  let providerId: string;
  let job: { jobId: string; jobTitle: string } | undefined;
  if (role === 'client') {
    if (!input.providerId) throw new ValidationError({ 'body.providerId': M.recipientRequired }, M.recipientRequired);
    if (input.providerId === caller.userId) throw new ValidationError({ 'body.providerId': M.notYourself }, M.notYourself);
    // A client's id, an admin's, a hidden provider's or none at all: the same answer, so nobody learns which ids are whose.
    if (!reachable(await deps.accounts.getProfile(input.providerId), 'provider')) throw new NotFoundError(M.recipientUnavailable);
    if (input.jobId) {
      const posted = await deps.jobs.get(input.jobId);
      if (!posted || posted.ownerId !== caller.userId) throw new NotFoundError(M.jobNotFound);
      job = { jobId: posted.jobId, jobTitle: posted.title };
    }
    clientId = caller.userId;
    providerId = input.providerId;
  } else {
    if (!input.jobId) throw new ForbiddenError(M.providerNeedsJob);
    const posted = await deps.jobs.get(input.jobId);
    if (!posted) throw new NotFoundError(M.jobNotFound);
    if (!(await deps.jobs.hasRevealed(posted.jobId, caller.userId))) throw new ForbiddenError(M.jobNotRevealed);
    if (!caller.subscribed) throw new ForbiddenError(M.membershipRequired);
    if (!reachable(await deps.accounts.getProfile(posted.ownerId), 'client')) throw new NotFoundError(M.recipientUnavailable);
    clientId = posted.ownerId;
    providerId = caller.userId;
    job = { jobId: posted.jobId, jobTitle: posted.title };
  }

  const conversationId = conversationIdOf(clientId, providerId);
  await takeSendQuota(deps, caller.userId, now);
  const existing = await deps.messages.getConversation(conversationId);
  if (existing) return deliver(deps, caller, existing, input, now);

  await takeNewConversationQuota(deps, caller, now);
  const first: MessageRecord = { conversationId, messageId: input.messageId, senderId: caller.userId, text: input.text, sentAt: now.toISOString() };
  const conversation = { conversationId, clientId, providerId, startedBy: caller.userId, ...(job ?? {}), createdAt: first.sentAt };
  const started = await deps.messages.start(conversation, first);
  if (started === 'started') {
    await noteResponseTime(deps, { ...conversation, lastMessageAt: first.sentAt, blockedByClient: false, blockedByProvider: false }, first, true);
    await noteMailDue(deps, { conversationId, clientId, providerId }, first);
    return { conversationId, message: toMessage(first, caller.userId, undefined) };
  }
  // The other person wrote first at the same moment: this message goes into their conversation.
  return deliver(deps, caller, sideOf(await deps.messages.getConversation(conversationId), caller).conversation, input, now);
}

/** A reply in a conversation of the caller's; a provider needs no membership to answer. */
export async function sendMessage(deps: MessagesDeps, caller: AuthorizedCaller, conversationId: string, input: Outgoing): Promise<SentMessage> {
  onlyParticipants(caller);
  const { conversation } = sideOf(await deps.messages.getConversation(conversationId), caller);
  await notStoppedFromMessaging(deps, caller);
  const now = deps.clock();
  await takeSendQuota(deps, caller.userId, now);
  return deliver(deps, caller, conversation, input, now);
}

/** The caller's conversations, latest activity first, with the other person as they are now. */
export async function listConversations(deps: MessagesDeps, caller: AuthorizedCaller, query: { cursor?: string | undefined }): Promise<Inbox> {
  const [page, unreadTotal] = await Promise.all([
    readWithCursor(() => deps.messages.inbox(caller.userId, query.cursor, MESSAGE_LIMITS.inboxPageSize), DIRECTORY_MESSAGES.badCursor),
    deps.messages.unreadTotal(caller.userId),
  ]);
  const others = page.items.length
    ? await deps.accounts.getProfiles([...new Set(page.items.map((side) => side.otherUserId))])
    : new Map<string, ProfileRecord>();
  return {
    conversations: page.items.map((side) => summaryOf(side, others.get(side.otherUserId))),
    ...(page.nextCursor ? { nextCursor: page.nextCursor } : {}),
    unreadTotal,
  };
}

/**
 * One conversation of the caller's, newest messages first; the caller's own show "seen" once the other read
 * them. Whether the caller may send (and if not, why) is said with it, so the page offers no box that would be refused.
 */
export async function getConversation(
  deps: MessagesDeps,
  caller: AuthorizedCaller,
  conversationId: string,
  query: { cursor?: string | undefined },
): Promise<ConversationThread> {
  const { conversation, side, otherId } = sideOf(await deps.messages.getConversation(conversationId), caller);
  const [mine, theirs, page, other, messagingStopped] = await Promise.all([
    deps.messages.getMember(caller.userId, conversationId),
    deps.messages.getMember(otherId, conversationId),
    readWithCursor(() => deps.messages.thread(conversationId, query.cursor, MESSAGE_LIMITS.threadPageSize), DIRECTORY_MESSAGES.badCursor),
    deps.accounts.getProfile(otherId),
    deps.reports.messagingBlocked(caller.userId),
  ]);
  if (!mine) throw new NotFoundError(M.notFound);
  const blockedByMe = side === 'client' ? conversation.blockedByClient : conversation.blockedByProvider;
  const blockedByThem = side === 'client' ? conversation.blockedByProvider : conversation.blockedByClient;
  return {
    conversation: {
      ...summaryOf(mine, other),
      blockedByMe,
      blockedByThem,
      messagingStopped,
      canSend: !messagingStopped && !blockedByMe && !blockedByThem && !!theirs && !!other,
    },
    messages: page.items.map((sent) => toMessage(sent, caller.userId, theirs?.lastReadAt, !other && sent.senderId === otherId)),
    ...(page.nextCursor ? { nextCursor: page.nextCursor } : {}),
  };
}

export async function markConversationRead(deps: MessagesDeps, caller: AuthorizedCaller, conversationId: string): Promise<{ unreadTotal: number }> {
  sideOf(await deps.messages.getConversation(conversationId), caller);
  return { unreadTotal: await deps.messages.markRead(caller.userId, conversationId, deps.clock()) };
}

/** A block by the provider takes the conversation out of their response figure until it is lifted (noteTurnedAway). */
export async function setConversationBlocked(
  deps: MessagesDeps,
  caller: AuthorizedCaller,
  conversationId: string,
  blocked: boolean,
): Promise<{ conversationId: string; blockedByMe: boolean }> {
  const { conversation, side } = sideOf(await deps.messages.getConversation(conversationId), caller);
  await deps.messages.setBlocked(conversationId, side, blocked);
  if (side === 'provider') await noteTurnedAway(deps, conversation, blocked ? 'blocked' : 'unblocked');
  return { conversationId, blockedByMe: blocked };
}

export async function getUnreadMessages(deps: MessagesDeps, caller: AuthorizedCaller): Promise<{ unreadTotal: number }> {
  return { unreadTotal: await deps.messages.unreadTotal(caller.userId) };
}
