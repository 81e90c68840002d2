import { BatchGetCommand, BatchWriteCommand, type BatchGetCommandOutput, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import type { ProfileRecord } from './account-repository';
import { createAccountsService } from './accounts';
import { isListed, listingItem, listingKey, listingOf, scopeCountSlots, scopeEntries, scopesOf, type Item } from './directory';
import { TABLE } from './table-definition';

/**
 * Many providers at once (the directory benchmark, large demo data): the profiles, and for the listed
 * ones exactly the items `syncListing` would write, with the cell and category counts added up in
 * memory and written once each. Batch writes carry no conditions, so this is for loading, never a
 * request path: nothing else may change the directory meanwhile, and none of the providers may be
 * listed already (checked first). Counts already stored are added to, so a table with listings can
 * take more.
 */

const { partitionKey: PK, sortKey: SK } = TABLE;
const BATCH_WRITE_SIZE = 25;
const BATCH_GET_SIZE = 100;
/** Batches in flight at once: enough to keep DynamoDB Local busy without queueing behind it. */
const PARALLEL_BATCHES = 8;

const keyOf = (item: Item) => `${String(item[PK])}\u0000${String(item[SK])}`;

function chunks<T>(items: readonly T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

async function inParallel<T>(tasks: readonly T[], run: (task: T) => Promise<void>): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < tasks.length) await run(tasks[next++]!);
  };
  await Promise.all(Array.from({ length: Math.min(PARALLEL_BATCHES, tasks.length) }, worker));
}

async function batchGet(client: DynamoDBDocumentClient, tableName: string, keys: readonly Item[]): Promise<Item[]> {
  const found: Item[] = [];
  await inParallel(chunks(keys, BATCH_GET_SIZE), async (chunk) => {
    let pending: Item[] | undefined = chunk;
    while (pending?.length) {
      const answer: BatchGetCommandOutput = await client.send(new BatchGetCommand({ RequestItems: { [tableName]: { Keys: pending } } }));
      found.push(...(answer.Responses?.[tableName] ?? []));
      pending = answer.UnprocessedKeys?.[tableName]?.Keys;
    }
  });
  return found;
}

async function batchPut(client: DynamoDBDocumentClient, tableName: string, items: readonly Item[]): Promise<void> {
  await inParallel(chunks(items, BATCH_WRITE_SIZE), async (chunk) => {
    let pending = chunk.map((Item) => ({ PutRequest: { Item } }));
    while (pending.length) {
      const answer = await client.send(new BatchWriteCommand({ RequestItems: { [tableName]: pending } }));
      pending = (answer.UnprocessedItems?.[tableName] ?? []) as typeof pending;
    }
  });
}

/** Writes the profiles and lists the listed ones (visible, active, a running membership at `now`); answers how many were listed. */
export async function bulkLoadProviders(client: DynamoDBDocumentClient, tableName: string, profiles: readonly ProfileRecord[], now: Date): Promise<{ listed: number }> {
  const listings = profiles.filter((profile) => isListed(profile, now)).map(listingOf);
  const already = await batchGet(client, tableName, listings.map((listing) => listingKey(listing.userId)));
  if (already.length > 0) throw new Error(`${already.length} of these providers are listed already: bulk loading is for providers new to the directory`);

  const items: Item[] = [];
  /** Per counts item: its key and what to add to each of its attributes. */
  const counts = new Map<string, { key: Item; added: Map<string, number> }>();
  for (const listing of listings) {
    const scopes = scopesOf(listing.categories);
    items.push(listingItem(listing, scopes, 1));
    for (const scope of scopes) {
      items.push(...scopeEntries(listing, scope));
      for (const { key, attribute } of scopeCountSlots(listing, scope)) {
        const count = counts.get(keyOf(key)) ?? { key, added: new Map<string, number>() };
        count.added.set(attribute, (count.added.get(attribute) ?? 0) + 1);
        counts.set(keyOf(key), count);
      }
    }
  }
  const stored = new Map((await batchGet(client, tableName, [...counts.values()].map(({ key }) => key))).map((item) => [keyOf(item), item]));
  const countItems = [...counts.entries()].map(([id, { key, added }]) => {
    const item: Item = { ...stored.get(id), ...key, __edb_e__: 'directoryCount' };
    for (const [attribute, n] of added) item[attribute] = Number(item[attribute] ?? 0) + n;
    return item;
  });

  const { profile } = createAccountsService(client, tableName).entities;
  for (const chunk of chunks(profiles, BATCH_WRITE_SIZE * PARALLEL_BATCHES * 4)) {
    const { unprocessed } = await profile.put(chunk.map((record) => ({ ...record, categories: [...record.categories] }))).go({ concurrency: PARALLEL_BATCHES });
    if (unprocessed.length > 0) throw new Error(`DynamoDB did not take ${unprocessed.length} profiles`);
  }
  await batchPut(client, tableName, [...items, ...countItems]);
  return { listed: listings.length };
}
