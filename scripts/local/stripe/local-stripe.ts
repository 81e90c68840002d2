import type { IncomingMessage, ServerResponse } from 'node:http';
import { buffer } from 'node:stream/consumers';
import { serveHttp, type LocalService } from '../process';
import { StripeApi } from './api';
import { Billing } from './billing';
import { STRIPE_CATALOGUE } from './catalogue';
import { handleControl, type LocalStripeFaults } from './controls';
import { stripeErrors } from './errors';
import { HostedPages } from './hosted';
import { createApiHandler, sendJson, sendPage } from './http';
import type { StripeEvent } from './objects';
import { StripeStore } from './store';
import { DEFAULT_RETRY_DELAYS_MS, WebhookDispatcher, type DeliveryRecord } from './webhooks';

/**
 * The local Stripe (docs/local-stack.md#local-stripe): an in-process HTTP server the real `stripe` SDK talks to with
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

export async function startLocalStripe(options: LocalStripeOptions): Promise<LocalStripe> {
  const log = options.log ?? (() => undefined);
  let faults: LocalStripeFaults = { duplicateAndShuffle: false };

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
  const { handleApi, forgetIdempotencyKeys } = createApiHandler(new StripeApi(store, billing), log);
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
    forgetIdempotencyKeys();
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

  handler = async (req, res) => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    const method = req.method ?? 'GET';
    const body = method === 'POST' ? (await buffer(req)).toString('utf8') : '';
    billing.runUntil(store.now());
    const path = url.pathname;
    if (path.startsWith('/v1/')) return handleApi(req, res, url, body);
    if (path.startsWith('/__')) return handleControl(req, res, path, body, controls);
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

  const localStripe: LocalStripe = {
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
  const controls = { ...localStripe, faults: () => faults, webhookUrl: () => dispatcher.endpointUrl };
  return localStripe;
}
