import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { RESPONSE_TIME_RULES } from '@solutionz/shared';
import { PARAMS_ONLY } from './key-templates';
import { conversationEntity } from './messages';
import { responseFactCommands, type Item } from './raw-commands';
import { TABLE } from './table-definition';
import { createTableStore } from './table-store';
import { DAY_MS } from './provider-updates';
import { isConditionFailure, retryOnConflict } from './write-outcomes';

/**
 * How fast a provider answers clients (issue 26), kept by the writes: never a scan of conversations.
 *
 *   "a provider's response facts": GetItem PK = USER#<providerId>, SK = RESPONSE_TIMES. One attribute per
 *   conversation a client started, `c_<conversationId>` = "<first message, epoch seconds>" until the
 *   provider's first reply, then "<first message>:<seconds to the first reply>"; `version` counts the
 *   changes. Pruned on every change to the newest RESPONSE_TIME_RULES.maxConversations of the last
 *   windowDays, so it stays one small item however many conversations the provider has. Raw commands: one
 *   attribute per conversation, named after it (as the geo counts name theirs after the cell).
 *   A conversation the provider blocked or reported has `x_<conversationId>` = "blocked" or "reported" beside
 *   its fact: it is left out of the log (a block until it is lifted, a report for good) and goes with its fact.
 *   The conversation item keeps `firstReplyAt`, set once under a condition in the same transaction as the
 *   reply's fact, so concurrent first replies count once.
 *   The profile keeps `responseLog` (the facts without the conversation ids, oldest first) and
 *   `responseLogVersion`, written only over an older version; the listing copies the log with the rest of
 *   the card, so the directory and the provider page work the figure out at read time, with the time
 *   passing counted (an unanswered conversation turns into a missed one 48 hours on with no write at all).
 */

const { partitionKey: PK, sortKey: SK } = TABLE;
const FACT_PREFIX = 'c_';
const EXCLUDED_PREFIX = 'x_';
/** Why a conversation is left out of the figure. */
type ResponseExclusion = 'blocked' | 'reported';
const statsKey = (providerId: string): Item => ({ [PK]: `USER#${providerId}`, [SK]: 'RESPONSE_TIMES' });
const conversationKey = (conversationId: string): Item => conversationEntity.get({ conversationId }).params<{ Key: Item }>(PARAMS_ONLY).Key;

/** One client conversation: when the client first wrote (epoch ms) and, once answered, how long the first reply took. */
export interface ResponseFact {
  readonly at: number;
  readonly replySeconds?: number;
}

const seconds = (ms: number) => Math.floor(ms / 1000);
const factValue = (fact: ResponseFact) => (fact.replySeconds === undefined ? `${seconds(fact.at)}` : `${seconds(fact.at)}:${fact.replySeconds}`);

function parseFact(value: unknown): ResponseFact | undefined {
  if (typeof value !== 'string') return undefined;
  const match = /^(\d+)(?::(\d+))?$/.exec(value);
  if (!match) return undefined;
  return { at: Number(match[1]) * 1000, ...(match[2] === undefined ? {} : { replySeconds: Number(match[2]) }) };
}

/** The profile's (and the listing's) log, read back. */
export function decodeResponseLog(log: readonly string[] | undefined): ResponseFact[] {
  return (log ?? []).flatMap((value) => parseFact(value) ?? []);
}

/** The log written onto the profile (and tests' and the demo's stand-ins for it). */
export function encodeResponseLog(facts: readonly ResponseFact[]): string[] {
  return [...facts].sort((a, b) => a.at - b.at).map(factValue);
}

/** The facts a publish at `now` keeps (newest first, within the window and the cap) and those it drops from the item (at most 100 a time). */
function windowed<T extends { readonly fact: ResponseFact }>(facts: readonly T[], now: Date): { kept: T[]; dropped: T[] } {
  const since = now.getTime() - RESPONSE_TIME_RULES.windowDays * DAY_MS;
  const newestFirst = [...facts].sort((a, b) => b.fact.at - a.fact.at);
  const kept = newestFirst.filter(({ fact }) => fact.at >= since).slice(0, RESPONSE_TIME_RULES.maxConversations);
  return { kept, dropped: newestFirst.filter((entry) => !kept.includes(entry)).slice(0, 100) };
}

/**
 * What `importFacts` leaves for a provider with no facts yet, for a bulk load to write (the demo
 * directory): the facts item (put as it is), and the log and version to put on the profile before its
 * listing is written. Undefined when there are no facts (importFacts writes nothing then).
 */
export function importedResponseFacts(
  providerId: string,
  facts: readonly (ResponseFact & { readonly conversationId: string })[],
  now: Date,
): { item: Item; profile: { responseLog: string[]; responseLogVersion: number } } | undefined {
  if (facts.length === 0) return undefined;
  const { kept, dropped } = windowed(
    facts.map((fact) => ({ name: `${FACT_PREFIX}${fact.conversationId}`, fact })),
    now,
  );
  const left = facts.filter((fact) => !dropped.some((entry) => entry.fact === fact));
  return {
    item: { ...statsKey(providerId), ...Object.fromEntries(left.map((fact) => [`${FACT_PREFIX}${fact.conversationId}`, factValue(fact)])), version: 1 },
    profile: { responseLog: encodeResponseLog(kept.map(({ fact }) => fact)), responseLogVersion: 1 },
  };
}

export interface ResponseTimesRepository {
  /** A client's first message in a conversation the client started. */
  clientStarted(providerId: string, conversationId: string, at: Date): Promise<void>;
  /** The provider's first reply in a conversation a client started; false when a first reply was recorded already. */
  providerReplied(conversation: { readonly conversationId: string; readonly providerId: string; readonly createdAt: string }, at: Date): Promise<boolean>;
  /** Copies the provider's facts of the window at `now` onto their profile (dropping older ones from the facts). */
  publish(providerId: string, now: Date): Promise<void>;
  /**
   * Leaves a conversation the provider blocked or reported out of their figure (a report is not undone by a
   * block's lifting); false when there is no fact of it to leave out. Publish afterwards.
   */
  exclude(providerId: string, conversationId: string, reason: ResponseExclusion): Promise<boolean>;
  /** A lifted block: the conversation counts again, unless the provider reported it; false when nothing changed. */
  includeUnblocked(providerId: string, conversationId: string): Promise<boolean>;
  /** Facts written as they are, then published (the demo data). */
  importFacts(providerId: string, facts: readonly (ResponseFact & { readonly conversationId: string })[], now: Date): Promise<void>;
}

export function createResponseTimesRepository(client: DynamoDBDocumentClient, tableName: string): ResponseTimesRepository {
  const { profile } = createTableStore(client, tableName).entities;
  const commands = responseFactCommands(client, tableName);

  const setFact = (providerId: string, conversationId: string, fact: ResponseFact, onlyIfNew: boolean) => ({
    Key: statsKey(providerId),
    // A first message never overwrites a reply recorded before it (the two may arrive in either order).
    UpdateExpression: `SET #fact = ${onlyIfNew ? 'if_not_exists(#fact, :fact)' : ':fact'} ADD #version :one`,
    ExpressionAttributeNames: { '#fact': `${FACT_PREFIX}${conversationId}`, '#version': 'version' },
    ExpressionAttributeValues: { ':fact': factValue(fact), ':one': 1 },
  });

  return {
    async clientStarted(providerId, conversationId, at) {
      await commands.update(setFact(providerId, conversationId, { at: at.getTime() }, true));
    },

    async providerReplied(conversation, at) {
      const firstAt = Date.parse(conversation.createdAt);
      const fact = { at: firstAt, replySeconds: Math.max(0, seconds(at.getTime() - firstAt)) };
      return retryOnConflict(`The first reply in ${conversation.conversationId}`, async () => {
        try {
          await commands.transact([
            {
              Update: {
                TableName: tableName,
                Key: conversationKey(conversation.conversationId),
                UpdateExpression: 'SET #firstReplyAt = :at',
                ConditionExpression: 'attribute_exists(#pk) AND attribute_not_exists(#firstReplyAt)',
                ExpressionAttributeNames: { '#pk': PK, '#firstReplyAt': 'firstReplyAt' },
                ExpressionAttributeValues: { ':at': at.toISOString() },
              },
            },
            { Update: { TableName: tableName, ...setFact(conversation.providerId, conversation.conversationId, fact, false) } },
          ]);
          return true;
        } catch (error) {
          // Answered already (another first reply got there first).
          if (isConditionFailure(error)) return false;
          throw error;
        }
      });
    },

    async publish(providerId, now) {
      const stats = await commands.get(statsKey(providerId));
      if (!stats) return;
      const facts = Object.entries(stats).flatMap(([name, value]) => {
        const fact = name.startsWith(FACT_PREFIX) ? parseFact(value) : undefined;
        return fact ? [{ name, fact, marker: `${EXCLUDED_PREFIX}${name.slice(FACT_PREFIX.length)}` }] : [];
      });
      const left = (entry: { marker: string }) => stats[entry.marker] !== undefined;
      const { kept, dropped } = windowed(
        facts.filter((entry) => !left(entry)),
        now,
      );
      // A fact left out stays until it is as old as the window, then goes with its mark.
      const since = now.getTime() - RESPONSE_TIME_RULES.windowDays * DAY_MS;
      const gone = [...dropped, ...facts.filter((entry) => left(entry) && entry.fact.at < since)].slice(0, 50);
      const names = gone.flatMap((entry) => (left(entry) ? [entry.name, entry.marker] : [entry.name]));
      if (names.length > 0) {
        await commands.update({
          Key: statsKey(providerId),
          UpdateExpression: `REMOVE ${names.map((_, n) => `#d${n}`).join(', ')}`,
          ExpressionAttributeNames: Object.fromEntries(names.map((name, n) => [`#d${n}`, name])),
        });
      }
      const version = typeof stats.version === 'number' ? stats.version : 0;
      try {
        await profile
          .patch({ userId: providerId })
          .set({ responseLog: encodeResponseLog(kept.map(({ fact }) => fact)), responseLogVersion: version })
          .where((attr, op) => `${op.notExists(attr.responseLogVersion)} OR ${op.lt(attr.responseLogVersion, version)}`)
          .go({ response: 'none' });
      } catch (error) {
        // A newer version is on the profile already, or the profile is gone (erased).
        if (!isConditionFailure(error)) throw error;
      }
    },

    async exclude(providerId, conversationId, reason) {
      try {
        await commands.update({
          Key: statsKey(providerId),
          // A report stays whatever block comes after it.
          UpdateExpression: `SET #mark = ${reason === 'blocked' ? 'if_not_exists(#mark, :reason)' : ':reason'} ADD #version :one`,
          ConditionExpression: 'attribute_exists(#fact)',
          ExpressionAttributeNames: { '#mark': `${EXCLUDED_PREFIX}${conversationId}`, '#fact': `${FACT_PREFIX}${conversationId}`, '#version': 'version' },
          ExpressionAttributeValues: { ':reason': reason, ':one': 1 },
        });
        return true;
      } catch (error) {
        if (isConditionFailure(error)) return false;
        throw error;
      }
    },

    async includeUnblocked(providerId, conversationId) {
      try {
        await commands.update({
          Key: statsKey(providerId),
          UpdateExpression: 'REMOVE #mark ADD #version :one',
          ConditionExpression: '#mark = :blocked',
          ExpressionAttributeNames: { '#mark': `${EXCLUDED_PREFIX}${conversationId}`, '#version': 'version' },
          ExpressionAttributeValues: { ':blocked': 'blocked', ':one': 1 },
        });
        return true;
      } catch (error) {
        if (isConditionFailure(error)) return false;
        throw error;
      }
    },

    async importFacts(providerId, facts, now) {
      if (facts.length === 0) return;
      await commands.update({
        Key: statsKey(providerId),
        UpdateExpression: `SET ${facts.map((_, n) => `#f${n} = :f${n}`).join(', ')} ADD #version :one`,
        ExpressionAttributeNames: { ...Object.fromEntries(facts.map((fact, n) => [`#f${n}`, `${FACT_PREFIX}${fact.conversationId}`])), '#version': 'version' },
        ExpressionAttributeValues: { ...Object.fromEntries(facts.map((fact, n) => [`:f${n}`, factValue(fact)])), ':one': 1 },
      });
      await this.publish(providerId, now);
    },
  };
}

/** Removes the provider's facts (account erasure). */
export async function forgetResponseFacts(client: DynamoDBDocumentClient, tableName: string, providerId: string): Promise<void> {
  await responseFactCommands(client, tableName).delete(statsKey(providerId));
}
