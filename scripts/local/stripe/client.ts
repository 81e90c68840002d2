import Stripe from 'stripe';
import type { CardEntry } from './cards';
import { LOCAL_STRIPE_SECRET_KEY, type LocalStripe } from './local-stripe';

/**
 * The local Stripe from the outside, as the demo data, the tests and their support use it: the real SDK
 * pointed at it, and its hosted checkout page paid as a browser pays it.
 */

export function sdkFor(local: Pick<LocalStripe, 'url'>, key = LOCAL_STRIPE_SECRET_KEY): Stripe {
  return new Stripe(key, { host: '127.0.0.1', port: Number(new URL(local.url).port), protocol: 'http', maxNetworkRetries: 0, telemetry: false });
}

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

/** The checkout session a hosted checkout page URL belongs to (`<local Stripe>/checkout/<session id>`). */
export function checkoutSessionIdOf(url: string): string {
  const id = /\/checkout\/([^/?#]+)/.exec(new URL(url).pathname)?.[1];
  if (!id) throw new Error(`${url} is not a checkout page of the local Stripe`);
  return decodeURIComponent(id);
}
