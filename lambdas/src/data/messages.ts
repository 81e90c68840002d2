import { Entity } from 'electrodb';
import { gsi1, gsi3, pagedIndex, pk, shardOf, sk } from './key-templates';
import { TABLE } from './table-definition';

/**
 * Conversations between a client and a provider (docs/product/messages.md). Every key format of these items is here
 * and nowhere else. Reads stay bounded whatever the number of conversations or messages:
 *
 *   "the pair's conversation": GetItem PK = CONVERSATION#<conversationId>, SK = CONVERSATION. The id is
 *   derived from the pair, so two first messages at once meet on one conditional create.
 *   "a person's side of a conversation" (unread count, last read, last line): GetItem PK = USER#<userId>,
 *   SK = CONVERSATION#<conversationId>; one item per participant.
 *   "a person's inbox, latest activity first": Query GSI1 PK = USER#<userId>, SK begins_with INBOX#,
 *   descending, paged below the last shown (SK = INBOX#<lastActivityAt>#<conversationId>).
 *   "a thread, newest first": Query PK = CONVERSATION#<conversationId>, SK begins_with MESSAGE#, descending,
 *   paged below the last shown (SK = MESSAGE#<sentAt>#<messageId>).
 *   "was this message id sent already" (a retried send): GetItem PK = CONVERSATION#<conversationId>,
 *   SK = SENT#<messageId>, written with the message, gone by TTL after a day.
 *   "a person's unread total" (the header badge): GetItem PK = USER#<userId>, SK = UNREAD_MESSAGES.
 *   "an image of a conversation" (who uploaded it, the message that sent it): GetItem PK =
 *   CONVERSATION#<conversationId>, SK = IMAGE#<imageId>; a conversation's images Query SK begins_with IMAGE#
 *   (erasure only). The message names its images by id.
 *   "checked images whose keeping ends by now" (the messages worker removes those no message sent): an
 *   expiry per checked image, PK = CONVERSATION#<conversationId>, SK = IMAGE_EXPIRY#<imageId>, written before
 *   the image's files; in the sparse index GSI3 by its end: GSI3PK = MESSAGE_IMAGE_EXPIRY#<shard
 *   0..MESSAGE_IMAGE_EXPIRY_SHARDS-1>, GSI3SK = <until>, so the worker reads what has ended with one bounded
 *   Query per shard, never a Scan. No TTL: the worker deletes it once the image is dealt with (DynamoDB Local
 *   deletes nothing by TTL, and an expiry gone before its image would leave the image for good).
 */
export const conversationEntity = new Entity({
  model: { entity: 'conversation', version: '1', service: 'solutionz' },
  attributes: {
    conversationId: { type: 'string', required: true, readOnly: true },
    clientId: { type: 'string', required: true, readOnly: true },
    providerId: { type: 'string', required: true, readOnly: true },
    /** Who wrote first. */
    startedBy: { type: 'string', required: true, readOnly: true },
    jobId: { type: 'string' },
    jobTitle: { type: 'string' },
    createdAt: { type: 'string', required: true, readOnly: true },
    lastMessageAt: { type: 'string', required: true },
    blockedByClient: { type: 'boolean' },
    blockedByProvider: { type: 'boolean' },
    /** The provider's first reply in a conversation a client started (response-times.ts sets it, once). */
    firstReplyAt: { type: 'string' },
  },
  indexes: {
    byId: { pk: pk('CONVERSATION#${conversationId}', ['conversationId']), sk: sk('CONVERSATION', []) },
  },
});

export const conversationMemberEntity = new Entity({
  model: { entity: 'conversationMember', version: '1', service: 'solutionz' },
  attributes: {
    userId: { type: 'string', required: true, readOnly: true },
    conversationId: { type: 'string', required: true, readOnly: true },
    otherUserId: { type: 'string', required: true, readOnly: true },
    jobId: { type: 'string' },
    jobTitle: { type: 'string' },
    lastActivityAt: { type: 'string', required: true },
    lastLine: { type: 'string', required: true },
    lastSenderId: { type: 'string', required: true },
    unread: { type: 'number', required: true },
    /** When this person last read the conversation: the other's messages up to then are "seen". */
    lastReadAt: { type: 'string' },
  },
  indexes: {
    byConversation: { pk: pk('USER#${userId}', ['userId']), sk: sk('CONVERSATION#${conversationId}', ['conversationId']) },
    inbox: gsi1('USER#${userId}', ['userId'], 'INBOX#${lastActivityAt}#${conversationId}', ['lastActivityAt', 'conversationId']),
  },
});

export const messageEntity = new Entity({
  model: { entity: 'message', version: '1', service: 'solutionz' },
  attributes: {
    conversationId: { type: 'string', required: true, readOnly: true },
    messageId: { type: 'string', required: true, readOnly: true },
    senderId: { type: 'string', required: true, readOnly: true },
    text: { type: 'string', required: true, readOnly: true },
    /** Images sent with it, in order (absent: none). */
    imageIds: { type: 'list', items: { type: 'string' }, readOnly: true },
    sentAt: { type: 'string', required: true, readOnly: true },
  },
  indexes: {
    byTime: { pk: pk('CONVERSATION#${conversationId}', ['conversationId']), sk: sk('MESSAGE#${sentAt}#${messageId}', ['sentAt', 'messageId']) },
  },
});

export const sentMessageMarkEntity = new Entity({
  model: { entity: 'sentMessageMark', version: '1', service: 'solutionz' },
  attributes: {
    conversationId: { type: 'string', required: true, readOnly: true },
    messageId: { type: 'string', required: true, readOnly: true },
    sentAt: { type: 'string', required: true, readOnly: true },
    /** TTL (epoch seconds). */
    expiresAt: { type: 'number', required: true },
  },
  indexes: {
    byId: { pk: pk('CONVERSATION#${conversationId}', ['conversationId']), sk: sk('SENT#${messageId}', ['messageId']) },
  },
});

export const messageImageEntity = new Entity({
  model: { entity: 'messageImage', version: '1', service: 'solutionz' },
  attributes: {
    conversationId: { type: 'string', required: true, readOnly: true },
    imageId: { type: 'string', required: true, readOnly: true },
    /** Who uploaded it: only they may send it, and see it before it is sent. */
    ownerId: { type: 'string', required: true, readOnly: true },
    width: { type: 'number', required: true, readOnly: true },
    height: { type: 'number', required: true, readOnly: true },
    createdAt: { type: 'string', required: true, readOnly: true },
    /** The message that sent it: set once, by the send's transaction. */
    messageId: { type: 'string' },
  },
  indexes: {
    byId: { pk: pk('CONVERSATION#${conversationId}', ['conversationId']), sk: sk('IMAGE#${imageId}', ['imageId']) },
  },
});

export const MESSAGE_IMAGE_EXPIRY_SHARDS = 4;

/** The expiry index's shard of an image: taken from its conversation, as the due mails' are. */
export const imageExpiryShardOf = (conversationId: string) => shardOf(conversationId, MESSAGE_IMAGE_EXPIRY_SHARDS);

export const messageImageExpiryEntity = new Entity({
  model: { entity: 'messageImageExpiry', version: '1', service: 'solutionz' },
  attributes: {
    conversationId: { type: 'string', required: true, readOnly: true },
    imageId: { type: 'string', required: true, readOnly: true },
    shard: { type: 'number', required: true, readOnly: true },
    /** ISO time the image goes unless a message has sent it by then. */
    until: { type: 'string', required: true, readOnly: true },
  },
  indexes: {
    byImage: { pk: pk('CONVERSATION#${conversationId}', ['conversationId']), sk: sk('IMAGE_EXPIRY#${imageId}', ['imageId']) },
    ended: gsi3('MESSAGE_IMAGE_EXPIRY#${shard}', ['shard'], '${until}', ['until']),
  },
});

export const unreadMessagesEntity = new Entity({
  model: { entity: 'unreadMessages', version: '1', service: 'solutionz' },
  attributes: {
    userId: { type: 'string', required: true, readOnly: true },
    unread: { type: 'number', required: true },
  },
  indexes: {
    byUser: { pk: pk('USER#${userId}', ['userId']), sk: sk('UNREAD_MESSAGES', []) },
  },
});

/** The inbox and thread lists spelled out for the paged Query (raw-commands.ts `pageBelow`). */
export const inboxList = (userId: string) => pagedIndex(0, `USER#${userId}`, 'INBOX#', (at, conversationId) => `INBOX#${at}#${conversationId}`);
export const threadList = (conversationId: string) => ({
  partitionKey: TABLE.partitionKey,
  sortKey: TABLE.sortKey,
  partition: `CONVERSATION#${conversationId}`,
  prefix: 'MESSAGE#',
  position: (at: string, messageId: string) => `MESSAGE#${at}#${messageId}`,
});
