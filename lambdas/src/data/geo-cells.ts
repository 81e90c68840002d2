import type { QueryCommandInput } from '@aws-sdk/lib-dynamodb';
import { countsUpdate, type TransactItems } from './raw-commands';
import { TABLE } from './table-definition';

/**
 * The geohash cell index that the directory's listings and the job board's open jobs are both found
 * through (docs/architecture.md#directory-and-geo-search). Each keeps its own items under its own key prefixes:
 *
 *   entry   PK = <entries>#<scope>#<geohash-3>   SK = <geohash-9>#<id>     where the thing is (lat, lng and
 *                                                                           whatever the reader filters by)
 *   counts  PK = <counts>#<scope>#<parent>       SK = CHILDREN             one number attribute cell_<child>
 *                                                                           per non-empty child; parent ROOT
 *                                                                           holds the geohash-3 cells
 *
 * "things of a scope in a cell": Query PK = <entries>#<scope>#<cell[0..3]>, SK begins_with <cell>.
 * "non-empty children of a cell": one GetItem of the parent's counts item, however many it holds.
 */

const { partitionKey: PK, sortKey: SK } = TABLE;
/**
 * Geohash precisions: entries are partitioned by the coarsest, counts kept down to the finest cell a search visits (an
 * index may keep them finer: the job board's, whose jobs crowd at postcode sectors; see job-board.ts).
 */
export const GEO = { partition: 3, finest: 6, stored: 9 } as const;
const ROOT = 'ROOT';
const CHILDREN = 'CHILDREN';
const CELL_ATTRIBUTE = 'cell_';

type Item = Record<string, unknown>;

/** The key prefixes of one geo index. */
export interface GeoIndexKeys {
  readonly entries: string;
  readonly counts: string;
}

/** A cell of a geo index and how many entries of the scope are in it. */
export interface CellCount {
  readonly cell: string;
  readonly count: number;
}

/** A count a write adds one to: the item, and the number attribute in it. */
export interface CountSlot {
  readonly key: Item;
  readonly attribute: string;
}

/** The key of an entry at `geohash` (full precision) for `id`. */
export function geoEntryKey(keys: GeoIndexKeys, scope: string, geohash: string, id: string): Item {
  return { [PK]: `${keys.entries}#${scope}#${geohash.slice(0, GEO.partition)}`, [SK]: `${geohash}#${id}` };
}

/** The counts an entry at `geohash` adds one to: its cell at each counted precision (down to `finest`), in its parent's item. */
export function geoCountSlots(keys: GeoIndexKeys, scope: string, geohash: string, finest: number = GEO.finest): CountSlot[] {
  const slots: CountSlot[] = [];
  for (let precision = GEO.partition; precision <= finest; precision++) {
    const parent = precision === GEO.partition ? ROOT : geohash.slice(0, precision - 1);
    slots.push({ key: { [PK]: `${keys.counts}#${scope}#${parent}`, [SK]: CHILDREN }, attribute: `${CELL_ATTRIBUTE}${geohash.slice(0, precision)}` });
  }
  return slots;
}

/** The counts item holding the children of `cell` (the geohash-3 cells without one, or with the empty one). */
export function countsKey(keys: GeoIndexKeys, scope: string, cell?: string): Item {
  return { [PK]: `${keys.counts}#${scope}#${cell || ROOT}`, [SK]: CHILDREN };
}

/** The non-empty cells a counts item holds. */
export function cellsOf(item: Item | undefined): CellCount[] {
  return Object.entries(item ?? {})
    .filter(([attribute, count]) => attribute.startsWith(CELL_ATTRIBUTE) && (count as number) > 0)
    .map(([attribute, count]) => ({ cell: attribute.slice(CELL_ATTRIBUTE.length), count: count as number }));
}

/**
 * The non-empty children of each of these cells, in their order, from one batch read of their counts items
 * (`batchGet` answers the items found, in any order); the empty cell's children are the geohash-3 cells.
 */
export async function childCellsOfMany(
  batchGet: (keys: readonly Item[]) => Promise<Item[]>,
  keys: GeoIndexKeys,
  cells: readonly { readonly scope: string; readonly cell: string }[],
): Promise<CellCount[][]> {
  const wanted = cells.map(({ scope, cell }) => countsKey(keys, scope, cell));
  const partitions = [...new Set(wanted.map((key) => key[PK] as string))];
  const found = await batchGet(partitions.map((partition) => ({ [PK]: partition, [SK]: CHILDREN })));
  const byPartition = new Map(found.map((item) => [item[PK] as string, item]));
  return wanted.map((key) => cellsOf(byPartition.get(key[PK] as string)));
}

/** The Query of the entries of a scope in a cell of any precision from 3. */
export function cellQuery(keys: GeoIndexKeys, scope: string, cell: string): Omit<QueryCommandInput, 'TableName' | 'ExclusiveStartKey'> {
  return {
    KeyConditionExpression: '#pk = :pk AND begins_with(#sk, :cell)',
    ExpressionAttributeNames: { '#pk': PK, '#sk': SK },
    ExpressionAttributeValues: { ':pk': `${keys.entries}#${scope}#${cell.slice(0, GEO.partition)}`, ':cell': cell },
  };
}

/**
 * The Query of the entries of a scope from the cell `first` to the cell `last` (any precisions from 3, one geohash-3
 * partition, `first` not after `last`), every cell between them in key order included.
 */
export function cellRunQuery(keys: GeoIndexKeys, scope: string, first: string, last: string): Omit<QueryCommandInput, 'TableName' | 'ExclusiveStartKey'> {
  return {
    KeyConditionExpression: '#pk = :pk AND #sk BETWEEN :first AND :last',
    ExpressionAttributeNames: { '#pk': PK, '#sk': SK },
    // A sort key is the geohash, '#' and the id: '~' sorts after every character of both.
    ExpressionAttributeValues: { ':pk': `${keys.entries}#${scope}#${first.slice(0, GEO.partition)}`, ':first': first, ':last': `${last}~` },
  };
}

/** The geohash an entry sits at (its sort key's first part). */
export const entryGeohash = (entry: Item) => (entry[SK] as string).split('#')[0]!;

/** The transaction writes that add `sign` to counts, each tagged with the entity name `entity`. */
export function countWrites(table: string, slots: readonly CountSlot[], sign: 1 | -1, entity: string): TransactItems {
  // One update per counts item: a transaction may not name an item twice.
  const byItem = new Map<string, { key: Item; attributes: string[] }>();
  for (const { key, attribute } of slots) {
    const id = JSON.stringify(key);
    const entry = byItem.get(id) ?? { key, attributes: [] };
    entry.attributes.push(attribute);
    byItem.set(id, entry);
  }
  return [...byItem.values()].map(({ key, attributes }) =>
    countsUpdate(
      table,
      key,
      attributes.map((attribute) => [attribute, sign] as const),
      entity,
    ),
  );
}
