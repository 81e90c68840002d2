import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { get as httpGet } from 'node:http';
import { connect as connectHttp2 } from 'node:http2';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { publicCacheFor } from '@solutionz/lambdas/adapters/cloudfront-purge';
import type { PageEvent } from '@solutionz/lambdas/functions/pages';
import { scriptAssetHeaderValues, SITE_CACHE_CONTROL, securityHeaderValues } from '../../infra/src/edge-rules';
import { LOCAL_DISTRIBUTION_ID, startEdge, type LocalEdge } from './edge';
import type { RequestListener } from './gateway';
import type { LocalService } from './process';
import * as s3 from './s3';
import { selfSignedTls } from './tls';

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

const origins = { cognito: 'http://localhost:9230', uploads: 'http://localhost:4569' };
const entryScript = `console.log(${JSON.stringify('the app '.repeat(400))});`;

describe('local edge (the CloudFront stand-in)', () => {
  const work = mkdtempSync(join(tmpdir(), 'solutionz-edge-test-'));
  const siteDir = join(work, 'site');
  const webConfigFile = join(work, 'web-config.json');
  const apiCalls: { url: string; viewerIp: string | undefined; origin: string | undefined }[] = [];
  const api: RequestListener = (req, res) => {
    apiCalls.push({
      url: req.url ?? '',
      viewerIp: req.headers['x-viewer-ip'] as string | undefined,
      origin: req.headers['x-origin-verify'] as string | undefined,
    });
    if (req.url?.startsWith('/api/categories')) {
      // As the API answers a public route: kept a minute without a session, never with one.
      const cacheControl = req.headers.authorization ? 'private, no-store' : 'public, max-age=60, s-maxage=60';
      res.writeHead(200, { 'content-type': 'application/json', 'cache-control': cacheControl });
      res.end(JSON.stringify({ call: apiCalls.length }));
      return;
    }
    res.writeHead(404, { 'content-type': 'application/json' });
    res.end('{"error":{"code":"NOT_FOUND","message":"Not found"}}');
  };
  const pageCalls: PageEvent[] = [];
  let edge: LocalService;
  let media: LocalService;
  let mediaPort: number;

  beforeAll(async () => {
    mkdirSync(join(siteDir, 'assets'), { recursive: true });
    writeFileSync(join(siteDir, 'index.html'), '<!doctype html><script type="module" src="/assets/index-abc.js"></script>');
    writeFileSync(join(siteDir, 'home.html'), '<!doctype html><h1>Prerendered home</h1><script type="module" src="/assets/index-abc.js"></script>');
    writeFileSync(join(siteDir, 'assets', 'index-abc.js'), entryScript);
    writeFileSync(webConfigFile, '{"stage":"first"}');
    mediaPort = await freePort();
    media = await s3.start({ port: mediaPort, dataDir: join(work, 's3'), logFile: join(work, 's3.log') });
    const client = new S3Client({
      region: 'eu-west-2',
      endpoint: `http://127.0.0.1:${mediaPort}`,
      forcePathStyle: true,
      credentials: { ...s3.S3RVER_CREDENTIALS },
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
    });
    await client.send(
      new PutObjectCommand({ Bucket: s3.LOCAL_BUCKETS.avatars, Key: 'media/avatars/u1/a.webp', Body: Buffer.from('RIFF....WEBP'), ContentType: 'image/webp' }),
    );
    // A message image: in the portfolio bucket, outside its public path.
    await client.send(
      new PutObjectCommand({
        Bucket: s3.LOCAL_BUCKETS.portfolio,
        Key: 'private/messages/c1/i1.webp',
        Body: Buffer.from('PRIVATE PHOTO'),
        ContentType: 'image/webp',
      }),
    );
    await client.send(
      new PutObjectCommand({
        Bucket: s3.LOCAL_BUCKETS.portfolio,
        Key: 'media/portfolio/u1/a photo.webp',
        Body: Buffer.from('PUBLIC PHOTO'),
        ContentType: 'image/webp',
      }),
    );
    client.destroy();
    edge = await startEdge({
      port: 0,
      siteDir,
      webConfigFile,
      api,
      originHeaders: { 'X-Origin-Verify': 'edge-secret' },
      pages: async (event) => {
        pageCalls.push(event);
        return {
          statusCode: 200,
          headers: { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'public, max-age=0, s-maxage=300' },
          body: `<title>page ${event.rawPath}</title>${'x'.repeat(2000)}`,
        };
      },
      media: { origin: `http://127.0.0.1:${mediaPort}`, buckets: s3.LOCAL_BUCKETS },
      origins,
    });
  }, 30_000);

  afterAll(async () => {
    await Promise.all([edge?.stop(), media?.stop()]);
    rmSync(work, { recursive: true, force: true });
  });

  const get = (path: string, init?: RequestInit) => fetch(`${edge.url}${path}`, init);

  it('gives client-side routes the app shell and the home page its prerendered file, revalidated on every load, with the security headers', async () => {
    for (const path of ['/', '/post-job', '/account?tab=security', '/categories/plumber']) {
      const response = await get(path);
      expect(response.status, path).toBe(200);
      const html = await response.text();
      expect(html).toContain('/assets/index-abc.js');
      if (path === '/') expect(html).toContain('Prerendered home');
      else expect(html, path).not.toContain('Prerendered home');
      expect(response.headers.get('cache-control')).toBe(SITE_CACHE_CONTROL.entry);
      expect(response.headers.get('content-type')).toBe('text/html');
      for (const [name, value] of Object.entries(securityHeaderValues(origins))) expect(response.headers.get(name), name).toBe(value);
    }
  });

  it('serves hashed assets as immutable, compressed as the viewer accepts, and 304 for a known ETag', async () => {
    const plain = await get('/assets/index-abc.js', { headers: { 'accept-encoding': 'identity' } });
    expect(plain.headers.get('cache-control')).toBe(SITE_CACHE_CONTROL.assets);
    expect(plain.headers.get('content-encoding')).toBeNull();
    expect(await plain.text()).toBe(entryScript);

    // fetch would decode the body itself; the raw bytes show what was sent.
    const raw = (encoding: string) =>
      new Promise<{ encoding: string | undefined; body: Buffer }>((resolve, reject) => {
        httpGet(`${edge.url}/assets/index-abc.js`, { headers: { 'accept-encoding': encoding } }, (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (chunk: Buffer) => chunks.push(chunk));
          res.on('end', () => resolve({ encoding: res.headers['content-encoding'], body: Buffer.concat(chunks) }));
        }).on('error', reject);
      });
    const br = await raw('gzip, deflate, br');
    expect(br.encoding).toBe('br');
    expect(brotliDecompressSync(br.body).toString()).toBe(entryScript);
    const gzip = await raw('gzip');
    expect(gzip.encoding).toBe('gzip');
    expect(gunzipSync(gzip.body).toString()).toBe(entryScript);

    const again = await get('/assets/index-abc.js', { headers: { 'if-none-match': plain.headers.get('etag')! } });
    expect(again.status).toBe(304);
    // A script carries the two security headers that act on it, not the page's policy (edge-rules SCRIPT_ASSET_PATTERNS).
    for (const response of [plain, again]) {
      for (const [name, value] of Object.entries(scriptAssetHeaderValues())) expect(response.headers.get(name), name).toBe(value);
      expect(response.headers.get('content-security-policy')).toBeNull();
      expect(response.headers.get('x-frame-options')).toBeNull();
    }
  });

  it('answers a missing file, or a path out of the site, with the 403 S3 gives behind origin access control', async () => {
    for (const path of ['/assets/missing-123.js', '/favicon.ico', '/..%2f..%2fetc%2fpasswd.txt', '/assets/..%2f..%2fweb-config.json']) {
      const response = await get(path);
      expect(response.status, path).toBe(403);
      expect(await response.text()).toContain('AccessDenied');
    }
  });

  it('refuses methods other than GET and HEAD outside /api, as the default behaviour does', async () => {
    expect((await get('/directory', { method: 'POST', body: '{}' })).status).toBe(403);
    const head = await get('/', { method: 'HEAD' });
    expect(head.status).toBe(200);
  });

  it('sends /directory/*, the search pages, /sitemap.xml and /robots.txt to the page function with the host the viewer asked for, replacing a forged one', async () => {
    for (const path of ['/directory/abc-123', '/directory', '/job-directory', '/sitemap.xml', '/robots.txt']) {
      const response = await get(`${path}?action=contact`, { headers: { 'x-viewer-host': 'evil.example' } });
      expect(response.status, path).toBe(200);
      expect(await response.text()).toContain(`<title>page ${path}</title>`);
      expect(response.headers.get('cache-control')).toBe('public, max-age=0, s-maxage=300');
      expect(response.headers.get('content-security-policy')).toBe(securityHeaderValues(origins)['content-security-policy']);
      const event = pageCalls.at(-1)!;
      expect(event.rawPath).toBe(path);
      // No page reads `action`: it reaches none.
      expect(event.rawQueryString).toBe('');
      expect(event.requestContext.http.method).toBe('GET');
      expect(event.headers?.['x-viewer-host']).toBe(new URL(edge.url).host);
    }
    // Not a page path: the bucket's app shell.
    expect(await (await get('/directory-x')).text()).toContain('/assets/index-abc.js');
  });

  it('compresses page answers as the viewer accepts', async () => {
    const response = await new Promise<{ encoding: string | undefined; body: Buffer }>((resolve, reject) => {
      httpGet(`${edge.url}/directory/abc-123`, { headers: { 'accept-encoding': 'gzip' } }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => resolve({ encoding: res.headers['content-encoding'], body: Buffer.concat(chunks) }));
      }).on('error', reject);
    });
    expect(response.encoding).toBe('gzip');
    expect(gunzipSync(response.body).toString()).toContain('<title>page /directory/abc-123</title>');
  });

  it('serves the runtime config as it is now, never cached', async () => {
    expect(await (await get('/config.json')).json()).toEqual({ stage: 'first' });
    writeFileSync(webConfigFile, '{"stage":"second"}');
    const response = await get('/config.json');
    expect(await response.json()).toEqual({ stage: 'second' });
    expect(response.headers.get('cache-control')).toBe(SITE_CACHE_CONTROL.entry);
  });

  it('passes /api/* to the API with the viewer address set by the CloudFront Function and the origin header, replacing forged ones', async () => {
    const response = await get('/api/nothing-here?x=1', {
      headers: { 'x-forwarded-for': '203.0.113.9', 'x-viewer-ip': '198.51.100.1', 'x-origin-verify': 'guessed' },
    });
    // The API's own 404 comes through untouched; the SPA fallback never applies to /api.
    expect(response.status).toBe(404);
    expect(await response.json()).toEqual({ error: { code: 'NOT_FOUND', message: 'Not found' } });
    expect(response.headers.get('content-security-policy')).toBe(securityHeaderValues(origins)['content-security-policy']);
    expect(apiCalls.at(-1)).toEqual({ url: '/api/nothing-here?x=1', viewerIp: '203.0.113.9', origin: 'edge-secret' });
  });

  it('keeps public API answers as long as their Cache-Control says, one per query, never for a request with a session', async () => {
    const calls = () => apiCalls.filter((call) => call.url.startsWith('/api/categories')).length;
    const before = calls();
    const first = await get('/api/categories?v=1');
    expect(first.headers.get('x-cache')).toBe('Miss from local edge');
    expect(first.headers.get('server-timing')).toBe('cdn-cache-miss');
    const body = await first.json();
    const again = await get('/api/categories?v=1');
    expect(again.headers.get('x-cache')).toBe('Hit from local edge');
    expect(again.headers.get('server-timing')).toBe('cdn-cache-hit');
    expect(await again.json()).toEqual(body);
    expect(again.headers.get('cache-control')).toBe('public, max-age=60, s-maxage=60');
    expect(again.headers.get('x-frame-options')).toBe('DENY');
    expect(calls()).toBe(before + 1);

    await get('/api/categories?v=2');
    expect(calls()).toBe(before + 2);
    const signedIn = await get('/api/categories?v=1', { headers: { authorization: 'Bearer token' } });
    expect(signedIn.headers.get('cache-control')).toBe('private, no-store');
    expect(await signedIn.json()).not.toEqual(body);
    expect(calls()).toBe(before + 3);
    // An error is never kept.
    await get('/api/nothing-here');
    await get('/api/nothing-here');
    expect(apiCalls.filter((call) => call.url === '/api/nothing-here')).toHaveLength(2);
  });

  it('keeps provider pages a while per path, whatever the query, as the page behaviour does', async () => {
    const before = pageCalls.length;
    const first = await get('/directory/kept-page?ref=share');
    expect(first.headers.get('x-cache')).toBe('Miss from local edge');
    // CloudFront's cache status, as its response headers policy adds it (the app reads it: shared renderedForThisVisit).
    expect(first.headers.get('server-timing')).toBe('cdn-cache-miss');
    const again = await get('/directory/kept-page');
    expect(again.headers.get('x-cache')).toBe('Hit from local edge');
    expect(again.headers.get('server-timing')).toBe('cdn-cache-hit');
    expect(await again.text()).toBe(await first.text());
    expect(again.headers.get('content-security-policy')).toBe(securityHeaderValues(origins)['content-security-policy']);
    expect(pageCalls.length).toBe(before + 1);
  });

  it('keeps a search page per value of its own query strings, which alone reach the function, as the search behaviours do', async () => {
    const before = pageCalls.length;
    const first = await get('/job-directory?location=Leeds&utm_source=mail&category=Builder');
    expect(first.headers.get('x-cache')).toBe('Miss from local edge');
    expect(pageCalls.at(-1)!.rawQueryString).toBe('location=Leeds&category=Builder');
    // Another campaign's link to the same search: the same copy.
    expect((await get('/job-directory?location=Leeds&category=Builder&utm_campaign=spring')).headers.get('x-cache')).toBe('Hit from local edge');
    // Another search: a copy of its own.
    expect((await get('/job-directory?location=York&category=Builder')).headers.get('x-cache')).toBe('Miss from local edge');
    expect(pageCalls.length).toBe(before + 2);
  });

  it('drops the kept answers an invalidation names, asked through the SDK as the area functions ask CloudFront', async () => {
    const failures: string[] = [];
    const client = { endpoint: edge.url, credentials: { accessKeyId: 'local', secretAccessKey: 'local' } };
    const purge = (distributionId: string) => publicCacheFor(distributionId, (message) => failures.push(message), client);
    const cached = async (path: string) => (await get(path)).headers.get('x-cache');
    for (const path of [
      '/directory/gone-1',
      '/directory/stays',
      '/api/categories?v=purge',
      '/api/categories?v=other',
      '/job-directory?category=Gone',
      '/directory?service=stays',
    ])
      await get(path);
    expect(await cached('/directory/gone-1')).toBe('Hit from local edge');

    await purge(LOCAL_DISTRIBUTION_ID).purge(['/directory/gone-1*', '/api/categories*', '/job-directory*']);
    expect(failures).toEqual([]);
    expect(await cached('/directory/gone-1')).toBe('Miss from local edge');
    expect(await cached('/api/categories?v=purge')).toBe('Miss from local edge');
    expect(await cached('/api/categories?v=other')).toBe('Miss from local edge');
    // A search page's copies, whatever their query.
    expect(await cached('/job-directory?category=Gone')).toBe('Miss from local edge');
    // Only the paths named: another provider's page and the directory's search are still kept.
    expect(await cached('/directory/stays')).toBe('Hit from local edge');
    expect(await cached('/directory?service=stays')).toBe('Hit from local edge');

    // A purge that fails (here: a distribution that does not exist) is reported, never thrown at the moderation that asked.
    await expect(purge('ENOSUCH').purge(['/directory/stays*'])).resolves.toBeUndefined();
    expect(failures).toEqual([expect.stringContaining('Purging /directory/stays* from the distribution ENOSUCH failed')]);
    expect(await cached('/directory/stays')).toBe('Hit from local edge');
  });

  it('serves /media/<bucket>/* from that bucket, with the object key being the path', async () => {
    const response = await get('/media/avatars/u1/a.webp');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('image/webp');
    expect(Buffer.from(await response.arrayBuffer()).toString()).toBe('RIFF....WEBP');
    expect(response.headers.get('x-frame-options')).toBe('DENY');

    for (const path of ['/media/avatars/u1/missing.webp', '/media/unknown/u1/a.webp', '/media/portfolio/u1/a.webp']) {
      expect((await get(path)).status, path).toBe(403);
    }
  });

  it('refuses a /media/ path that decodes to a way out of the public path, however it is encoded', async () => {
    // Sent as written: fetch would resolve some dot segments before they left the test.
    const raw = (path: string) =>
      new Promise<{ status: number; body: string }>((resolve, reject) => {
        const { hostname, port } = new URL(edge.url);
        httpGet({ hostname, port, path }, (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (chunk: Buffer) => chunks.push(chunk));
          res.on('end', () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString() }));
        }).on('error', reject);
      });
    for (const path of [
      '/media/portfolio/..%2F..%2Fprivate/messages/c1/i1.webp',
      '/media/portfolio/u1/..%2F..%2F..%2Fprivate/messages/c1/i1.webp',
      '/media/portfolio/%2e%2e%2f%2e%2e%2fprivate/messages/c1/i1.webp',
      '/media/portfolio/%2E%2E/%2E%2E/private/messages/c1/i1.webp',
      '/media/portfolio/..%5C..%5Cprivate/messages/c1/i1.webp',
      '/media/portfolio/u1/%2e/a%20photo.webp',
      '/media/portfolio//u1/a%20photo.webp',
      '/media/portfolio/%E0%A4%A',
    ]) {
      const answer = await raw(path);
      expect(answer.status, path).toBe(400);
      expect(answer.body, path).not.toContain('PRIVATE PHOTO');
    }
    // A key with a character that must be encoded is still served.
    expect(await raw('/media/portfolio/u1/a%20photo.webp')).toEqual({ status: 200, body: 'PUBLIC PHOTO' });
  });
});

describe('local edge over HTTPS and HTTP/2 (the web benchmark measures through it, as CloudFront serves viewers)', () => {
  const work = mkdtempSync(join(tmpdir(), 'solutionz-edge-h2-test-'));
  const siteDir = join(work, 'site');
  const apiCalls: { url: string | undefined; method: string | undefined; headers: Record<string, unknown> }[] = [];
  const pageCalls: PageEvent[] = [];
  let edge: LocalEdge;

  beforeAll(async () => {
    mkdirSync(join(siteDir, 'assets'), { recursive: true });
    writeFileSync(join(siteDir, 'index.html'), '<!doctype html><script type="module" src="/assets/index-abc.js"></script>');
    writeFileSync(join(siteDir, 'assets', 'index-abc.js'), entryScript);
    writeFileSync(join(work, 'web-config.json'), '{}');
    edge = await startEdge({
      port: await freePort(),
      secure: { port: await freePort(), tls: selfSignedTls(join(work, 'tls')) },
      siteDir,
      webConfigFile: join(work, 'web-config.json'),
      api: (req, res) => {
        apiCalls.push({ url: req.url, method: req.method, headers: { ...req.headers } });
        res.writeHead(200, { 'content-type': 'application/json', 'cache-control': 'public, max-age=60, s-maxage=60' });
        res.end('{"groups":[]}');
      },
      originHeaders: { 'X-Origin-Verify': 'edge-secret' },
      pages: async (event) => {
        pageCalls.push(event);
        return {
          statusCode: 200,
          headers: { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'public, max-age=0, s-maxage=300' },
          body: '<title>page</title>',
        };
      },
      media: { origin: 'http://127.0.0.1:9', buckets: s3.LOCAL_BUCKETS },
      origins,
    });
  }, 30_000);

  afterAll(async () => {
    await edge?.stop();
    rmSync(work, { recursive: true, force: true });
  });

  /** A request over HTTP/2, as a browser sends it (the certificate is the edge's own, self-signed). */
  function h2Get(path: string, headers: Record<string, string> = {}) {
    return new Promise<{ status: number; headers: Record<string, unknown>; body: Buffer }>((resolve, reject) => {
      const session = connectHttp2(edge.secureUrl!, { rejectUnauthorized: false });
      session.once('error', reject);
      const stream = session.request({ ':path': path, ...headers });
      const chunks: Buffer[] = [];
      let answer: Record<string, unknown> = {};
      stream.on('response', (received) => (answer = { ...received }));
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.once('error', reject);
      stream.once('end', () => {
        session.close();
        resolve({ status: Number(answer[':status']), headers: answer, body: Buffer.concat(chunks) });
      });
    });
  }

  it('serves the site over HTTP/2 with the same headers and compression, and its script assets with the smaller set', async () => {
    expect(edge.secureUrl).toMatch(/^https:\/\/localhost:\d+$/);
    const shell = await h2Get('/post-job');
    expect(shell.status).toBe(200);
    expect(shell.body.toString()).toContain('/assets/index-abc.js');
    for (const [name, value] of Object.entries(securityHeaderValues(origins))) expect(shell.headers[name], name).toBe(value);

    const script = await h2Get('/assets/index-abc.js', { 'accept-encoding': 'br' });
    expect(script.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(script.body).toString()).toBe(entryScript);
    expect(Object.keys(script.headers).filter((name) => name in scriptAssetHeaderValues() || name === 'content-security-policy')).toEqual(
      Object.keys(scriptAssetHeaderValues()),
    );
  });

  it('gives the API and the page function the address, method and host as over HTTP/1.1, without the pseudo-headers', async () => {
    expect((await h2Get('/api/categories?locale=en')).status).toBe(200);
    const call = apiCalls.at(-1)!;
    expect(call).toMatchObject({ url: '/api/categories?locale=en', method: 'GET' });
    expect(call.headers.host).toBe(new URL(edge.secureUrl!).host);
    expect(Object.keys(call.headers).filter((name) => name.startsWith(':'))).toEqual([]);

    expect((await h2Get('/directory/p1')).status).toBe(200);
    expect(pageCalls.at(-1)).toMatchObject({ rawPath: '/directory/p1' });
    expect(pageCalls.at(-1)!.headers?.['x-viewer-host']).toBe(new URL(edge.secureUrl!).host);
  });

  it('keeps a public API answer and gives it again from the cache, over HTTP/2 as over HTTP/1.1', async () => {
    const calls = apiCalls.length;
    const first = await h2Get('/api/categories?kept=1');
    const again = await h2Get('/api/categories?kept=1');
    expect([first.headers['x-cache'], again.headers['x-cache']]).toEqual(['Miss from local edge', 'Hit from local edge']);
    expect([again.status, again.body.toString()]).toEqual([200, '{"groups":[]}']);
    expect(apiCalls.length).toBe(calls + 1);
  });

  it('still answers over HTTP/1.1 on its first port', async () => {
    expect((await fetch(`${edge.url}/post-job`)).status).toBe(200);
  });
});
