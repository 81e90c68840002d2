import { z } from 'zod';
import { MESSAGE_MAILS_ONE_CLICK_PATH } from '../mail-links';
import { unsubscribeResponseSchema, unsubscribeSchemas } from '../unsubscribe';
import { cursorSchema } from './admin';
import { defineRoute, type RouteSpec } from './route-types';

/**
 * Conversations between a client and a provider (issue 26): one per pair, optionally about one of the
 * client's jobs. A client starts one from a provider's page; a provider who revealed a job starts one
 * with its poster; either replies. Only the two people in a conversation read it.
 */

export const MESSAGE_LIMITS = {
  /** Characters of one message. */
  textMax: 2000,
  /** Messages a page of a thread shows; conversations a page of the inbox shows. */
  threadPageSize: 30,
  inboxPageSize: 20,
  /** Messages one person may send in a window, across all their conversations. */
  sendWindowSeconds: 300,
  sendPerWindow: 30,
  /** New conversations a day an account younger than `youngAccountDays` may start. */
  youngAccountDays: 7,
  newConversationsPerDayYoung: 5,
  /** How long a message id stays known, so a retried send is not sent twice. */
  retryWindowSeconds: 86_400,
} as const;

export const MESSAGING_MESSAGES = {
  textRequired: 'Please write a message.',
  textTooLong: `A message can be at most ${MESSAGE_LIMITS.textMax} characters.`,
  recipientRequired: 'Choose who to write to.',
  notFound: 'This conversation does not exist or is not yours.',
  recipientUnavailable: 'This person cannot receive messages at the moment.',
  notYourself: 'You cannot write to yourself.',
  clientsStartWithProviders: 'Clients can write to service providers only.',
  providerNeedsJob: 'Providers start a conversation from a job they revealed.',
  jobNotRevealed: 'Reveal this job first: then you can write to the client who posted it.',
  jobNotFound: 'This job does not exist any more.',
  membershipRequired: 'Only providers with a membership can start a conversation. You can still answer clients who write to you.',
  notParticipant: 'Only clients and service providers can send messages.',
  blockedByYou: 'You blocked this person. Unblock them to send messages.',
  blockedByThem: 'This person is not accepting messages from you.',
  rateLimited: 'You are sending messages too quickly. Please wait a few minutes and try again.',
  dailyNewConversations: `New accounts can start ${MESSAGE_LIMITS.newConversationsPerDayYoung} conversations a day. Please try again tomorrow.`,
  deletedUser: 'Deleted user',
} as const;

/**
 * E-mail for unread messages: a person who has not read a new message within `delayMinutes` gets one mail
 * per conversation per `quietMinutes` at most, unless they turned message e-mails off.
 */
export const MESSAGE_MAIL_LIMITS = {
  delayMinutes: 10,
  quietMinutes: 60,
  /** Message mails one person gets a day at most, over all their conversations. */
  perRecipientPerDay: 30,
  /** Tries of one mail; one that fails them all is tried again on a later run. */
  sendAttempts: 3,
  /** Due mails one run of the worker takes at most (the rest wait for the next run). */
  perRun: 200,
  /** Characters of the first message a mail quotes. */
  quoteChars: 300,
} as const;

export const MESSAGE_MAILS_MESSAGES = {
  unsubscribeInvalid: 'This link is not valid. Sign in and turn message e-mails off in your notification settings.',
  unsubscribed: 'You will no longer get e-mails about new messages',
} as const;

/**
 * Reporting a conversation (issue 26, Safety): a participant reports it with a reason and an optional
 * note; the admin console's moderation sees it with the last `snapshotMessages` messages as they were
 * then. One open report per reporter per conversation, and a daily cap per reporter.
 */
export const MESSAGE_REPORT_REASONS = ['harassment', 'spam', 'scam', 'offPlatformPayment', 'inappropriate', 'other'] as const;
export type MessageReportReason = (typeof MESSAGE_REPORT_REASONS)[number];
export const MESSAGE_REPORT_REASON_LABELS: Readonly<Record<MessageReportReason, string>> = {
  harassment: 'Harassment or threats',
  spam: 'Spam or advertising',
  scam: 'Scam or fraud',
  offPlatformPayment: 'Asks for payment outside Solutionz',
  inappropriate: 'Offensive or inappropriate content',
  other: 'Something else',
};

export const MESSAGE_REPORT_LIMITS = {
  /** Characters of the reporter's note. */
  noteMax: 500,
  /** The newest messages a report keeps, as they were when it was made. */
  snapshotMessages: 20,
  /** Reports one person may make a day. */
  perReporterPerDay: 10,
} as const;

export const MESSAGE_REPORT_MESSAGES = {
  reasonRequired: 'Please choose what is wrong.',
  noteTooLong: `The note can be at most ${MESSAGE_REPORT_LIMITS.noteMax} characters.`,
  alreadyReported: 'You have already reported this conversation. Our team will look at it soon.',
  dailyCap: `You can report ${MESSAGE_REPORT_LIMITS.perReporterPerDay} conversations a day. Please try again tomorrow.`,
  reported: 'Thank you. Our team will look at this conversation; the other person is not told who reported it.',
  /** A person an admin stopped from messaging after a report. */
  messagingBlocked: 'You cannot send messages at the moment. Please contact support.',
} as const;

const reportConversationSchema = z.strictObject({
  reason: z.enum(MESSAGE_REPORT_REASONS, MESSAGE_REPORT_MESSAGES.reasonRequired),
  note: z.string().trim().max(MESSAGE_REPORT_LIMITS.noteMax, MESSAGE_REPORT_MESSAGES.noteTooLong).default(''),
});

const reportedSchema = z.object({ reportId: z.string(), status: z.literal('open') });

const messageMailsUnsubscribe = unsubscribeSchemas(MESSAGE_MAILS_MESSAGES.unsubscribeInvalid);

const M = MESSAGING_MESSAGES;
const id = z.string().trim().min(1).max(100);
const messageText = z
  .string({ error: M.textRequired })
  .trim()
  .min(1, M.textRequired)
  .max(MESSAGE_LIMITS.textMax, M.textTooLong);
/** Made by the sender's page, so a send retried after a lost answer is stored once. */
const messageId = z.uuid();

const startConversationSchema = z
  .strictObject({
    /** A client writing to a provider. */
    providerId: id.optional(),
    /** A provider writing to the poster of a job they revealed. */
    jobId: id.optional(),
    messageId,
    text: messageText,
  })
  .refine((value) => value.providerId !== undefined || value.jobId !== undefined, { message: M.recipientRequired, path: ['providerId'] });
export type StartConversationInput = z.infer<typeof startConversationSchema>;

const sendMessageSchema = z.strictObject({ messageId, text: messageText });
export type SendMessageInput = z.infer<typeof sendMessageSchema>;

const personSchema = z.object({
  userId: z.string(),
  /** A provider's business name, a client's name; "Deleted user" once their account is erased. */
  name: z.string(),
  avatarUrl: z.string().nullable(),
  accountType: z.enum(['client', 'provider']).nullable(),
  deleted: z.boolean(),
});
export type ConversationPerson = z.infer<typeof personSchema>;

const messageSchema = z.object({
  messageId: z.string(),
  senderId: z.string(),
  mine: z.boolean(),
  text: z.string(),
  sentAt: z.iso.datetime(),
  /** One of mine the other person has read. */
  seen: z.boolean(),
});
export type ConversationMessage = z.infer<typeof messageSchema>;

const conversationSummarySchema = z.object({
  conversationId: z.string(),
  other: personSchema,
  job: z.object({ jobId: z.string(), title: z.string() }).nullable(),
  lastLine: z.string(),
  lastFromMe: z.boolean(),
  lastActivityAt: z.iso.datetime(),
  unread: z.number().int().min(0),
});
export type ConversationSummary = z.infer<typeof conversationSummarySchema>;

const inboxSchema = z.object({ conversations: z.array(conversationSummarySchema), nextCursor: z.string().optional(), unreadTotal: z.number().int().min(0) });
export type Inbox = z.infer<typeof inboxSchema>;

const threadSchema = z.object({
  conversation: conversationSummarySchema.extend({
    blockedByMe: z.boolean(),
    blockedByThem: z.boolean(),
    /** Whether a message may be sent now (neither side blocked). */
    canSend: z.boolean(),
  }),
  /** Newest first; the next page is older. */
  messages: z.array(messageSchema),
  nextCursor: z.string().optional(),
});
export type ConversationThread = z.infer<typeof threadSchema>;

const sentSchema = z.object({ conversationId: z.string(), message: messageSchema });
export type SentMessage = z.infer<typeof sentSchema>;

const unreadSchema = z.object({ unreadTotal: z.number().int().min(0) });
const blockedSchema = z.object({ conversationId: z.string(), blockedByMe: z.boolean() });

const conversationParams = z.object({ conversationId: id });
const CONVERSATION = '/api/conversations/{conversationId}';

export const messageRoutes = {
  listConversations: defineRoute({
    method: 'GET',
    path: '/api/conversations',
    area: 'messages',
    access: 'signedIn',
    summary: "The caller's conversations, latest activity first, with the other person, the last line and unread counts",
    query: z.object({ cursor: cursorSchema }),
    response: inboxSchema,
  }),
  startConversation: defineRoute({
    method: 'POST',
    path: '/api/conversations',
    area: 'messages',
    access: 'signedIn',
    confirmedEmail: true,
    summary: "A client writes to a provider, or a member provider to the poster of a job they revealed: the pair's one conversation, with this message",
    body: startConversationSchema,
    response: sentSchema,
    successStatus: 201,
  }),
  getConversation: defineRoute({
    method: 'GET',
    path: CONVERSATION,
    area: 'messages',
    access: 'signedIn',
    summary: 'One conversation of the caller: its messages newest first, paged, with what the other person has seen',
    params: conversationParams,
    query: z.object({ cursor: cursorSchema }),
    response: threadSchema,
  }),
  sendMessage: defineRoute({
    method: 'POST',
    path: `${CONVERSATION}/messages`,
    area: 'messages',
    access: 'signedIn',
    confirmedEmail: true,
    summary: 'A message in a conversation of the caller (sent once whatever the retries), refused while either side blocks',
    params: conversationParams,
    body: sendMessageSchema,
    response: sentSchema,
    successStatus: 201,
  }),
  markConversationRead: defineRoute({
    method: 'POST',
    path: `${CONVERSATION}/read`,
    area: 'messages',
    access: 'signedIn',
    summary: "Marks the caller's unread messages of a conversation read (the other person then sees them as seen)",
    params: conversationParams,
    response: unreadSchema,
  }),
  setConversationBlocked: defineRoute({
    method: 'PUT',
    path: `${CONVERSATION}/blocked`,
    area: 'messages',
    access: 'signedIn',
    summary: 'Blocks or unblocks the other person of a conversation: while blocked no message goes either way; it stays readable',
    params: conversationParams,
    body: z.strictObject({ blocked: z.boolean() }),
    response: blockedSchema,
  }),
  reportConversation: defineRoute({
    method: 'POST',
    path: `${CONVERSATION}/reports`,
    area: 'messages',
    access: 'signedIn',
    summary: "A participant reports the conversation to the admins (a reason, an optional note, the last 20 messages kept as they are now); one open report per person and conversation, a daily cap",
    params: conversationParams,
    body: reportConversationSchema,
    response: reportedSchema,
    successStatus: 201,
  }),
  getUnreadMessages: defineRoute({
    method: 'GET',
    path: '/api/me/messages/unread',
    area: 'messages',
    access: 'signedIn',
    summary: "The caller's unread messages over all conversations (the header's badge)",
    response: unreadSchema,
  }),
  // ── The message mail's link turns message e-mails off signed out ──
  unsubscribeMessageMails: defineRoute({
    method: 'POST',
    path: '/api/message-mails/unsubscribe',
    area: 'messages',
    access: 'public',
    summary: 'Turn off the message e-mails of the person whose message mail carried the token (again is the same answer; 400 for a token that is not one)',
    body: messageMailsUnsubscribe.body,
    response: unsubscribeResponseSchema,
  }),
  oneClickUnsubscribeMessageMails: defineRoute({
    method: 'POST',
    path: MESSAGE_MAILS_ONE_CLICK_PATH,
    area: 'messages',
    access: 'public',
    rawBody: true,
    summary: "RFC 8058 one-click unsubscribe from the message mail's List-Unsubscribe header: the token in the query, the form body unread",
    query: messageMailsUnsubscribe.oneClickQuery,
    response: unsubscribeResponseSchema,
  }),
} as const satisfies Record<string, RouteSpec>;
