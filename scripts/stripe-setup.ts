import { parseArgs } from 'node:util';
import { isLiveKey, setUpStripeCatalogue, stripeClient } from './stripe/catalogue-setup';

/**
 * `npm run stripe:setup [-- --live]`: creates the membership's product, its two prices (by lookup key)
 * and the FIRST100 coupon in the Stripe account of STRIPE_SECRET_KEY, or finds them there
 * (docs/deploy.md#stripe). STRIPE_API_URL points it at another Stripe, such as the local one.
 */
const USAGE = 'Usage: STRIPE_SECRET_KEY=sk_test_... npm run stripe:setup [-- --live]   (STRIPE_API_URL=http://127.0.0.1:12111 for the local Stripe)';

let live: boolean;
try {
  live = parseArgs({ options: { live: { type: 'boolean', default: false } } }).values.live;
} catch (error) {
  console.error(`${error instanceof Error ? error.message : error}\n${USAGE}`);
  process.exit(2);
}
const key = process.env.STRIPE_SECRET_KEY?.trim();
if (!key) {
  console.error(`STRIPE_SECRET_KEY is not set.\n${USAGE}`);
  process.exit(2);
}
if (!/^(?:sk|rk)_(?:test|live)_/.test(key)) {
  console.error('STRIPE_SECRET_KEY must be a secret or restricted key (sk_test_..., sk_live_...), not a publishable key.');
  process.exit(2);
}
if (isLiveKey(key) && !live) {
  console.error('STRIPE_SECRET_KEY is a live key: this would change the live account. Run again with -- --live if that is what you mean.');
  process.exit(2);
}
const apiUrl = process.env.STRIPE_API_URL?.trim() || undefined;

try {
  console.log(`Setting up the membership catalogue in ${apiUrl ?? 'Stripe'} (${isLiveKey(key) ? 'live' : 'test'} mode)…`);
  const steps = await setUpStripeCatalogue(stripeClient(key, apiUrl));
  for (const step of steps) console.log(`  ${step.outcome.padEnd(8)} ${step.what} (${step.id})${step.note ? `: ${step.note}` : ''}`);
  const differing = steps.filter((step) => step.outcome === 'differs');
  if (differing.length) {
    console.error(
      `\n${differing.map((step) => step.what).join(', ')} already exists with other terms, which Stripe cannot change: delete it in the dashboard and run this again.`,
    );
    process.exit(1);
  }
  const created = steps.filter((step) => step.outcome !== 'found').length;
  console.log(created ? `\nDone: ${created} created or replaced.` : '\nEverything was already there; nothing changed.');
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
}
