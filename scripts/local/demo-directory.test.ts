import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { paginateScan, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_RADIUS_MILES, TAXONOMY, categoryLabel, formatCategorySelection, providerSearchQuerySchema } from '@solutionz/shared';
import { createAccountRepository } from '@solutionz/lambdas/data/account-repository';
import { ukDay } from '@solutionz/lambdas/data/admin';
import { createFeedbackRepository } from '@solutionz/lambdas/data/feedback-repository';
import { createResponseTimesRepository } from '@solutionz/lambdas/data/response-times-repository';
import { createTableStore } from '@solutionz/lambdas/data/table-store';
import { ALL_SCOPE } from '@solutionz/lambdas/data/directory';
import { createDirectoryRepository } from '@solutionz/lambdas/data/directory-repository';
import { readPostcodeTables } from '@solutionz/lambdas/geo/postcode-tables';
import { resolvePlace } from '@solutionz/lambdas/geo/resolve';
import { searchProviders } from '@solutionz/lambdas/services/directory/search';
import { milesBetween } from '@solutionz/lambdas/services/geo-search';
import { documentClient } from '@solutionz/lambdas/adapters/dynamodb';
import { TEST_CREDENTIALS, TEST_REGION, useTestTable, type TestTable } from '@solutionz/lambdas/testing/dynamodb-table';
import { TEST_POSTCODE_DATA_DIR, testGeocoder } from '@solutionz/lambdas/testing/geocoder';
import {
  COMMON_TRADES,
  DEMO_TOWNS,
  demoBusinessId,
  demoFeedbackId,
  demoDirectoryProviders,
  demoReviewerId,
  demoSignupProfile,
  demoTowns,
  writeDemoDirectory,
  type DemoDirectoryProvider,
  type DemoTown,
} from './demo-directory';
import { demoResponseFacts } from './demo-messages';

const table = useTestTable();
const oneByOne = useTestTable();
const inBulk = useTestTable();
const NOW = new Date('2026-11-23T12:00:00Z');
let towns: DemoTown[];
let providers: DemoDirectoryProvider[];

beforeAll(async () => {
  towns = await demoTowns(testGeocoder(), TEST_POSTCODE_DATA_DIR);
  providers = demoDirectoryProviders(towns, NOW);
});

const listed = (provider: DemoDirectoryProvider) =>
  provider.isVisible && provider.membership.tier !== 'none' && (!provider.membership.end || Date.parse(provider.membership.end) > NOW.getTime());

describe('the demo directory', () => {
  it('is about 340 providers in at least 20 towns, the same on every start', () => {
    expect(providers.length).toBeGreaterThanOrEqual(320);
    expect(providers.length).toBeLessThanOrEqual(360);
    expect(new Set(providers.map((provider) => provider.town)).size).toBeGreaterThanOrEqual(20);
    expect(demoDirectoryProviders(towns, NOW)).toEqual(providers);
    expect(new Set(providers.map((provider) => provider.email)).size).toBe(providers.length);
    expect(new Set(providers.map((provider) => provider.businessName.toLowerCase())).size).toBe(providers.length);
  });

  it('places providers at real postcode sectors near their town', async () => {
    const sectors = readPostcodeTables(TEST_POSTCODE_DATA_DIR)!.sectors;
    const geocoder = testGeocoder();
    for (const { name, miles } of DEMO_TOWNS) {
      const centre = await resolvePlace(geocoder, name, 'location');
      for (const provider of providers.filter((candidate) => candidate.town === name && candidate.place)) {
        expect(sectors[provider.place!.name]).toEqual([provider.place!.lat, provider.place!.lng]);
        expect(milesBetween(centre, provider.place!)).toBeLessThanOrEqual(miles);
      }
    }
  });

  it('has a listed member in every subcategory of the taxonomy, with skills, bios and mostly ratings', () => {
    const categories = new Set(providers.filter(listed).flatMap((provider) => provider.categories));
    for (const group of TAXONOMY) {
      for (const sub of group.subcategories) expect(categories).toContain(formatCategorySelection({ kind: 'sub', group: group.name, sub: sub.name }));
    }
    expect(providers.every((provider) => provider.skills.length >= 3 && provider.bio.length > 40)).toBe(true);
    const rated = providers.filter((provider) => provider.reviews.length > 0);
    expect(rated.length / providers.length).toBeGreaterThan(0.7);
    expect(rated.flatMap((provider) => provider.reviews).every((review) => review.rating >= 1 && review.rating <= 5 && review.title.length > 0)).toBe(true);
  });

  it('has a listed member of every common trade within the default radius of every demo town; rarer trades are thinner', async () => {
    const geocoder = testGeocoder();
    for (const { name } of DEMO_TOWNS) {
      const centre = await resolvePlace(geocoder, name, 'location');
      for (const trade of COMMON_TRADES) {
        const near = providers.filter(
          (provider) =>
            listed(provider) &&
            provider.place &&
            provider.categories.some((category) => categoryLabel(category) === trade) &&
            milesBetween(centre, provider.place) <= DEFAULT_RADIUS_MILES,
        );
        expect(near.length, `${trade} near ${name}`).toBeGreaterThan(0);
      }
    }
    const counts = new Map<string, number>();
    for (const provider of providers) counts.set(categoryLabel(provider.categories[0]!), (counts.get(categoryLabel(provider.categories[0]!)) ?? 0) + 1);
    const common = COMMON_TRADES.map((trade) => counts.get(trade) ?? 0);
    const rare = [...counts].filter(([trade]) => !COMMON_TRADES.includes(trade)).map(([, count]) => count);
    expect(Math.min(...common)).toBeGreaterThanOrEqual(DEMO_TOWNS.length);
    expect(Math.max(...rare)).toBeLessThan(Math.min(...common) / 4);
  });

  it('has several of each common trade listed near the biggest cities', async () => {
    const geocoder = testGeocoder();
    for (const name of ['London', 'Birmingham', 'Manchester']) {
      const centre = await resolvePlace(geocoder, name, 'location');
      for (const trade of COMMON_TRADES) {
        const near = providers.filter(
          (provider) =>
            listed(provider) &&
            provider.place &&
            categoryLabel(provider.categories[0]!) === trade &&
            milesBetween(centre, provider.place) <= DEFAULT_RADIUS_MILES,
        );
        expect(near.length, `${trade} near ${name}`).toBeGreaterThanOrEqual(2);
      }
    }
  });

  it('answers the first searches a newcomer types with providers near them, not the fallback', async () => {
    const centre = await resolvePlace(testGeocoder(), 'Manchester', 'location');
    // Those the searches can find, without their reviews: each provider and review written is a few requests.
    const nearby = providers
      .filter((provider) => provider.place && milesBetween(centre, provider.place) <= DEFAULT_RADIUS_MILES)
      .filter((provider) => provider.categories.some((category) => COMMON_TRADES.includes(categoryLabel(category))))
      .map((provider) => ({ ...provider, reviews: [] }));
    const documents = documentClient(new DynamoDBClient({ region: TEST_REGION, endpoint: table.endpoint, credentials: TEST_CREDENTIALS }));
    await writeDemoDirectory(documents, table.tableName, nearby, NOW);
    const deps = { ...table.repositories, geocoder: testGeocoder(), clock: () => NOW };
    for (const service of ['plumber', 'electrician', 'builder', 'cleaning', 'gardener', 'decorator']) {
      const answer = await searchProviders(deps, providerSearchQuerySchema.parse({ service, location: 'Manchester' }));
      expect(answer.fallback, service).toBeUndefined();
      expect(answer.providers.length, service).toBeGreaterThan(0);
      expect(answer.providers.every((card) => card.distanceMiles !== null && card.distanceMiles <= DEFAULT_RADIUS_MILES)).toBe(true);
    }
  });

  it('lists the members only: not those without a membership, with one that has ended, or hidden; those without a place are listed', async () => {
    const kinds = {
      member: providers.filter((provider) => listed(provider) && provider.place && !provider.membership.cancelAtPeriodEnd),
      leaving: providers.filter((provider) => listed(provider) && provider.membership.cancelAtPeriodEnd),
      unplaced: providers.filter((provider) => listed(provider) && !provider.place),
      noMembership: providers.filter((provider) => provider.membership.tier === 'none'),
      ended: providers.filter((provider) => provider.membership.end && Date.parse(provider.membership.end) <= NOW.getTime()),
      hidden: providers.filter((provider) => !provider.isVisible),
    };
    for (const some of Object.values(kinds)) expect(some.length).toBeGreaterThan(0);
    const sample = Object.values(kinds).flatMap((some) => some.slice(0, 3));

    const documents = documentClient(new DynamoDBClient({ region: TEST_REGION, endpoint: table.endpoint, credentials: TEST_CREDENTIALS }));
    await writeDemoDirectory(documents, table.tableName, sample, NOW);

    const { listings } = await table.repositories.directory.alphabeticalListings(ALL_SCOPE, undefined, 100);
    expect(listings.map((listing) => listing.userId).sort()).toEqual(
      sample
        .filter(listed)
        .map((provider) => provider.userId)
        .sort(),
    );
    expect(listings.filter((listing) => listing.lat === undefined)).toHaveLength(3);
    // The cards' ratings are the reviews' (stored as feedback, which the provider's page lists).
    for (const provider of sample.filter(listed)) {
      const listing = listings.find((candidate) => candidate.userId === provider.userId)!;
      expect(listing.ratingCount).toBe(provider.reviews.length);
      if (provider.reviews.length > 0)
        expect(listing.ratingAverage).toBeCloseTo(provider.reviews.reduce((sum, review) => sum + review.rating, 0) / provider.reviews.length);
      const { feedback } = await table.repositories.feedback.listPublished(provider.userId, { limit: 10 });
      expect(feedback.map((entry) => entry.title).sort()).toEqual(provider.reviews.map((review) => review.title).sort());
    }
  });

  it('signed up over time, each before their oldest review, with newcomers on most days of the month, counted on their days by the sign-up writes', async () => {
    for (const provider of providers) for (const review of provider.reviews) expect(provider.joinedDaysAgo).toBeGreaterThan(review.daysAgo);
    const newcomers = providers.filter((provider) => provider.joinedDaysAgo < 30);
    expect(newcomers.length).toBeGreaterThanOrEqual(30);
    expect(new Set(newcomers.map((provider) => provider.joinedDaysAgo)).size).toBeGreaterThanOrEqual(18);

    const sample = newcomers.slice(0, 12);
    const dayOf = (provider: DemoDirectoryProvider) => ukDay(new Date(NOW.getTime() - provider.joinedDaysAgo * 86_400_000));
    const month = [ukDay(new Date(NOW.getTime() - 29 * 86_400_000)), ukDay(NOW)] as const;
    const before = await table.repositories.admin.days(...month);
    const documents = documentClient(new DynamoDBClient({ region: TEST_REGION, endpoint: table.endpoint, credentials: TEST_CREDENTIALS }));
    await writeDemoDirectory(documents, table.tableName, sample, NOW);
    const after = await table.repositories.admin.days(...month);
    const added = Object.fromEntries(
      after.map((day) => [day.day, day.signups - (before.find((earlier) => earlier.day === day.day)?.signups ?? 0)]).filter(([, count]) => count !== 0),
    );
    const expected: Record<string, number> = {};
    for (const provider of sample) expected[dayOf(provider)] = (expected[dayOf(provider)] ?? 0) + 1;
    expect(added).toEqual(expected);
  });

  it('is written in bulk as the repositories write it one provider at a time: the same items, the same answers', async () => {
    // Each standing, reviews with and without replies, response facts, providers without a place.
    const sample = [
      ...providers.filter((provider) => provider.reviews.some((review) => review.reply)).slice(0, 6),
      ...providers.filter((provider) => provider.reviews.length === 0).slice(0, 2),
      ...providers.filter((provider) => !provider.place).slice(0, 2),
      ...providers.filter((provider) => !listed(provider)).slice(0, 4),
    ].filter((provider, index, all) => all.indexOf(provider) === index);
    expect(sample.filter((provider) => demoResponseFacts(provider.userId, NOW).length > 0).length).toBeGreaterThan(3);
    await writeOneByOne(documentsOf(oneByOne), oneByOne.tableName, sample, NOW);
    await writeDemoDirectory(documentsOf(inBulk), inBulk.tableName, sample, NOW);

    const withoutReservation = (items: Record<string, unknown>[]) =>
      // The e-mail owner item records the sign-up's reservation (an id and an expiry the finished sign-up no longer reads).
      items.map(({ reservationId: _id, reservedUntil: _until, ...item }) => item);
    const bulkItems = await everyItem(inBulk);
    expect(bulkItems.length).toBeGreaterThan(sample.length * 10);
    expect(withoutReservation(bulkItems)).toEqual(withoutReservation(await everyItem(oneByOne)));
    const answers = (tested: TestTable) =>
      Promise.all([
        tested.repositories.directory.alphabeticalListings(ALL_SCOPE, undefined, 100),
        ...sample.map((provider) => tested.repositories.feedback.listPublished(provider.userId, { limit: 10 })),
        tested.repositories.admin.searchUsers('provider', sample[0]!.businessName.split(' ')[0]!, undefined, 20),
      ]);
    expect(await answers(inBulk)).toEqual(await answers(oneByOne));
  }, 120_000);
});

const documentsOf = (tested: TestTable) =>
  documentClient(new DynamoDBClient({ region: TEST_REGION, endpoint: tested.endpoint, credentials: TEST_CREDENTIALS }));

async function everyItem(tested: TestTable): Promise<Record<string, unknown>[]> {
  const items: Record<string, unknown>[] = [];
  for await (const page of paginateScan({ client: documentsOf(tested) }, { TableName: tested.tableName, ConsistentRead: true }))
    items.push(...(page.Items ?? []));
  return items.sort((a, b) => (`${String(a.PK)} ${String(a.SK)}` < `${String(b.PK)} ${String(b.SK)}` ? -1 : 1));
}

/** How the demo directory was written before the bulk load: through the repositories, one write at a time, as sign-up and the app leave them. */
async function writeOneByOne(documents: DynamoDBDocumentClient, tableName: string, sample: readonly DemoDirectoryProvider[], now: Date): Promise<void> {
  const accounts = createAccountRepository(documents, tableName);
  const { profile } = createTableStore(documents, tableName).entities;
  const directory = createDirectoryRepository(documents, tableName);
  const feedback = createFeedbackRepository(documents, tableName);
  const responseTimes = createResponseTimesRepository(documents, tableName);
  for (const provider of sample) {
    const at = new Date(now.getTime() - provider.joinedDaysAgo * 86_400_000).toISOString();
    expect(await accounts.reserveEmail(provider.email, provider.userId, now, 60)).toBe(true);
    const businessId = demoBusinessId(provider);
    await accounts.createAccount({
      reservationId: provider.userId,
      // The same fields the bulk load puts on the profile: what this compares is how the two ways write them.
      profile: demoSignupProfile(provider, now),
      business: { businessId, businessName: provider.businessName, businessEmail: provider.email, ownerUserId: provider.userId, createdAt: at },
    });
    const { tier, end, cancelAtPeriodEnd } = provider.membership;
    await profile
      .patch({ userId: provider.userId })
      .set({ subscriptionTier: tier, cancelAtPeriodEnd, isVisible: provider.isVisible, ...(end ? { subscriptionEnd: end } : {}) })
      .go({ response: 'none' });
    await responseTimes.importFacts(provider.userId, demoResponseFacts(provider.userId, now), now);
    for (const [n, review] of provider.reviews.entries()) {
      const reviewedAt = new Date(now.getTime() - review.daysAgo * 86_400_000);
      const created = await feedback.create({
        id: demoFeedbackId(provider, n),
        providerId: provider.userId,
        authorId: demoReviewerId(provider, n),
        authorName: review.authorName,
        rating: review.rating,
        title: review.title,
        ...(review.description ? { description: review.description } : {}),
        approved: true,
        createdAt: reviewedAt.toISOString(),
      });
      expect(created).toBe('created');
      if (review.reply) await feedback.putReply(demoFeedbackId(provider, n), provider.userId, review.reply, new Date(reviewedAt.getTime() + 86_400_000));
    }
    await directory.syncListing(provider.userId, now);
  }
}
