/**
 * The single table's physical shape, read by the data layer, the CDK data stack and the local
 * launcher so that all three create and use the same table. Entity key formats live in the entity
 * files beside this one; nothing outside `lambdas/src/data` builds a key.
 */
export const TABLE = {
  partitionKey: 'PK',
  sortKey: 'SK',
  ttlAttribute: 'expiresAt',
  globalIndexes: [
    { indexName: 'GSI1', partitionKey: 'GSI1PK', sortKey: 'GSI1SK' },
    { indexName: 'GSI2', partitionKey: 'GSI2PK', sortKey: 'GSI2SK' },
    { indexName: 'GSI3', partitionKey: 'GSI3PK', sortKey: 'GSI3SK' },
  ],
} as const;
