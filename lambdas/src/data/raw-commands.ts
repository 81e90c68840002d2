import {
  BatchGetCommand,
  BatchWriteCommand,
  DeleteCommand,
  GetCommand,
  QueryCommand,
  TransactWriteCommand,
  UpdateCommand,
  type DynamoDBDocumentClient,
  type QueryCommandInput,
  type TransactWriteCommandInput,
  type UpdateCommandInput,
} from '@aws-sdk/lib-dynamodb';
import { inParallel } from '../in-parallel';
import { chunks, untilProcessed } from './batch';
import { TABLE } from './table-definition';

/**
 * The DynamoDB commands ElectroDB cannot express, and the only module that sends commands of its own
 * (every other read and write goes through the entities of table-store.ts; docs/data-layer.md has the rule):
 *   - key-prefix paging: a page of a newest-first list strictly below the last item shown and no lower
 *     than the list's prefix (`SK BETWEEN <prefix> AND <position>`), the cursor naming that item, never a
 *     raw DynamoDB key; ElectroDB's range operators give no lower bound and its cursors are raw keys;
 *   - the directory's geo index (directory.ts): entries under a geohash `begins_with` at any precision, and
 *     cell counters held as one number attribute per child cell, whose names are data (`cell_<geohash>`),
 *     which an entity's fixed attribute list cannot hold;
 *   - a provider's response-time facts (response-times.ts): one attribute per conversation, named after it
 *     (`c_<conversationId>`), set in a transaction with the conversation's first reply.
 */

export type Item = Record<string, unknown>;

/** ElectroDB's entity tag: the raw items carry it too, so a table scan in a test or an export tells what each item is. */
const ENTITY_TAG = '__edb_e__';

/** A raw item with the tag of the entity named `entity`, as ElectroDB tags the items of its entities. */
export function tagged(item: Item, entity: string): Item {
  return { ...item, [ENTITY_TAG]: entity };
}

/** The entity an item of the table was tagged as (by ElectroDB or `tagged`): what a test or an export that scans sorts items by. */
export function entityOf(item: Item): string | undefined {
  const tag = item[ENTITY_TAG];
  return typeof tag === 'string' ? tag : undefined;
}

/**
 * The transaction write that adds each delta to its number attribute of the counts item at `key` (made at 0 when
 * absent) and tags the item with the entity named `entity`.
 */
export function countsUpdate(
  tableName: string,
  key: Item,
  deltas: readonly (readonly [attribute: string, delta: number])[],
  entity: string,
): TransactItems[number] {
  return {
    Update: {
      TableName: tableName,
      Key: key,
      UpdateExpression: `ADD ${deltas.map((_, i) => `#c${i} :d${i}`).join(', ')} SET #entity = :entity`,
      ExpressionAttributeNames: { ...Object.fromEntries(deltas.map(([attribute], i) => [`#c${i}`, attribute])), '#entity': ENTITY_TAG },
      ExpressionAttributeValues: { ...Object.fromEntries(deltas.map(([, delta], i) => [`:d${i}`, delta])), ':entity': entity },
    },
  };
}

/**
 * Every item a query matches, or with `atMost` no more than that many (the first): DynamoDB answers at most 1 MB a call,
 * so this follows LastEvaluatedKey to the end.
 */
async function queryAll(
  client: DynamoDBDocumentClient,
  tableName: string,
  input: Omit<QueryCommandInput, 'TableName' | 'ExclusiveStartKey'>,
  atMost?: number,
): Promise<Item[]> {
  const items: Item[] = [];
  let start: Item | undefined;
  do {
    const left = atMost === undefined ? undefined : atMost - items.length;
    const page = await client.send(
      new QueryCommand({ ...input, TableName: tableName, ExclusiveStartKey: start, ...(left === undefined ? {} : { Limit: left }) }),
    );
    items.push(...(page.Items ?? []));
    start = page.LastEvaluatedKey;
  } while (start && (atMost === undefined || items.length < atMost));
  return items;
}

/** A newest-first list spelled out for the paged Query: where it is, and the sort key its cursor names. */
export interface PagedList {
  readonly indexName?: string;
  readonly partitionKey: string;
  readonly sortKey: string;
  readonly partition: string;
  /** Sort keys of this list start with it ('' when the partition holds nothing else). */
  readonly prefix: string;
}

/**
 * Up to `limit` + 1 items of the list, newest first, strictly below the sort key `below` (from the top
 * without one): one more than a page tells whether there is a next page.
 */
export async function pageBelow(client: DynamoDBDocumentClient, tableName: string, list: PagedList, below: string | undefined, limit: number): Promise<Item[]> {
  // Below a position and within the prefix; without a prefix (a partition of its own) simply below it.
  const condition = below
    ? list.prefix
      ? '#pk = :pk AND #sk BETWEEN :prefix AND :below'
      : '#pk = :pk AND #sk < :below'
    : list.prefix
      ? '#pk = :pk AND begins_with(#sk, :prefix)'
      : '#pk = :pk';
  const answer = await client.send(
    new QueryCommand({
      TableName: tableName,
      ...(list.indexName ? { IndexName: list.indexName } : {}),
      KeyConditionExpression: condition,
      ExpressionAttributeNames: { '#pk': list.partitionKey, ...(below || list.prefix ? { '#sk': list.sortKey } : {}) },
      ExpressionAttributeValues: { ':pk': list.partition, ...(list.prefix ? { ':prefix': list.prefix } : {}), ...(below ? { ':below': below } : {}) },
      ScanIndexForward: false,
      // One more than the page tells whether there is a next page; one more again covers the item `below` names.
      Limit: limit + (below ? 2 : 1),
    }),
  );
  return (answer.Items ?? []).filter((item) => item[list.sortKey] !== below).slice(0, limit + 1);
}

/**
 * Up to `limit` items of the list in one direction, strictly beyond the sort key `from` (from that end without one):
 * `older` newest first, `newer` oldest first. Follows DynamoDB's 1 MB answers, so a long run (a page far from both
 * ends, skipped over) is read in as few calls as its size allows.
 */
export async function pageFrom(
  client: DynamoDBDocumentClient,
  tableName: string,
  list: Omit<PagedList, 'indexName' | 'prefix'>,
  direction: 'older' | 'newer',
  from: string | undefined,
  limit: number,
): Promise<Item[]> {
  const older = direction === 'older';
  return queryAll(
    client,
    tableName,
    {
      KeyConditionExpression: from ? `#pk = :pk AND #sk ${older ? '<' : '>'} :from` : '#pk = :pk',
      ExpressionAttributeNames: { '#pk': list.partitionKey, ...(from ? { '#sk': list.sortKey } : {}) },
      ExpressionAttributeValues: { ':pk': list.partition, ...(from ? { ':from': from } : {}) },
      ScanIndexForward: !older,
    },
    limit,
  );
}

const { partitionKey: PK, sortKey: SK } = TABLE;
const BATCH_WRITE_SIZE = 25;
const BATCH_GET_SIZE = 100;
/** Batches in flight at once: enough to keep DynamoDB Local busy without queueing behind it. */
const PARALLEL_BATCHES = 8;

export type TransactItems = NonNullable<TransactWriteCommandInput['TransactItems']>;

/** The raw reads and writes of the directory's geo index, alphabetical lists and counters (their keys: directory.ts). */
export function directoryIndexCommands(client: DynamoDBDocumentClient, tableName: string) {
  return {
    /** A scope move's entry and counter writes, all or nothing. */
    async transact(items: TransactItems): Promise<void> {
      await client.send(new TransactWriteCommand({ TransactItems: items }));
    },

    async get(key: Item): Promise<Item | undefined> {
      return (await client.send(new GetCommand({ TableName: tableName, Key: key }))).Item;
    },

    queryAll: (input: Omit<QueryCommandInput, 'TableName' | 'ExclusiveStartKey'>, atMost?: number) => queryAll(client, tableName, input, atMost),

    /** Up to `limit` entries of a partition in key order, after the sort key `after`; `last` names where the next page starts. */
    async entriesAfter(partition: string, after: string | undefined, limit: number): Promise<{ items: Item[]; last?: string }> {
      const page = await client.send(
        new QueryCommand({
          TableName: tableName,
          KeyConditionExpression: after === undefined ? '#pk = :pk' : '#pk = :pk AND #sk > :after',
          ExpressionAttributeNames: { '#pk': PK, ...(after === undefined ? {} : { '#sk': SK }) },
          ExpressionAttributeValues: { ':pk': partition, ...(after === undefined ? {} : { ':after': after }) },
          Limit: limit,
        }),
      );
      const items = page.Items ?? [];
      return { items, ...(page.LastEvaluatedKey ? { last: items.at(-1)![SK] as string } : {}) };
    },

    /** Many items by key (bulk loading), batches in parallel. */
    async batchGet(keys: readonly Item[]): Promise<Item[]> {
      const found: Item[] = [];
      await inParallel(chunks(keys, BATCH_GET_SIZE), PARALLEL_BATCHES, (chunk) =>
        untilProcessed('Directory reads', chunk, async (pending) => {
          const answer = await client.send(new BatchGetCommand({ RequestItems: { [tableName]: { Keys: [...pending] } } }));
          found.push(...(answer.Responses?.[tableName] ?? []));
          return answer.UnprocessedKeys?.[tableName]?.Keys;
        }),
      );
      return found;
    },

    /** Many items written without conditions (bulk loading), batches in parallel. */
    async batchPut(items: readonly Item[]): Promise<void> {
      await inParallel(chunks(items, BATCH_WRITE_SIZE), PARALLEL_BATCHES, (chunk) =>
        untilProcessed(
          'Directory writes',
          chunk.map((Item) => ({ PutRequest: { Item } })),
          async (pending) =>
            (await client.send(new BatchWriteCommand({ RequestItems: { [tableName]: [...pending] } }))).UnprocessedItems?.[tableName] as
              { PutRequest: { Item: Item } }[] | undefined,
        ),
      );
    },
  };
}

/** The raw reads and writes of a provider's response-time facts (their key and attribute names: response-times.ts). */
export function responseFactCommands(client: DynamoDBDocumentClient, tableName: string) {
  return {
    async update(input: Omit<UpdateCommandInput, 'TableName'>): Promise<void> {
      await client.send(new UpdateCommand({ TableName: tableName, ...input }));
    },
    /** A first reply's conversation update and fact, all or nothing. */
    async transact(items: TransactItems): Promise<void> {
      await client.send(new TransactWriteCommand({ TransactItems: items }));
    },
    async get(key: Item): Promise<Item | undefined> {
      return (await client.send(new GetCommand({ TableName: tableName, Key: key, ConsistentRead: true }))).Item;
    },
    async delete(key: Item): Promise<void> {
      await client.send(new DeleteCommand({ TableName: tableName, Key: key }));
    },
  };
}
