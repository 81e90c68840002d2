import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { afterAll, describe, expect, it } from 'vitest';
import { JOB_BOARD_PATH, type RenderedPageData } from '@solutionz/shared';
import { documentClient } from '../adapters/dynamodb';
import { createAccountRepository } from '../data/account-repository';
import { createJobsRepository } from '../data/jobs-repository';
import { PAGE_READ_PARTITIONS } from '../data/page-reads';
import { createTableStore } from '../data/table-store';
import { createCategoryRepository } from '../data/category-repository';
import { createDirectoryRepository } from '../data/directory-repository';
import { listCategories } from '../services/categories';
import { TEST_CREDENTIALS, TEST_REGION, useTestTable } from '../testing/dynamodb-table';
import { fakeGeocoder } from '../testing/fake-geocoder';
import { readHead } from '../testing/html-head';
import { matchesKeyPattern, recordTableReads } from '../testing/table-reads';
import { loadPagesConfig } from '../area-config';
import { createPagesHandler, type PageEvent } from './pages';

const table = useTestTable();
const documents = documentClient(new DynamoDBClient({ region: TEST_REGION, endpoint: table.endpoint, credentials: TEST_CREDENTIALS }));
const profiles = createTableStore(documents, table.tableName).entities.profile;
const directory = createDirectoryRepository(documents, table.tableName);

const NOW = new Date('2026-11-21T12:00:00Z');
const INDEX_HTML =
  '<!doctype html><html><head><meta name="description" content="Find local pros." /><title>Solutionz</title></head><body><div id="root"></div></body></html>';
// The page function's own client: what it reads is recorded, to hold it to the partitions its IAM policy allows.
const pageClient = new DynamoDBClient({ region: TEST_REGION, endpoint: table.endpoint, credentials: TEST_CREDENTIALS });
const pageReads = recordTableReads(pageClient);
const pageDocuments = documentClient(pageClient);
const categories = createCategoryRepository(pageDocuments, table.tableName);
const deps = {
  profiles: createAccountRepository(pageDocuments, table.tableName),
  directory: createDirectoryRepository(pageDocuments, table.tableName),
  categories,
  jobs: createJobsRepository(pageDocuments, table.tableName),
  geocoder: fakeGeocoder(),
  indexHtml: async () => INDEX_HTML,
  clock: () => NOW,
};

// Every read of every page rendered here: the table itself (the policy names no index), and only the partitions the
// function's IAM policy lets it read (PAGE_READ_PARTITIONS), so no page breaks in the cloud for want of a grant.
afterAll(() => {
  expect(pageReads.length).toBeGreaterThan(0);
  expect(new Set(pageReads.map(({ command }) => command))).toEqual(new Set(['GetItemCommand', 'BatchGetItemCommand', 'QueryCommand']));
  expect(pageReads.filter(({ indexName }) => indexName !== undefined)).toEqual([]);
  const partitions = new Set(pageReads.flatMap((read) => read.partitions));
  expect([...partitions].filter((partition) => !matchesKeyPattern(partition, PAGE_READ_PARTITIONS))).toEqual([]);
});

const errors: string[] = [];
const handler = createPagesHandler({ deps: () => deps, onError: (message) => errors.push(message) });

/** A request as CloudFront passes it on (a search page's query strings after `?`); `host: null` is one without the viewer-host header. */
const event = (address: string, method = 'GET', host: string | null = 'www.solutionz.example'): PageEvent => ({
  rawPath: address.split('?')[0]!,
  rawQueryString: address.split('?')[1] ?? '',
  headers: host === null ? {} : { 'x-viewer-host': host },
  requestContext: { http: { method } },
});

/** The page's own styles element the renderer returns with each page (entry-server.tsx), for the head. */
const PAGE_STYLES = '<style data-page-styles="a1 b2">.css-a1{color:red}.css-b2{margin:0}</style>';

/** A page function with a renderer that records what it is given and renders `markup` (with PAGE_STYLES). */
function renderingHandler(markup: string) {
  const calls: { path: string; data: RenderedPageData }[] = [];
  const rendering = createPagesHandler({
    deps: () => ({ ...deps, renderApp: async (path, data) => (calls.push({ path, data }), { styles: PAGE_STYLES, markup }) }),
    onError: (message) => expect.unreachable(message),
  });
  return { rendering, calls };
}

/** The JSON data block a rendered page hands the browser. */
const dataBlockOf = (html: string) => /<script type="application\/json" id="page-data">(.*?)<\/script>/s.exec(html)?.[1];

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

  it("renders a listed provider's page with the app's renderer, and hands the browser the public answer it rendered", async () => {
    await listedProvider('priya');
    await profiles.patch({ userId: 'priya' }).set({ bio: 'Rewiring</script><script>alert(1)</script>' }).go();
    const { rendering, calls } = renderingHandler('<main><h1>Patel Electrical</h1></main>');
    const answer = await rendering(event('/directory/priya'));
    expect(calls.map(({ path }) => path)).toEqual(['/directory/priya']);
    const [[key, provider]] = calls[0]!.data.queries as [[unknown, Record<string, unknown>]];
    expect(key).toEqual(['provider-page', 'priya']);
    expect(provider).toMatchObject({ id: 'priya', displayName: 'Patel Electrical', bio: 'Rewiring</script><script>alert(1)</script>' });
    expect(JSON.stringify(provider)).not.toContain('@example.co.uk');
    expect(calls[0]!.data.readAt).toBe(NOW.getTime());

    expect(answer.body).toContain('<div id="root" data-prerendered="/directory/priya"><main><h1>Patel Electrical</h1></main></div>');
    // The page's own styles end its head, and the root holds none.
    expect(answer.body.split('</head>')[0]!.endsWith(PAGE_STYLES)).toBe(true);
    expect(answer.body.split('</head>')[1]).not.toContain('<style');
    expect(readHead(answer.body).title).toBe('Patel Electrical | Solutionz');
    // The answer travels as data the browser reads, and no text in it can close its element.
    const block = dataBlockOf(answer.body);
    expect(block).not.toContain('</script>');
    expect(JSON.parse(block!)).toEqual(JSON.parse(JSON.stringify(calls[0]!.data)));
  });

  it('renders the categories page with the live taxonomy and its counts, as GET /api/categories answers', async () => {
    await listedProvider('priya');
    const { rendering, calls } = renderingHandler('<main><h1>Service Categories</h1></main>');
    const answer = await rendering(event('/categories'));
    expect(answer.headers['cache-control']).toBe('public, max-age=0, s-maxage=300');
    expect(calls.map(({ path }) => path)).toEqual(['/categories']);
    expect(calls[0]!.data.queries).toEqual([[['categories'], await listCategories(deps)]]);
    const head = readHead(answer.body);
    expect(head.title).toBe('Service Categories | Solutionz');
    expect(head.canonical).toBe('https://www.solutionz.example/categories');
    expect(answer.body).toContain('<div id="root" data-prerendered="/categories"><main><h1>Service Categories</h1></main></div>');
  });

  it('renders a directory search with the answer a visitor gets from GET /api/providers, under the key the web asks with', async () => {
    await listedProvider('priya');
    const { rendering, calls } = renderingHandler('<main><h1>Professionals</h1></main>');
    // Parameters in any order, with others the page does not read: one rendering, for its own parameters in a fixed order.
    const answer = await rendering(event('/directory?service=Patel&utm_source=mail&location=York'));
    expect(answer.headers['cache-control']).toBe('public, max-age=0, s-maxage=300');
    expect(calls.map(({ path }) => path)).toEqual(['/directory?location=York&service=Patel']);
    const [[searchKey, results], [categoriesKey, categories]] = calls[0]!.data.queries as [
      [unknown, { pages: { providers: { id: string }[]; place?: { name: string } }[]; pageParams: unknown[] }],
      [unknown, unknown],
    ];
    expect(searchKey).toEqual(['providers', { service: 'Patel', category: '', where: { location: 'York' }, radius: 25, quickReplies: false, insured: false }]);
    expect(results.pageParams).toEqual([undefined]);
    expect(results.pages[0]!.providers.map(({ id }) => id)).toContain('priya');
    expect(results.pages[0]!.place?.name).toBe('York, North Yorkshire');
    expect([categoriesKey, categories]).toEqual([['categories'], await listCategories(deps)]);

    expect(answer.body).toContain('<div id="root" data-prerendered="/directory?location=York&amp;service=Patel"><main><h1>Professionals</h1></main></div>');
    const head = readHead(answer.body);
    expect(head.title).toBe('Patel near York | Solutionz');
    expect(head.meta('description')).toBe('Patel near York on Solutionz: compare ratings, reply times and services, and get in touch.');
    expect(head.canonical).toBe('https://www.solutionz.example/directory?location=York&service=Patel');
    expect(head.meta('robots')).toBeUndefined();
    // What a visitor's search answers, and nothing private: no e-mail.
    expect(dataBlockOf(answer.body)).not.toContain('@example.co.uk');

    // A search that found nobody (everyone is listed instead) is rendered too, but is no page for search results: any
    // words can be typed into a link, and its title names them.
    const nobody = await rendering(event('/directory?service=cheap+pills'));
    expect(nobody.body).toContain('data-prerendered="/directory?service=cheap+pills"');
    expect(readHead(nobody.body).meta('robots')).toBe('noindex');
    expect(readHead(nobody.body).canonical).toBeUndefined();
  });

  it("renders the job board with a visitor's answer from GET /api/jobs, without anyone's contact details", async () => {
    await table.repositories.jobs.create(
      {
        jobId: 'fence',
        ownerId: 'client-1',
        title: 'Mend the garden fence',
        description: 'Three panels.',
        categories: ['Construction/Trade > Builder'],
        locationName: 'York, North Yorkshire',
        lat: 53.959,
        lng: -1.0815,
        postedAt: NOW.toISOString(),
        revealCap: 5,
      },
      { contactName: 'Cara Client', contactEmail: 'cara@example.co.uk', contactPhone: '07700 900123' },
    );
    const { rendering, calls } = renderingHandler('<main><h1>Job Directory</h1></main>');
    const answer = await rendering(event(`${JOB_BOARD_PATH}?location=York`));
    expect(calls.map(({ path }) => path)).toEqual(['/job-directory?location=York']);
    const [[boardKey, board]] = calls[0]!.data.queries as [[unknown, { jobs: { id: string; title: string; contact?: unknown }[] }]];
    expect(boardKey).toEqual(['jobs', 'board', false, { location: 'York', radius: 25, budgetType: 'any' }]);
    expect(board.jobs.map(({ title }) => title)).toContain('Mend the garden fence');
    expect(board.jobs.every((job) => job.contact === undefined)).toBe(true);
    expect(readHead(answer.body).title).toBe('Jobs near York | Solutionz');
    expect(readHead(answer.body).canonical).toBe('https://www.solutionz.example/job-directory?location=York');
    const none = await rendering(event(`${JOB_BOARD_PATH}?category=Other%3A+cheap+pills`));
    expect(none.body).toContain('data-prerendered="/job-directory?category=Other%3A+cheap+pills"');
    expect(readHead(none.body).meta('robots')).toBe('noindex');

    // A link that opens a job (a job alert mail's): the job comes along, as GET /api/jobs/{jobId} answers a visitor.
    const opened = await rendering(event(`${JOB_BOARD_PATH}?job=fence&location=York`));
    const [, , [jobKey, job]] = calls[2]!.data.queries as [unknown, unknown, [unknown, { title: string; contact?: unknown }]];
    expect(jobKey).toEqual(['jobs', 'job', false, 'fence']);
    expect(job).toMatchObject({ title: 'Mend the garden fence' });
    expect(job.contact).toBeUndefined();
    for (const block of [dataBlockOf(answer.body)!, dataBlockOf(opened.body)!]) {
      for (const secret of ['cara@example.co.uk', '07700 900123', 'Cara Client']) expect(block).not.toContain(secret);
    }
    // No such job: the board alone, for the app to say so.
    await rendering(event(`${JOB_BOARD_PATH}?job=no-such-job&location=York`));
    expect(calls[3]!.data.queries.map(([key]) => key.slice(0, 2))).toEqual([['jobs', 'board'], ['categories']]);
  });

  it('gives a search the API would refuse, near me and a later page of the board their head alone, for the app to render', async () => {
    const { rendering, calls } = renderingHandler('<main></main>');
    for (const address of [
      '/directory?location=Nowhereville',
      '/directory?category=no-such-category',
      '/directory?service=plumber&nearme=true',
      '/directory?service=x'.padEnd(120, 'x'),
      `${JOB_BOARD_PATH}?cursor=not-a-cursor`,
      `${JOB_BOARD_PATH}?location=Nowhereville`,
    ]) {
      const answer = await rendering(event(address));
      expect(answer.statusCode, address).toBe(200);
      expect(answer.body, address).toContain('<div id="root"></div>');
      expect(answer.body, address).not.toContain('page-data');
      expect(readHead(answer.body).meta('robots'), address).toBe('noindex');
    }
    expect(readHead((await rendering(event('/directory?location=Nowhereville'))).body).title).toBe('Professionals near Nowhereville | Solutionz');
    expect(calls).toEqual([]);
  });

  it('gives the page with its head alone when the renderer fails, and never renders a provider who is not listed', async () => {
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
    expect(renderErrors).toEqual(['Page /directory/priya rendered without its content']);

    let rendered = 0;
    const counting = createPagesHandler({
      deps: () => ({ ...deps, renderApp: async () => (rendered++, { styles: '', markup: '<main></main>' }) }),
      onError: () => undefined,
    });
    expect((await counting(event('/directory/nobody'))).body).toContain('<div id="root"></div>');
    expect(rendered).toBe(0);
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
          ...directory,
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
