import type { IncomingMessage, ServerResponse } from 'node:http';
import type { StripeApi } from './api';
import { StripeApiError, stripeErrors } from './errors';
import type { PageAnswer } from './hosted';
import { newId, STRIPE_API_VERSION } from './objects';
import { Params, parseParams } from './params';

/** How the local Stripe answers over HTTP: its API as Stripe's servers answer (keys, idempotency), and its pages. */

const IDEMPOTENCY_KEYS_KEPT = 5_000;

interface StoredAnswer {
  readonly fingerprint: string;
  readonly status: number;
  readonly body: string;
}

export function sendJson(res: ServerResponse, status: number, body: string, headers: Record<string, string> = {}): void {
  res.writeHead(status, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body), ...headers });
  res.end(body);
}

export function sendPage(res: ServerResponse, answer: PageAnswer): void {
  if ('location' in answer) {
    res.writeHead(303, { location: answer.location, 'content-length': 0 });
    res.end();
    return;
  }
  res.writeHead(answer.status, { 'content-type': 'text/html; charset=utf-8', 'content-length': Buffer.byteLength(answer.html), 'cache-control': 'no-store' });
  res.end(answer.html);
}

/** The key of `Authorization: Bearer <key>` (or Basic, as `curl -u sk_test_...:` sends it). */
function apiKeyOf(req: IncomingMessage): string | undefined {
  const header = req.headers.authorization?.trim();
  if (!header) return undefined;
  const [scheme, value = ''] = header.split(/\s+/, 2);
  if (scheme?.toLowerCase() === 'bearer') return value;
  if (scheme?.toLowerCase() === 'basic') return Buffer.from(value, 'base64').toString('utf8').split(':')[0];
  return value;
}

/**
 * The API's calls under `/v1/` as Stripe answers them: a test key required, Stripe's headers, and a POST with an
 * `Idempotency-Key` answered again as it was the first time (a different request under the same key refused).
 */
export function createApiHandler(api: StripeApi, log: (line: string) => void) {
  const idempotency = new Map<string, StoredAnswer>();

  function handleApi(req: IncomingMessage, res: ServerResponse, url: URL, body: string): void {
    const method = req.method ?? 'GET';
    const requestId = newId.request();
    const idempotencyKey = method === 'POST' ? (req.headers['idempotency-key'] as string | undefined) : undefined;
    const headers: Record<string, string> = {
      'request-id': requestId,
      'stripe-version': (req.headers['stripe-version'] as string | undefined) ?? STRIPE_API_VERSION,
      ...(idempotencyKey ? { 'idempotency-key': idempotencyKey } : {}),
    };
    const answer = (status: number, payload: unknown) => {
      const text = JSON.stringify(payload, null, 2);
      log(`${method} ${url.pathname} ${status}`);
      return { status, text };
    };
    const fail = (error: unknown) => {
      if (error instanceof StripeApiError) return answer(error.status, { error: { ...error.body, request_log_url: null } });
      log(`${method} ${url.pathname}: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
      return answer(500, { error: { type: 'api_error', message: 'An unknown error occurred in the local Stripe.' } });
    };

    const key = apiKeyOf(req);
    if (!key || !/^sk_test_\w+$/.test(key)) {
      const { status, text } = fail(key ? stripeErrors.invalidApiKey(key) : stripeErrors.noApiKey());
      sendJson(res, status, text, { ...headers, 'www-authenticate': 'Bearer realm="Stripe"' });
      return;
    }
    const encoded = method === 'POST' ? body : url.search.slice(1);
    const fingerprint = `${method} ${url.pathname} ${encoded}`;
    const memoKey = idempotencyKey ? `${key} ${idempotencyKey}` : undefined;
    const earlier = memoKey ? idempotency.get(memoKey) : undefined;
    if (earlier) {
      if (earlier.fingerprint !== fingerprint) {
        const { status, text } = fail(stripeErrors.idempotencyMismatch(idempotencyKey!));
        sendJson(res, status, text, headers);
      } else {
        sendJson(res, earlier.status, earlier.body, { ...headers, 'idempotent-replayed': 'true' });
      }
      return;
    }

    let result: { status: number; text: string };
    try {
      const params = new Params(parseParams(encoded));
      result = answer(200, api.handle(method, url.pathname, params, { id: requestId, idempotency_key: idempotencyKey ?? null }));
    } catch (error) {
      result = fail(error);
    }
    if (memoKey && result.status < 500) {
      idempotency.set(memoKey, { fingerprint, status: result.status, body: result.text });
      if (idempotency.size > IDEMPOTENCY_KEYS_KEPT) idempotency.delete(idempotency.keys().next().value!);
    }
    sendJson(res, result.status, result.text, headers);
  }

  return { handleApi, forgetIdempotencyKeys: () => idempotency.clear() };
}
