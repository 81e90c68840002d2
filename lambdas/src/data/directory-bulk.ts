import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import type { ProfileRecord } from './account-repository';
import { STAT } from './admin';
import { addToStat } from './admin-repository';
import { chunks, untilProcessed } from './batch';
import { isListed, listingOf, listingScopes } from './listing-rule';
import { DIRECTORY_COUNT_ENTITY, listingItem, listingKey, scopeCountSlots, scopeEntries } from './directory';
import type { CountSlot } from './geo-cells';
import { directoryIndexCommands, tagged, type Item } from './raw-commands';
import { createTableStore } from './table-store';
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
/** Profiles per ElectroDB batch call (it splits them into BatchWriteItem calls of 25, PARALLEL_BATCHES at a time). */
const PROFILES_PER_CALL = 800;
const PARALLEL_BATCHES = 8;

const keyOf = (item: Item) => `${String(item[PK])}\u0000${String(item[SK])}`;

/**
 * The counts items with one added for each slot, on top of what they hold already: written once each by a
 * bulk load, however many of the loaded items count in them.
 */
export async function summedCounts(index: ReturnType<typeof directoryIndexCommands>, slots: readonly CountSlot[], entity: string): Promise<Item[]> {
  /** Per counts item: its key and what to add to each of its attributes. */
  const counts = new Map<string, { key: Item; added: Map<string, number> }>();
  for (const { key, attribute } of slots) {
    const count = counts.get(keyOf(key)) ?? { key, added: new Map<string, number>() };
    count.added.set(attribute, (count.added.get(attribute) ?? 0) + 1);
    counts.set(keyOf(key), count);
  }
  const stored = new Map((await index.batchGet([...counts.values()].map(({ key }) => key))).map((item) => [keyOf(item), item]));
  return [...counts.entries()].map(([id, { key, added }]) => {
    const item = tagged({ ...stored.get(id), ...key }, entity);
    for (const [attribute, n] of added) item[attribute] = Number(item[attribute] ?? 0) + n;
    return item;
  });
}

/** Writes the profiles and lists the listed ones (visible, active, a running membership at `now`); answers how many were listed. */
export async function bulkLoadProviders(
  client: DynamoDBDocumentClient,
  tableName: string,
  profiles: readonly ProfileRecord[],
  now: Date,
): Promise<{ listed: number }> {
  const listed = profiles.filter((profile) => isListed(profile, now));
  const listings = listed.map(listingOf);
  const index = directoryIndexCommands(client, tableName);
  const already = await index.batchGet(listings.map((listing) => listingKey(listing.userId)));
  if (already.length > 0) throw new Error(`${already.length} of these providers are listed already: bulk loading is for providers new to the directory`);

  const items: Item[] = [];
  const slots: CountSlot[] = [];
  for (const [position, listing] of listings.entries()) {
    const scopes = listingScopes(listed[position]!);
    items.push(listingItem(listing, scopes, 1));
    for (const scope of scopes) {
      items.push(...scopeEntries(listing, scope));
      slots.push(...scopeCountSlots(listing, scope));
    }
  }
  const countItems = await summedCounts(index, slots, DIRECTORY_COUNT_ENTITY);

  const { profile } = createTableStore(client, tableName).entities;
  const byId = new Map(profiles.map((record) => [record.userId, { ...record, categories: [...record.categories] }]));
  for (const chunk of chunks([...byId.values()], PROFILES_PER_CALL)) {
    // ElectroDB answers the keys of what stayed unprocessed: the profiles are found again by them.
    await untilProcessed('Profile writes', chunk, async (pending) => {
      const { unprocessed } = await profile.put([...pending]).go({ concurrency: PARALLEL_BATCHES });
      return unprocessed.map(({ userId }) => byId.get(userId)!);
    });
  }
  await index.batchPut([...items, ...countItems]);
  await addToStat(client, tableName, STAT.listedProviders, listings.length);
  return { listed: listings.length };
}
