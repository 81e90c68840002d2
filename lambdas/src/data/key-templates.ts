import { createHash } from 'node:crypto';
import { TABLE } from './table-definition';

/** ElectroDB key definitions over the single table's generic key attributes (docs/data-layer.md). */

export const pk = <const C extends string[]>(template: string, composite: C) => ({ field: TABLE.partitionKey, composite, template, casing: 'none' as const });
export const sk = <const C extends string[]>(template: string, composite: C) => ({ field: TABLE.sortKey, composite, template, casing: 'none' as const });
function onIndex(position: 0 | 1 | 2) {
  const index = TABLE.globalIndexes[position];
  return <const P extends string[], const S extends string[]>(pkTemplate: string, pkComposite: P, skTemplate: string, skComposite: S) => ({
    index: index.indexName,
    pk: { field: index.partitionKey, composite: pkComposite, template: pkTemplate, casing: 'none' as const },
    sk: { field: index.sortKey, composite: skComposite, template: skTemplate, casing: 'none' as const },
  });
}
export const gsi1 = onIndex(0);
export const gsi2 = onIndex(1);

/** For params built only for their key or item, never sent: ElectroDB asks for a table name all the same. */
export const PARAMS_ONLY = { table: 'params-only' } as const;
export const gsi3 = onIndex(2);

/**
 * A newest-first list on a global index, spelled out for the paged Query (raw-commands.ts `pageBelow`):
 * where it is, the prefix its sort keys start with, and the sort key of a position in it.
 */
export function pagedIndex(position: 0 | 1 | 2, partition: string, prefix: string, sortKeyOf: (at: string, id: string) => string) {
  const index = TABLE.globalIndexes[position];
  return { indexName: index.indexName, partitionKey: index.partitionKey, sortKey: index.sortKey, partition, prefix, position: sortKeyOf };
}

/**
 * Which of `shards` partitions an item of a time-ordered work index goes in, taken from an id (the same for
 * every item of it), so writes spread over a few partitions and a worker reads each with one bounded Query.
 */
export const shardOf = (id: string, shards: number) => createHash('sha256').update(id).digest()[0]! % shards;
