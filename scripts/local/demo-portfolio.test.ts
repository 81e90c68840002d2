import { beforeAll, describe, expect, it } from 'vitest';
import { categoryLabel } from '@solutionz/shared';
import { documentClient } from '@solutionz/lambdas/adapters/dynamodb';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { portfolioPrefix, portfolioUploadPrefix } from '@solutionz/lambdas/services/profiles/portfolio-keys';
import { TEST_CREDENTIALS, TEST_REGION, useTestTable } from '@solutionz/lambdas/testing/dynamodb-table';
import { TEST_POSTCODE_DATA_DIR, testGeocoder } from '@solutionz/lambdas/testing/geocoder';
import { useTestMediaBucket } from '@solutionz/lambdas/testing/media-bucket';
import { demoDirectoryProviders, demoTowns, type DemoDirectoryProvider } from './demo-directory';
import { demoPortfolios, writeDemoPortfolios } from './demo-portfolio';

const table = useTestTable();
const bucket = useTestMediaBucket();
const NOW = new Date('2026-11-23T12:00:00Z');
let providers: DemoDirectoryProvider[];

beforeAll(async () => {
  providers = demoDirectoryProviders(await demoTowns(testGeocoder(), TEST_POSTCODE_DATA_DIR), NOW);
});

describe('the demo portfolios', () => {
  it('go to listed, reviewed providers of the common trades in the biggest cities, a Manchester plumber among them', () => {
    const portfolios = demoPortfolios(providers);
    expect(portfolios.length).toBeGreaterThanOrEqual(10);
    for (const { provider, items } of portfolios) {
      expect(provider.isVisible && provider.membership.tier !== 'none' && !provider.membership.end && provider.place).toBeTruthy();
      expect(provider.reviews.length).toBeGreaterThan(0);
      expect(items.length).toBeGreaterThan(0);
    }
    expect(portfolios.some(({ provider }) => provider.town === 'Manchester' && categoryLabel(provider.categories[0]!) === 'Plumber')).toBe(true);
    expect(demoPortfolios(providers)).toEqual(portfolios);
  });

  it('are stored as a provider’s own saves are: checked WebP pictures with thumbnails, in order, the uploads gone', async () => {
    const { provider, items } = demoPortfolios(providers)[0]!;
    const documents = documentClient(new DynamoDBClient({ region: TEST_REGION, endpoint: table.endpoint, credentials: TEST_CREDENTIALS }));
    await writeDemoPortfolios({ documents, tableName: table.tableName, files: bucket.storage }, [{ provider: provider, items: items }], NOW);

    const stored = await table.repositories.portfolio.list(provider.userId);
    expect(stored.map((item) => item.title)).toEqual(items.map((item) => item.title));
    expect(stored.every((item) => Date.parse(item.createdAt) < NOW.getTime())).toBe(true);
    const media = stored.flatMap((item) => item.media);
    expect(media).toHaveLength(items.flatMap((item) => item.scenes).length);
    for (const entry of media) {
      expect(entry.type).toBe('image');
      const picture = await bucket.object(entry.key!);
      expect(picture.contentType).toBe('image/webp');
      expect(picture.body.subarray(8, 12).toString('latin1')).toBe('WEBP');
      expect((await bucket.keys(entry.thumbnailKey!)).length).toBe(1);
    }
    expect(await bucket.keys(portfolioUploadPrefix(provider.userId))).toEqual([]);
    expect((await bucket.keys(portfolioPrefix(provider.userId))).length).toBe(media.length * 2);
  });
});
