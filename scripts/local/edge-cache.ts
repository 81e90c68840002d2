import { createHash } from 'node:crypto';
import type { IncomingMessage, OutgoingHttpHeaders, ServerResponse } from 'node:http';
import { text } from 'node:stream/consumers';
import { EDGE_CACHE_TIMING } from '@solutionz/shared';

/**
 * The local edge's cache (edge.ts): the cached behaviours' answers kept as their Cache-Control allows, and
 * CloudFront's CreateInvalidation, which drops them.
 */

/** The distribution id the local stack gives the area functions (DISTRIBUTION_ID); the edge answers invalidations of it alone. */
export const LOCAL_DISTRIBUTION_ID = 'ELOCALEDGE';

/** An answer the edge caches: what the origin sent, for which path (an invalidation matches it), until when. */
interface KeptAnswer {
  /** The path and query the viewer asked for, as an invalidation path is matched against it. */
  readonly uri: string;
  readonly status: number;
  readonly headers: OutgoingHttpHeaders;
  readonly body: Buffer;
  readonly storedAt: number;
  readonly expires: number;
}

/** How long a shared cache may keep an answer by its Cache-Control (s-maxage before max-age); 0 for private, no-store or none. */
export function sharedCacheSeconds(cacheControl: string | undefined): number {
  if (!cacheControl || /\b(?:private|no-store|no-cache)\b/.test(cacheControl) || !/\bpublic\b/.test(cacheControl)) return 0;
  const seconds = /\bs-maxage=(\d+)/.exec(cacheControl) ?? /\bmax-age=(\d+)/.exec(cacheControl);
  return seconds ? Number(seconds[1]) : 0;
}

/**
 * Sends the API's answer on and keeps it, when it is a 200 a shared cache may keep: the body is collected
 * as the gateway writes it.
 */
export function keepingAnswer(res: ServerResponse, uri: string, keep: (answer: KeptAnswer) => void): void {
  const chunks: Buffer[] = [];
  const collect = (chunk: unknown) => {
    if (typeof chunk === 'string' || chunk instanceof Uint8Array) chunks.push(Buffer.from(chunk));
  };
  const write = res.write.bind(res);
  const end = res.end.bind(res);
  // HTTP/2's end writes its last chunk through write: collected once, by end.
  let ending = false;
  res.write = ((chunk: unknown, ...rest: never[]) => {
    if (!ending) collect(chunk);
    return write(chunk as never, ...rest);
  }) as typeof res.write;
  res.end = ((chunk?: unknown, ...rest: never[]) => {
    collect(chunk);
    ending = true;
    return end(chunk as never, ...rest);
  }) as typeof res.end;
  res.once('finish', () => {
    const seconds = sharedCacheSeconds(res.getHeader('cache-control')?.toString());
    if (res.statusCode !== 200 || seconds === 0) return;
    const now = Date.now();
    // Over HTTP/2 the answer's headers hold its `:status` too, which no answer may be given again.
    const headers = Object.fromEntries(Object.entries(res.getHeaders()).filter(([name]) => !name.startsWith(':')));
    keep({ uri, status: res.statusCode, headers, body: Buffer.concat(chunks), storedAt: now, expires: now + seconds * 1000 });
  });
}

/**
 * Whether an invalidation path covers a kept answer, as CloudFront matches them: case-sensitive, a `*` at
 * the end matching any characters (the query string too), otherwise the whole path.
 */
function invalidates(path: string, uri: string): boolean {
  return path.endsWith('*') ? uri.startsWith(path.slice(0, -1)) : uri === path || uri.startsWith(`${path}?`);
}

const xmlText = (value: string) =>
  value
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&apos;/g, "'")
    .replace(/&amp;/g, '&');
const xmlEscape = (value: string) => value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/**
 * The kept answers: for the API, one per path, query and (absent) Authorization; for the pages, one per site host and
 * path, and a search page's own query strings (edge-rules, the Web stack's cache policies); as long as each
 * Cache-Control allows.
 */
export class EdgeCache {
  private readonly kept = new Map<string, KeptAnswer>();

  keep(key: string, answer: KeptAnswer): void {
    this.kept.set(key, answer);
  }

  fresh(key: string): KeptAnswer | undefined {
    const answer = this.kept.get(key);
    return answer && answer.expires > Date.now() ? answer : undefined;
  }

  ageOf(answer: KeptAnswer): string {
    return String(Math.floor((Date.now() - answer.storedAt) / 1000));
  }

  /**
   * Whether a cached behaviour's answer was kept, in CloudFront's words: its X-Cache header, and the cache status its
   * response headers policy puts in Server-Timing (infra web stack), which the app reads (shared renderedForThisVisit).
   */
  cacheStatus(hit: boolean): Record<'x-cache' | 'server-timing', string> {
    return {
      'x-cache': hit ? 'Hit from local edge' : 'Miss from local edge',
      'server-timing': hit ? EDGE_CACHE_TIMING.hit : EDGE_CACHE_TIMING.miss,
    };
  }

  /** CreateInvalidation: the kept answers under the batch's paths go; the answer is CloudFront's, completed at once. */
  async invalidate(req: IncomingMessage, res: ServerResponse, distributionId: string, log: (line: string) => void): Promise<void> {
    const body = await text(req);
    if (distributionId !== LOCAL_DISTRIBUTION_ID) {
      const error = `<?xml version="1.0"?>\n<ErrorResponse><Error><Type>Sender</Type><Code>NoSuchDistribution</Code><Message>The specified distribution does not exist.</Message></Error></ErrorResponse>`;
      res.writeHead(404, { 'content-type': 'text/xml' });
      res.end(error);
      return;
    }
    const paths = [...body.matchAll(/<Path>([^<]*)<\/Path>/g)].map((match) => xmlText(match[1]!));
    const callerReference = xmlText(/<CallerReference>([^<]*)<\/CallerReference>/.exec(body)?.[1] ?? '');
    let dropped = 0;
    for (const [key, answer] of this.kept) {
      if (paths.some((path) => invalidates(path, answer.uri))) {
        this.kept.delete(key);
        dropped += 1;
      }
    }
    log(`invalidation of ${paths.join(' ')}: ${dropped} kept answer(s) dropped`);
    const id = `I${createHash('md5').update(`${callerReference}${Date.now()}`).digest('hex').slice(0, 13).toUpperCase()}`;
    const items = paths.map((path) => `<Path>${xmlEscape(path)}</Path>`).join('');
    res.writeHead(201, {
      'content-type': 'text/xml',
      location: `https://cloudfront.amazonaws.com/2020-05-31/distribution/${distributionId}/invalidation/${id}`,
    });
    res.end(
      `<?xml version="1.0"?>\n<Invalidation xmlns="http://cloudfront.amazonaws.com/doc/2020-05-31/"><Id>${id}</Id><Status>Completed</Status><CreateTime>${new Date().toISOString()}</CreateTime>` +
        `<InvalidationBatch><Paths><Quantity>${paths.length}</Quantity><Items>${items}</Items></Paths><CallerReference>${xmlEscape(callerReference)}</CallerReference></InvalidationBatch></Invalidation>`,
    );
  }
}
