import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { RESPONSE_TIME_RULES } from '@solutionz/shared';
import { PARAMS_ONLY } from './key-templates';
import { conversationEntity } from './messages';
import { DAY_MS } from './provider-updates';
import { responseFactCommands, type Item } from './raw-commands';
import {
  conversationOfFact,
  encodeResponseLog,
  exclusionAttribute,
  factAttribute,
  factValue,
  parseFact,
  responseFactsKey,
  seconds,
  windowed,
  type ResponseExclusion,
  type ResponseFact,
} from './response-times';
import { TABLE } from './table-definition';
import { createTableStore } from './table-store';
import { isConditionFailure, retryOnConflict } from './write-outcomes';

const { partitionKey: PK } = TABLE;
const conversationKey = (conversationId: string): Item => conversationEntity.get({ conversationId }).params<{ Key: Item }>(PARAMS_ONLY).Key;

/** How fast a provider answers clients: the facts item and the profile's log (key and attribute formats in response-times.ts). */
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
    Key: responseFactsKey(providerId),
    // A first message never overwrites a reply recorded before it (the two may arrive in either order).
    UpdateExpression: `SET #fact = ${onlyIfNew ? 'if_not_exists(#fact, :fact)' : ':fact'} ADD #version :one`,
    ExpressionAttributeNames: { '#fact': factAttribute(conversationId), '#version': 'version' },
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
      const stats = await commands.get(responseFactsKey(providerId));
      if (!stats) return;
      const facts = Object.entries(stats).flatMap(([name, value]) => {
        const conversationId = conversationOfFact(name);
        const fact = conversationId === undefined ? undefined : parseFact(value);
        return fact ? [{ name, fact, marker: exclusionAttribute(conversationId!) }] : [];
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
          Key: responseFactsKey(providerId),
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
          Key: responseFactsKey(providerId),
          // A report stays whatever block comes after it.
          UpdateExpression: `SET #mark = ${reason === 'blocked' ? 'if_not_exists(#mark, :reason)' : ':reason'} ADD #version :one`,
          ConditionExpression: 'attribute_exists(#fact)',
          ExpressionAttributeNames: { '#mark': exclusionAttribute(conversationId), '#fact': factAttribute(conversationId), '#version': 'version' },
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
          Key: responseFactsKey(providerId),
          UpdateExpression: 'REMOVE #mark ADD #version :one',
          ConditionExpression: '#mark = :blocked',
          ExpressionAttributeNames: { '#mark': exclusionAttribute(conversationId), '#version': 'version' },
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
        Key: responseFactsKey(providerId),
        UpdateExpression: `SET ${facts.map((_, n) => `#f${n} = :f${n}`).join(', ')} ADD #version :one`,
        ExpressionAttributeNames: { ...Object.fromEntries(facts.map((fact, n) => [`#f${n}`, factAttribute(fact.conversationId)])), '#version': 'version' },
        ExpressionAttributeValues: { ...Object.fromEntries(facts.map((fact, n) => [`:f${n}`, factValue(fact)])), ':one': 1 },
      });
      await this.publish(providerId, now);
    },
  };
}

/** Removes the provider's facts (account erasure). */
export async function forgetResponseFacts(client: DynamoDBDocumentClient, tableName: string, providerId: string): Promise<void> {
  await responseFactCommands(client, tableName).delete(responseFactsKey(providerId));
}
