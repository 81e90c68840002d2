import { request as httpRequest, type IncomingMessage, type OutgoingHttpHeaders, type ServerResponse } from 'node:http';
import { mediaObjectOf, type MediaBucketName } from '@solutionz/shared';
import { accessDenied } from './edge-site';

/** The local edge's media behaviour (edge.ts): `/media/<bucket>/*` from that bucket in s3rver, under origin access control. */

interface MediaOrigin {
  /** s3rver, and the local name of each media bucket. */
  readonly media: { readonly origin: string; readonly buckets: Readonly<Record<MediaBucketName, string>> };
  readonly policyHeaders: OutgoingHttpHeaders;
  readonly log: (line: string) => void;
}

function badRequest(res: ServerResponse, headers: OutgoingHttpHeaders): void {
  const body = 'Bad request.';
  res.writeHead(400, { ...headers, 'content-type': 'text/plain', 'content-length': Buffer.byteLength(body) });
  res.end(body);
}

/**
 * A `/media/` path decoded once, or undefined for one that does not decode or whose decoded form could lead
 * out of its bucket's public path: a `..` or `.` segment (however it was encoded: `..%2F`, `%2e%2e`), an empty
 * segment, a backslash or a control character. The object store decodes the key it is sent, so an encoded `..`
 * would lead from `/media/portfolio/` to the private message images in the same bucket.
 */
function mediaPathOf(rawPath: string): string | undefined {
  let decoded: string;
  try {
    decoded = decodeURIComponent(rawPath);
  } catch {
    return undefined;
  }
  // eslint-disable-next-line no-control-regex
  if (/[\\\u0000-\u001f\u007f]/.test(decoded)) return undefined;
  const segments = decoded.split('/').slice(1);
  if (segments.some((segment) => segment === '' || segment === '.' || segment === '..')) return undefined;
  return `/${segments.join('/')}`;
}

export function serveMedia(req: IncomingMessage, res: ServerResponse, rawPath: string, origin: MediaOrigin): void {
  const { media, policyHeaders, log } = origin;
  const path = mediaPathOf(rawPath);
  if (!path) return badRequest(res, policyHeaders);
  const object = mediaObjectOf(path);
  if (!object) return accessDenied(res, policyHeaders);
  // Each segment goes on encoded: the bucket reads the key the path named, and nothing it would decode again.
  const target = new URL(`${media.origin}/${media.buckets[object.bucket]}/${object.key.split('/').map(encodeURIComponent).join('/')}`);
  const forwarded: OutgoingHttpHeaders = {};
  for (const name of ['range', 'if-none-match', 'if-modified-since']) {
    if (req.headers[name] !== undefined) forwarded[name] = req.headers[name];
  }
  const upstream = httpRequest(target, { method: req.method, headers: forwarded }, (answer) => {
    const status = answer.statusCode ?? 502;
    // Origin access control without list permission: S3 hides a missing key behind 403.
    if (status === 404) {
      answer.resume();
      return accessDenied(res, policyHeaders);
    }
    const headers: OutgoingHttpHeaders = { ...policyHeaders };
    for (const name of ['content-type', 'content-length', 'content-range', 'accept-ranges', 'etag', 'last-modified', 'cache-control']) {
      if (answer.headers[name] !== undefined) headers[name] = answer.headers[name];
    }
    res.writeHead(status, headers);
    answer.pipe(res);
  });
  upstream.on('error', (error) => {
    log(`media origin failed: ${error.message}`);
    if (!res.headersSent) res.writeHead(502, policyHeaders);
    res.end();
  });
  upstream.end();
}
