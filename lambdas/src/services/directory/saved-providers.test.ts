import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { beforeEach, describe, expect, it } from 'vitest';
import { DIRECTORY_MESSAGES, savedProvidersResponseSchema } from '@solutionz/shared';
import { documentClient } from '../../adapters/dynamodb';
import type { AuthorizedCaller } from '../../auth/caller';
import { createTableStore } from '../../data/table-store';
import { createDirectoryRepository } from '../../data/directory-repository';
import { TEST_CREDENTIALS, TEST_REGION, useTestTable } from '../../testing/dynamodb-table';
import { listSavedProviders, saveProvider, unsaveProvider } from './saved-providers';

const table = useTestTable();
const documents = documentClient(new DynamoDBClient({ region: TEST_REGION, endpoint: table.endpoint, credentials: TEST_CREDENTIALS }));
const profiles = createTableStore(documents, table.tableName).entities.profile;
const directory = createDirectoryRepository(documents, table.tableName);

const NOW = new Date('2026-11-21T12:00:00Z');
let clock = NOW;
const deps = { saved: table.repositories.saved, directory, clock: () => clock };

const cara: AuthorizedCaller = { kind: 'signedIn', userId: 'cara', groups: ['client'], accountType: 'client', subscribed: false, emailConfirmed: true };
const dan: AuthorizedCaller = { ...cara, userId: 'dan' };

/** A provider's profile as sign-up and a yearly membership leave it, then the directory brought in line with it. */
async function provider(userId: string, overrides: Partial<Parameters<typeof profiles.create>[0]> = {}) {
  await profiles
    .create({
      userId,
      email: `${userId}@example.co.uk`,
      accountType: 'provider',
      firstName: 'Priya',
      lastName: 'Patel',
      businessName: `Patel Electrical ${userId}`,
      bio: 'Fully qualified electrician covering the West Midlands.',
      location: 'Birmingham',
      placeName: 'Birmingham',
      categories: ['Construction/Trade > Electrician'],
      subscriptionTier: 'yearly',
      subscriptionEnd: '2027-11-21T12:00:00.000Z',
      createdAt: NOW.toISOString(),
      updatedAt: NOW.toISOString(),
      ...overrides,
    })
    .go();
  await directory.syncListing(userId, NOW);
}

async function delist(userId: string, change: Partial<Parameters<typeof profiles.create>[0]>) {
  await profiles.patch({ userId }).set(change).go();
  await directory.syncListing(userId, NOW);
}

const ids = async (caller: AuthorizedCaller) => (await listSavedProviders(deps, caller, { limit: 50 })).saved.map((item) => item.providerId);

describe('saved professionals', () => {
  beforeEach(() => {
    clock = NOW;
  });

  it('saves a listed professional once however often it is saved, and lists them with their card', async () => {
    await provider('priya');
    await expect(saveProvider(deps, cara, 'priya')).resolves.toEqual({ providerId: 'priya', saved: true });
    clock = new Date('2026-11-22T12:00:00Z');
    await saveProvider(deps, cara, 'priya');

    const answer = savedProvidersResponseSchema.parse(await listSavedProviders(deps, cara, { limit: 20 }));
    expect(answer).toEqual({
      saved: [
        {
          providerId: 'priya',
          savedAt: NOW.toISOString(),
          provider: {
            id: 'priya',
            businessName: 'Patel Electrical priya',
            name: 'Priya Patel',
            avatarUrl: null,
            categories: ['Construction/Trade > Electrician'],
            rating: { average: null, count: 0 },
            bioPreview: 'Fully qualified electrician covering the West Midlands.',
            locationName: 'Birmingham',
            distanceMiles: null,
            responseTime: null,
            checked: { insurance: false, registration: false },
          },
        },
      ],
    });
    expect(await ids(dan)).toEqual([]);
  });

  it.each([
    ['nobody by that id', 'ghost', async () => {}],
    ['a provider without a membership', 'no-member', () => provider('no-member', { subscriptionTier: 'none', subscriptionEnd: undefined })],
    ['a hidden provider', 'hidden', () => provider('hidden', { isVisible: false })],
    ['a client', 'a-client', () => provider('a-client', { accountType: 'client' })],
  ])('refuses to save %s with 404, saving nothing', async (_label, providerId, make) => {
    await make();
    await expect(saveProvider(deps, cara, providerId)).rejects.toMatchObject({ statusCode: 404, message: DIRECTORY_MESSAGES.unknownProvider });
    expect(await ids(cara)).toEqual([]);
  });

  it('keeps a saved professional who stops being listed, as no longer available, and lets the person remove them', async () => {
    await provider('priya');
    await provider('omar');
    await saveProvider(deps, cara, 'priya');
    clock = new Date('2026-11-22T12:00:00Z');
    await saveProvider(deps, cara, 'omar');
    await delist('priya', { subscriptionTier: 'none' });

    const { saved } = await listSavedProviders(deps, cara, { limit: 20 });
    expect(saved.map((item) => [item.providerId, item.provider?.id ?? null])).toEqual([
      ['omar', 'omar'],
      ['priya', null],
    ]);

    await expect(unsaveProvider(deps, cara, 'priya')).resolves.toEqual({ providerId: 'priya', saved: false });
    expect(await ids(cara)).toEqual(['omar']);
  });

  it('removes a saved professional, and removing one not saved is no error', async () => {
    await provider('priya');
    await saveProvider(deps, cara, 'priya');
    await unsaveProvider(deps, cara, 'priya');
    await expect(unsaveProvider(deps, cara, 'priya')).resolves.toEqual({ providerId: 'priya', saved: false });
    await expect(unsaveProvider(deps, cara, 'never-saved')).resolves.toEqual({ providerId: 'never-saved', saved: false });
    expect(await ids(cara)).toEqual([]);
  });

  it('pages newest first with the cursor, and refuses a cursor it did not make', async () => {
    for (const [n, id] of ['a', 'b', 'c'].entries()) {
      await provider(id);
      clock = new Date(NOW.getTime() + n * 60_000);
      await saveProvider(deps, cara, id);
    }
    const first = await listSavedProviders(deps, cara, { limit: 2 });
    const second = await listSavedProviders(deps, cara, { limit: 2, cursor: first.nextCursor });

    expect(first.saved.map((item) => item.providerId)).toEqual(['c', 'b']);
    expect(second).toMatchObject({ saved: [{ providerId: 'a' }] });
    expect(second.nextCursor).toBeUndefined();
    await expect(listSavedProviders(deps, cara, { limit: 2, cursor: 'made-up' })).rejects.toMatchObject({
      statusCode: 400,
      fields: { 'query.cursor': DIRECTORY_MESSAGES.badCursor },
    });
  });
});
