import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { STRIPE_CATALOGUE } from '@solutionz/shared';
import { sdkFor } from '../local/stripe/client';
import { startLocalStripe, type LocalStripe } from '../local/stripe/local-stripe';
import { setUpStripeCatalogue } from './catalogue-setup';

const REPO_ROOT = fileURLToPath(new URL('../..', import.meta.url));
const scratch = mkdtempSync(join(tmpdir(), 'solutionz-stripe-setup-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

let running: LocalStripe[] = [];
afterEach(async () => {
  await Promise.all(running.map((stripe) => stripe.stop()));
  running = [];
});

/**
 * A local Stripe like a new Stripe account: nothing for sale. The local Stripe seeds the catalogue unless
 * it finds a state file, so it is given one with no objects in it.
 */
async function emptyAccount(): Promise<LocalStripe> {
  const dataFile = join(mkdtempSync(join(scratch, 'account-')), 'state.json');
  const empty = {
    version: 1,
    clockOffsetMs: 0,
    portalConfiguration: 'bpc_empty',
    objects: {},
    checkoutLineItems: {},
    checkoutSubscriptionData: {},
    billing: {},
    cards: {},
  };
  writeFileSync(dataFile, JSON.stringify(empty));
  return started(await startLocalStripe({ port: 0, webhookSecret: 'whsec_setup_test', dataFile }));
}

/** A local Stripe as `npm start` runs it, with the catalogue already in it. */
async function seededAccount(): Promise<LocalStripe> {
  return started(await startLocalStripe({ port: 0, webhookSecret: 'whsec_setup_test' }));
}

function started(stripe: LocalStripe): LocalStripe {
  running.push(stripe);
  return stripe;
}

const { monthly, yearly } = STRIPE_CATALOGUE.prices;

async function pricesByLookupKey(stripe: LocalStripe) {
  const { data } = await sdkFor(stripe).prices.list({ lookup_keys: [monthly.lookupKey, yearly.lookupKey] });
  return Object.fromEntries(
    data.map((price) => [
      price.lookup_key,
      { amount: price.unit_amount, currency: price.currency, interval: price.recurring?.interval, product: price.product },
    ]),
  );
}

describe('npm run stripe:setup', () => {
  it('creates the product, both prices and FIRST100 in an empty account, and the second run finds them all and creates nothing', async () => {
    const stripe = await emptyAccount();
    const first = await setUpStripeCatalogue(sdkFor(stripe));
    expect(first.map(({ what, outcome }) => [what, outcome])).toEqual([
      [`product "${STRIPE_CATALOGUE.product.name}"`, 'created'],
      [`price ${monthly.lookupKey}`, 'created'],
      [`price ${yearly.lookupKey}`, 'created'],
      ['coupon FIRST100', 'created'],
    ]);

    const second = await setUpStripeCatalogue(sdkFor(stripe));
    expect(second.map(({ what, id, outcome }) => [what, id, outcome])).toEqual(first.map(({ what, id }) => [what, id, 'found']));
    const state = stripe.state();
    expect([state.products, state.prices, state.coupons].map((objects) => objects.length)).toEqual([1, 2, 1]);

    const productId = first[0]!.id;
    expect(await pricesByLookupKey(stripe)).toEqual({
      solutionz_monthly: { amount: 299, currency: 'gbp', interval: 'month', product: productId },
      solutionz_yearly: { amount: 2000, currency: 'gbp', interval: 'year', product: productId },
    });
    expect(await sdkFor(stripe).coupons.retrieve('FIRST100')).toMatchObject({
      percent_off: 100,
      duration: 'repeating',
      duration_in_months: 12,
      max_redemptions: 100,
    });
  });

  it('finds the catalogue the local Stripe starts with, so the adapter and the setup agree on its names', async () => {
    const stripe = await seededAccount();
    const before = stripe.state();
    const steps = await setUpStripeCatalogue(sdkFor(stripe));
    expect(steps.map((step) => step.outcome)).toEqual(['found', 'found', 'found', 'found']);
    const after = stripe.state();
    expect([after.products, after.prices, after.coupons]).toEqual([before.products, before.prices, before.coupons]);
  });

  it('replaces a price whose amount is not the catalogue one, moving its lookup key to the new price', async () => {
    const stripe = await seededAccount();
    const sdk = sdkFor(stripe);
    const product = (await sdk.prices.list({ lookup_keys: [monthly.lookupKey] })).data[0]!.product as string;
    const stale = await sdk.prices.create({
      product,
      currency: 'gbp',
      unit_amount: 199,
      recurring: { interval: 'month' },
      lookup_key: monthly.lookupKey,
      transfer_lookup_key: true,
    });

    const steps = await setUpStripeCatalogue(sdk);
    const replaced = steps.find((step) => step.what === `price ${monthly.lookupKey}`)!;
    expect(replaced).toMatchObject({ outcome: 'replaced', note: `${stale.id} costs 199 instead of 299` });
    expect((await pricesByLookupKey(stripe)).solutionz_monthly).toMatchObject({ amount: 299, product });
    expect(steps.filter((step) => step !== replaced).map((step) => step.outcome)).toEqual(['found', 'found', 'found']);
  });

  it('reports a FIRST100 coupon with other terms rather than touching it', async () => {
    const stripe = await emptyAccount();
    await sdkFor(stripe).coupons.create({ id: 'FIRST100', percent_off: 50, duration: 'once' });
    const steps = await setUpStripeCatalogue(sdkFor(stripe));
    expect(steps.at(-1)).toEqual({
      what: 'coupon FIRST100',
      id: 'FIRST100',
      outcome: 'differs',
      note: '50% off instead of 100%, lasts once instead of 12 months, has no redemption limit instead of 100',
    });
    expect(await sdkFor(stripe).coupons.retrieve('FIRST100')).toMatchObject({ percent_off: 50, duration: 'once' });
  });
});

// Each run starts a Node process with tsx: about two seconds.
describe('the stripe:setup command', { timeout: 30_000 }, () => {
  const run = (env: Record<string, string>, args: string[] = []) =>
    promisify(execFile)(process.execPath, ['--import', 'tsx', 'scripts/stripe-setup.ts', ...args], {
      cwd: REPO_ROOT,
      // tsx's compile cache off, as npm test runs it: a test run leaves nothing in /tmp.
      env: { PATH: process.env.PATH, TSX_DISABLE_CACHE: '1', ...env },
    }).then(
      ({ stdout }) => ({ code: 0, stdout, stderr: '' }),
      (error: { code: number; stdout: string; stderr: string }) => ({ code: error.code, stdout: error.stdout, stderr: error.stderr }),
    );

  it('prints what it created, then that the second run changed nothing', async () => {
    const stripe = await emptyAccount();
    const env = { STRIPE_SECRET_KEY: 'sk_test_setup', STRIPE_API_URL: stripe.url };
    const first = await run(env);
    expect(first.code, first.stderr).toBe(0);
    expect(first.stdout).toMatch(/created\s+price solutionz_yearly \(price_\w+\)/);
    expect(first.stdout).toContain('Done: 4 created or replaced.');

    const second = await run(env);
    expect(second.stdout).toMatch(/found\s+coupon FIRST100 \(FIRST100\)/);
    expect(second.stdout).toContain('Everything was already there; nothing changed.');
  });

  it('refuses a live key unless --live is given, before calling Stripe', async () => {
    const refused = await run({ STRIPE_SECRET_KEY: 'sk_live_not_a_real_key', STRIPE_API_URL: 'http://127.0.0.1:9' });
    expect(refused.code).toBe(2);
    expect(refused.stderr).toContain('STRIPE_SECRET_KEY is a live key');
  });
});
