import {
  BatchGetCommand,
  BatchWriteCommand,
  DeleteCommand,
  GetCommand,
  QueryCommand,
  TransactWriteCommand,
  UpdateCommand,
  type BatchGetCommandOutput,
  type DynamoDBDocumentClient,
  type QueryCommandInput,
  type TransactWriteCommandInput,
} from '@aws-sdk/lib-dynamodb';
import { createAccountsService } from './accounts';
import {
  authorLinkItem,
  authorLinkKey,
  authorLinksOf,
  feedbackItem,
  feedbackKey,
  publishedIndex,
  publishedKeys,
  PUBLISHED_KEY_ATTRIBUTES,
  ratingChange,
  receivedIndex,
  type Item,
  type PagedIndex,
} from './feedback';
import { decodeTimeCursor, encodeTimeCursor } from './time-cursor';
import { TABLE } from './table-definition';
import { queryAll as queryTable } from './query-all';
import { CONFLICT, isConditionFailure, retryOnConflict } from './write-outcomes';

export interface FeedbackReplyRecord {
  readonly text: string;
  readonly createdAt: string;
  readonly updatedAt: string;
}

export interface FeedbackRecord {
  readonly id: string;
  readonly providerId: string;
  /** The client who wrote it; absent once their account was erased. */
  readonly authorId?: string;
  readonly authorName: string;
  readonly rating: number;
  readonly title: string;
  readonly description?: string;
  /** Published: shown publicly and counted in the provider's rating. */
  readonly approved: boolean;
  readonly createdAt: string;
  readonly updatedAt?: string;
  readonly reply?: FeedbackReplyRecord;
}

export type NewFeedback = Omit<FeedbackRecord, 'updatedAt' | 'reply' | 'authorId'> & { readonly authorId: string };

/** What the author (or an admin) may change. */
export interface FeedbackChange {
  readonly rating: number;
  readonly title: string;
  /** Absent: the description is removed. */
  readonly description?: string;
}

export type CreateOutcome = 'created' | 'duplicate' | 'no-provider';

export interface FeedbackPageRecord {
  readonly feedback: FeedbackRecord[];
  readonly nextCursor?: string;
}

/** Only the author may change or delete through this; without it (an admin), anyone's. */
export interface AuthorCheck {
  readonly authorId?: string;
}

export interface FeedbackRepository {
  /** Stores new feedback with its author link, counting it in the provider's rating when published: all or nothing. */
  create(feedback: NewFeedback): Promise<CreateOutcome>;
  get(feedbackId: string): Promise<FeedbackRecord | undefined>;
  /** The author's feedback for the provider, if they have left one. */
  findByAuthor(providerId: string, authorId: string): Promise<FeedbackRecord | undefined>;
  /** A page of the provider's published feedback, newest first; throws InvalidCursorError for a cursor it did not make. */
  listPublished(providerId: string, page: { cursor?: string; limit: number }): Promise<FeedbackPageRecord>;
  /** A page of all feedback the provider received, published or not, newest first. */
  listReceived(providerId: string, page: { cursor?: string; limit: number }): Promise<FeedbackPageRecord>;
  listAllReceived(providerId: string): Promise<FeedbackRecord[]>;
  /** Everything the author wrote that still carries their link, newest first. */
  listAllGiven(authorId: string): Promise<FeedbackRecord[]>;
  /** Changes rating, title and description; the rating aggregate follows. Undefined when there is no such feedback (of that author). */
  edit(feedbackId: string, change: FeedbackChange, now: Date, check?: AuthorCheck): Promise<FeedbackRecord | undefined>;
  /** Deletes the feedback with its reply and author link; the aggregate follows. Answers what was deleted. */
  remove(feedbackId: string, check?: AuthorCheck): Promise<FeedbackRecord | undefined>;
  /** Publishes or unpublishes (the admin's moderation); the aggregate follows. */
  setApproved(feedbackId: string, approved: boolean): Promise<FeedbackRecord | undefined>;
  /**
   * Writes the one reply, or replaces its text, on feedback addressed to `providerId`; `created` tells
   * whether there was none before. Undefined when there is no such feedback for that provider.
   */
  putReply(feedbackId: string, providerId: string, text: string, now: Date): Promise<{ created: boolean; feedback: FeedbackRecord } | undefined>;
  /** Account erasure of an author: their feedback stays under `authorName`, with nothing left that leads to them. */
  detachAuthor(authorId: string, authorName: string): Promise<void>;
  /** Account erasure of a provider: every feedback they received goes, with the authors' links, and their aggregate is cleared. */
  removeAllReceived(providerId: string): Promise<void>;
}

const encodeCursor = (record: FeedbackRecord) => encodeTimeCursor(record.createdAt, record.id);

function decodeCursor(cursor: string): { createdAt: string; feedbackId: string } {
  const { at, id } = decodeTimeCursor(cursor);
  return { createdAt: at, feedbackId: id };
}

function toRecord(item: Item): FeedbackRecord {
  const reply = typeof item.replyText === 'string' ? { text: item.replyText, createdAt: item.replyCreatedAt as string, updatedAt: item.replyUpdatedAt as string } : undefined;
  return {
    id: item.feedbackId as string,
    providerId: item.providerId as string,
    ...(typeof item.authorId === 'string' ? { authorId: item.authorId } : {}),
    authorName: item.authorName as string,
    rating: item.rating as number,
    title: item.title as string,
    ...(typeof item.description === 'string' ? { description: item.description } : {}),
    approved: item.approved === true,
    createdAt: item.createdAt as string,
    ...(typeof item.updatedAt === 'string' ? { updatedAt: item.updatedAt } : {}),
    ...(reply ? { reply } : {}),
  };
}

const NEW_ITEM = `attribute_not_exists(${TABLE.partitionKey})`;

type Cancelled = { readonly canceled: true; readonly codes: string[] } | { readonly canceled: false };
type TransactItems = NonNullable<TransactWriteCommandInput['TransactItems']>;

/** A change of one feedback: its own writes, what it does to the provider's aggregate, and the record it leaves. */
interface Plan {
  readonly items: TransactItems;
  readonly rating?: { readonly count: number; readonly total: number };
  readonly result: FeedbackRecord;
}

export function createFeedbackRepository(client: DynamoDBDocumentClient, tableName: string): FeedbackRepository {
  const { profile: profiles } = createAccountsService(client, tableName).entities;

  /** Runs a transaction; a cancelled one answers each item's reason code, in order. */
  async function transact(items: TransactItems): Promise<Cancelled> {
    try {
      await client.send(new TransactWriteCommand({ TransactItems: items }));
      return { canceled: false };
    } catch (error) {
      const reasons = (error as { name?: string; CancellationReasons?: { Code?: string }[] }).CancellationReasons;
      if ((error as { name?: string }).name !== 'TransactionCanceledException' || !reasons) throw error;
      return { canceled: true, codes: reasons.map((reason) => reason.Code ?? 'None') };
    }
  }

  async function get(feedbackId: string): Promise<FeedbackRecord | undefined> {
    const { Item } = await client.send(new GetCommand({ TableName: tableName, Key: feedbackKey(feedbackId), ConsistentRead: true }));
    return Item ? toRecord(Item) : undefined;
  }

  const queryAll = (input: Omit<QueryCommandInput, 'TableName' | 'ExclusiveStartKey'>) => queryTable(client, tableName, input);

  /**
   * The cursor names the last entry shown, (createdAt, id), never a raw key: the partition always comes
   * from the caller. A page resumes strictly below it, whatever was added meanwhile.
   */
  async function page(index: PagedIndex, cursor: string | undefined, limit: number): Promise<FeedbackPageRecord> {
    const after = cursor === undefined ? undefined : decodeCursor(cursor);
    const below = after ? index.position(after.createdAt, after.feedbackId) : undefined;
    // Below a position and within the prefix; without a prefix (a partition of its own) simply below it.
    const condition = below
      ? index.prefix
        ? '#pk = :pk AND #sk BETWEEN :prefix AND :below'
        : '#pk = :pk AND #sk < :below'
      : index.prefix
        ? '#pk = :pk AND begins_with(#sk, :prefix)'
        : '#pk = :pk';
    const answer = await client.send(
      new QueryCommand({
        TableName: tableName,
        IndexName: index.indexName,
        KeyConditionExpression: condition,
        ExpressionAttributeNames: { '#pk': index.partitionKey, ...(below || index.prefix ? { '#sk': index.sortKey } : {}) },
        ExpressionAttributeValues: { ':pk': index.partition, ...(index.prefix ? { ':prefix': index.prefix } : {}), ...(below ? { ':below': below } : {}) },
        ScanIndexForward: false,
        // One more than the page tells whether there is a next page; one more again covers the entry the cursor names.
        Limit: limit + (below ? 2 : 1),
      }),
    );
    const records = (answer.Items ?? []).filter((item) => item[index.sortKey] !== below).map(toRecord);
    const feedback = records.slice(0, limit);
    return records.length > limit ? { feedback, nextCursor: encodeCursor(feedback.at(-1)!) } : { feedback };
  }

  async function authorLinks(authorId: string): Promise<Item[]> {
    const links = authorLinksOf(authorId);
    return queryAll({
      KeyConditionExpression: '#pk = :pk AND begins_with(#sk, :prefix)',
      ExpressionAttributeNames: { '#pk': links.partitionKey, '#sk': links.sortKey },
      ExpressionAttributeValues: { ':pk': links.partition, ':prefix': links.prefix },
      ConsistentRead: true,
    });
  }

  async function batchGet(feedbackIds: readonly string[]): Promise<FeedbackRecord[]> {
    const found: FeedbackRecord[] = [];
    for (let i = 0; i < feedbackIds.length; i += 100) {
      let keys: Item[] | undefined = feedbackIds.slice(i, i + 100).map(feedbackKey);
      while (keys?.length) {
        const answer: BatchGetCommandOutput = await client.send(new BatchGetCommand({ RequestItems: { [tableName]: { Keys: keys, ConsistentRead: true } } }));
        found.push(...(answer.Responses?.[tableName] ?? []).map(toRecord));
        keys = answer.UnprocessedKeys?.[tableName]?.Keys;
      }
    }
    return found;
  }

  async function batchDelete(keys: readonly Item[]): Promise<void> {
    for (let i = 0; i < keys.length; i += 25) {
      let requests: { DeleteRequest: { Key: Item } }[] | undefined = keys.slice(i, i + 25).map((Key) => ({ DeleteRequest: { Key } }));
      while (requests?.length) {
        const answer = await client.send(new BatchWriteCommand({ RequestItems: { [tableName]: requests } }));
        requests = answer.UnprocessedItems?.[tableName] as typeof requests;
      }
    }
  }

  /** The feedback as it stands now must still be as read: same rating, same publication, same author. */
  function unchanged(current: FeedbackRecord, check: AuthorCheck) {
    return {
      ConditionExpression: `attribute_exists(#pk) AND #rating = :oldRating AND #approved = :oldApproved${check.authorId ? ' AND #authorId = :authorId' : ''}`,
      names: { '#pk': TABLE.partitionKey, '#rating': 'rating', '#approved': 'approved', ...(check.authorId ? { '#authorId': 'authorId' } : {}) },
      values: { ':oldRating': current.rating, ':oldApproved': current.approved, ...(check.authorId ? { ':authorId': check.authorId } : {}) },
    };
  }

  /**
   * Reads the feedback, plans the change and runs it in one transaction with the rating aggregate; reads
   * and plans again when the feedback changed in between or another write met it. A plan names the
   * feedback's own write, the change of the aggregate (if any) and the record it leaves.
   */
  async function change(feedbackId: string, check: AuthorCheck, plan: (current: FeedbackRecord) => Plan | 'unchanged'): Promise<FeedbackRecord | undefined> {
    let withRating = true;
    return retryOnConflict(`The change of feedback ${feedbackId}`, async () => {
      const current = await get(feedbackId);
      if (!current || (check.authorId && current.authorId !== check.authorId)) return undefined;
      const planned = plan(current);
      if (planned === 'unchanged') return current;
      const rating = withRating && planned.rating ? [ratingChange(tableName, current.providerId, planned.rating.count, planned.rating.total)] : [];
      const outcome = await transact([...planned.items, ...rating]);
      if (!outcome.canceled) return planned.result;
      if (outcome.codes.includes('TransactionConflict')) return CONFLICT;
      if (rating.length > 0 && outcome.codes.at(-1) === 'ConditionalCheckFailed' && outcome.codes[0] !== 'ConditionalCheckFailed') {
        // The provider's profile is gone (an erasure under way): there is no aggregate left to keep.
        withRating = false;
        return CONFLICT;
      }
      // The feedback changed since it was read: read and plan again.
      if (outcome.codes[0] === 'ConditionalCheckFailed') return CONFLICT;
      throw new Error(`The feedback transaction was cancelled: ${outcome.codes.join(', ')}`);
    });
  }

  return {
    async create(feedback) {
      const { id, authorId, providerId } = feedback;
      const items: TransactItems = [
        { Put: { TableName: tableName, Item: feedbackItem(feedback), ConditionExpression: NEW_ITEM } },
        { Put: { TableName: tableName, Item: authorLinkItem(authorId, providerId, id), ConditionExpression: NEW_ITEM } },
        ...(feedback.approved ? [ratingChange(tableName, providerId, 1, feedback.rating)] : []),
      ];
      return retryOnConflict<CreateOutcome>(`The feedback ${id}`, async () => {
        const outcome = await transact(items);
        if (!outcome.canceled) return 'created';
        const [feedbackCode, linkCode, ratingCode] = outcome.codes;
        if (linkCode === 'ConditionalCheckFailed') return 'duplicate';
        if (ratingCode === 'ConditionalCheckFailed') return 'no-provider';
        if (feedbackCode === 'ConditionalCheckFailed') throw new Error(`Feedback ${id} exists already`);
        // Another write touched the author link or the provider's profile at the same moment: DynamoDB cancels rather than waits.
        if (outcome.codes.includes('TransactionConflict')) return CONFLICT;
        throw new Error(`The feedback transaction was cancelled: ${outcome.codes.join(', ')}`);
      });
    },

    get,

    async findByAuthor(providerId, authorId) {
      const { Item } = await client.send(new GetCommand({ TableName: tableName, Key: authorLinkKey(authorId, providerId), ConsistentRead: true }));
      if (!Item) return undefined;
      const feedback = await get(Item.feedbackId as string);
      return feedback?.authorId === authorId ? feedback : undefined;
    },

    listPublished: (providerId, { cursor, limit }) => page(publishedIndex(providerId), cursor, limit),
    listReceived: (providerId, { cursor, limit }) => page(receivedIndex(providerId), cursor, limit),

    async listAllReceived(providerId) {
      const index = receivedIndex(providerId);
      const items = await queryAll({
        IndexName: index.indexName,
        KeyConditionExpression: '#pk = :pk AND begins_with(#sk, :prefix)',
        ExpressionAttributeNames: { '#pk': index.partitionKey, '#sk': index.sortKey },
        ExpressionAttributeValues: { ':pk': index.partition, ':prefix': index.prefix },
        ScanIndexForward: false,
      });
      return items.map(toRecord);
    },

    async listAllGiven(authorId) {
      const links = await authorLinks(authorId);
      const given = await batchGet(links.map((link) => link.feedbackId as string));
      return given.filter((feedback) => feedback.authorId === authorId).sort((a, b) => b.createdAt.localeCompare(a.createdAt));
    },

    edit(feedbackId, { rating, title, description }, now, check = {}) {
      return change(feedbackId, check, (current) => {
        const guard = unchanged(current, check);
        const updatedAt = now.toISOString();
        const { description: _previous, ...kept } = current;
        const delta = rating - current.rating;
        return {
          items: [
            {
              Update: {
                TableName: tableName,
                Key: feedbackKey(feedbackId),
                UpdateExpression: `SET #rating = :rating, #title = :title, #updatedAt = :updatedAt${description ? ', #description = :description' : ' REMOVE #description'}`,
                ConditionExpression: guard.ConditionExpression,
                ExpressionAttributeNames: { ...guard.names, '#title': 'title', '#updatedAt': 'updatedAt', '#description': 'description' },
                ExpressionAttributeValues: { ...guard.values, ':rating': rating, ':title': title, ':updatedAt': updatedAt, ...(description ? { ':description': description } : {}) },
              },
            },
          ],
          ...(current.approved && delta !== 0 ? { rating: { count: 0, total: delta } } : {}),
          result: { ...kept, rating, title, ...(description ? { description } : {}), updatedAt },
        };
      });
    },

    remove(feedbackId, check = {}) {
      return change(feedbackId, check, (current) => {
        const guard = unchanged(current, check);
        return {
          items: [
            {
              Delete: {
                TableName: tableName,
                Key: feedbackKey(feedbackId),
                ConditionExpression: guard.ConditionExpression,
                ExpressionAttributeNames: guard.names,
                ExpressionAttributeValues: guard.values,
              },
            },
            ...(current.authorId ? [{ Delete: { TableName: tableName, Key: authorLinkKey(current.authorId, current.providerId) } }] : []),
          ],
          ...(current.approved ? { rating: { count: -1, total: -current.rating } } : {}),
          result: current,
        };
      });
    },

    setApproved(feedbackId, approved) {
      return change(feedbackId, {}, (current) => {
        if (current.approved === approved) return 'unchanged';
        const guard = unchanged(current, {});
        const keys = publishedKeys(current.providerId, current.createdAt, current.id);
        const [gsiPk, gsiSk] = PUBLISHED_KEY_ATTRIBUTES;
        return {
          items: [
            {
              Update: {
                TableName: tableName,
                Key: feedbackKey(feedbackId),
                UpdateExpression: approved ? 'SET #approved = :approved, #gsiPk = :gsiPk, #gsiSk = :gsiSk' : 'SET #approved = :approved REMOVE #gsiPk, #gsiSk',
                ConditionExpression: guard.ConditionExpression,
                ExpressionAttributeNames: { ...guard.names, '#gsiPk': gsiPk, '#gsiSk': gsiSk },
                ExpressionAttributeValues: { ...guard.values, ':approved': approved, ...(approved ? { ':gsiPk': keys[gsiPk], ':gsiSk': keys[gsiSk] } : {}) },
              },
            },
          ],
          rating: approved ? { count: 1, total: current.rating } : { count: -1, total: -current.rating },
          result: { ...current, approved },
        };
      });
    },

    async putReply(feedbackId, providerId, text, now) {
      const at = now.toISOString();
      try {
        const { Attributes } = await client.send(
          new UpdateCommand({
            TableName: tableName,
            Key: feedbackKey(feedbackId),
            UpdateExpression: 'SET #text = :text, #updatedAt = :now, #createdAt = if_not_exists(#createdAt, :now)',
            ConditionExpression: 'attribute_exists(#pk) AND #providerId = :providerId',
            ExpressionAttributeNames: { '#pk': TABLE.partitionKey, '#providerId': 'providerId', '#text': 'replyText', '#updatedAt': 'replyUpdatedAt', '#createdAt': 'replyCreatedAt' },
            ExpressionAttributeValues: { ':text': text, ':now': at, ':providerId': providerId },
            // The item before this write: whether it had a reply decides 'submitted' or 'updated', also when two replies race.
            ReturnValues: 'ALL_OLD',
          }),
        );
        const before = toRecord(Attributes!);
        return { created: !before.reply, feedback: { ...before, reply: { text, createdAt: before.reply?.createdAt ?? at, updatedAt: at } } };
      } catch (error) {
        if (isConditionFailure(error)) return undefined;
        throw error;
      }
    },

    async detachAuthor(authorId, authorName) {
      for (const link of await authorLinks(authorId)) {
        try {
          await client.send(
            new UpdateCommand({
              TableName: tableName,
              Key: feedbackKey(link.feedbackId as string),
              UpdateExpression: 'SET #authorName = :authorName REMOVE #authorId',
              ConditionExpression: '#authorId = :authorId',
              ExpressionAttributeNames: { '#authorName': 'authorName', '#authorId': 'authorId' },
              ExpressionAttributeValues: { ':authorName': authorName, ':authorId': authorId },
            }),
          );
        } catch (error) {
          // Deleted meanwhile, or detached by an earlier run of the same erasure.
          if (!isConditionFailure(error)) throw error;
        }
        await client.send(new DeleteCommand({ TableName: tableName, Key: authorLinkKey(authorId, link.providerId as string) }));
      }
    },

    async removeAllReceived(providerId) {
      const received = await this.listAllReceived(providerId);
      // The links first: a run that stops half-way leaves feedback that the next run finds again, never a link without its feedback.
      await batchDelete(received.flatMap((feedback) => (feedback.authorId ? [authorLinkKey(feedback.authorId, providerId)] : [])));
      await batchDelete(received.map((feedback) => feedbackKey(feedback.id)));
      try {
        await profiles.patch({ userId: providerId }).remove(['ratingCount', 'ratingTotal']).go({ response: 'none' });
      } catch (error) {
        if (!isConditionFailure(error)) throw error;
      }
    },
  };
}
