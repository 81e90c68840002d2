import { z } from 'zod';
import { MEDIA } from '../constants';
import { MESSAGE_MAILS_ONE_CLICK_PATH, UNSUBSCRIBE_MAIL_KINDS } from '../mail-links';
import { presignedUploadSchema } from '../profile';
import { capped } from '../profile-limits';
import { unsubscribeResponseSchema, unsubscribeSchemas } from '../unsubscribe';
import { cursorSchema } from './cursor';
import { defineRoute, type RouteSpec } from './route-types';

/**
 * Conversations between a client and a provider (docs/product/messages.md): one per pair, optionally about one of the
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
  /**
   * New conversations one account may start a day (UTC), and fewer while it is younger than `youngAccountDays`.
   * Someone looking for a trade writes to a handful of professionals a day, so 20 leaves
   * room for a busy day while a spammer reaches few; a throwaway account (the usual spam) gets 5 for its first week.
   */
  newConversationsPerDay: 20,
  youngAccountDays: 7,
  newConversationsPerDayYoung: 5,
  /** How long a message id stays known, so a retried send is not sent twice. */
  retryWindowSeconds: 86_400,
} as const;

/**
 * Images in messages: uploaded to the conversation before the message is sent (each checked by its bytes
 * and re-encoded without metadata, as portfolio images are), private to the two people of the conversation.
 */
export const MESSAGE_IMAGE_LIMITS = {
  perMessage: 4,
  maxFileBytes: MEDIA.maxBytes,
  /** Image uploads one person may start a day, over all their conversations. */
  uploadsPerDay: 100,
  /** What the upload field accepts (checked again by the bytes on the server). */
  contentTypes: ['image/jpeg', 'image/png', 'image/webp'],
  filenameMaxChars: 255,
  /** How long a checked image is kept for a message that has not sent it yet; a sent one stays. */
  unsentKeptHours: 48,
} as const;

/** For `<input type="file" accept=...>`. */
export const MESSAGE_IMAGE_ACCEPT = MESSAGE_IMAGE_LIMITS.contentTypes.join(',');

export const MESSAGING_MESSAGES = {
  textRequired: 'Please write a message.',
  textTooLong: `A message can be at most ${MESSAGE_LIMITS.textMax} characters.`,
  recipientRequired: 'Choose who to write to.',
  notFound: 'This conversation does not exist or is not yours.',
  inboxLoadFailed: 'Your conversations could not be loaded.',
  threadLoadFailed: 'This conversation could not be loaded. Please try again.',
  recipientUnavailable: 'This person cannot receive messages at the moment.',
  notYourself: 'You cannot write to yourself.',
  providerNeedsJob: 'Providers start a conversation from a job they revealed.',
  jobNotRevealed: 'Reveal this job first: then you can write to the client who posted it.',
  jobNotFound: 'This job does not exist any more.',
  membershipRequired: 'Only providers with a membership can start a conversation. You can still answer clients who write to you.',
  notParticipant: 'Only clients and service providers can send messages.',
  blockedByYou: 'You blocked this person. Unblock them to send messages.',
  blockedByThem: 'This person is not accepting messages from you.',
  rateLimited: 'You are sending messages too quickly. Please wait a few minutes and try again.',
  dailyNewConversations: `You can start ${MESSAGE_LIMITS.newConversationsPerDay} new conversations a day. Please try again tomorrow; you can still write in the conversations you have.`,
  dailyNewConversationsYoung: `New accounts can start ${MESSAGE_LIMITS.newConversationsPerDayYoung} conversations a day. Please try again tomorrow.`,
  deletedUser: 'Deleted user',
  tooManyImages: `A message can have at most ${MESSAGE_IMAGE_LIMITS.perMessage} images.`,
  imageWrongType: 'This file is not an image: choose a JPEG, PNG or WEBP photo.',
  imageTooLarge: 'This image is larger than 10MB.',
  imageUploadFailed: 'The image could not be uploaded. Please try again.',
  /** An image id that is not an unsent image of the sender's in this conversation (sent already, or another's). */
  imageUnavailable: 'One of the images is no longer available. Remove it and add it again.',
  imageNotFound: 'This image does not exist or is not yours to see.',
  imageUploadsCapped: `You can add ${MESSAGE_IMAGE_LIMITS.uploadsPerDay} images a day. Please try again tomorrow.`,
} as const;

/** What the inbox shows for a message of images only. */
export const imagesLine = (count: number) => (count === 1 ? 'Sent an image' : `Sent ${count} images`);

/** The first problem with a chosen file before it is uploaded (the server checks the bytes again). */
export function messageImageProblem(file: { type: string; size: number }): string | undefined {
  if (!(MESSAGE_IMAGE_LIMITS.contentTypes as readonly string[]).includes(file.type)) return MESSAGING_MESSAGES.imageWrongType;
  if (file.size > MESSAGE_IMAGE_LIMITS.maxFileBytes) return MESSAGING_MESSAGES.imageTooLarge;
  return undefined;
}

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

/** The credential expiry reminders' unsubscribe (the message mails' page and routes with `mail: 'credential-reminders'`). */
export const CREDENTIAL_REMINDER_MAIL_MESSAGES = {
  unsubscribeInvalid: 'This link is not valid. Sign in and turn credential expiry reminders off in your notification settings.',
  unsubscribed: 'You will no longer get e-mails before your credentials expire',
} as const;

/**
 * Reporting a conversation (docs/product/messages.md#reporting-a-conversation): a participant reports it with a reason and an optional
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
/** Which mail the token's link turns off; absent: message e-mails. */
const unsubscribeMail = { mail: z.enum(UNSUBSCRIBE_MAIL_KINDS, MESSAGE_MAILS_MESSAGES.unsubscribeInvalid).optional() };

const M = MESSAGING_MESSAGES;
const id = z.string().trim().min(1).max(100);
const messageText = z.string({ error: M.textRequired }).trim().min(1, M.textRequired).max(MESSAGE_LIMITS.textMax, M.textTooLong);
/** Made by the sender's page, so a send retried after a lost answer is stored once. Held to a UUID's length before its pattern runs. */
const messageId = z.string().max(36, capped('Invalid UUID')).pipe(z.uuid());

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

const imageId = z
  .string()
  .max(64, capped('Not an image id'))
  .regex(/^[\w-]{1,64}$/, 'Not an image id');

/** A reply: its text, its images (uploaded to this conversation first), or both. */
const sendMessageSchema = z
  .strictObject({
    messageId,
    text: z.string({ error: M.textRequired }).trim().max(MESSAGE_LIMITS.textMax, M.textTooLong).default(''),
    imageIds: z
      .array(imageId)
      .max(MESSAGE_IMAGE_LIMITS.perMessage, M.tooManyImages)
      .refine((ids) => new Set(ids).size === ids.length, M.imageUnavailable)
      .default([]),
  })
  .refine((value) => value.text.length > 0 || value.imageIds.length > 0, { message: M.textRequired, path: ['text'] });
export type SendMessageInput = z.infer<typeof sendMessageSchema>;

const imageUploadSchema = z
  .strictObject({
    name: z.string().trim().min(1).max(MESSAGE_IMAGE_LIMITS.filenameMaxChars),
    type: z.string().trim().max(100),
    size: z.number().int().positive(),
  })
  .superRefine((file, context) => {
    const problem = messageImageProblem(file);
    if (problem) context.addIssue({ code: 'custom', path: [file.size > MESSAGE_IMAGE_LIMITS.maxFileBytes ? 'size' : 'type'], message: problem });
  });
export type MessageImageUploadInput = z.infer<typeof imageUploadSchema>;

/** A presigned POST for one image: the browser POSTs `fields` then the file to `url`, then asks for the check with `imageId`. */
const imageUploadGrantSchema = presignedUploadSchema.extend({ imageId: z.string() });
export type MessageImageUploadGrant = z.infer<typeof imageUploadGrantSchema>;

const checkedImageSchema = z.object({ imageId: z.string(), width: z.number().int().positive(), height: z.number().int().positive() });
export type CheckedMessageImage = z.infer<typeof checkedImageSchema>;

/** The bytes of an image, answered as they are (binary routes). */
const imageBytesSchema = z.object({ contentType: z.string(), bytes: z.custom<Uint8Array>((value) => value instanceof Uint8Array) });

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
  /** Empty for a message of images only. */
  text: z.string(),
  /** In the order sent; fetched through getMessageImage. None once the sender's account is erased. */
  imageIds: z.array(z.string()),
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
    /** An admin stopped the caller sending messages after a report (MESSAGE_REPORT_MESSAGES.messagingBlocked says so). */
    messagingStopped: z.boolean(),
    /** Whether a message may be sent now (neither side blocked, the caller not stopped from messaging). */
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
    summary:
      'A participant reports the conversation to the admins (a reason, an optional note, the last 20 messages kept as they are now); one open report per person and conversation, a daily cap',
    params: conversationParams,
    body: reportConversationSchema,
    response: reportedSchema,
    successStatus: 201,
  }),
  createMessageImageUpload: defineRoute({
    method: 'POST',
    path: `${CONVERSATION}/images`,
    area: 'messages',
    access: 'signedIn',
    confirmedEmail: true,
    summary:
      'A presigned upload for one image of a message in a conversation of the caller (a daily cap per person), refused as a send is while either side blocks',
    params: conversationParams,
    body: imageUploadSchema,
    response: imageUploadGrantSchema,
    successStatus: 201,
  }),
  checkMessageImage: defineRoute({
    method: 'POST',
    path: `${CONVERSATION}/images/{imageId}`,
    area: 'messages',
    access: 'signedIn',
    summary: "Checks an uploaded image by its bytes and keeps it re-encoded without metadata, ready to be sent (the caller's own upload only)",
    params: conversationParams.extend({ imageId }),
    response: checkedImageSchema,
  }),
  getMessageImage: defineRoute({
    method: 'GET',
    path: `${CONVERSATION}/images/{imageId}`,
    area: 'messages',
    access: 'signedIn',
    summary: 'The bytes of an image of a conversation of the caller (a sent one, or their own not yet sent); a thumbnail with size=thumb',
    params: conversationParams.extend({ imageId }),
    query: z.object({ size: z.enum(['full', 'thumb']).default('full') }),
    response: imageBytesSchema,
    binaryResponse: true,
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
    summary:
      'Turn off the message e-mails (or with `mail`, the credential expiry reminders) of the person whose mail carried the token (again is the same answer; 400 for a token that is not one)',
    body: messageMailsUnsubscribe.body.extend(unsubscribeMail),
    response: unsubscribeResponseSchema,
  }),
  oneClickUnsubscribeMessageMails: defineRoute({
    method: 'POST',
    path: MESSAGE_MAILS_ONE_CLICK_PATH,
    area: 'messages',
    access: 'public',
    rawBody: true,
    summary: "RFC 8058 one-click unsubscribe from the message mail's List-Unsubscribe header: the token in the query, the form body unread",
    query: messageMailsUnsubscribe.oneClickQuery.extend(unsubscribeMail),
    response: unsubscribeResponseSchema,
  }),
} as const satisfies Record<string, RouteSpec>;
