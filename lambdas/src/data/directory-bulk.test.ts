import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { paginateScan, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import ngeohash from 'ngeohash';
import { describe, expect, it } from 'vitest';
import { providerSearchQuerySchema, type ProviderSearchQuery } from '@solutionz/shared';
import { documentClient } from '../adapters/dynamodb';
import { searchProviders } from '../services/directory/search';
import { TEST_CREDENTIALS, TEST_REGION, useTestTable, type TestTable } from '../testing/dynamodb-table';
import { fakeGeocoder } from '../testing/fake-geocoder';
import type { ProfileRecord } from './account-repository';
import { createTableStore } from './table-store';
import { bulkLoadProviders } from './directory-bulk';

const synced = useTestTable();
const bulk = useTestTable();
const NOW = new Date('2026-11-23T12:00:00Z');
const YORK = { lat: 53.959, lng: -1.0815 };
const CATEGORIES = [
  ['Construction/Trade > Plumber'],
  ['Construction/Trade > Electrician', 'Construction/Trade > Plumber'],
  ['Events'],
  ['Pets/Animals > Dog Walking', 'Events > Catering'],
  ['Other: Clock repairs'],
];

const documentsOf = (table: TestTable): DynamoDBDocumentClient =>
  documentClient(new DynamoDBClient({ region: TEST_REGION, endpoint: table.endpoint, credentials: TEST_CREDENTIALS }));

/** A seeded sequence, so a failure here can be run again as it was. */
function seeded(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state * 1_103_515_245 + 12_345) % 2 ** 31;
    return state / 2 ** 31;
  };
}

/** Providers as sign-up, the profile tab and a membership leave them: a dense town, a scatter, some without a place, some not listed. */
function providers(): ProfileRecord[] {
  const random = seeded(7);
  const at = NOW.toISOString();
  const place = (lat: number, lng: number) => ({
    lat,
    lng,
    geohash: ngeohash.encode(lat, lng, 9),
    placeName: 'Somewhere',
    location: 'Somewhere',
    placePrecision: 'sector' as const,
  });
  return Array.from({ length: 100 }, (_, index): ProfileRecord => {
    const kind = index % 20;
    return {
      userId: `user-${String(index).padStart(3, '0')}-${Math.floor(random() * 1e6)}`,
      email: `bulk-${index}@example.co.uk`,
      accountType: 'provider',
      firstName: 'Pat',
      lastName: `Trader ${index}`,
      businessName: `Business ${Math.floor(random() * 1000)}`,
      categories: CATEGORIES[index % CATEGORIES.length]!,
      skills: ['Leaks', 'Boilers'].slice(0, index % 3),
      ...(index % 4 === 0 ? { bio: 'Twenty years in the trade.', ratingCount: 3, ratingTotal: 13 } : {}),
      ...(kind === 1
        ? {}
        : index < 65
          ? place(YORK.lat + (random() - 0.5) * 0.04, YORK.lng + (random() - 0.5) * 0.06)
          : place(51 + random() * 4.5, -4 + random() * 5)),
      isActive: true,
      isVisible: kind !== 2,
      mfaEnabled: false,
      subscriptionTier: kind === 3 ? 'none' : 'monthly',
      ...(kind === 3 ? {} : { subscriptionEnd: kind === 4 ? '2026-11-01T00:00:00.000Z' : '2026-12-23T12:00:00.000Z' }),
      cancelAtPeriodEnd: false,
      createdAt: at,
      updatedAt: at,
    };
  });
}

async function everyItem(table: TestTable): Promise<Record<string, unknown>[]> {
  const items: Record<string, unknown>[] = [];
  for await (const page of paginateScan({ client: documentsOf(table) }, { TableName: table.tableName, ConsistentRead: true }))
    items.push(...(page.Items ?? []));
  return items.sort((a, b) => (`${String(a.PK)} ${String(a.SK)}` < `${String(b.PK)} ${String(b.SK)}` ? -1 : 1));
}

async function listThroughSync(table: TestTable, profiles: readonly ProfileRecord[]): Promise<void> {
  const { profile } = createTableStore(documentsOf(table), table.tableName).entities;
  for (let i = 0; i < profiles.length; i += 10) {
    await Promise.all(
      profiles.slice(i, i + 10).map(async (record) => {
        await profile.put({ ...record, categories: [...record.categories] }).go();
        await table.repositories.directory.syncListing(record.userId, NOW);
      }),
    );
  }
}

async function everyPage(table: TestTable, query: ProviderSearchQuery): Promise<unknown[]> {
  const deps = {
    directory: table.repositories.directory,
    saved: table.repositories.saved,
    standing: table.repositories.standing,
    geocoder: fakeGeocoder(),
    clock: () => NOW,
  };
  const pages: unknown[] = [];
  let cursor: string | undefined;
  do {
    const answer = await searchProviders(deps, providerSearchQuerySchema.parse({ ...query, ...(cursor ? { cursor } : {}) }));
    pages.push(answer);
    cursor = answer.nextCursor;
  } while (cursor && pages.length < 50);
  return pages;
}

describe('bulkLoadProviders', () => {
  it('leaves the table as listing each provider through syncListing does, and searches answer the same', async () => {
    const all = providers();
    await listThroughSync(synced, all);
    // Some listed one by one first, then the rest in two loads: the counts add up across them.
    await listThroughSync(bulk, all.slice(0, 10));
    expect((await bulkLoadProviders(documentsOf(bulk), bulk.tableName, all.slice(10, 60), NOW)).listed).toBeGreaterThan(30);
    await bulkLoadProviders(documentsOf(bulk), bulk.tableName, all.slice(60), NOW);

    expect(await everyItem(bulk)).toEqual(await everyItem(synced));
    const queries: ProviderSearchQuery[] = [
      { lat: YORK.lat, lng: YORK.lng, radius: '5', limit: 10 },
      { lat: YORK.lat, lng: YORK.lng, radius: '100', category: 'construction-trade', limit: 9 },
      { lat: 52, lng: -1.5, radius: '50', category: 'events' },
      { location: 'York', service: 'sparky', limit: 5 },
      { category: 'plumber', limit: 11 },
    ];
    for (const query of queries) expect(await everyPage(bulk, query)).toEqual(await everyPage(synced, query));
    expect(await bulk.repositories.directory.categoryCounts()).toEqual(await synced.repositories.directory.categoryCounts());
  }, 60_000);

  it('refuses providers who are listed already, so no count is added twice', async () => {
    const [first] = providers();
    await listThroughSync(bulk, [first!]);
    await expect(bulkLoadProviders(documentsOf(bulk), bulk.tableName, [first!], NOW)).rejects.toThrow('listed already');
  });
});
