import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { describe, expect, it } from 'vitest';
import type { RenderedPageData } from '@solutionz/shared';
import { documentClient } from '../adapters/dynamodb';
import { createTableStore } from '../data/table-store';
import { createCategoryRepository } from '../data/category-repository';
import { createDirectoryRepository } from '../data/directory';
import { listCategories } from '../services/categories';
import { TEST_CREDENTIALS, TEST_REGION, useTestTable } from '../testing/dynamodb-table';
import { readHead } from '../testing/html-head';
import { loadPagesConfig } from '../area-config';
import { createPagesHandler, type PageEvent } from './pages';

const table = useTestTable();
const documents = documentClient(new DynamoDBClient({ region: TEST_REGION, endpoint: table.endpoint, credentials: TEST_CREDENTIALS }));
const profiles = createTableStore(documents, table.tableName).entities.profile;
const directory = createDirectoryRepository(documents, table.tableName);

const NOW = new Date('2026-11-21T12:00:00Z');
const INDEX_HTML = '<!doctype html><html><head><meta name="description" content="Find local pros." /><title>Solutionz</title></head><body><div id="root"></div></body></html>';
const categories = createCategoryRepository(documents, table.tableName);
const deps = { profiles: table.repositories.accounts, directory, categories, indexHtml: async () => INDEX_HTML, clock: () => NOW };

const errors: string[] = [];
const handler = createPagesHandler({ deps: () => deps, onError: (message) => errors.push(message) });

/** A request as CloudFront passes it on; `host: null` is one without the viewer-host header. */
const event = (rawPath: string, method = 'GET', host: string | null = 'www.solutionz.example'): PageEvent => ({
  rawPath,
  headers: host === null ? {} : { 'x-viewer-host': host },
  requestContext: { http: { method } },
});

async function listedProvider(userId: string) {
  await profiles
    .create({
      userId,
      email: `${userId}@example.co.uk`,
      accountType: 'provider',
      firstName: 'Priya',
      lastName: 'Patel',
      businessName: 'Patel Electrical',
      placeName: 'Birmingham',
      categories: ['Construction/Trade > Electrician'],
      subscriptionTier: 'yearly',
      subscriptionEnd: '2027-11-21T12:00:00.000Z',
      ratingCount: 2,
      ratingTotal: 9,
      createdAt: NOW.toISOString(),
      updatedAt: NOW.toISOString(),
    })
    .go();
  await directory.syncListing(userId, NOW);
}

describe('the page function', () => {
  it("answers a listed provider's page with its head filled in, on the host the visitor asked for", async () => {
    await listedProvider('priya');
    const answer = await handler(event('/directory/priya'));
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(answer.headers['cache-control']).toBe('public, max-age=0, s-maxage=300');
    const head = readHead(answer.body);
    expect(head.title).toBe('Patel Electrical | Solutionz');
    expect(head.canonical).toBe('https://www.solutionz.example/directory/priya');
    expect(head.jsonLd[0]).toMatchObject({ '@type': 'LocalBusiness', aggregateRating: { ratingValue: 4.5, reviewCount: 2 } });
  });

  it('marks an unknown provider noindex, and gives other paths under /directory the app shell as it is', async () => {
    expect(readHead((await handler(event('/directory/nobody'))).body).meta('robots')).toBe('noindex');
    expect((await handler(event('/directory/a/b'))).body).toBe(INDEX_HTML);
  });

  it("draws a listed provider's page with the app's renderer, and hands the browser the public answer it drew", async () => {
    await listedProvider('priya');
    await profiles.patch({ userId: 'priya' }).set({ bio: 'Rewiring</script><script>alert(1)</script>' }).go();
    const calls: { path: string; data: RenderedPageData }[] = [];
    const drawing = createPagesHandler({
      deps: () => ({ ...deps, renderApp: async (path, data) => (calls.push({ path, data }), '<main><h1>Patel Electrical</h1></main>') }),
      onError: (message) => expect.unreachable(message),
    });
    const answer = await drawing(event('/directory/priya'));
    expect(calls.map(({ path }) => path)).toEqual(['/directory/priya']);
    const [[key, provider]] = calls[0]!.data.queries as [[unknown, Record<string, unknown>]];
    expect(key).toEqual(['provider-page', 'priya']);
    expect(provider).toMatchObject({ id: 'priya', displayName: 'Patel Electrical', bio: 'Rewiring</script><script>alert(1)</script>' });
    expect(JSON.stringify(provider)).not.toContain('@example.co.uk');
    expect(calls[0]!.data.readAt).toBe(NOW.getTime());

    expect(answer.body).toContain('<div id="root" data-prerendered="/directory/priya"><main><h1>Patel Electrical</h1></main></div>');
    expect(readHead(answer.body).title).toBe('Patel Electrical | Solutionz');
    // The answer travels as data the browser reads, and no text in it can close its element.
    const block = /<script type="application\/json" id="page-data">(.*?)<\/script>/s.exec(answer.body)?.[1];
    expect(block).not.toContain('</script>');
    expect(JSON.parse(block!)).toEqual(JSON.parse(JSON.stringify(calls[0]!.data)));
  });

  it('draws the categories page with the live taxonomy and its counts, as GET /api/categories answers', async () => {
    await listedProvider('priya');
    const calls: { path: string; data: RenderedPageData }[] = [];
    const drawing = createPagesHandler({
      deps: () => ({ ...deps, renderApp: async (path, data) => (calls.push({ path, data }), '<main><h1>Service Categories</h1></main>') }),
      onError: (message) => expect.unreachable(message),
    });
    const answer = await drawing(event('/categories'));
    expect(answer.headers['cache-control']).toBe('public, max-age=0, s-maxage=300');
    expect(calls.map(({ path }) => path)).toEqual(['/categories']);
    expect(calls[0]!.data.queries).toEqual([[['categories'], await listCategories(deps)]]);
    const head = readHead(answer.body);
    expect(head.title).toBe('Service Categories | Solutionz');
    expect(head.canonical).toBe('https://www.solutionz.example/categories');
    expect(answer.body).toContain('<div id="root" data-prerendered="/categories"><main><h1>Service Categories</h1></main></div>');
  });

  it('gives the page with its head alone when the renderer fails, and never draws a provider who is not listed', async () => {
    await listedProvider('priya');
    const renderErrors: string[] = [];
    const failing = createPagesHandler({
      deps: () => ({ ...deps, renderApp: () => Promise.reject(new Error('no window')) }),
      onError: (message) => renderErrors.push(message),
    });
    const answer = await failing(event('/directory/priya'));
    expect(answer.statusCode).toBe(200);
    expect(answer.body).toContain('<div id="root"></div>');
    expect(readHead(answer.body).title).toBe('Patel Electrical | Solutionz');
    expect(renderErrors).toEqual(['Page /directory/priya drawn without its content']);

    let drawn = 0;
    const counting = createPagesHandler({ deps: () => ({ ...deps, renderApp: async () => (drawn++, '<main></main>') }), onError: () => undefined });
    expect((await counting(event('/directory/nobody'))).body).toContain('<div id="root"></div>');
    expect(drawn).toBe(0);
  });

  it('serves the sitemap and robots.txt with absolute addresses on the site', async () => {
    await listedProvider('priya');
    const sitemap = await handler(event('/sitemap.xml'));
    expect(sitemap.headers['content-type']).toBe('application/xml; charset=utf-8');
    expect(sitemap.body).toContain('<loc>https://www.solutionz.example/directory/priya</loc>');
    const robots = await handler(event('/robots.txt'));
    expect(robots.headers['content-type']).toBe('text/plain; charset=utf-8');
    expect(robots.body).toContain('Sitemap: https://www.solutionz.example/sitemap.xml');
  });

  it('uses the configured site origin over the viewer host', async () => {
    const fixed = createPagesHandler({ deps: () => deps, siteUrl: 'https://solutionz.co.uk', onError: () => undefined });
    expect((await fixed(event('/robots.txt', 'GET', 'd111.cloudfront.net'))).body).toContain('Sitemap: https://solutionz.co.uk/sitemap.xml');
  });

  it('answers HEAD without a body, refuses other methods, and refuses a request without a usable host', async () => {
    const head = await handler(event('/robots.txt', 'HEAD'));
    expect(head.statusCode).toBe(200);
    expect(head.body).toBe('');
    const post = await handler(event('/robots.txt', 'POST'));
    expect(post.statusCode).toBe(405);
    expect(post.headers.allow).toBe('GET, HEAD');
    expect((await handler(event('/robots.txt', 'GET', null))).statusCode).toBe(400);
    expect((await handler(event('/robots.txt', 'GET', 'evil.example/"><script>'))).statusCode).toBe(400);
  });

  it('still gives visitors the app when the provider cannot be read, uncached, and says the sitemap is unavailable', async () => {
    const failing = createPagesHandler({
      deps: () => ({
        ...deps,
        profiles: { getProfile: () => Promise.reject(new Error('throttled')), movedTo: () => Promise.reject(new Error('throttled')) },
        directory: {
          alphabeticalListings: () => Promise.reject(new Error('throttled')),
          taxonomy: () => Promise.reject(new Error('throttled')),
          categoryCounts: () => Promise.reject(new Error('throttled')),
        },
      }),
      onError: (message) => errors.push(message),
    });
    const page = await failing(event('/directory/priya'));
    expect(page.statusCode).toBe(200);
    expect(page.body).toBe(INDEX_HTML);
    expect(page.headers['cache-control']).toBe('no-store');
    const sitemap = await failing(event('/sitemap.xml'));
    expect(sitemap.statusCode).toBe(503);
    expect(sitemap.headers['cache-control']).toBe('no-store');
    expect(errors).toEqual(['Page /directory/priya failed', 'Page /sitemap.xml failed']);
  });

  it('starts in the cloud only with its table and site bucket named, and takes a fixed site origin when given one', () => {
    const env = { STAGE: 'prod', AWS_REGION: 'eu-west-2', TABLE_NAME: 'solutionz-prod', SITE_BUCKET: 'site-bucket' };
    expect(loadPagesConfig(env)).toEqual({ stage: 'prod', region: 'eu-west-2', tableName: 'solutionz-prod', siteBucket: 'site-bucket' });
    expect(loadPagesConfig({ ...env, SITE_URL: 'https://solutionz.co.uk/' }).siteUrl).toBe('https://solutionz.co.uk');
    expect(() => loadPagesConfig({ ...env, SITE_BUCKET: '' })).toThrow('SITE_BUCKET is not set');
  });
});
