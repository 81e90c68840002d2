import { createHash } from 'node:crypto';
import { imagesLine } from '@solutionz/shared';
import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { untilProcessed } from './batch';
import { epochSeconds } from './epoch-seconds';
import { imageExpiryShardOf, inboxList, MESSAGE_IMAGE_EXPIRY_SHARDS, threadList } from './messages';
import { pageBelow, type Item } from './raw-commands';
import { forgetResponseFacts } from './response-times-repository';
import { createTableStore } from './table-store';
import { decodeTimeCursor, encodeTimeCursor } from './time-cursor';
import { CONFLICT, isConditionFailure, retryOnConflict } from './write-outcomes';

export interface ConversationRecord {
  readonly conversationId: string;
  readonly clientId: string;
  readonly providerId: string;
  readonly startedBy: string;
  readonly jobId?: string;
  readonly jobTitle?: string;
  readonly createdAt: string;
  readonly lastMessageAt: string;
  readonly blockedByClient: boolean;
  readonly blockedByProvider: boolean;
  /** The provider's first reply to a conversation a client started (response times). */
  readonly firstReplyAt?: string;
}

/** One person's side of a conversation: what their inbox shows of it. */
export interface ConversationMemberRecord {
  readonly userId: string;
  readonly conversationId: string;
  readonly otherUserId: string;
  readonly jobId?: string;
  readonly jobTitle?: string;
  readonly lastActivityAt: string;
  readonly lastLine: string;
  readonly lastSenderId: string;
  readonly unread: number;
  readonly lastReadAt?: string;
}

export interface MessageRecord {
  readonly conversationId: string;
  readonly messageId: string;
  readonly senderId: string;
  readonly text: string;
  /** Images sent with it, in order. */
  readonly imageIds?: readonly string[];
  readonly sentAt: string;
}

/** An image uploaded to a conversation, checked and kept; sent once at most. */
interface MessageImageRecord {
  readonly conversationId: string;
  readonly imageId: string;
  readonly ownerId: string;
  readonly width: number;
  readonly height: number;
  readonly createdAt: string;
  readonly messageId?: string;
}

/** A checked image's keeping ends at `until` unless a message has sent it. */
interface MessageImageExpiry {
  readonly conversationId: string;
  readonly imageId: string;
  readonly until: string;
}

interface Page<T> {
  readonly items: T[];
  readonly nextCursor?: string;
}

type SendOutcome = 'sent' | 'duplicate' | 'blocked' | 'recipientGone' | 'imageUnavailable';

export interface MessagesRepository {
  getConversation(conversationId: string): Promise<ConversationRecord | undefined>;
  getMember(userId: string, conversationId: string): Promise<ConversationMemberRecord | undefined>;
  /**
   * The pair's conversation with its first message, all in one transaction; 'exists' when the pair has one
   * already (the message is then not written: send it into that one).
   */
  start(
    conversation: Omit<ConversationRecord, 'lastMessageAt' | 'blockedByClient' | 'blockedByProvider' | 'firstReplyAt'>,
    message: MessageRecord,
  ): Promise<'started' | 'exists'>;
  /**
   * A message, the conversation's last activity, both sides' inbox lines and the recipient's unread counts,
   * in one transaction; refused while either side blocks, once if its id was sent already, and unless each
   * of its images is the sender's, of this conversation and not sent yet (each is marked sent by it).
   */
  send(conversation: ConversationRecord, message: MessageRecord): Promise<SendOutcome>;
  /** A message by its id (what a retried send answers). */
  getMessage(conversationId: string, messageId: string): Promise<MessageRecord | undefined>;
  /** Marks the person's side read now; answers their unread total after it. */
  markRead(userId: string, conversationId: string, now: Date): Promise<number>;
  setBlocked(conversationId: string, side: 'client' | 'provider', blocked: boolean): Promise<void>;
  /** A page of the person's conversations, latest activity first; throws InvalidCursorError for a cursor it did not make. */
  inbox(userId: string, cursor: string | undefined, limit: number): Promise<Page<ConversationMemberRecord>>;
  /** A page of a conversation's messages, newest first. */
  thread(conversationId: string, cursor: string | undefined, limit: number): Promise<Page<MessageRecord>>;
  unreadTotal(userId: string): Promise<number>;
  /** An image kept for the conversation (at most once per id: false when the id is taken). */
  addImage(image: Omit<MessageImageRecord, 'messageId'>): Promise<boolean>;
  getImage(conversationId: string, imageId: string): Promise<MessageImageRecord | undefined>;
  /** Every image the person uploaded to their conversations, sent or not (erasure and export). */
  imagesOf(userId: string): Promise<MessageImageRecord[]>;
  removeImages(images: readonly Pick<MessageImageRecord, 'conversationId' | 'imageId'>[]): Promise<void>;
  /** Notes when a checked image goes unless a message sends it first (written before its files, so none is left unnoted). */
  expireImage(expiry: MessageImageExpiry): Promise<void>;
  /** Expiries that have ended by `now`, the earliest first, at most `limit`: one bounded Query per shard. */
  endedImageExpiries(now: Date, limit: number): Promise<MessageImageExpiry[]>;
  /**
   * Removes the image unless a message sent it (a conditional delete, so a send at the same moment either
   * takes it first or finds it gone): 'removed', also when it was gone already, or 'sent'.
   */
  removeUnsentImage(conversationId: string, imageId: string): Promise<'removed' | 'sent'>;
  /** The expiry is dealt with. */
  dropImageExpiry(conversationId: string, imageId: string): Promise<void>;
  /** Every conversation of the person with all its messages, oldest first (the data export). */
  everything(userId: string): Promise<{ side: ConversationMemberRecord; messages: MessageRecord[] }[]>;
  /**
   * Removes the person's side of each conversation and their unread total (account erasure): the other
   * side keeps the conversation and its messages, and nothing reaches the erased person any more.
   */
  forget(userId: string): Promise<void>;
}

/** The pair's one conversation id: the same whoever writes first. */
export function conversationIdOf(clientId: string, providerId: string): string {
  return createHash('sha256').update(`${clientId}\n${providerId}`).digest('base64url').slice(0, 22);
}

/** How much of a message an inbox row keeps. */
const LAST_LINE_CHARS = 140;
const clipped = (text: string) => (text.length > LAST_LINE_CHARS ? `${text.slice(0, LAST_LINE_CHARS - 1)}…` : text);
const lastLineOf = (sent: Pick<MessageRecord, 'text' | 'imageIds'>) => clipped(sent.text || imagesLine(sent.imageIds?.length ?? 0));
/** A message id is kept this long, so a retried send is not stored twice. */
const SENT_MARK_SECONDS = 86_400;

const toConversation = (item: Item): ConversationRecord => ({
  conversationId: item.conversationId as string,
  clientId: item.clientId as string,
  providerId: item.providerId as string,
  startedBy: item.startedBy as string,
  ...(typeof item.jobId === 'string' ? { jobId: item.jobId } : {}),
  ...(typeof item.jobTitle === 'string' ? { jobTitle: item.jobTitle } : {}),
  createdAt: item.createdAt as string,
  lastMessageAt: item.lastMessageAt as string,
  blockedByClient: item.blockedByClient === true,
  blockedByProvider: item.blockedByProvider === true,
  ...(typeof item.firstReplyAt === 'string' ? { firstReplyAt: item.firstReplyAt } : {}),
});

const toMember = (item: Item): ConversationMemberRecord => ({
  userId: item.userId as string,
  conversationId: item.conversationId as string,
  otherUserId: item.otherUserId as string,
  ...(typeof item.jobId === 'string' ? { jobId: item.jobId } : {}),
  ...(typeof item.jobTitle === 'string' ? { jobTitle: item.jobTitle } : {}),
  lastActivityAt: item.lastActivityAt as string,
  lastLine: item.lastLine as string,
  lastSenderId: item.lastSenderId as string,
  unread: typeof item.unread === 'number' ? item.unread : 0,
  ...(typeof item.lastReadAt === 'string' ? { lastReadAt: item.lastReadAt } : {}),
});

const toMessage = (item: Item): MessageRecord => ({
  conversationId: item.conversationId as string,
  messageId: item.messageId as string,
  senderId: item.senderId as string,
  text: item.text as string,
  ...(Array.isArray(item.imageIds) && item.imageIds.length > 0 ? { imageIds: item.imageIds as string[] } : {}),
  sentAt: item.sentAt as string,
});

const toImage = (item: Item): MessageImageRecord => ({
  conversationId: item.conversationId as string,
  imageId: item.imageId as string,
  ownerId: item.ownerId as string,
  width: item.width as number,
  height: item.height as number,
  createdAt: item.createdAt as string,
  ...(typeof item.messageId === 'string' ? { messageId: item.messageId } : {}),
});

type WriteCallback = Parameters<ReturnType<typeof createTableStore>['transaction']['write']>[0];
/** The entities as a transaction's writes see them. */
type Entities = Parameters<WriteCallback>[0];

export function createMessagesRepository(client: DynamoDBDocumentClient, tableName: string): MessagesRepository {
  const store = createTableStore(client, tableName);
  const { conversation, conversationMember, message, messageImage, messageImageExpiry, unreadMessages } = store.entities;

  const sentMark = (entities: Entities, sent: MessageRecord) =>
    entities.sentMessageMark
      .create({
        conversationId: sent.conversationId,
        messageId: sent.messageId,
        sentAt: sent.sentAt,
        expiresAt: epochSeconds(new Date(sent.sentAt)) + SENT_MARK_SECONDS,
      })
      .commit();
  const messageWrite = (entities: Entities, { imageIds, ...sent }: MessageRecord) =>
    entities.message.create({ ...sent, ...(imageIds?.length ? { imageIds: [...imageIds] } : {}) }).commit();
  const addUnread = (entities: Entities, userId: string, delta: number) => entities.unreadMessages.update({ userId }).add({ unread: delta }).commit();

  async function getMember(userId: string, conversationId: string) {
    const { data } = await conversationMember.get({ userId, conversationId }).go({ consistent: true });
    return data ? toMember(data) : undefined;
  }

  async function page<T>(
    list: ReturnType<typeof inboxList> | ReturnType<typeof threadList>,
    cursor: string | undefined,
    limit: number,
    map: (item: Item) => T,
    positionOf: (item: T) => [string, string],
  ): Promise<Page<T>> {
    const after = cursor === undefined ? undefined : decodeTimeCursor(cursor);
    const below = after ? list.position(after.at, after.id) : undefined;
    const items = (await pageBelow(client, tableName, list, below, limit)).map(map);
    const shown = items.slice(0, limit);
    return items.length > limit ? { items: shown, nextCursor: encodeTimeCursor(...positionOf(shown.at(-1)!)) } : { items: shown };
  }

  async function unreadTotal(userId: string) {
    const { data } = await unreadMessages.get({ userId }).go({ consistent: true });
    return Math.max(0, data?.unread ?? 0);
  }

  return {
    async getConversation(conversationId) {
      const { data } = await conversation.get({ conversationId }).go({ consistent: true });
      return data ? toConversation(data) : undefined;
    },

    getMember,

    async start(started, first) {
      const recipientId = first.senderId === started.clientId ? started.providerId : started.clientId;
      const job = started.jobId ? { jobId: started.jobId, ...(started.jobTitle ? { jobTitle: started.jobTitle } : {}) } : {};
      const line = { lastActivityAt: first.sentAt, lastLine: lastLineOf(first), lastSenderId: first.senderId };
      const result = await store.transaction
        .write((entities) => [
          entities.conversation.create({ ...started, lastMessageAt: first.sentAt }).commit(),
          entities.conversationMember
            .create({
              userId: first.senderId,
              conversationId: started.conversationId,
              otherUserId: recipientId,
              ...job,
              ...line,
              unread: 0,
              lastReadAt: first.sentAt,
            })
            .commit(),
          entities.conversationMember
            .create({ userId: recipientId, conversationId: started.conversationId, otherUserId: first.senderId, ...job, ...line, unread: 1 })
            .commit(),
          messageWrite(entities, first),
          sentMark(entities, first),
          addUnread(entities, recipientId, 1),
        ])
        .go();
      if (!result.canceled) return 'started';
      const codes = (result.data as { code: string }[]).map((item) => item.code);
      if (codes[0] === 'ConditionalCheckFailed') return 'exists';
      throw new Error(`The start of conversation ${started.conversationId} was cancelled: ${codes.join(', ')}`);
    },

    async send(current, sent) {
      const senderId = sent.senderId;
      const recipientId = senderId === current.clientId ? current.providerId : current.clientId;
      const line = { lastActivityAt: sent.sentAt, lastLine: lastLineOf(sent), lastSenderId: senderId };
      return retryOnConflict<SendOutcome>(`The message ${sent.messageId}`, async () => {
        const result = await store.transaction
          .write((entities) => [
            sentMark(entities, sent),
            messageWrite(entities, sent),
            entities.conversation
              .patch({ conversationId: current.conversationId })
              .set({ lastMessageAt: sent.sentAt })
              .where((attr, op) => `${op.ne(attr.blockedByClient, true)} AND ${op.ne(attr.blockedByProvider, true)}`)
              .commit(),
            entities.conversationMember
              .patch({ userId: senderId, conversationId: current.conversationId })
              .set({ ...line, lastReadAt: sent.sentAt })
              .commit(),
            entities.conversationMember.patch({ userId: recipientId, conversationId: current.conversationId }).set(line).add({ unread: 1 }).commit(),
            addUnread(entities, recipientId, 1),
            // Each image once, by its uploader, in its own conversation (the key): conditional, not read first.
            ...(sent.imageIds ?? []).map((imageId) =>
              entities.messageImage
                .patch({ conversationId: current.conversationId, imageId })
                .set({ messageId: sent.messageId })
                .where((attr, op) => `${op.eq(attr.ownerId, senderId)} AND ${op.notExists(attr.messageId)}`)
                .commit(),
            ),
          ])
          .go();
        if (!result.canceled) return 'sent';
        const codes = (result.data as { code: string }[]).map((item) => item.code);
        if (codes.includes('TransactionConflict')) return CONFLICT;
        if (codes[0] === 'ConditionalCheckFailed') return 'duplicate';
        if (codes[2] === 'ConditionalCheckFailed') return 'blocked';
        if (codes[4] === 'ConditionalCheckFailed') return 'recipientGone';
        if (codes.slice(6).includes('ConditionalCheckFailed')) return 'imageUnavailable';
        throw new Error(`The message ${sent.messageId} was cancelled: ${codes.join(', ')}`);
      });
    },

    async getMessage(conversationId, messageId) {
      const { data: mark } = await store.entities.sentMessageMark.get({ conversationId, messageId }).go({ consistent: true });
      if (!mark) return undefined;
      const { data } = await message.get({ conversationId, sentAt: mark.sentAt, messageId }).go({ consistent: true });
      return data ? toMessage(data) : undefined;
    },

    async markRead(userId, conversationId, now) {
      const readAt = now.toISOString();
      await retryOnConflict(`Reading conversation ${conversationId}`, async () => {
        const side = await getMember(userId, conversationId);
        if (!side) return undefined;
        if (side.unread === 0) {
          await conversationMember.patch({ userId, conversationId }).set({ lastReadAt: readAt }).go({ response: 'none' });
          return undefined;
        }
        const result = await store.transaction
          .write((entities) => [
            entities.conversationMember
              .patch({ userId, conversationId })
              .set({ lastReadAt: readAt, unread: 0 })
              .where((attr, op) => op.eq(attr.unread, side.unread))
              .commit(),
            addUnread(entities, userId, -side.unread),
          ])
          .go();
        // A message arrived since the read: read again.
        return result.canceled ? CONFLICT : undefined;
      });
      return unreadTotal(userId);
    },

    async setBlocked(conversationId, side, blocked) {
      await conversation
        .patch({ conversationId })
        .set(side === 'client' ? { blockedByClient: blocked } : { blockedByProvider: blocked })
        .go({ response: 'none' });
    },

    inbox: (userId, cursor, limit) => page(inboxList(userId), cursor, limit, toMember, (member) => [member.lastActivityAt, member.conversationId]),

    thread: (conversationId, cursor, limit) => page(threadList(conversationId), cursor, limit, toMessage, (sent) => [sent.sentAt, sent.messageId]),

    unreadTotal,

    async addImage(image) {
      try {
        await messageImage.create({ ...image }).go({ response: 'none' });
        return true;
      } catch (error) {
        if (isConditionFailure(error)) return false;
        throw error;
      }
    },

    async getImage(conversationId, imageId) {
      const { data } = await messageImage.get({ conversationId, imageId }).go({ consistent: true });
      return data ? toImage(data) : undefined;
    },

    async imagesOf(userId) {
      const { data: sides } = await conversationMember.query.byConversation({ userId }).go({ pages: 'all' });
      const found = await Promise.all(
        sides.map(async ({ conversationId }) => (await messageImage.query.byId({ conversationId }).go({ pages: 'all' })).data.map(toImage)),
      );
      return found.flat().filter((image) => image.ownerId === userId);
    },

    async removeImages(images) {
      if (images.length === 0) return;
      await untilProcessed(
        'Message images',
        images.map(({ conversationId, imageId }) => ({ conversationId, imageId })),
        async (keys) => (await messageImage.delete([...keys]).go()).unprocessed,
      );
    },

    async expireImage({ conversationId, imageId, until }) {
      await messageImageExpiry.put({ conversationId, imageId, until, shard: imageExpiryShardOf(conversationId) }).go({ response: 'none' });
    },

    async endedImageExpiries(now, limit) {
      const upTo = now.toISOString();
      const shards = await Promise.all(
        Array.from({ length: MESSAGE_IMAGE_EXPIRY_SHARDS }, (_, shard) =>
          messageImageExpiry.query
            .ended({ shard })
            .lte({ until: upTo })
            .go({ limit, attributes: ['conversationId', 'imageId', 'until'] }),
        ),
      );
      return shards
        .flatMap(({ data }) => data)
        .sort((a, b) => a.until.localeCompare(b.until))
        .slice(0, limit)
        .map(({ conversationId, imageId, until }) => ({ conversationId, imageId, until }));
    },

    async removeUnsentImage(conversationId, imageId) {
      try {
        await messageImage
          .delete({ conversationId, imageId })
          .where((attr, op) => op.notExists(attr.messageId))
          .go({ response: 'none' });
        return 'removed';
      } catch (error) {
        if (isConditionFailure(error)) return 'sent';
        throw error;
      }
    },

    async dropImageExpiry(conversationId, imageId) {
      await messageImageExpiry.delete({ conversationId, imageId }).go({ response: 'none' });
    },

    async everything(userId) {
      const { data: sides } = await conversationMember.query.byConversation({ userId }).go({ pages: 'all' });
      return Promise.all(
        sides.map(async (side) => {
          const { data } = await message.query.byTime({ conversationId: side.conversationId }).go({ pages: 'all' });
          return { side: toMember(side), messages: data.map(toMessage) };
        }),
      );
    },

    async forget(userId) {
      const { data: sides } = await conversationMember.query.byConversation({ userId }).go({ pages: 'all' });
      if (sides.length > 0) {
        await untilProcessed(
          `The conversations of ${userId}`,
          sides.map(({ conversationId }) => ({ userId, conversationId })),
          async (keys) => (await conversationMember.delete([...keys]).go()).unprocessed,
        );
      }
      await unreadMessages.delete({ userId }).go({ response: 'none' });
      // A provider's response-time facts go too (their profile, which publishes them, is erased with the account).
      await forgetResponseFacts(client, tableName, userId);
    },
  };
}
