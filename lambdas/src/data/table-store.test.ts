import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { describe, expect, it } from 'vitest';
import { createTableStore } from './table-store';

const documents = () => DynamoDBDocumentClient.from(new DynamoDBClient({ region: 'eu-west-2', credentials: { accessKeyId: 'x', secretAccessKey: 'x' } }));
const tableOf = (store: ReturnType<typeof createTableStore>) =>
  store.entities.accountEmail.get({ email: 'someone@example.com' }).params<{ TableName: string }>().TableName;

describe('the table store', () => {
  it('is made once per client and table (its entities are checked once), and each store reaches its own table', () => {
    const [one, other] = [documents(), documents()];
    const store = createTableStore(one, 'table-a');
    expect(createTableStore(one, 'table-a')).toBe(store);
    expect(tableOf(store)).toBe('table-a');
    expect(tableOf(createTableStore(one, 'table-b'))).toBe('table-b');
    expect(tableOf(store)).toBe('table-a');
    const otherClients = createTableStore(other, 'table-a');
    expect(otherClients).not.toBe(store);
    expect(tableOf(otherClients)).toBe('table-a');
  });
});
