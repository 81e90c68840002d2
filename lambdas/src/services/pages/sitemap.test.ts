import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { describe, expect, it } from 'vitest';
import { TAXONOMY } from '@solutionz/shared';
import { documentClient } from '../../adapters/dynamodb';
import { createTableStore } from '../../data/table-store';
import { createDirectoryRepository } from '../../data/directory-repository';
import { forgetLiveTaxonomy } from '../../data/live-taxonomy';
import { seedCategories } from '../../data/seed-categories';
import { TEST_CREDENTIALS, TEST_REGION, useTestTable } from '../../testing/dynamodb-table';
import { listedProviderIds, robotsTxt, sitemap } from './sitemap';

const table = useTestTable();
const documents = documentClient(new DynamoDBClient({ region: TEST_REGION, endpoint: table.endpoint, credentials: TEST_CREDENTIALS }));
const profiles = createTableStore(documents, table.tableName).entities.profile;
const directory = createDirectoryRepository(documents, table.tableName);

const NOW = new Date('2026-11-21T12:00:00Z');
const SITE = 'https://solutionz.example';
const deps = { directory, clock: () => NOW };

async function provider(userId: string, businessName: string, overrides: Partial<Parameters<typeof profiles.create>[0]> = {}) {
  await profiles
    .create({
      userId,
      email: `${userId}@example.co.uk`,
      accountType: 'provider',
      firstName: 'Priya',
      lastName: 'Patel',
      businessName,
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

/** The <loc> addresses of a sitemap, as a search engine reads them. */
const locations = (xml: string) => [...xml.matchAll(/<loc>([^<]*)<\/loc>/g)].map(([, url]) => url!.replace(/&amp;/g, '&'));

describe('/sitemap.xml', () => {
  it('lists every listed provider’s page and no one else’s, with the public and category pages, as absolute addresses', async () => {
    await provider('listed-1', 'Alpha Electrical');
    await provider('listed-2', 'Beta Plumbing', { categories: ['Construction/Trade > Plumber'] });
    await provider('hidden', 'Gamma Builders', { isVisible: false });
    await provider('lapsed', 'Delta Roofing', { subscriptionTier: 'none', subscriptionEnd: undefined });

    const xml = await sitemap(deps, SITE);
    expect(xml.startsWith('<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">')).toBe(true);
    const urls = locations(xml);
    expect(urls).toContain(`${SITE}/directory/listed-1`);
    expect(urls).toContain(`${SITE}/directory/listed-2`);
    expect(urls).not.toContain(`${SITE}/directory/hidden`);
    expect(urls).not.toContain(`${SITE}/directory/lapsed`);
    expect(urls).toContain(`${SITE}/`);
    expect(urls).toContain(`${SITE}/categories`);
    for (const group of TAXONOMY) {
      expect(urls).toContain(`${SITE}/categories/${group.slug}`);
      for (const sub of group.subcategories) expect(urls).toContain(`${SITE}/categories/${sub.slug}`);
    }
    expect(new Set(urls).size).toBe(urls.length);
    expect(urls.every((url) => url.startsWith(`${SITE}/`))).toBe(true);
  });

  it('lists the category pages of the live taxonomy: a category an admin deleted is not among them', async () => {
    await seedCategories(table.repositories);
    const { categories } = await table.repositories.categories.listAll();
    const electrician = categories.find((category) => category.slug === 'electrician')!;
    await table.repositories.categories.putCategories([{ ...electrician, isActive: false }]);
    forgetLiveTaxonomy(table.tableName);
    const urls = locations(await sitemap(deps, SITE));
    expect(urls).not.toContain(`${SITE}/categories/electrician`);
    expect(urls).toContain(`${SITE}/categories/plumber`);
    expect(urls).toContain(`${SITE}/categories/construction-trade`);
  });

  it('reads the directory page by page, in alphabetical order, up to the limit', async () => {
    for (const [i, name] of ['Echo', 'Alpha', 'Delta', 'Bravo', 'Charlie'].entries()) await provider(`p${i}`, name);
    await expect(listedProviderIds(directory, NOW, 100, 2)).resolves.toEqual(['p1', 'p3', 'p4', 'p2', 'p0']);
    await expect(listedProviderIds(directory, NOW, 3, 2)).resolves.toEqual(['p1', 'p3', 'p4']);
  });

  it('leaves out a provider whose membership ended before the directory heard of it', async () => {
    await provider('ending', 'Ending Soon', { subscriptionEnd: '2026-11-22T12:00:00.000Z' });
    await expect(listedProviderIds(directory, NOW, 100)).resolves.toEqual(['ending']);
    await expect(listedProviderIds(directory, new Date('2026-11-23T00:00:00Z'), 100)).resolves.toEqual([]);
  });
});

describe('/robots.txt', () => {
  it('lets every crawler in and points to the sitemap', () => {
    expect(robotsTxt(SITE)).toBe('User-agent: *\nAllow: /\n\nSitemap: https://solutionz.example/sitemap.xml\n');
  });
});
