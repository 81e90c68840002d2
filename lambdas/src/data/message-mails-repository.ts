import { randomUUID } from 'node:crypto';
import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { MESSAGE_MAIL_LIMITS } from '@solutionz/shared';
import { epochSeconds } from './epoch-seconds';
import { STALE_CLAIM_MS } from './mail-claims';
import { dueShardOf, MESSAGE_MAIL_DUE_SHARDS } from './message-mails';
import type { MessageRecord } from './messages-repository';
import { DAY_MS } from './provider-updates';
import { createTableStore } from './table-store';
import { unsubscribeTokens } from './unsubscribe-tokens';
import { isConditionFailure } from './write-outcomes';

/** A mail that may be due: who, about which conversation, from when, and how many messages it stands for. */
export interface MailDue {
  readonly recipientId: string;
  readonly conversationId: string;
  readonly dueAt: string;
  readonly messages: number;
}

/** The last mail about a conversation to a person (the hourly claim). */
interface LastMessageMail {
  readonly status: 'sending' | 'sent' | 'failed';
  /** Epoch ms. */
  readonly claimedAt: number;
  /** The newest message it covered (sent ones). */
  readonly through?: string;
}

/** The due mails, the hourly claims and the unsubscribe tokens of message mails (key formats in message-mails.ts). */
export interface MessageMailsRepository {
  /**
   * Notes a message to the recipient: the first one (none due yet) creates the due item at `dueAt`; later
   * ones only count themselves on it, so many messages make one item.
   */
  schedule(recipientId: string, conversationId: string, dueAt: string): Promise<void>;
  /** Mails due at `now` or before, the earliest first, at most `limit`: one bounded Query per shard. */
  due(now: Date, limit: number): Promise<MailDue[]>;
  /** Removes the item unless a message was counted on it since it was read (then it stays for the next run). */
  drop(item: MailDue): Promise<boolean>;
  /** Moves the item to `dueAt`, unless a message was counted on it since it was read. */
  postpone(item: MailDue, dueAt: string): Promise<boolean>;
  lastMail(recipientId: string, conversationId: string): Promise<LastMessageMail | undefined>;
  /**
   * Takes the right to mail this person about this conversation now: the claim's id, or undefined when a
   * mail went (or is going) within the quiet minutes.
   */
  claim(recipientId: string, conversationId: string, now: Date): Promise<string | undefined>;
  markSent(recipientId: string, conversationId: string, claimId: string, through: string): Promise<void>;
  markFailed(recipientId: string, conversationId: string, claimId: string): Promise<void>;
  /** The conversation's messages sent after `after` (ISO), oldest first, at most `limit`. */
  messagesAfter(conversationId: string, after: string, limit: number): Promise<MessageRecord[]>;
  /** The person's unsubscribe token, created the first time it is asked for. */
  unsubscribeToken(userId: string, now: Date): Promise<string>;
  /** Whose token this is, or undefined for one that is malformed, unknown or wrong. */
  ownerOfUnsubscribeToken(token: string): Promise<string | undefined>;
  /** Account erasure: the person's due mails, claims and token. */
  forget(userId: string): Promise<void>;
}

const QUIET_MS = MESSAGE_MAIL_LIMITS.quietMinutes * 60_000;

export function createMessageMailsRepository(client: DynamoDBDocumentClient, tableName: string): MessageMailsRepository {
  const { messageMailDue: dueItems, messageMailClaim: claims, messageMailsToken: tokenItems, message } = createTableStore(client, tableName).entities;
  const expiresAfter = (dueAt: string) => epochSeconds(new Date(Date.parse(dueAt) + 2 * DAY_MS));

  async function conditional(write: () => Promise<unknown>): Promise<boolean> {
    try {
      await write();
      return true;
    } catch (error) {
      if (isConditionFailure(error)) return false;
      throw error;
    }
  }

  async function finish(recipientId: string, conversationId: string, claimId: string, status: 'sent' | 'failed', through?: string) {
    // Taken over as stale meanwhile: the claim is the other worker's to finish.
    await conditional(() =>
      claims
        .patch({ recipientId, conversationId })
        .set({ status, ...(through ? { through } : {}) })
        .where((attr, op) => op.eq(attr.claimId, claimId))
        .go({ response: 'none' }),
    );
  }

  const tokens = unsubscribeTokens({
    read: async (userId) => (await tokenItems.get({ userId }).go({ consistent: true })).data?.secret,
    create: async (userId, secret, createdAt) => {
      await tokenItems.create({ userId, secret, createdAt }).go({ response: 'none' });
    },
  });

  return {
    async schedule(recipientId, conversationId, dueAt) {
      for (let attempt = 0; attempt < 3; attempt++) {
        const created = await conditional(() =>
          dueItems
            .create({ recipientId, conversationId, shard: dueShardOf(conversationId), dueAt, messages: 1, expiresAt: expiresAfter(dueAt) })
            .go({ response: 'none' }),
        );
        if (created) return;
        // One is due already: count this message on it (a worker that read it before then keeps it).
        if (await conditional(() => dueItems.patch({ recipientId, conversationId }).add({ messages: 1 }).go({ response: 'none' }))) return;
        // Dropped between the two writes: create it again.
      }
      throw new Error(`The message mail of ${recipientId} about ${conversationId} could not be scheduled`);
    },

    async due(now, limit) {
      const upTo = now.toISOString();
      const shards = await Promise.all(
        Array.from({ length: MESSAGE_MAIL_DUE_SHARDS }, (_, shard) =>
          dueItems.query
            .due({ shard })
            .lte({ dueAt: upTo })
            .go({ limit, attributes: ['recipientId', 'conversationId', 'dueAt', 'messages'] }),
        ),
      );
      return shards
        .flatMap(({ data }) => data)
        .sort((a, b) => a.dueAt.localeCompare(b.dueAt))
        .slice(0, limit)
        .map(({ recipientId, conversationId, dueAt, messages }) => ({ recipientId, conversationId, dueAt, messages }));
    },

    drop: (item) =>
      conditional(() =>
        dueItems
          .delete({ recipientId: item.recipientId, conversationId: item.conversationId })
          .where((attr, op) => op.eq(attr.messages, item.messages))
          .go({ response: 'none' }),
      ),

    postpone: (item, dueAt) =>
      conditional(() =>
        dueItems
          .put({
            recipientId: item.recipientId,
            conversationId: item.conversationId,
            shard: dueShardOf(item.conversationId),
            dueAt,
            messages: item.messages,
            expiresAt: expiresAfter(dueAt),
          })
          .where((attr, op) => op.eq(attr.messages, item.messages))
          .go({ response: 'none' }),
      ),

    async lastMail(recipientId, conversationId) {
      const { data } = await claims.get({ recipientId, conversationId }).go({ consistent: true });
      return data ? { status: data.status, claimedAt: data.claimedAt, ...(data.through ? { through: data.through } : {}) } : undefined;
    },

    async claim(recipientId, conversationId, now) {
      const claimId = randomUUID();
      const taken = await conditional(() =>
        claims
          .put({ recipientId, conversationId, status: 'sending', claimId, claimedAt: now.getTime(), expiresAt: epochSeconds(new Date(now.getTime() + DAY_MS)) })
          .where(
            (attr, op) =>
              `${op.notExists(attr.recipientId)} OR (${op.eq(attr.status, 'sent')} AND ${op.lte(attr.claimedAt, now.getTime() - QUIET_MS)}) OR ${op.eq(attr.status, 'failed')} OR (${op.eq(attr.status, 'sending')} AND ${op.lt(attr.claimedAt, now.getTime() - STALE_CLAIM_MS)})`,
          )
          .go({ response: 'none' }),
      );
      return taken ? claimId : undefined;
    },

    markSent: (recipientId, conversationId, claimId, through) => finish(recipientId, conversationId, claimId, 'sent', through),
    markFailed: (recipientId, conversationId, claimId) => finish(recipientId, conversationId, claimId, 'failed'),

    async messagesAfter(conversationId, after, limit) {
      const { data } = await message.query
        .byTime({ conversationId })
        .gt({ sentAt: after })
        .go({ limit: limit + 1 });
      return data
        .filter((sent) => sent.sentAt > after)
        .slice(0, limit)
        .map(({ conversationId: id, messageId, senderId, text, sentAt }) => ({ conversationId: id, messageId, senderId, text, sentAt }));
    },

    unsubscribeToken: (userId, now) => tokens.tokenOf(userId, now),
    ownerOfUnsubscribeToken: (token) => tokens.ownerOf(token),

    async forget(userId) {
      const [due, ownClaims] = await Promise.all([
        dueItems.query.byRecipient({ recipientId: userId }).go({ pages: 'all', attributes: ['recipientId', 'conversationId'] }),
        claims.query.byRecipient({ recipientId: userId }).go({ pages: 'all', attributes: ['recipientId', 'conversationId'] }),
      ]);
      await Promise.all([
        tokenItems.delete({ userId }).go({ response: 'none' }),
        ...due.data.map((item) => dueItems.delete(item).go({ response: 'none' })),
        ...ownClaims.data.map((item) => claims.delete(item).go({ response: 'none' })),
      ]);
    },
  };
}
