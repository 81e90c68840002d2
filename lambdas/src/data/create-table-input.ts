import type { CreateTableCommandInput } from '@aws-sdk/client-dynamodb';
import { TABLE } from './table-definition';

/** New items' images go to the table's stream, which feeds the job alerts worker (locally, the stack's poller). */
export const TABLE_STREAM = { StreamEnabled: true, StreamViewType: 'NEW_IMAGE' } as const;

/** The CreateTable request for the single table, so local runs create exactly what the data layer uses. */
export function createTableInput(tableName: string): CreateTableCommandInput {
  const keyAttributes = [TABLE.partitionKey, TABLE.sortKey, ...TABLE.globalIndexes.flatMap((index) => [index.partitionKey, index.sortKey])];
  return {
    TableName: tableName,
    BillingMode: 'PAY_PER_REQUEST',
    AttributeDefinitions: keyAttributes.map((name) => ({ AttributeName: name, AttributeType: 'S' })),
    KeySchema: [
      { AttributeName: TABLE.partitionKey, KeyType: 'HASH' },
      { AttributeName: TABLE.sortKey, KeyType: 'RANGE' },
    ],
    GlobalSecondaryIndexes: TABLE.globalIndexes.map((index) => ({
      IndexName: index.indexName,
      KeySchema: [
        { AttributeName: index.partitionKey, KeyType: 'HASH' },
        { AttributeName: index.sortKey, KeyType: 'RANGE' },
      ],
      Projection: { ProjectionType: 'ALL' },
    })),
    StreamSpecification: TABLE_STREAM,
  };
}
