import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { paginateScan } from '@aws-sdk/lib-dynamodb';
import { describe, expect, it } from 'vitest';
import { documentClient } from '../adapters/dynamodb';
import { TEST_CREDENTIALS, TEST_REGION, useTestTable, type TestTable } from '../testing/dynamodb-table';
import type { ProfileRecord } from './account-repository';
import { bulkLoadAccounts, type BulkFeedback } from './admin-bulk';
import { createTableStore } from './table-store';

const written = useTestTable();
const bulk = useTestTable();
const NOW = new Date('2026-11-23T12:00:00Z');
const DAY_MS = 86_400_000;

/** Clients and providers as sign-up left them (some over a month ago), one provider hidden, one without a membership, one client deactivated. */
function accounts(): ProfileRecord[] {
  return Array.from({ length: 24 }, (_, index): ProfileRecord => {
    const provider = index % 3 !== 0;
    const at = new Date(NOW.getTime() - index * 3 * DAY_MS).toISOString();
    return {
      userId: `user-${String(index).padStart(2, '0')}`,
      email: `person.${index}@example.co.uk`,
      accountType: provider ? 'provider' : 'client',
      firstName: ['Amélie', 'Tom', 'Priya', 'Seán'][index % 4]!,
      lastName: ['Smith', 'Okafor', 'Smithson', 'Novak'][index % 3]!,
      ...(provider
        ? {
            businessName: `${['Smith', 'Leeds', 'Bright'][index % 3]!} Plumbing & Heating ${index}`,
            businessId: `business-${index}`,
            phoneNumber: '+44 113 496 0000',
          }
        : {}),
      ...(index % 2
        ? { location: 'LS1 4', placeName: 'LS1 4', lat: 53.797 + index / 1000, lng: -1.548, geohash: 'gcwd', placePrecision: 'sector' as const }
        : {}),
      categories: provider ? ['Construction/Trade > Plumber'] : [],
      isActive: index !== 3,
      isVisible: index !== 4,
      mfaEnabled: false,
      subscriptionTier: provider && index !== 5 ? 'monthly' : 'none',
      ...(provider && index !== 5 ? { subscriptionEnd: new Date(NOW.getTime() + 20 * DAY_MS).toISOString() } : {}),
      cancelAtPeriodEnd: false,
      createdAt: at,
      updatedAt: at,
    };
  });
}

function feedback(profiles: readonly ProfileRecord[]): BulkFeedback[] {
  const providers = profiles.filter((profile) => profile.accountType === 'provider');
  const clients = profiles.filter((profile) => profile.accountType === 'client');
  return providers.flatMap((provider, p) =>
    clients.slice(0, p % 4).map((client, c) => ({
      id: `feedback-${p}-${c}`,
      providerId: provider.userId,
      authorId: client.userId,
      authorName: `${client.firstName} ${client.lastName}`,
      rating: 1 + ((p + c) % 5),
      title: 'Tidy work',
      ...(c % 2 ? { description: 'Came on time and left no mess.' } : {}),
      approved: (p + c) % 3 !== 0,
      createdAt: new Date(NOW.getTime() - (p * 4 + c) * 3_600_000).toISOString(),
    })),
  );
}

/** Through the repositories, one write at a time, as sign-up, Stripe, feedback and the directory leave them. */
async function writeOneByOne(table: TestTable, profiles: readonly ProfileRecord[], given: readonly BulkFeedback[]): Promise<void> {
  const { accounts: repository, feedback: feedbackRepository, directory } = table.repositories;
  const { profile: profileItems } = createTableStore(documentsOf(table), table.tableName).entities;
  for (const profile of profiles) {
    const { isActive, isVisible, mfaEnabled: _mfa, subscriptionTier, subscriptionEnd, cancelAtPeriodEnd, ...newProfile } = profile;
    await repository.reserveEmail(profile.email, profile.userId, new Date(profile.createdAt), 0);
    await repository.createAccount({
      reservationId: profile.userId,
      profile: newProfile,
      ...(profile.businessId && profile.businessName
        ? {
            business: {
              businessId: profile.businessId,
              businessName: profile.businessName,
              businessEmail: profile.email,
              ownerUserId: profile.userId,
              createdAt: profile.createdAt,
            },
          }
        : {}),
    });
    await profileItems
      .patch({ userId: profile.userId })
      .set({ isActive, isVisible, subscriptionTier, cancelAtPeriodEnd, ...(subscriptionEnd ? { subscriptionEnd } : {}) })
      .go({ response: 'none' });
  }
  for (const one of given) await feedbackRepository.create(one);
  for (const profile of profiles) await directory.syncListing(profile.userId, NOW);
}

const documentsOf = (table: TestTable) => documentClient(new DynamoDBClient({ region: TEST_REGION, endpoint: table.endpoint, credentials: TEST_CREDENTIALS }));

async function everyItem(table: TestTable): Promise<Record<string, unknown>[]> {
  const items: Record<string, unknown>[] = [];
  for await (const page of paginateScan({ client: documentsOf(table) }, { TableName: table.tableName, ConsistentRead: true }))
    items.push(...(page.Items ?? []));
  return items.sort((a, b) => (`${String(a.PK)} ${String(a.SK)}` < `${String(b.PK)} ${String(b.SK)}` ? -1 : 1));
}

describe('bulkLoadAccounts', () => {
  it('leaves the table as sign-up, feedback and the directory leave it, and the admin lists answer the same', async () => {
    const profiles = accounts();
    const given = feedback(profiles);
    expect(given.filter((one) => one.approved).length).toBeGreaterThan(3);
    expect(given.filter((one) => !one.approved).length).toBeGreaterThan(3);
    await writeOneByOne(written, profiles, given);
    const loaded = await bulkLoadAccounts(documentsOf(bulk), bulk.tableName, { profiles, feedback: given }, NOW);

    expect(await everyItem(bulk)).toEqual(await everyItem(written));
    expect(loaded.listed).toBe(14);
    for (const table of [written, bulk]) expect((await table.repositories.admin.stats(NOW)).pendingFeedback).toBe(given.filter((one) => !one.approved).length);
    const answers = (table: TestTable) =>
      Promise.all([
        table.repositories.admin.searchUsers('all', 'smith', undefined, 5),
        table.repositories.admin.searchUsers('provider', 'leeds plum', undefined, 20),
        table.repositories.admin.listUsers('client', undefined, 3),
        table.repositories.feedback.listForModeration('pending', { limit: 4 }),
      ]);
    expect(await answers(bulk)).toEqual(await answers(written));
  }, 60_000);
});
