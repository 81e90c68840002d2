import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { describe, expect, it } from 'vitest';
import { BUSINESS_SEARCH } from '@solutionz/shared';
import { documentClient } from '../../adapters/dynamodb';
import { createTableStore } from '../../data/table-store';
import { testAccountsDeps } from '../../testing/accounts-deps';
import { TEST_CREDENTIALS, TEST_REGION, useTestTable } from '../../testing/dynamodb-table';
import { createTestAccount } from '../../testing/test-account';
import { useTestUserPool } from '../../testing/user-pool';
import { searchBusinesses } from './business-search';

const table = useTestTable();
const pool = useTestUserPool();
const { profile: profiles } = createTableStore(
  documentClient(new DynamoDBClient({ region: TEST_REGION, endpoint: table.endpoint, credentials: TEST_CREDENTIALS })),
  table.tableName,
).entities;

describe('the sign-up business-name search', () => {
  it('names only businesses whose provider anyone may see: hidden and deactivated providers’ are left out', async () => {
    const { deps } = testAccountsDeps(table, pool);
    const provider = (businessName: string, n: number) => createTestAccount(deps, 'provider', { email: `provider-${n}@example.co.uk`, businessName });
    const [, hidden, deactivated] = await Promise.all([provider('Pennine Plumbing', 1), provider('Pennine Roofing', 2), provider('Pennine Gas', 3)]);
    const names = async (text: string) => (await searchBusinesses(deps, text)).businesses.map((business) => business.businessName);
    expect(await names('pennine')).toEqual(['Pennine Gas', 'Pennine Plumbing', 'Pennine Roofing']);

    // What an admin's hiding and deactivation leave on the profile.
    await profiles.patch({ userId: hidden.userId }).set({ isVisible: false }).go();
    await profiles.patch({ userId: deactivated.userId }).set({ isActive: false }).go();
    expect(await names('pennine')).toEqual(['Pennine Plumbing']);
    expect(await names('roofing')).toEqual([]);
  });

  it('says which businesses an admin listed and nobody has claimed, so sign-up offers their claim', async () => {
    const { deps } = testAccountsDeps(table, pool);
    const [, listed] = await Promise.all([
      createTestAccount(deps, 'provider', { email: 'owned@example.co.uk', businessName: 'Calder Owned Joinery' }),
      createTestAccount(deps, 'provider', { email: 'listed@example.co.uk', businessName: 'Calder Listed Joinery' }),
    ]);
    // What an admin's create-provider leaves on the profile.
    await profiles.patch({ userId: listed.userId }).set({ unclaimed: true }).go();
    const found = (await searchBusinesses(deps, 'calder')).businesses;
    expect(found.map(({ businessName, claimable }) => ({ businessName, claimable }))).toEqual([
      { businessName: 'Calder Listed Joinery', claimable: true },
      { businessName: 'Calder Owned Joinery', claimable: false },
    ]);
  });

  it('still fills its results when hidden businesses match first', async () => {
    const { deps } = testAccountsDeps(table, pool);
    const hiddenOnes = await Promise.all(
      Array.from({ length: BUSINESS_SEARCH.maxResults }, (_, n) =>
        createTestAccount(deps, 'provider', { email: `hidden-${n}@example.co.uk`, businessName: `Aire Hidden ${n}` }),
      ),
    );
    await Promise.all(hiddenOnes.map((account) => profiles.patch({ userId: account.userId }).set({ isVisible: false }).go()));
    await createTestAccount(deps, 'provider', { email: 'shown@example.co.uk', businessName: 'Aire Shown' });
    expect((await searchBusinesses(deps, 'aire')).businesses.map((business) => business.businessName)).toEqual(['Aire Shown']);
  });
});
