import type { IncomingMessage } from 'node:http';
import { buffer } from 'node:stream/consumers';
import type Stripe from 'stripe';
import { serveHttp, type LocalService } from '../process';
import { sdkFor } from './client';
import { startLocalStripe, type LocalStripe, type LocalStripeOptions } from './local-stripe';

export { VALID_CARD } from './cards';
export { sdkFor, submitCheckout } from './client';

/**
 * Helpers for the local Stripe's own tests: a webhook endpoint to receive its events, and a local Stripe
 * sending to it. The SDK and the checkout page helpers live in client.ts (the demo data pays with them too).
 */

export const WEBHOOK_SECRET = 'whsec_local_test_secret';

interface ReceivedWebhook {
  readonly rawBody: string;
  readonly signature: string;
  readonly headers: IncomingMessage['headers'];
}

/** A webhook endpoint in the test: records every delivery and answers with the statuses it is told to (then 200). */
export interface WebhookReceiver extends LocalService {
  readonly received: ReceivedWebhook[];
  /** The next answers, in order; 200 once they are used up. */
  answerWith(...statuses: number[]): void;
  /** The delivered events, each verified by the SDK as a webhook handler would. */
  events(sdk: Stripe): Stripe.Event[];
}

export async function startWebhookReceiver(): Promise<WebhookReceiver> {
  const received: ReceivedWebhook[] = [];
  const answers: number[] = [];
  const service = await serveHttp('webhook receiver', 0, (req, res) => {
    void buffer(req).then((body) => {
      received.push({ rawBody: body.toString('utf8'), signature: String(req.headers['stripe-signature'] ?? ''), headers: req.headers });
      res.writeHead(answers.shift() ?? 200, { 'content-type': 'application/json' });
      res.end('{"received":true}');
    });
  });
  return {
    ...service,
    received,
    answerWith: (...statuses) => answers.push(...statuses),
    events: (sdk) => received.map((webhook) => sdk.webhooks.constructEvent(webhook.rawBody, webhook.signature, WEBHOOK_SECRET)),
  };
}

export interface TestStripe {
  readonly local: LocalStripe;
  readonly sdk: Stripe;
  readonly receiver: WebhookReceiver;
  stop(): Promise<void>;
}

export async function startTestStripe(options: Partial<LocalStripeOptions> = {}): Promise<TestStripe> {
  const receiver = await startWebhookReceiver();
  const local = await startLocalStripe({
    port: 0,
    webhookUrl: `${receiver.url}/api/stripe/webhook`,
    webhookSecret: WEBHOOK_SECRET,
    retryDelaysMs: [5, 10, 20],
    ...options,
  });
  return {
    local,
    sdk: sdkFor(local),
    receiver,
    stop: async () => {
      await local.stop();
      await receiver.stop();
    },
  };
}

/** The visible text of an HTML page, whitespace collapsed, for asserting what a user reads. */
export function textOf(html: string): string {
  return html
    .replace(/<style>[\s\S]*?<\/style>/g, '')
    .replace(/<[^<>]+>/g, ' ')
    .replace(/&#(\d+);/g, (_, code: string) => String.fromCharCode(Number(code)))
    .replace(/\s+/g, ' ')
    .trim();
}
