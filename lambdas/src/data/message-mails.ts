import { Entity } from 'electrodb';
import { gsi3, pk, shardOf, sk } from './key-templates';
import { mailClaimEntity } from './mail-claims';
import { unsubscribeTokenEntity } from './unsubscribe-tokens';

/**
 * E-mail for unread messages (docs/product/notifications.md#message-e-mails): what says a mail may be due, what keeps it to one an hour per
 * conversation, and the token of its "turn message e-mails off" link. Every key format of these items is here.
 *
 *   a mail due:     PK = USER#<recipientId>, SK = MESSAGE_MAIL_DUE#<conversationId>; one per recipient and
 *                   conversation, created by the first unread message (a conditional create: later messages
 *                   only count themselves on it). In the sparse index GSI3 by due time:
 *                   GSI3PK = MESSAGE_MAIL_DUE#<shard 0..MESSAGE_MAIL_DUE_SHARDS-1>, GSI3SK = <dueAt>, so the worker
 *                   reads what is due with one bounded Query per shard (`GSI3SK <= now`), never a Scan.
 *                   The shard is taken from the conversation id, so writes spread over a few partitions.
 *                   TTL two days after it is due (a worker that was down that long: the messages are old news).
 *   an hourly       PK = USER#<recipientId>, SK = MESSAGE_MAIL#<conversationId>: the right to mail this person
 *   claim:          about this conversation, taken by a conditional put when there is none, when the last mail
 *                   went more than MESSAGE_MAIL_LIMITS.quietMinutes ago, when it failed or a worker died
 *                   sending it; `through` is the newest message the last mail covered. TTL a day.
 *   the unsubscribe PK = USER#<userId>, SK = MESSAGE_MAILS_TOKEN. Created once, put in every message mail;
 *   token:          the token is `<userId>.<secret>`, so finding it is one GetItem.
 */

export const MESSAGE_MAIL_DUE_SHARDS = 4;

/** The due index's shard of a conversation: the same for every message of it. */
export const dueShardOf = (conversationId: string) => shardOf(conversationId, MESSAGE_MAIL_DUE_SHARDS);

export const messageMailDueEntity = new Entity({
  model: { entity: 'messageMailDue', version: '1', service: 'solutionz' },
  attributes: {
    recipientId: { type: 'string', required: true, readOnly: true },
    conversationId: { type: 'string', required: true, readOnly: true },
    shard: { type: 'number', required: true, readOnly: true },
    /** ISO time the mail may go: the first unread message's time and the delay. */
    dueAt: { type: 'string', required: true },
    /** Messages counted on it: a worker drops it only if none came since it read it. */
    messages: { type: 'number', required: true },
    expiresAt: { type: 'number', required: true },
  },
  indexes: {
    byRecipient: { pk: pk('USER#${recipientId}', ['recipientId']), sk: sk('MESSAGE_MAIL_DUE#${conversationId}', ['conversationId']) },
    due: gsi3('MESSAGE_MAIL_DUE#${shard}', ['shard'], '${dueAt}', ['dueAt']),
  },
});

export const messageMailClaimEntity = mailClaimEntity({
  entity: 'messageMailClaim',
  index: 'byRecipient',
  partition: { prefix: 'USER#', attribute: 'recipientId' },
  sort: { prefix: 'MESSAGE_MAIL#', attribute: 'conversationId' },
  // ISO time of the newest message the mail covered.
  more: { through: { type: 'string' } },
});

export const messageMailsTokenEntity = unsubscribeTokenEntity({
  entity: 'messageMailsToken',
  index: 'byUser',
  owner: 'userId',
  sortKey: 'MESSAGE_MAILS_TOKEN',
});
