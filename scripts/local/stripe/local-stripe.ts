import type { IncomingMessage, ServerResponse } from 'node:http';
import { buffer } from 'node:stream/consumers';
import { serveHttp, type LocalService } from '../process';
import { StripeApi } from './api';
import { Billing } from './billing';
import { STRIPE_CATALOGUE } from './catalogue';
import { StripeApiError, stripeErrors } from './errors';
import { HostedPages, type PageAnswer } from './hosted';
import { newId, STRIPE_API_VERSION, type StripeEvent } from './objects';
import { Params, parseParams } from './params';
import { StripeStore } from './store';
import { DEFAULT_RETRY_DELAYS_MS, WebhookDispatcher, type DeliveryRecord } from './webhooks';

/**
 * The local Stripe (DESIGN.md section 8): an in-process HTTP server the real `stripe` SDK talks to with
 * `new Stripe(secretKey, { host: '127.0.0.1', port, protocol: 'http' })`. It serves the part of Stripe's
 * API a membership adapter calls (api.ts), the hosted checkout and portal pages (hosted.ts), sends
 * signed webhooks (webhooks.ts), and has test controls under `/__` (also methods of the service):
 *
 * - `POST /__clock/advance` `{ "seconds": n }` or `{ "to": unix }`: moves the clock, running renewals,
 *   failed renewals and their retries, cancellations at period end and checkout expiries on the way.
 * - `POST /__faults` `{ "duplicateAndShuffle": true }`: every event is delivered twice, each batch shuffled.
 * - `POST /__subscriptions/<sub_ or cus_ id>/fail-next-renewal`: the next renewal charge fails.
 * - `POST /__webhook-endpoint` `{ "url": "..." }` (or null): where events go from now on.
 * - `GET /__settled`: answers once every webhook delivery has settled.
 * - `GET /__state`, `GET /__clock`, `POST /__reset`.
 */

/** Any `sk_test_` key works; this is the one to hand the adapter locally. */
export const LOCAL_STRIPE_SECRET_KEY = 'sk_test_local_solutionz';

export interface LocalStripeOptions {
  /** 0 picks a free port; the returned url names the one used. */
  readonly port: number;
  /** Where events are POSTed; none until set. */
  readonly webhookUrl?: string;
  /** The endpoint's signing secret (`whsec_...`), as the receiver's `constructEvent` expects. */
  readonly webhookSecret: string;
  /** Headers every delivery carries besides Stripe's (what CloudFront adds on the way to the API). */
  readonly webhookHeaders?: Readonly<Record<string, string>>;
  /** Keeps the state across restarts; in memory only without it. */
  readonly dataFile?: string;
  /** Waits before each retry of a failed delivery; their count is the number of retries. */
  readonly retryDelaysMs?: readonly number[];
  /** One line per API call and per delivery attempt. */
  readonly log?: (line: string) => void;
}

interface LocalStripeFaults {
  /** Every event delivered twice, the deliveries of each change in a random order. */
  readonly duplicateAndShuffle: boolean;
}

export interface LocalStripeState {
  readonly now: number;
  readonly webhookUrl: string | undefined;
  readonly faults: LocalStripeFaults;
  readonly customers: unknown[];
  readonly products: unknown[];
  readonly prices: unknown[];
  readonly coupons: unknown[];
  readonly promotionCodes: unknown[];
  readonly checkoutSessions: unknown[];
  readonly portalSessions: unknown[];
  readonly subscriptions: unknown[];
  readonly invoices: unknown[];
  /** Oldest first. */
  readonly events: StripeEvent[];
  /** Every delivery attempt, oldest first. */
  readonly deliveries: DeliveryRecord[];
}

export interface LocalStripe extends LocalService {
  readonly secretKey: string;
  readonly catalogue: typeof STRIPE_CATALOGUE;
  /** The local Stripe's clock, Unix seconds. */
  now(): number;
  advanceClock(seconds: number): void;
  advanceClockTo(unixSeconds: number): void;
  setFaults(faults: Partial<LocalStripeFaults>): void;
  /** The next renewal of this subscription (or of each subscription of this customer) fails. */
  failNextRenewal(subscriptionOrCustomerId: string): void;
  /** Resolves once every queued webhook delivery has succeeded or run out of retries. */
  settled(): Promise<void>;
  setWebhookUrl(url: string | undefined): void;
  /** Back to the seeded catalogue, with the clock, faults and deliveries cleared (the webhook URL stays). */
  reset(): void;
  state(): LocalStripeState;
}

/** Stripe keeps replaying undelivered events for three days; a restart resumes those. */
const RESUME_WINDOW_SECONDS = 3 * 24 * 60 * 60;
const IDEMPOTENCY_KEYS_KEPT = 5_000;

interface StoredAnswer {
  readonly fingerprint: string;
  readonly status: number;
  readonly body: string;
}

export async function startLocalStripe(options: LocalStripeOptions): Promise<LocalStripe> {
  const log = options.log ?? (() => undefined);
  let faults: LocalStripeFaults = { duplicateAndShuffle: false };
  const idempotency = new Map<string, StoredAnswer>();

  const store = new StripeStore(options.dataFile, (events) => {
    for (const event of events) event.pending_webhooks = dispatcher.endpointUrl ? 1 : 0;
    dispatcher.enqueue(events, faults);
  });
  const dispatcher = new WebhookDispatcher({
    secret: options.webhookSecret,
    ...(options.webhookHeaders ? { headers: options.webhookHeaders } : {}),
    retryDelaysMs: options.retryDelaysMs ?? DEFAULT_RETRY_DELAYS_MS,
    log,
    onDelivered: (eventId) => {
      const event = store.events.get(eventId);
      if (event && event.pending_webhooks > 0) {
        event.pending_webhooks = 0;
        store.save();
      }
    },
  });
  dispatcher.setUrl(options.webhookUrl);

  let handler: (req: IncomingMessage, res: ServerResponse) => Promise<void> = async () => undefined;
  const service = await serveHttp('Stripe (local)', options.port, (req, res) => {
    handler(req, res).catch((error: unknown) => {
      log(`${req.method} ${req.url} failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
      if (!res.headersSent) res.writeHead(500, { 'content-type': 'text/plain' });
      res.end('Internal error in the local Stripe');
    });
  });

  const billing = new Billing(store, service.url);
  const api = new StripeApi(store, billing);
  const pages = new HostedPages(store, billing);

  if (!store.load()) billing.seed();
  if (options.webhookUrl) {
    const since = store.now() - RESUME_WINDOW_SECONDS;
    const undelivered = [...store.events.values()].filter((event) => event.pending_webhooks > 0 && event.created >= since);
    dispatcher.enqueue(undelivered, { duplicateAndShuffle: false });
  }

  const advanceClockTo = (unixSeconds: number) => {
    if (!Number.isFinite(unixSeconds) || unixSeconds < store.now()) throw new Error('The clock only moves forward.');
    billing.runUntil(Math.floor(unixSeconds));
  };
  // Real time passes too: what falls due without a test moving the clock (a checkout left open for a day) still happens.
  const ticker = setInterval(() => billing.runUntil(store.now()), 1_000);
  ticker.unref();

  const reset = () => {
    dispatcher.clear();
    store.clear();
    idempotency.clear();
    faults = { duplicateAndShuffle: false };
    billing.seed();
  };

  const state = (): LocalStripeState => ({
    now: store.now(),
    webhookUrl: dispatcher.endpointUrl,
    faults,
    customers: [...store.customers.values()],
    products: [...store.products.values()],
    prices: [...store.prices.values()],
    coupons: [...store.coupons.values()],
    promotionCodes: [...store.promotionCodes.values()],
    checkoutSessions: [...store.checkoutSessions.values()],
    portalSessions: [...store.portalSessions.values()],
    subscriptions: [...store.subscriptions.values()],
    invoices: [...store.invoices.values()],
    events: [...store.events.values()],
    deliveries: [...dispatcher.deliveries],
  });

  const failNextRenewal = (id: string) => {
    if (!billing.failNextRenewal(id)) throw new Error(`No such subscription or customer: ${id}`);
  };

  function sendJson(res: ServerResponse, status: number, body: string, headers: Record<string, string> = {}): void {
    res.writeHead(status, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body), ...headers });
    res.end(body);
  }

  function sendPage(res: ServerResponse, answer: PageAnswer): void {
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

  async function handleControl(req: IncomingMessage, res: ServerResponse, path: string, body: string): Promise<void> {
    const method = req.method ?? 'GET';
    const ok = (payload: unknown) => sendJson(res, 200, JSON.stringify(payload, null, 2));
    let input: Record<string, unknown> = {};
    try {
      if (body.trim()) input = JSON.parse(body) as Record<string, unknown>;
      const failRenewal = /^\/__subscriptions\/([^/]+)\/fail-next-renewal$/.exec(path);
      if (method === 'POST' && path === '/__clock/advance') {
        if (typeof input.to === 'number') advanceClockTo(input.to);
        else if (typeof input.seconds === 'number' && input.seconds >= 0) advanceClockTo(store.now() + input.seconds);
        else throw new Error('Send {"seconds": n} or {"to": unix seconds}.');
        return ok({ now: store.now() });
      }
      if (method === 'GET' && path === '/__clock') return ok({ now: store.now() });
      if (method === 'POST' && path === '/__faults') {
        faults = { ...faults, ...(typeof input.duplicateAndShuffle === 'boolean' ? { duplicateAndShuffle: input.duplicateAndShuffle } : {}) };
        return ok({ faults });
      }
      if (method === 'POST' && failRenewal) {
        failNextRenewal(decodeURIComponent(failRenewal[1]!));
        return ok({ failNextRenewal: failRenewal[1] });
      }
      if (method === 'POST' && path === '/__webhook-endpoint') {
        dispatcher.setUrl(typeof input.url === 'string' ? input.url : undefined);
        return ok({ webhookUrl: dispatcher.endpointUrl });
      }
      if (method === 'GET' && path === '/__settled') {
        await dispatcher.settled();
        return ok({ settled: true });
      }
      if (method === 'GET' && path === '/__state') return ok(state());
      if (method === 'POST' && path === '/__reset') {
        reset();
        return ok({ reset: true });
      }
      sendJson(res, 404, JSON.stringify({ error: `No test control ${method} ${path}` }));
    } catch (error) {
      sendJson(res, 400, JSON.stringify({ error: error instanceof Error ? error.message : String(error) }));
    }
  }

  handler = async (req, res) => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    const method = req.method ?? 'GET';
    const body = method === 'POST' ? (await buffer(req)).toString('utf8') : '';
    billing.runUntil(store.now());
    const path = url.pathname;
    if (path.startsWith('/v1/')) return handleApi(req, res, url, body);
    if (path.startsWith('/__')) return handleControl(req, res, path, body);
    const form = new URLSearchParams(body);
    const checkout = /^\/checkout\/([^/]+)$/.exec(path);
    if (checkout) return sendPage(res, method === 'POST' ? pages.pay(checkout[1]!, form) : pages.showCheckout(checkout[1]!));
    const portal = /^\/portal\/([^/]+)$/.exec(path);
    if (portal && method === 'GET') return sendPage(res, pages.showPortal(portal[1]!, url.searchParams.get('done')));
    const portalAction = /^\/portal\/([^/]+)\/subscriptions\/([^/]+)\/([a-z]+)$/.exec(path);
    if (portalAction && method === 'POST') return sendPage(res, pages.act(portalAction[1]!, portalAction[2]!, portalAction[3]!, form));
    if (path === '/' && method === 'GET') {
      return sendJson(res, 200, JSON.stringify({ service: 'local Stripe', api: `${service.url}/v1`, state: `${service.url}/__state` }, null, 2));
    }
    sendJson(res, 404, JSON.stringify({ error: stripeErrors.unrecognizedUrl(method, path).body }, null, 2));
  };

  return {
    name: service.name,
    url: service.url,
    secretKey: LOCAL_STRIPE_SECRET_KEY,
    catalogue: STRIPE_CATALOGUE,
    now: () => store.now(),
    advanceClock: (seconds) => advanceClockTo(store.now() + seconds),
    advanceClockTo,
    setFaults: (next) => {
      faults = { ...faults, ...next };
    },
    failNextRenewal,
    settled: () => dispatcher.settled(),
    setWebhookUrl: (url) => dispatcher.setUrl(url),
    reset,
    state,
    stop: async () => {
      clearInterval(ticker);
      dispatcher.stop();
      await service.stop();
      store.save();
    },
  };
}
