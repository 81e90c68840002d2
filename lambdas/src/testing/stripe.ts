import { buffer } from 'node:stream/consumers';
import type Stripe from 'stripe';
import { afterAll, beforeAll, beforeEach } from 'vitest';
import { createStripePayments, type PaymentGateway } from '../adapters/stripe-payments';
import { localStandIns, type LocalService, type LocalStripe } from './local-stand-ins';

/** The signing secret of the test's webhook endpoint. */
export const WEBHOOK_SECRET = 'whsec_local_test_secret';

/** Fills in and sends a Checkout page with Stripe's test card that always pays, as a person would. */
export const payAtCheckout = (url: string) => localStandIns().stripe.submitCheckout(url, localStandIns().stripe.validCard);

/** What the test's webhook endpoint does with a delivery: our handler, answering a status. */
type WebhookEndpoint = (rawBody: string, signature: string | undefined) => Promise<number>;

export interface TestStripe {
  /** The local Stripe of this test file (started in beforeAll). */
  readonly local: LocalStripe;
  /** The real SDK, for a test that arranges state at Stripe directly. */
  readonly sdk: Stripe;
  /** The adapter under test, over the SDK, verifying with this file's webhook secret. */
  readonly payments: PaymentGateway;
  /** Where deliveries go from now on; none (answering 200) until set. */
  deliverTo(endpoint: WebhookEndpoint | undefined): void;
}

/**
 * A local Stripe (scripts/local/stripe) for one test file, reset before each test, whose webhooks go to
 * an endpoint in the test: the same server `npm start` runs, driven by the real SDK.
 */
export function useTestStripe(): TestStripe {
  let local: LocalStripe | undefined;
  let receiver: LocalService | undefined;
  let endpoint: WebhookEndpoint | undefined;
  let sdk: Stripe | undefined;
  let payments: PaymentGateway | undefined;

  beforeAll(async () => {
    const { serveHttp, stripe } = localStandIns();
    receiver = await serveHttp('webhook endpoint', 0, (req, res) => {
      void buffer(req).then(async (body) => {
        const status = endpoint ? await endpoint(body.toString('utf8'), req.headers['stripe-signature'] as string | undefined).catch(() => 500) : 200;
        res.writeHead(status, { 'content-type': 'application/json' });
        res.end('{}');
      });
    });
    local = await stripe.start({ port: 0, webhookUrl: `${receiver.url}/api/stripe/webhook`, webhookSecret: WEBHOOK_SECRET, retryDelaysMs: [5, 10, 20, 40] });
    sdk = stripe.sdkFor(local);
  });
  beforeEach(async () => {
    await local!.settled();
    local!.reset();
    endpoint = undefined;
    // A reset seeds the catalogue anew, with new price ids; the adapter keeps the ids it looked up.
    payments = createStripePayments(sdk!, WEBHOOK_SECRET);
  });
  afterAll(async () => {
    await local?.stop();
    await receiver?.stop();
  });

  return {
    get local() {
      return local!;
    },
    get sdk() {
      return sdk!;
    },
    get payments() {
      return payments!;
    },
    deliverTo(next) {
      endpoint = next;
    },
  };
}
