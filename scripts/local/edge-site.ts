import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import type { IncomingMessage, OutgoingHttpHeaders, ServerResponse } from 'node:http';
import { extname, join, relative, resolve, sep } from 'node:path';
import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';
import { isScriptAsset, SITE_CACHE_CONTROL, SITE_ENTRY_FILES } from '../../infra/src/edge-rules';

/**
 * The local edge's site origin (edge.ts): the built web as the site bucket serves it, with the headers and
 * compression the distribution adds.
 */

const CONTENT_TYPES: Record<string, string> = {
  '.html': 'text/html',
  '.js': 'text/javascript',
  '.mjs': 'text/javascript',
  '.css': 'text/css',
  '.json': 'application/json',
  '.map': 'application/json',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.webp': 'image/webp',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.txt': 'text/plain',
  '.webmanifest': 'application/manifest+json',
};

/** CloudFront compresses these when the viewer accepts it (and the object is between 1 KB and 10 MB). */
const COMPRESSIBLE = /^(?:text\/|application\/(?:json|javascript|manifest\+json)|image\/svg\+xml)/;
const MIN_COMPRESS_BYTES = 1_000;

interface SiteObject {
  readonly body: Buffer;
  readonly contentType: string;
  readonly etag: string;
  readonly lastModified: string;
  readonly cacheControl: string;
  readonly encoded: Map<string, Buffer>;
}

/** The S3 answer to a GET of a key it does not have, under origin access control without list permission. */
export function accessDenied(res: ServerResponse, headers: OutgoingHttpHeaders): void {
  const body = '<?xml version="1.0" encoding="UTF-8"?>\n<Error><Code>AccessDenied</Code><Message>Access Denied</Message></Error>';
  res.writeHead(403, { ...headers, 'content-type': 'application/xml', 'content-length': Buffer.byteLength(body) });
  res.end(body);
}

function acceptedEncoding(req: IncomingMessage): 'br' | 'gzip' | undefined {
  const accepted = String(req.headers['accept-encoding'] ?? '');
  if (/\bbr\b/.test(accepted)) return 'br';
  if (/\bgzip\b/.test(accepted)) return 'gzip';
  return undefined;
}

/** Writes a 200 with the body compressed as the viewer accepts, as the CachingOptimized policy does. */
export function sendBody(
  req: IncomingMessage,
  res: ServerResponse,
  headers: OutgoingHttpHeaders,
  body: Buffer,
  encodedCache: Map<string, Buffer> = new Map(),
): void {
  const encoding = COMPRESSIBLE.test(String(headers['content-type'])) && body.length >= MIN_COMPRESS_BYTES ? acceptedEncoding(req) : undefined;
  if (encoding) {
    let encoded = encodedCache.get(encoding);
    if (!encoded) {
      encoded = encoding === 'br' ? brotliCompressSync(body, { params: { [zlib.BROTLI_PARAM_QUALITY]: 5 } }) : gzipSync(body);
      encodedCache.set(encoding, encoded);
    }
    body = encoded;
    headers['content-encoding'] = encoding;
    headers.vary = 'Accept-Encoding';
  }
  headers['content-length'] = body.length;
  res.writeHead(200, headers);
  res.end(req.method === 'HEAD' ? undefined : body);
}

interface Site {
  readonly dir: string;
  readonly webConfigFile: string;
}

async function readSiteObject(site: Site, key: string): Promise<SiteObject | undefined> {
  const entry = (SITE_ENTRY_FILES as readonly string[]).includes(key);
  const file = key === 'config.json' ? site.webConfigFile : join(site.dir, key);
  const inside = relative(site.dir, file);
  if (key !== 'config.json' && (inside.startsWith('..') || inside.includes(`..${sep}`))) return undefined;
  let body: Buffer;
  try {
    body = await readFile(file);
  } catch {
    return undefined;
  }
  return {
    body,
    contentType: CONTENT_TYPES[extname(key).toLowerCase()] ?? 'application/octet-stream',
    etag: `"${createHash('md5').update(body).digest('hex')}"`,
    lastModified: new Date().toUTCString(),
    cacheControl: entry ? SITE_CACHE_CONTROL.entry : SITE_CACHE_CONTROL.assets,
    encoded: new Map(),
  };
}

/**
 * The built site's files under `siteDir`, and the runtime config: built files never change while the edge runs (a new
 * build means a new start); the config file can.
 */
export function createSiteOrigin(options: { siteDir: string; webConfigFile: string; policyHeaders: OutgoingHttpHeaders; scriptHeaders: OutgoingHttpHeaders }) {
  const site: Site = { dir: resolve(options.siteDir), webConfigFile: options.webConfigFile };
  const siteCache = new Map<string, Promise<SiteObject | undefined>>();

  function siteObject(key: string): Promise<SiteObject | undefined> {
    if (key === 'config.json') return readSiteObject(site, key);
    let cached = siteCache.get(key);
    if (!cached) {
      cached = readSiteObject(site, key);
      siteCache.set(key, cached);
    }
    return cached;
  }

  return async function serveSite(req: IncomingMessage, res: ServerResponse, uri: string): Promise<void> {
    const found = await siteObject(decodeURIComponent(uri).replace(/^\/+/, ''));
    if (!found) return accessDenied(res, options.policyHeaders);
    const headers: OutgoingHttpHeaders = {
      ...(isScriptAsset(uri) ? options.scriptHeaders : options.policyHeaders),
      'content-type': found.contentType,
      'cache-control': found.cacheControl,
      etag: found.etag,
      'last-modified': found.lastModified,
    };
    if (req.headers['if-none-match'] === found.etag) {
      res.writeHead(304, headers);
      res.end();
      return;
    }
    sendBody(req, res, headers, found.body, found.encoded);
  };
}
