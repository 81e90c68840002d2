import type { IncomingMessage } from 'node:http';
import { buffer } from 'node:stream/consumers';
import Stripe from 'stripe';
import { serveHttp, type LocalService } from '../process';
import { startLocalStripe, type LocalStripe, type LocalStripeOptions } from './local-stripe';

/** Helpers for the local Stripe's own tests: the real SDK pointed at it, and a webhook endpoint to receive its events. */

export const WEBHOOK_SECRET = 'whsec_local_test_secret';

export interface ReceivedWebhook {
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

export function sdkFor(local: Pick<LocalStripe, 'url'>, key = 'sk_test_local_solutionz'): Stripe {
  return new Stripe(key, { host: '127.0.0.1', port: Number(new URL(local.url).port), protocol: 'http', maxNetworkRetries: 0 });
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

export interface CardEntry {
  readonly cardNumber: string;
  readonly expiry: string;
  readonly cvc: string;
  readonly email?: string;
}

export const VALID_CARD = { cardNumber: '4242 4242 4242 4242', expiry: '12 / 34', cvc: '123' } as const;

/**
 * Opens the checkout page at `url` and submits its form as a browser would (the form's own action, its
 * field names), without following the redirect: the answer is what the browser gets back.
 */
export async function submitCheckout(url: string, entry: CardEntry): Promise<{ status: number; location: string | null; html: string }> {
  const page = await fetch(url);
  const html = await page.text();
  const action = /<form method="post" action="([^"]+)"/.exec(html)?.[1];
  if (!action) throw new Error(`The checkout page at ${url} has no payment form:\n${html}`);
  const names = [...html.matchAll(/<input id="[^"]+" name="([^"]+)"/g)].map((match) => match[1]!);
  const form = new URLSearchParams();
  for (const name of names) form.set(name, entry[name as keyof CardEntry] ?? '');
  const response = await fetch(new URL(action, url), {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: form,
    redirect: 'manual',
  });
  return { status: response.status, location: response.headers.get('location'), html: await response.text() };
}

/** The visible text of an HTML page, whitespace collapsed, for asserting what a user reads. */
export function textOf(html: string): string {
  return html
    .replace(/<style>[\s\S]*?<\/style>/g, '')
    .replace(/<[^>]+>/g, ' ')
    .replace(/&#(\d+);/g, (_, code: string) => String.fromCharCode(Number(code)))
    .replace(/\s+/g, ' ')
    .trim();
}
